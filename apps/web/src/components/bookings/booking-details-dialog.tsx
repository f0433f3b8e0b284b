import { CalendarClock, Loader2, RotateCcw, XCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import {
  minutesToTime,
  RESCHEDULE_MIN_LEAD_MINUTES,
  timeToMinutes,
  validateBookingWindow,
  wizardDateBounds,
  WIZARD_START_TIMES,
  type BookingWindowIssue,
} from '@khedma/shared';
import { paths, withQuery } from '../../config/paths';
import { isApiError } from '../../lib/api';
import {
  useAcceptBooking,
  useCancelBooking,
  useCancellationPreview,
  useDeclineBooking,
  useRescheduleBooking,
  type BookingDto,
} from '../../lib/bookings';
import { formatDate, formatDuration, formatLocalDate, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/localized';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Dialog } from '../ui/dialog';
import { StatusBadge } from '../ui/status-badge';
import { bookingDescription, bookingLocation, bookingTitle } from './booking-text';

type View = 'details' | 'cancel' | 'reschedule';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-3 py-2 text-sm sm:grid-cols-[9rem_1fr]">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * The booking details dialog (SPEC §2 Dashboard): title, status, reference, description, date, time,
 * location, amount, booked-on; and what the viewer may do now, as the server says (canCancel,
 * canReschedule, canAccept, canDecline, rebook): cancel with the fee shown before confirming,
 * reschedule to another slot 24 h or more ahead, accept or decline, Book again.
 */
export function BookingDetailsDialog({ booking, onClose }: { booking: BookingDto | null; onClose: () => void }) {
  const [view, setView] = useState<View>('details');
  const open = booking !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setView('details');
          onClose();
        }
      }}
      title={booking ? <DialogTitle booking={booking} /> : ''}
    >
      {booking ? (
        view === 'cancel' ? (
          <CancelView booking={booking} onBack={() => setView('details')} onDone={onClose} />
        ) : view === 'reschedule' ? (
          <RescheduleView booking={booking} onBack={() => setView('details')} onDone={onClose} />
        ) : (
          <DetailsView booking={booking} onCancel={() => setView('cancel')} onReschedule={() => setView('reschedule')} onDone={onClose} />
        )
      ) : null}
    </Dialog>
  );
}

function DialogTitle({ booking }: { booking: BookingDto }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  return <span>{bookingTitle(booking, language, t)}</span>;
}

