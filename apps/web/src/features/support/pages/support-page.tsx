import { Plus } from 'lucide-react';
import { SUPPORT_RULES } from '@khedma/shared/domain/support';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useMyTickets } from '../api';
import { TicketList } from '../components/ticket-list';

/** The person's tickets and the way to open one (also the dashboard's Support tab). */
export function SupportPanel({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('support');
  const tickets = useMyTickets();
  const Heading = headingLevel;
  return (
    <section aria-labelledby="support-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Heading id="support-heading" className={headingLevel === 'h1' ? 'text-3xl font-bold text-ink' : 'text-lg font-bold text-ink'}>
            {headingLevel === 'h1' ? t('title') : t('myTickets')}
          </Heading>
          <p className="mt-1 text-sm text-ink-muted">
            {t('lead')} {t('firstAnswer', { hours: SUPPORT_RULES.firstAnswerHours })}
          </p>
        </div>
        <ButtonLink to={paths.supportNew()} variant="accent">
          <Plus aria-hidden="true" className="size-4" />
          {t('newTicket')}
        </ButtonLink>
      </div>
      {tickets.isError ? (
        <RetryAlert compact message={t('loadFailed')} onRetry={() => void tickets.refetch()} />
      ) : tickets.data ? (
        <TicketList tickets={tickets.data.tickets} />
      ) : (
        <div className="h-32 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      )}
    </section>
  );
}

/** /support */
export function SupportPage() {
  const { t } = useTranslation('support');
  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={t('title')} noindex />
      <SupportPanel headingLevel="h1" />
    </div>
  );
}
