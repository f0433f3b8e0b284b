import { updateFailedMessage } from '../../booking-text';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { isApiError } from '../../../../lib/api';
import { formatMoney } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useTranslation } from '../../../../lib/use-translation';
import { useCancelBooking, useCancellationPreview, type BookingDto } from '../../api';

/** Cancel: the fee is asked from the server and shown before the customer confirms (docs/bookings.md). */
export function CancelView({ booking, onBack, onDone }: { booking: BookingDto; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const preview = useCancellationPreview(booking.id);
  const cancel = useCancelBooking();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const p = preview.data;

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold text-ink">{t('cancel.title')}</h3>
      {preview.isPending ? (
        <p role="status" className="flex items-center gap-2 text-ink-muted">
          <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t('cancel.checkingFee')}
        </p>
      ) : preview.isError || !p ? (
        <p role="alert" className="text-cancelled">
          {t('errors.updateFailed')}
        </p>
      ) : !p.allowed ? (
        <p role="alert" className="rounded-xl bg-cancelled-soft p-3 text-cancelled">
          {t(`cancel.reasons.${p.reason}` as 'cancel.reasons.FINAL_STATUS')}
        </p>
      ) : (
        <div className="space-y-3" data-testid="cancellation-fee">
          <dl className="rounded-xl bg-sand-100 p-4">
            <div className="flex justify-between gap-4 py-1">
              <dt className="text-ink-muted">{t('cancel.fee')}</dt>
              <dd className={cn('font-bold tabular-nums', p.fee > 0 ? 'text-cancelled' : 'text-completed')}>{formatMoney(p.fee)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-1">
              <dt className="text-ink-muted">{t('cancel.refund')}</dt>
              <dd className="font-bold text-ink tabular-nums">{formatMoney(p.refund)}</dd>
            </div>
          </dl>
          <p className="text-sm text-ink-muted">{t(`cancel.reasons.${p.reason}` as 'cancel.reasons.FINAL_STATUS', { rate: Math.round(p.feeRate * 100) })}</p>
          <div>
            <label htmlFor={reasonId} className="mb-1.5 block text-sm font-semibold text-ink">
              {t('cancel.reason')} <span className="font-normal text-ink-muted">{t('form.optional')}</span>
            </label>
            <textarea
              id={reasonId}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="w-full rounded-xl border border-sand-500 bg-white px-3 py-2 text-base text-ink"
            />
          </div>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-sand-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={cancel.isPending}>
          {t('cancel.keep')}
        </Button>
        <Button
          variant="danger"
          disabled={!p?.allowed || cancel.isPending}
          onClick={() =>
            cancel.mutate(
              { id: booking.id, reason: reason.trim() || undefined },
              {
                onSuccess: () => {
                  toast.success(t('toasts.cancelled'));
                  onDone();
                },
                onError: (error) =>
                  isApiError(error, 'INVALID_TRANSITION')
                    ? // Changed meanwhile (another tab, the professional): say so; the list shows its status now.
                      toast.info(t('errors.changedMeanwhile'))
                    : toast.error(isApiError(error, 'CANCELLATION_NOT_ALLOWED') ? t('cancel.reasons.TOO_LATE_GENERIC') : updateFailedMessage(error, t)),
              },
            )
          }
        >
          {cancel.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
          {p && p.fee > 0 ? t('cancel.confirmWithFee', { fee: formatMoney(p.fee) }) : t('cancel.confirm')}
        </Button>
      </div>
    </div>
  );
}
