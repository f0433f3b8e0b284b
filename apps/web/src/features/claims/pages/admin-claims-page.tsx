import { useState, type FormEvent } from 'react';
import { CLAIM_DECISIONS, type ClaimDecision } from '@khedma/shared/domain/claims';
import { WIZARD_START_TIMES } from '@khedma/shared';
import type { AdminClaimRow } from '@khedma/shared/schemas/claims';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ClaimThread, useClaimErrorText } from '../../../entities/claim/components/claim-section';
import { isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCan } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminClaims, useDecideClaim } from '../api';

/** /admin/claims: the problem reports the two sides do not agree on, each with its decision form (docs/claims.md). */
export function AdminClaimsPage() {
  const { t } = useTranslation('claims');
  const claims = useAdminClaims();
  return (
    <div className="container-page py-8 md:py-12">
      <Seo title={t('admin.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('admin.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('admin.lead')}</p>
      <div className="mt-6 space-y-4">
        {claims.isError ? (
          <RetryAlert message={t('admin.loadFailed')} onRetry={() => void claims.refetch()} />
        ) : !claims.data ? null : claims.data.items.length === 0 ? (
          <p className="text-ink-muted">{t('admin.empty')}</p>
        ) : (
          claims.data.items.map((row) => <ClaimCard key={row.claim.id} row={row} />)
        )}
      </div>
    </div>
  );
}

function ClaimCard({ row }: { row: AdminClaimRow }) {
  const { t } = useTranslation('claims');
  const errorText = useClaimErrorText();
  const decide = useDecideClaim(row.claim.bookingId);
  const canRefund = useCan('booking:refund');
  const canDecide = useCan('claim:decide');
  const allowed = CLAIM_DECISIONS.filter((d) => (d === 'partial_refund' || d === 'full_refund' ? canRefund : canDecide));
  const [decision, setDecision] = useState<ClaimDecision>(allowed[0] ?? 'reject');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('10:00');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (reason.trim().length < 5) next.reason = t('admin.reason');
    const value = Number(amount);
    if (decision === 'partial_refund' && (!Number.isInteger(value) || value <= 0 || value > row.refundable)) next.amount = t('form.amountHint', { amount: formatMoney(row.refundable) });
    if (decision === 'return_visit' && !date) next.date = t('admin.date');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    decide.mutate(
      { decision, reason: reason.trim(), ...(decision === 'partial_refund' ? { amount: value } : {}), ...(decision === 'return_visit' ? { date, startTime } : {}) },
      {
        onSuccess: () => toast.success(t('admin.decided')),
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else toast.error(errorText(error));
        },
      },
    );
  }

  return (
    <article className="space-y-3 rounded-lg border border-sand-200 bg-white p-4" data-testid="admin-claim">
      <h2 className="font-semibold text-ink">
        {t('admin.booking', { reference: row.reference })} · <bdi>{row.title}</bdi>
      </h2>
      <p className="text-sm text-ink-muted">
        <bdi>{t('admin.parties', { customer: row.customerName, professional: row.professionalName ?? '–' })}</bdi> · {t('admin.paid', { amount: formatMoney(row.totalAmount), refundable: formatMoney(row.refundable) })}
      </p>
      <ClaimThread claim={row.claim} context={{ viewer: 'admin', bookingId: row.claim.bookingId }} />
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('admin.decision')} value={decision} onChange={(e) => setDecision(e.target.value as ClaimDecision)}>
          {allowed.map((d) => (
            <option key={d} value={d}>
              {t(`admin.decisions.${d}`)}
            </option>
          ))}
        </SelectField>
        {decision === 'partial_refund' ? (
          <TextField label={t('admin.amount')} hint={t('form.amountHint', { amount: formatMoney(row.refundable) })} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ''))} error={errors.amount} required />
        ) : null}
        {decision === 'return_visit' ? (
          <>
            <TextField type="date" label={t('admin.date')} value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} required />
            <SelectField label={t('admin.time')} value={startTime} onChange={(e) => setStartTime(e.target.value)} error={errors.startTime}>
              {WIZARD_START_TIMES.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </SelectField>
          </>
        ) : null}
        <TextAreaField label={t('admin.reason')} value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} required rows={2} fieldClassName="sm:col-span-2" />
        <div className="sm:col-span-2 flex justify-end">
          <Button type="submit" disabled={decide.isPending || allowed.length === 0}>
            {decide.isPending ? t('admin.deciding') : t('admin.decide')}
          </Button>
        </div>
      </form>
    </article>
  );
}
