import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { SupportTicketSummary } from '@khedma/shared/schemas/support';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { SupportStatusPill } from './status-pill';

/** The person's tickets, latest activity first, each a link to its thread. */
export function TicketList({ tickets }: { tickets: readonly SupportTicketSummary[] }) {
  const { t } = useTranslation('support');
  const language = useLanguage();
  if (tickets.length === 0) return <p className="rounded-card border border-dashed border-sand-300 p-6 text-center text-ink-muted">{t('empty')}</p>;
  return (
    <ul className="space-y-2" data-testid="support-ticket-list">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            to={paths.supportTicket(ticket.id)}
            className="flex min-h-12 items-center gap-3 rounded-xl border border-sand-200 bg-white px-4 py-3 hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-ink">
                <bdi>{ticket.subject}</bdi>
              </span>
              <span className="mt-0.5 block text-sm text-ink-muted">
                <span dir="ltr">{ticket.reference}</span> · {t(`category.${ticket.category}`)}
                {ticket.bookingReference ? (
                  <>
                    {' · '}
                    {t('onBooking', { reference: ticket.bookingReference })}
                  </>
                ) : null}{' '}
                · {t('updated', { date: formatDate(ticket.updatedAt, language, 'medium') })}
              </span>
            </span>
            <SupportStatusPill status={ticket.status} />
            <DirectionalIcon icon={ChevronRight} aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
