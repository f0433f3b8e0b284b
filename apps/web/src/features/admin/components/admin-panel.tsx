import { CalendarCheck, ClipboardList, Clock, Flag, LifeBuoy, ListChecks, ShieldAlert, Wallet, Banknote, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { paths } from '../../../config/paths';
import type { DashboardTabViewer } from '../../../lib/dashboard-tabs';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { ChevronRight } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { ACCESS_LOG_DOCUMENT_KINDS, ACCESS_LOG_FIELD_KEYS } from '../access-log-fields';
import { useAccessLog, useAdminOverview, useContactMessages, useFailedJobs, useRetryFailedJob, ADMIN_PAGE_SIZE } from '../api';
import { Pager, StatCard } from './admin-ui';

/**
 * The dashboard's admin tab: the platform overview (total, completed, pending, revenue) with links to the
 * admin pages, and for super_admin the sensitive-access log, the contact messages and the deliveries
 * that failed for good (with Retry).
 */
export function AdminPanel({ permissions }: DashboardTabViewer) {
  const { t } = useTranslation('admin');
  const { t: tSupport } = useTranslation('support');
  const overview = useAdminOverview();
  const o = overview.data;
  const audit = permissions.includes('audit:read');
  const contact = permissions.includes('contact:read');
  const jobs = permissions.includes('jobs:manage');
  const links: Array<{ to: string | undefined; label: string; icon: LucideIcon; show: boolean }> = [
    { to: paths.adminReviewProfessionals(), label: t('tab.links.review'), icon: UserCheck, show: permissions.includes('application:review') || permissions.includes('finance:read') },
    { to: paths.adminBookings(), label: t('tab.links.bookings'), icon: ListChecks, show: true },
    // The reviews and earnings capability's admin pages, shown to those their routes let in.
    { to: paths.adminPayouts(), label: t('tab.links.payouts'), icon: Banknote, show: permissions.includes('payout:manage') },
    { to: paths.adminFlaggedProfessionals(), label: t('tab.links.flagged'), icon: Flag, show: permissions.includes('admin:access') },
    { to: paths.adminSupport(), label: tSupport('admin.link'), icon: LifeBuoy, show: permissions.includes('support:manage') },
    { to: paths.adminClaims(), label: t('tab.links.claims'), icon: ShieldAlert, show: permissions.includes('claim:decide') || permissions.includes('booking:refund') },
    // Issue 41: every professional, with late arrivals, no-shows and the suspension.
    { to: paths.adminProfessionals(), label: t('tab.links.professionals'), icon: Users, show: permissions.includes('admin:access') },
  ];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <section aria-labelledby="admin-overview">
        <h2 id="admin-overview" className="mb-3 text-lg font-bold text-ink">
          {t('tab.overview')}
        </h2>
        {overview.isError ? (
          <RetryAlert compact message={t('tab.loadFailed')} onRetry={() => void overview.refetch()} />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
              <StatCard icon={ClipboardList} label={t('bookings.stats.total')} value={String(o?.stats.total ?? 0)} loading={!o} />
              <StatCard icon={CalendarCheck} label={t('bookings.stats.completed')} value={String(o?.stats.completed ?? 0)} loading={!o} />
              <StatCard icon={Clock} label={t('bookings.stats.pending')} value={String(o?.stats.pending ?? 0)} loading={!o} />
              <StatCard icon={Wallet} label={t('bookings.stats.revenue')} value={formatMoney(o?.stats.revenue ?? 0)} loading={!o} />
            </div>
            {o ? <p className="mt-3 text-sm text-ink-muted">{t('tab.pendingApplications', { count: o.pendingApplications })}</p> : null}
          </>
        )}
      </section>

      <nav aria-label={t('tab.links.label')}>
        <ul className="grid gap-2 sm:grid-cols-2">
          {links
            .filter((l): l is typeof l & { to: string } => l.show && l.to !== undefined)
            .map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex min-h-12 items-center gap-3 rounded-xl border border-sand-200 bg-white px-4 py-3 font-semibold text-ink hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
                >
                  <Icon aria-hidden="true" className="size-5 text-primary-700" />
                  <span className="flex-1">{label}</span>
                  <DirectionalIcon icon={ChevronRight} aria-hidden="true" className="size-4 text-ink-muted" />
                </Link>
              </li>
            ))}
        </ul>
      </nav>

      {audit ? <AccessLog /> : null}
      {contact ? <ContactMessages /> : null}
      {jobs ? <FailedDeliveries /> : null}
    </div>
  );
}


