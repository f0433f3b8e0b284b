import { useSearchParams } from 'react-router';
import { SUPPORT_RULES } from '@khedma/shared/domain/support';
import { Seo } from '../../../components/seo';
import { useTranslation } from '../../../lib/use-translation';
import { TicketForm } from '../components/ticket-form';

/** /support/new (?booking=<id> from a booking's details) */
export function NewTicketPage() {
  const { t } = useTranslation('support');
  const [params] = useSearchParams();
  const booking = params.get('booking') ?? undefined;
  return (
    <div className="container-page max-w-2xl py-8 md:py-12">
      <Seo title={t('form.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('form.title')}</h1>
      <p className="mt-2 text-ink-muted" data-testid="support-first-answer">
        {t('firstAnswer', { hours: SUPPORT_RULES.firstAnswerHours })}
      </p>
      <div className="mt-6">
        <TicketForm bookingId={booking && /^[0-9a-f-]{36}$/i.test(booking) ? booking : undefined} />
      </div>
    </div>
  );
}
