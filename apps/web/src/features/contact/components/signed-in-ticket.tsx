import { LifeBuoy } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';

/**
 * On /contact, for someone signed in (docs/support.md): open a support ticket instead, and follow the
 * answers in the dashboard. Visitors see only the form (which opens a ticket tied to their email).
 * The words are the support feature's namespace.
 */
export function SignedInTicket() {
  const canOpen = useCan('support:use');
  const { t } = useTranslation('support');
  if (!canOpen) return null;
  return (
    <section aria-labelledby="contact-ticket" className="container-page pt-8" data-testid="contact-signed-in-ticket">
      <div className="flex flex-col gap-3 rounded-card border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="contact-ticket" className="text-lg font-bold text-ink">
            {t('entry.contactTitle')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{t('entry.contactLead')}</p>
        </div>
        <ButtonLink to={paths.supportNew()} variant="primary">
          <LifeBuoy aria-hidden="true" className="size-4" />
          {t('entry.contactButton')}
        </ButtonLink>
      </div>
    </section>
  );
}