function AccessLog() {
  const { t } = useTranslation('admin');
  const fieldLabel = (f: string) => {
    // The log's field names (columns, a batch's RIBs and document kinds) in the reader's language.
    const key = (ACCESS_LOG_FIELD_KEYS as Record<string, (typeof ACCESS_LOG_FIELD_KEYS)[keyof typeof ACCESS_LOG_FIELD_KEYS] | undefined>)[f];
    if (key) return t(key);
    const kind = ACCESS_LOG_DOCUMENT_KINDS.find((k) => k === f);
    return kind ? t(`review.documents.${kind}`) : f;
  };
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const log = useAccessLog(page, true);
  const data = log.data;
  return (
    <section aria-labelledby="admin-access-log">
      <h2 id="admin-access-log" className="mb-3 text-lg font-bold text-ink">
        {t('tab.log.title')}
      </h2>
      {log.isError ? (
        <RetryAlert compact message={t('tab.loadFailed')} onRetry={() => void log.refetch()} />
      ) : !data ? (
        <p role="status" className="text-ink-muted">
          {t('common.loading')}
        </p>
      ) : data.items.length === 0 ? (
        <p className="text-ink-muted">{t('tab.log.empty')}</p>
      ) : (
        <>
          <div role="region" aria-label={t('tab.log.title')} tabIndex={0} className="overflow-x-auto rounded-card border border-sand-200 bg-white focus-visible:outline-2 focus-visible:outline-primary-600">
            {/* Whole words: the table scrolls sideways rather than break a name letter by letter (body's overflow-wrap: anywhere). */}
            <table className="w-full text-sm [overflow-wrap:normal]">
              <thead className="bg-sand-50 text-xs text-ink-muted uppercase">
                <tr>
                  {(['when', 'who', 'action', 'record', 'from'] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-start font-semibold whitespace-nowrap">
                      {t(`tab.log.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-200">
                {data.items.map((e) => (
                  <tr key={e.id} data-log-action={e.action}>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDateTime(e.createdAt, language)}</td>
                    <td className="px-3 py-2">{e.actor.name}</td>
                    <td className="px-3 py-2">{t(`tab.log.actions.${e.action}`, { fields: e.action === 'view_applications' ? '' : e.fields.map(fieldLabel).join(', ') })}</td>
                    <td className="px-3 py-2">
                      <bdi dir="ltr" className="font-mono text-xs">
                        {e.recordId === '*' ? '*' : e.recordId.slice(0, 8).toUpperCase()}
                      </bdi>
                    </td>
                    <td className="px-3 py-2">
                      <bdi dir="ltr" className="font-mono text-xs">
                        {e.ipAddress ?? '—'}
                      </bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE))} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function ContactMessages() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page, true);
  const data = messages.data;
  return (
    <section aria-labelledby="admin-contact">
      <h2 id="admin-contact" className="mb-3 text-lg font-bold text-ink">
        {t('tab.contact.title')}
      </h2>
      {messages.isError ? (
        <RetryAlert compact message={t('tab.loadFailed')} onRetry={() => void messages.refetch()} />
      ) : !data ? (
        <p role="status" className="text-ink-muted">
          {t('common.loading')}
        </p>
      ) : data.items.length === 0 ? (
        <p className="text-ink-muted">{t('tab.contact.empty')}</p>
      ) : (
        <>
          <ul className="grid gap-3">
            {data.items.map((m) => (
              <li key={m.id} className="rounded-card border border-sand-200 bg-white p-4">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold text-ink">{m.name}</span>
                  <span className="text-xs text-ink-muted tabular-nums">{formatDateTime(m.createdAt, language)}</span>
                </p>
                <bdi dir="ltr" className="block text-xs text-ink-muted">
                  {m.email}
                </bdi>
                <p className="mt-2 text-sm whitespace-pre-line text-ink">{m.message}</p>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE))} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function FailedDeliveries() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const jobs = useFailedJobs(page);
  const retry = useRetryFailedJob();
  const data = jobs.data;
  const onRetry = (id: string) =>
    retry.mutate(id, {
      onSuccess: (r) => (r.status === 'done' ? toast.success(t('tab.failed.sent')) : toast.error(t('tab.failed.stillFailing'))),
      onError: () => toast.error(t('tab.failed.stillFailing')),
    });
  return (
    <section aria-labelledby="admin-failed">
      <h2 id="admin-failed" className="mb-1 text-lg font-bold text-ink">
        {t('tab.failed.title')}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">{t('tab.failed.intro')}</p>
      {jobs.isError ? (
        <RetryAlert compact message={t('tab.loadFailed')} onRetry={() => void jobs.refetch()} />
      ) : !data ? (
        <p role="status" className="text-ink-muted">
          {t('common.loading')}
        </p>
      ) : data.items.length === 0 ? (
        <p className="text-ink-muted">{t('tab.failed.empty')}</p>
      ) : (
        <>
          <ul className="grid gap-3">
            {data.items.map((j) => (
              <li key={j.id} className="flex flex-wrap items-start justify-between gap-3 rounded-card border border-sand-200 bg-white p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-ink">{j.subject ?? j.kind}</p>
                  <p className="text-xs text-ink-muted">
                    {t(`tab.failed.channel.${j.channel}`)}
                    {j.recipient ? (
                      <>
                        {' · '}
                        <bdi dir="ltr">{j.recipient}</bdi>
                      </>
                    ) : null}
                    {' · '}
                    <span className="tabular-nums">{formatDateTime(j.failedAt, language)}</span>
                  </p>
                  {j.lastError ? (
                    <p className="mt-1 text-xs break-words text-ink-muted">
                      {t('tab.failed.error', { count: j.attempts })} <bdi dir="ltr">{j.lastError}</bdi>
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  onClick={() => onRetry(j.id)}
                  disabled={retry.isPending && retry.variables === j.id}
                  aria-label={t('tab.failed.retryLabel', { what: j.subject ?? j.kind })}
                  className="min-h-11 rounded-lg border border-primary-600 px-4 font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-60"
                >
                  {t('tab.failed.retry')}
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE))} onPage={setPage} />
        </>
      )}
    </section>
  );
}
