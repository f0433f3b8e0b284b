import { Clock, MapPinCheckInside, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { delayChoices } from '@khedma/shared/domain/lateness';
import { toLocal } from '@khedma/shared/domain/time';
import type { BookingAttendance } from '@khedma/shared/schemas/lateness';
import { Button } from '../../../components/ui/button';
import { FormAlert, SelectField } from '../../../components/ui/field';
import { api, isApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useSingleFlightMutation } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { bookingApiPaths, bookingKeys, noteOwnBookingAction, type BookingDto } from '../api';

/** The delays offered (minutes after the start): every step is allowed by the server, these are the usual ones. */
const OFFERED_DELAYS = [10, 15, 20, 30, 40, 45, 60, 90, 120, 180].filter((m) => delayChoices().includes(m));

function useAttendanceMutation<V extends { id: string }>(call: (v: V) => Promise<BookingDto>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (v: V) => {
        noteOwnBookingAction(v.id, ['customer_cancel', 'professional_cancel', 'delay', 'arrived', 'no_show']);
        return call(v);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    },
    (v) => `attendance:${v.id}`,
  );
}

/**
 * Running late, arrival and no-shows (issue 41, docs/lateness.md) in the booking details: the arrival
 * the professional announced ("Your professional will arrive at 10:40"), on both sides, and what the
 * viewer may do now, as the server says (booking.attendance).
 */
export function AttendancePanel({ booking, onDone }: { booking: BookingDto; onDone: () => void }) {
  const a = booking.attendance;
  const { t, ready } = useTranslation('lateness');
  if (!a || !ready) return null;
  const shows = a.expectedArrival || a.arrivedAt || a.noShow || a.canAnnounceDelay || a.canMarkArrived || a.canReportNoShow || (a.noShowOpensAt && booking.status === 'confirmed');
  if (!shows) return null;
  return (
    <section aria-label={t('panel.title')} className="space-y-3 rounded-lg border border-sand-200 bg-sand-50 p-3" data-testid="attendance-panel">
      <Notices booking={booking} attendance={a} />
      <Actions booking={booking} attendance={a} onDone={onDone} />
    </section>
  );
}

function Notices({ booking, attendance: a }: { booking: BookingDto; attendance: BookingAttendance }) {
  const { t } = useTranslation('lateness');
  const language = useLanguage();
  const isPro = booking.viewerRole === 'professional';
  if (a.noShow) {
    return <FormAlert tone="info">{a.noShow === 'professional' ? t('panel.noShowProfessional') : t('panel.noShowCustomer')}</FormAlert>;
  }
  const time = a.expectedArrivalLocalTime;
  return (
    <>
      {a.arrivedAt ? (
        <p className="font-semibold text-ink">{isPro ? t('panel.youArrived') : t('panel.arrived')}</p>
      ) : time ? (
        <p className="flex items-center gap-2 font-semibold text-ink" data-testid="expected-arrival" role="status">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          <span>{isPro ? t('panel.youArriveAt', { time }) : t('panel.arrivesAt', { time })}</span>
        </p>
      ) : null}
      {!isPro && a.freeCancellation ? <p className="text-sm text-ink">{t('panel.freeCancel')}</p> : null}
      {a.noShowOpensAt && !a.canReportNoShow && booking.status === 'confirmed' ? (
        <p className="text-sm text-ink-muted">{t(isPro ? 'panel.customerAbsentFrom' : 'panel.noShowFrom', { time: formatTime(a.noShowOpensAt, language) })}</p>
      ) : null}
    </>
  );
}

function Actions({ booking, attendance: a, onDone }: { booking: BookingDto; attendance: BookingAttendance; onDone: () => void }) {
  const { t } = useTranslation('lateness');
  const selectId = useId();
  const isPro = booking.viewerRole === 'professional';
  const [delay, setDelay] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const announce = useAttendanceMutation((v: { id: string; delayMinutes: number }) => api.post<BookingDto>(bookingApiPaths.delay(v.id), { delayMinutes: v.delayMinutes }));
  const arrive = useAttendanceMutation((v: { id: string }) => api.post<BookingDto>(bookingApiPaths.arrived(v.id)));
  const report = useAttendanceMutation((v: { id: string }) => api.post<BookingDto>(bookingApiPaths.noShow(v.id)));
  const busy = announce.isPending || arrive.isPending || report.isPending;
  const failed = (error: unknown) => toast.error(isApiError(error, 'CONFLICT') || isApiError(error, 'INVALID_TRANSITION') ? t('errors.conflict') : t('errors.failed'));

  // Delays still to come: the start plus the delay, after now (when the details opened; the server checks again).
  const [now] = useState(() => Date.now());
  const start = new Date(booking.scheduledStart).getTime();
  const choices = OFFERED_DELAYS.filter((m) => start + m * 60_000 > now);
  const chosen = delay !== null && choices.includes(delay) ? delay : (choices[0] ?? null);

  return (
    <div className="flex flex-col gap-3">
      {a.canAnnounceDelay && chosen !== null ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            announce.mutate(
              { id: booking.id, delayMinutes: chosen },
              { onSuccess: (b) => toast.success(t('toasts.delayAnnounced', { time: b.attendance?.expectedArrivalLocalTime ?? '' })), onError: failed },
            );
          }}
        >
          <SelectField id={selectId} label={t('panel.delayLabel')} value={String(chosen)} onChange={(e) => setDelay(Number(e.target.value))} className="sm:flex-1">
            {choices.map((m) => (
              <option key={m} value={m}>
                {t('panel.delayOption', { time: toLocal(new Date(start + m * 60_000)).time, minutes: m })}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={busy}>
            <Clock aria-hidden="true" className="size-4" />
            {t('panel.announce')}
          </Button>
        </form>
      ) : null}
      {a.canMarkArrived ? (
        <Button variant="secondary" disabled={busy} onClick={() => arrive.mutate({ id: booking.id }, { onSuccess: () => toast.success(t('toasts.arrived')), onError: failed })}>
          <MapPinCheckInside aria-hidden="true" className="size-4" />
          {t('panel.markArrived')}
        </Button>
      ) : null}
      {a.canReportNoShow && !confirming ? (
        <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
          <UserX aria-hidden="true" className="size-4" />
          {isPro ? t('panel.reportCustomer') : t('panel.reportPro')}
        </Button>
      ) : null}
      {a.canReportNoShow && confirming ? (
        <div className="space-y-2" role="group" aria-label={isPro ? t('panel.reportCustomer') : t('panel.reportPro')}>
          <p className="text-sm text-ink">{isPro ? t('panel.confirmReportCustomer') : t('panel.confirmReportPro')}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('panel.keep')}
            </Button>
            <Button
              variant="danger"
              disabled={busy}
              onClick={() =>
                report.mutate(
                  { id: booking.id },
                  {
                    onSuccess: () => {
                      toast.success(t('toasts.reported'));
                      setConfirming(false);
                      onDone();
                    },
                    onError: failed,
                  },
                )
              }
            >
              {t('panel.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
