import { useState } from 'react';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { DataTable } from '../../../components/ui/data-table';
import { RevealableValue } from '../../../components/ui/revealable-value';
import { isApiError } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminPayout } from '@khedma/shared/schemas/earnings';
import { revealPayoutAccount, useAdminPayouts, useMarkPayoutPaid } from '../api';

type Filter = 'pending' | 'paid' | 'all';

/** /admin/payouts (finance and super admins): pending payout requests, marked paid once transferred. */
export function AdminPayoutsPage() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const [filter, setFilter] = useState<Filter>('pending');
  const payouts = useAdminPayouts(filter === 'all' ? undefined : filter);
  const markPaid = useMarkPayoutPaid();
  const [confirming, setConfirming] = useState<AdminPayout | null>(null);

  function confirm() {
    if (!confirming) return;
    markPaid.mutate(confirming.id, {
      onSuccess: () => toast.success(t('admin.paid')),
      onError: (error) => toast.error(isApiError(error, 'PAYOUT_ALREADY_PAID') ? t('admin.alreadyPaid') : t('admin.failed')),
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <div className="container-page py-8 md:py-12">
      <Seo title={t('admin.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('admin.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('admin.lead')}</p>
      {payouts.data ? (
        <dl className="mt-5 grid max-w-md grid-cols-2 gap-3">
          <div className="rounded-card border border-sand-200 bg-white p-4">
            <dt className="text-sm text-ink-muted">{t('admin.pendingTotal')}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{formatMoney(payouts.data.pendingTotal)}</dd>
          </div>
          <div className="rounded-card border border-sand-200 bg-white p-4">
            <dt className="text-sm text-ink-muted">{t('admin.paidTotal')}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{formatMoney(payouts.data.paidTotal)}</dd>
          </div>
        </dl>
      ) : null}
      <div role="group" aria-label={t('admin.filter')} className="mt-5 flex flex-wrap gap-1.5">
        {(['pending', 'paid', 'all'] as const).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-medium',
              filter === f ? 'border-primary-600 bg-primary-600 text-white' : 'border-sand-300 bg-white text-ink hover:border-primary-400',
            )}
          >
            {t(`admin.filters.${f}`)}
          </button>
        ))}
      </div>
      <div className="mt-4">
        <DataTable
          query={payouts}
          columns={[
            { label: t('admin.professional') },
            { label: t('admin.city') },
            { label: t('admin.bankDetails') },
            { label: t('payouts.amount') },
            { label: t('payouts.date') },
            { label: t('payouts.status') },
            { label: t('admin.markPaid'), srOnly: true },
          ]}
          isEmpty={(data) => data.items.length === 0}
          loadFailed={t('admin.loadFailed')}
          empty={t('admin.empty')}
          rows={(data) =>
            data.items.map((p) => (
              <tr key={p.id}>
                <td className="px-4 py-3 font-semibold text-ink">{p.professional.fullName}</td>
                <td className="px-4 py-3 text-ink">{p.professional.city ?? '–'}</td>
                <td className="px-4 py-3 text-ink">
                  {p.bank ? (
                    <span className="grid gap-1 text-xs">
                      <span>
                        {t('admin.bank')}: {p.bank.bankName ?? t('admin.none')}
                      </span>
                      <span>
                        {t('admin.holder')}: {p.bank.accountHolder ?? t('admin.none')}
                      </span>
                      <span>
                        {t('admin.account')}: <PayoutAccount payoutId={p.id} masked={p.bank.account} name={p.professional.fullName} />
                      </span>
                    </span>
                  ) : (
                    <span className="text-ink-muted">{t('admin.none')}</span>
                  )}
                </td>
                <td className="px-4 py-3 font-semibold text-ink tabular-nums">{formatMoney(p.amount)}</td>
                <td className="px-4 py-3 text-ink">{formatDate(p.createdAt, language, 'medium')}</td>
                <td className="px-4 py-3">
                  <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', p.status === 'paid' ? 'bg-completed-soft text-completed' : 'bg-pending-soft text-pending')}>
                    {t(`payouts.statuses.${p.status}`)}
                  </span>
                </td>
                <td className="px-4 py-3 text-end">
                  {p.status === 'pending' ? (
                    <Button variant="secondary" onClick={() => setConfirming(p)}>
                      {t('admin.markPaid')}
                    </Button>
                  ) : p.paidAt ? (
                    <span className="text-ink-muted">{formatDate(p.paidAt, language, 'medium')}</span>
                  ) : null}
                </td>
              </tr>
            ))
          }
        />
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('admin.confirmTitle')}
        description={confirming ? t('admin.confirmBody', { amount: formatMoney(confirming.amount), name: confirming.professional.fullName }) : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('admin.cancel')}
            </Button>
            <Button onClick={confirm} disabled={markPaid.isPending}>
              {markPaid.isPending ? t('admin.marking') : t('admin.confirm')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}

/** The payee's account number, masked by the server, with Reveal (finance access, checked and logged by the server). */
function PayoutAccount({ payoutId, masked, name }: { payoutId: string; masked: string | null; name: string }) {
  const { t } = useTranslation('earnings');
  return (
    <RevealableValue
      masked={masked}
      reveal={() => revealPayoutAccount(payoutId)}
      revealText={t('admin.reveal')}
      revealLabel={t('admin.revealLabel', { name })}
      noneText={t('admin.none')}
      failedText={t('admin.revealFailed')}
      testId={`payout-account-${payoutId}`}
    />
  );
}
