import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { SUPPORT_STATUSES } from '@khedma/shared/domain/support';
import { Seo } from '../../../components/seo';
import { ChipGroup } from '../../../components/ui/chips';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useQueue, type QueueAssignedFilter, type QueueStatusFilter } from '../api';
import { SupportStatusPill } from '../components/status-pill';

/** /admin/support: the queue, the longest waiting for support first (docs/support.md). */
export function AdminQueuePage() {
  const { t } = useTranslation('support');
  const language = useLanguage();
  const [status, setStatus] = useState<QueueStatusFilter>('active');
  const [assigned, setAssigned] = useState<QueueAssignedFilter>('any');
  const queue = useQueue(status, assigned);
  const statusOptions = [
    { value: 'active' as const, label: t('admin.active') },
    ...SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    { value: 'all' as const, label: t('admin.all') },
  ];
  const assignedOptions = (['any', 'me', 'none'] as const).map((value) => ({ value, label: t(`admin.${value}`) }));
  return (
    <div className="container-page max-w-5xl py-8 md:py-12">
      <Seo title={t('admin.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('admin.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('admin.lead')}</p>
      <div className="mt-6 space-y-3">
        <ChipGroup label={t('admin.statusFilter')} options={statusOptions} value={status} onChange={setStatus} />
        <ChipGroup label={t('admin.assignedFilter')} options={assignedOptions} value={assigned} onChange={setAssigned} />
      </div>
      <div className="mt-6">
        {queue.isError ? (
          <RetryAlert compact message={t('admin.loadFailed')} onRetry={() => void queue.refetch()} />
        ) : !queue.data ? (
          <div className="h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
        ) : queue.data.tickets.length === 0 ? (
          <p className="rounded-card border border-dashed border-sand-300 p-6 text-center text-ink-muted">{t('admin.empty')}</p>
        ) : (
          <ul className="space-y-2" data-testid="support-queue">
            {queue.data.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  to={paths.adminSupportTicket(ticket.id)}
                  className="flex min-h-12 items-center gap-3 rounded-xl border border-sand-200 bg-white px-4 py-3 hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-ink">
                      <bdi>{ticket.subject}</bdi>
                    </span>
                    <span className="mt-0.5 block text-sm text-ink-muted">
                      <span dir="ltr">{ticket.reference}</span> · {t(`category.${ticket.category}`)} · {t('admin.from', { name: ticket.requester.name })}
                      {ticket.requester.userId ? null : <> ({t('admin.visitor')})</>}
                      {ticket.waitingSince ? <> · {t('admin.waiting', { date: formatDateTime(ticket.waitingSince, language) })}</> : null}
                      {' · '}
                      {t('admin.assignee')}: {ticket.assignee?.name ?? t('admin.unassigned')}
                    </span>
                  </span>
                  <SupportStatusPill status={ticket.status} />
                  <DirectionalIcon icon={ChevronRight} aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
