import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatLocalDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { RECONCILIATION_KINDS, type ReconciliationDifference, type ReconciliationKind } from '@khedma/shared/schemas/earnings';
import { useFailedRefunds, useReconciliation, useRetryRefund } from '../api';

/**
 * On /admin/payouts, finance's payment lists (docs/payments.md, docs/admin.md): refunds the provider
 * refused, with its reason and Retry, and the daily reconciliation's differences. Nothing refused is
 * left silent: it stays here until a retry goes through.
 */
export function PaymentIssues() {
  return (
    <>
      <FailedRefunds />
      <ReconciliationDifferences />
    </>
  );
}

function FailedRefunds() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const refunds = useFailedRefunds();
  const retry = useRetryRefund();

  function send(id: string) {
    retry.mutate(id, {
      onSuccess: ({ refund }) => {
        if (refund.status === 'succeeded') toast.success(t('admin.refunds.sent'));
        else if (refund.status === 'failed') toast.error(t('admin.refunds.refusedAgain', { reason: refund.failureReason ?? t('admin.none') }));
        else toast.info(t('admin.refunds.queued'));
      },
      onError: () => toast.error(t('admin.refunds.retryFailed')),
    });
  }

  return (
    <section aria-labelledby="failed-refunds-title" className="mt-8" data-testid="failed-refunds">
      <h2 id="failed-refunds-title" className="text-xl font-bold text-ink">
        {t('admin.refunds.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-ink-muted">{t('admin.refunds.lead')}</p>
      <div className="mt-3">
        <DataTable
          query={refunds}
          columns={[
            { label: t('admin.refunds.booking') },
            { label: t('admin.refunds.customer') },
            { label: t('admin.refunds.amount') },
            { label: t('admin.refunds.providerReason') },
            { label: t('admin.refunds.when') },
            { label: t('admin.refunds.retry'), srOnly: true },
          ]}
          isEmpty={(data) => data.refunds.length === 0}
          loadFailed={t('admin.refunds.loadFailed')}
          empty={t('admin.refunds.empty')}
          rows={(data) =>
            data.refunds.map((r) => {
              const busy = retry.isPending && retry.variables === r.id;
              return (
                <tr key={r.id} data-testid={`failed-refund-${r.bookingReference}`}>
                  <td className="px-4 py-3 align-top font-mono font-semibold whitespace-nowrap text-ink" dir="ltr">
                    {r.bookingReference}
                  </td>
                  <td className="min-w-40 px-4 py-3 align-top text-ink">
                    {r.customerName}
                    {r.reason ? <span className="mt-1 block max-w-56 text-xs text-ink-muted">{t('admin.refunds.why', { reason: r.reason })}</span> : null}
                  </td>
                  <td className="px-4 py-3 align-top font-semibold whitespace-nowrap text-ink tabular-nums">{formatMoney(r.amount)}</td>
                  <td className="min-w-44 px-4 py-3 align-top">
                    <span className="grid justify-items-start gap-1">
                      <StatusBadge tone="cancelled">{t('admin.refunds.refused')}</StatusBadge>
                      <span className="text-ink" data-testid="refund-failure-reason">
                        {r.failureReason ?? t('admin.none')}
                      </span>
                    </span>
                  </td>
                  <td className="px-4 py-3 align-top whitespace-nowrap text-ink">{formatDateTime(r.failedAt, language)}</td>
                  <td className="px-4 py-3 text-end align-top whitespace-nowrap">
                    <Button
                      variant="secondary"
                      onClick={() => send(r.id)}
                      aria-busy={busy || undefined}
                      aria-label={t('admin.refunds.retryLabel', { amount: formatMoney(r.amount), name: r.customerName, reference: r.bookingReference })}
                    >
                      {busy ? t('admin.refunds.retrying') : t('admin.refunds.retry')}
                    </Button>
                  </td>
                </tr>
              );
            })
          }
        />
      </div>
    </section>
  );
}

/** Amounts and refunded totals are whole MAD; a status is a word of ours or of the provider's. */
function side(d: ReconciliationDifference, value: string): string {
  return (d.kind === 'amount' || d.kind === 'refunded') && /^-?\d+$/.test(value) ? formatMoney(Number(value)) : value;
}

function ReconciliationDifferences() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const differences = useReconciliation();
  const kindLabel = (kind: string): string =>
    (RECONCILIATION_KINDS as readonly string[]).includes(kind) ? t(`admin.reconciliation.kinds.${kind as ReconciliationKind}`) : kind;
  return (
    <section aria-labelledby="reconciliation-title" className="mt-8" data-testid="reconciliation">
      <h2 id="reconciliation-title" className="text-xl font-bold text-ink">
        {t('admin.reconciliation.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-ink-muted">{t('admin.reconciliation.lead')}</p>
      <div className="mt-3">
        <DataTable
          query={differences}
          columns={[
            { label: t('admin.reconciliation.date') },
            { label: t('admin.reconciliation.payment') },
            { label: t('admin.reconciliation.kind') },
            { label: t('admin.reconciliation.ours') },
            { label: t('admin.reconciliation.theirs') },
          ]}
          isEmpty={(data) => data.differences.length === 0}
          loadFailed={t('admin.reconciliation.loadFailed')}
          empty={t('admin.reconciliation.empty')}
          rows={(data) =>
            data.differences.map((d) => (
              <tr key={`${d.runDate}-${d.paymentId}-${d.kind}`} className="whitespace-nowrap">
                <td className="px-4 py-3 text-ink">{formatLocalDate(d.runDate, language)}</td>
                <td className="px-4 py-3 font-mono text-ink" dir="ltr">
                  {d.bookingReference ?? d.paymentId.slice(0, 8).toUpperCase()}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge tone="pending">{kindLabel(d.kind)}</StatusBadge>
                </td>
                <td className="px-4 py-3 text-ink tabular-nums">{side(d, d.ours)}</td>
                <td className="px-4 py-3 text-ink tabular-nums">{side(d, d.theirs)}</td>
              </tr>
            ))
          }
        />
      </div>
    </section>
  );
}