function DetailsView({ booking, onCancel, onReschedule, onDone }: { booking: BookingDto; onCancel: () => void; onReschedule: () => void; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const accept = useAcceptBooking();
  const decline = useDeclineBooking();
  const busy = accept.isPending || decline.isPending;

  function bookAgain() {
    if (!booking.rebook) return;
    onDone();
    void navigate(
      booking.rebook.serviceTypeId
        ? withQuery(paths.bookService(), { pro: booking.rebook.professionalId, service: booking.rebook.serviceTypeId })
        : paths.pro(booking.rebook.professionalId),
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={booking.status}>{tc(`status.${booking.status}`)}</StatusBadge>
        <span className="text-sm text-ink-muted">{t(`paymentStatus.${booking.paymentStatus}`)}</span>
      </div>
      <dl className="divide-y divide-sand-100">
        <Row label={t('summary.reference')}>
          <span className="font-mono tracking-wider" dir="ltr">
            {booking.reference}
          </span>
        </Row>
        <Row label={t('summary.description')}>{bookingDescription(booking, language, t)}</Row>
        <Row label={t('summary.date')}>{formatLocalDate(booking.local.date, language, 'full')}</Row>
        <Row label={t('summary.time')}>
          <span dir="ltr">
            <bdi>{booking.local.startTime}</bdi> – <bdi>{booking.local.endTime}</bdi>
          </span>{' '}
          <span className="text-ink-muted">({formatDuration(booking.durationMinutes, language)})</span>
        </Row>
        <Row label={t('summary.location')}>{bookingLocation(booking, language)}</Row>
        <Row label={t('summary.professional')}>{booking.professional.firstName}</Row>
        {booking.customer ? <Row label={t('summary.customer')}>{booking.customer.name}</Row> : null}
        {booking.contactPhone ? (
          <Row label={t('summary.phone')}>
            <a href={`tel:${booking.contactPhone}`} dir="ltr" className="text-primary-700 underline">
              {booking.contactPhone}
            </a>
          </Row>
        ) : null}
        {booking.specialRequests ? <Row label={t('summary.specialRequests')}>{booking.specialRequests}</Row> : null}
        <Row label={t('summary.amount')}>{formatMoney(booking.amounts.total)}</Row>
        {booking.amounts.cancellationFee ? <Row label={t('details.feeKept')}>{formatMoney(booking.amounts.cancellationFee)}</Row> : null}
        <Row label={t('summary.bookedOn')}>{formatDate(booking.createdAt, language, 'long')}</Row>
      </dl>
      {booking.canAccept || booking.canDecline || booking.canReschedule || booking.canCancel || booking.rebook ? (
        <div className="flex flex-col gap-2 border-t border-sand-200 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
          {booking.rebook ? (
            <Button variant="accent" onClick={bookAgain}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('details.bookAgain')}
            </Button>
          ) : null}
          {booking.canReschedule ? (
            <Button variant="secondary" onClick={onReschedule}>
              <CalendarClock aria-hidden="true" className="size-4" />
              {t('details.reschedule')}
            </Button>
          ) : null}
          {booking.canCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              <XCircle aria-hidden="true" className="size-4" />
              {t('details.cancel')}
            </Button>
          ) : null}
          {booking.canDecline ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                decline.mutate(booking.id, {
                  onSuccess: () => {
                    toast.success(t('toasts.declined'));
                    onDone();
                  },
                  onError: () => toast.error(t('errors.updateFailed')),
                })
              }
            >
              {t('pending.decline')}
            </Button>
          ) : null}
          {booking.canAccept ? (
            <Button
              disabled={busy}
              onClick={() =>
                accept.mutate(booking.id, {
                  onSuccess: () => {
                    toast.success(t('toasts.confirmed'));
                    onDone();
                  },
                  onError: () => toast.error(t('errors.updateFailed')),
                })
              }
            >
              {t('pending.accept')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Cancel: the fee is asked from the server and shown before the customer confirms (PRODUCT.md §2). */
function CancelView({ booking, onBack, onDone }: { booking: BookingDto; onBack: () => void; onDone: () => void }) {
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
                  toast.error(isApiError(error, 'CANCELLATION_NOT_ALLOWED') ? t('cancel.reasons.TOO_LATE_GENERIC') : t('errors.updateFailed')),
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

/** Reschedule: another start time of the same professional, 24 h or more ahead; same length (issue 5). */
function RescheduleView({ booking, onBack, onDone }: { booking: BookingDto; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const reschedule = useRescheduleBooking();
  const [now] = useState(() => new Date());
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = { date: useId(), time: useId() };
  const bounds = wizardDateBounds(now);
  const length = booking.durationMinutes;
  // The same length; starts whose end would pass midnight are not offered.
  const starts = WIZARD_START_TIMES.filter((s) => timeToMinutes(s) + length < 24 * 60);
  const endTime = startTime ? minutesToTime(timeToMinutes(startTime) + length) : '';
  const result = validateBookingWindow({ date, startTime, endTime }, { now, minLeadMinutes: RESCHEDULE_MIN_LEAD_MINUTES });
  const issues = submitted && !result.ok ? result.issues : [];
  const issueOf = (field: BookingWindowIssue['field']) => issues.find((i) => i.field === field || (field === 'startTime' && i.field === 'endTime'));
  const message = (issue: BookingWindowIssue | undefined) => (issue ? t(`schedule.errors.${issue.code}`, { ...issue.params }) : null);
  const dateIssue = issueOf('date');
  const timeIssue = issueOf('startTime');

  function submit() {
    setSubmitted(true);
    setServerError(null);
    if (!result.ok) return;
    reschedule.mutate(
      { id: booking.id, date, startTime, endTime },
      {
        onSuccess: () => {
          toast.success(t('toasts.rescheduled'));
          onDone();
        },
        onError: (error) =>
          setServerError(
            isApiError(error, 'NO_PROFESSIONAL_AVAILABLE') || isApiError(error, 'SLOT_TAKEN')
              ? t('errors.professionalUnavailable')
              : isApiError(error, 'RESCHEDULE_NOT_ALLOWED')
                ? t('reschedule.notAllowed')
                : t('errors.updateFailed'),
          ),
      },
    );
  }

  const field = (invalid: boolean) =>
    cn('min-h-12 w-full rounded-xl border bg-white px-3 text-base text-ink', invalid ? 'border-cancelled ring-1 ring-cancelled' : 'border-sand-500');

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold text-ink">{t('reschedule.title')}</h3>
      <p className="text-sm text-ink-muted">
        {t('reschedule.lead', { name: booking.professional.firstName, duration: formatDuration(length, language) })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.date} className="mb-1.5 block font-semibold text-ink">
            {t('schedule.date')}
          </label>
          <input
            id={ids.date}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={dateIssue ? true : undefined}
            aria-describedby={dateIssue ? `${ids.date}-error` : undefined}
            className={field(Boolean(dateIssue))}
          />
          {dateIssue ? (
            <p id={`${ids.date}-error`} className="mt-1 text-sm font-medium text-cancelled">
              {message(dateIssue)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.time} className="mb-1.5 block font-semibold text-ink">
            {t('schedule.startTime')}
          </label>
          <select
            id={ids.time}
            value={startTime}
            onChange={(e) => setStartTime(e.target.value)}
            aria-invalid={timeIssue ? true : undefined}
            aria-describedby={timeIssue ? `${ids.time}-error` : undefined}
            className={field(Boolean(timeIssue))}
          >
            <option value="">{t('schedule.chooseTime')}</option>
            {starts.map((s) => (
              <option key={s} value={s}>
                {s} – {minutesToTime(timeToMinutes(s) + length)}
              </option>
            ))}
          </select>
          {timeIssue ? (
            <p id={`${ids.time}-error`} className="mt-1 text-sm font-medium text-cancelled">
              {message(timeIssue)}
            </p>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-ink-muted">{t('reschedule.note', { name: booking.professional.firstName })}</p>
      {serverError ? (
        <p role="alert" className="rounded-xl bg-cancelled-soft p-3 text-sm font-medium text-cancelled">
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-sand-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={reschedule.isPending}>
          {t('actions.back')}
        </Button>
        <Button onClick={submit} disabled={reschedule.isPending}>
          {reschedule.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
          {t('reschedule.submit')}
        </Button>
      </div>
    </div>
  );
}
