import { Wallet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useEarnings, useRequestPayout } from '../api';

const MONTH_FORMAT: Record<string, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-MA' };

/** 'YYYY-MM' as "Nov 2026" in the reader's language (a calendar month: no time zone involved). */
function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(MONTH_FORMAT[language] ?? 'en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }).format(new Date(`${month}-15T12:00:00Z`));
}

/**
 * The amount above a month's bar. Six bars share a phone's width (about 46 px each at 390 px), too narrow for
 * "1 250 MAD" on one line: it may wrap between the number and MAD (a plain space instead of the no-break one,
 * and no breaking inside a word, which the page's overflow-wrap: anywhere allows), never inside either.
 */
const barAmount = (amount: number) => formatMoney(amount).replace('\u00a0', ' ');

function Stat({ label, value, hint, strong }: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <div className={cn('rounded-card border p-4', strong ? 'border-primary-200 bg-primary-50' : 'border-sand-200 bg-white')}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}

/** The professional's earnings (the /earnings page and the dashboard's Earnings tab): figures, chart, request, payouts. */
export function EarningsPanel() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const earnings = useEarnings();
  const request = useRequestPayout();

  if (earnings.isPending) return <div className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />;
  if (earnings.isError) return <RetryAlert message={t('loadFailed')} onRetry={() => void earnings.refetch()} />;
  const e = earnings.data;
  const minimum = formatMoney(e.minimumPayout);
  const max = Math.max(1, ...e.monthly.map((m) => m.amount));
  const hasPending = e.payouts.some((p) => p.status === 'pending');

  function requestPayout() {
    request.mutate(undefined, {
      onSuccess: () => toast.success(t('request.success')),
      // "Failed to request payout", and why underneath.
      onError: (error) =>
        toast.error(t('request.failedTitle'), {
          description: isApiError(error, 'PAYOUT_PENDING') ? t('request.pending') : isApiError(error, 'PAYOUT_BELOW_MINIMUM') ? t('request.belowMinimum', { minimum }) : t('request.failed'),
        }),
    });
  }

  return (
    <div className="space-y-6" data-testid="earnings-panel">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Stat label={t('stats.available')} value={formatMoney(e.requestable)} strong />
        <Stat label={t('stats.escrowHeld')} value={formatMoney(e.escrowHeld)} hint={t('stats.escrowHint')} />
        <Stat label={t('stats.pending')} value={formatMoney(e.pendingPayouts)} />
        <Stat label={t('stats.released')} value={formatMoney(e.released)} />
        <Stat label={t('stats.paidOut')} value={formatMoney(e.paidOut)} />
        <Stat label={t('stats.completedJobs')} value={String(e.completedJobs)} />
      </dl>

      <section className="rounded-card border border-sand-200 bg-white p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted">{hasPending ? t('request.pending') : t('request.hint', { minimum })}</p>
          <Button variant="accent" disabled={request.isPending || hasPending || e.requestable < e.minimumPayout} onClick={requestPayout}>
            <Wallet aria-hidden="true" className="size-4" />
            {request.isPending ? t('request.requesting') : t('request.button')}
          </Button>
        </div>
      </section>

      <section aria-labelledby="earnings-chart" className="rounded-card border border-sand-200 bg-white p-5">
        <h2 id="earnings-chart" className="text-lg font-bold text-ink">
          {t('chart.title')}
        </h2>
        {/* Bars for the eye; the same figures as a table for assistive technology. */}
        <div aria-hidden="true" className="mt-4 flex h-40 items-end gap-2">
          {e.monthly.map((m) => (
            <div key={m.month} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span data-chart-amount="" className="text-center text-[0.7rem] leading-tight text-ink-muted tabular-nums [overflow-wrap:normal]">
                {m.amount > 0 ? barAmount(m.amount) : ''}
              </span>
              <span className="w-full max-w-12 rounded-t-md bg-primary-600" style={{ blockSize: `${Math.max(2, Math.round((m.amount / max) * 100))}%` }} />
              <span className="text-xs text-ink-muted">{monthLabel(m.month, language)}</span>
            </div>
          ))}
        </div>
        <table className="sr-only">
          <caption>{t('chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('chart.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {e.monthly.map((m) => (
              <tr key={m.month}>
                <td>{monthLabel(m.month, language)}</td>
                <td>{formatMoney(m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="earnings-payouts" className="rounded-card border border-sand-200 bg-white p-5">
        <h2 id="earnings-payouts" className="text-lg font-bold text-ink">
          {t('payouts.title')}
        </h2>
        {e.payouts.length === 0 ? (
          <p className="mt-3 text-ink-muted">{t('payouts.empty')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-sand-100" data-testid="payouts-list">
            {e.payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-semibold text-ink tabular-nums">{formatMoney(p.amount)}</p>
                  <p className="text-sm text-ink-muted">
                    {t('payouts.date')} {formatDate(p.createdAt, language, 'long')}
                    {p.paidAt ? ` · ${t('payouts.paidOn')} ${formatDate(p.paidAt, language, 'long')}` : ''}
                  </p>
                </div>
                <span
                  className={cn(
                    'rounded-full px-2.5 py-1 text-xs font-semibold',
                    p.status === 'paid' ? 'bg-completed-soft text-completed' : 'bg-pending-soft text-pending',
                  )}
                >
                  {t(`payouts.statuses.${p.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
