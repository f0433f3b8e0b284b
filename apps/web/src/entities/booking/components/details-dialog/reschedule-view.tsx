import { updateFailedMessage } from '../../booking-text';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { minutesToTime, RESCHEDULE_MIN_LEAD_MINUTES, timeToMinutes, validateBookingWindow, type BookingWindowIssue } from '@khedma/shared';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { isApiError } from '../../../../lib/api';
import { formatDuration, formatLocalDate } from '../../../../lib/format';
import { useLanguage } from '../../../../lib/localized';
import { toast } from '../../../../lib/toast';
import { useTranslation } from '../../../../lib/use-translation';
import { useRescheduleBooking, useRescheduleOptions, type BookingDto } from '../../api';

/**
 * Reschedule: another start time of the same professional, 24 h or more ahead; same length (issue 5).
 * Only the days and times the server offers (its rules, the professional's availability, days off and
 * other bookings: GET reschedule-options; issue 22) can be chosen; the move itself checks them again.
 */
export function RescheduleView({ booking, onBack, onDone }: { booking: BookingDto; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const reschedule = useRescheduleBooking();
  const [now] = useState(() => new Date());
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = { date: useId(), time: useId() };
  const options = useRescheduleOptions(booking.id);
  const length = options.data?.durationMinutes ?? booking.durationMinutes;
  const days = (options.data?.days ?? []).filter((d) => d.startTimes.length > 0);
  const starts = days.find((d) => d.date === date)?.startTimes ?? [];
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
        onError: (error) => {
          // Taken meanwhile: the offered times are read again.
          void options.refetch();
          setServerError(
            isApiError(error, 'NO_PROFESSIONAL_AVAILABLE') || isApiError(error, 'SLOT_TAKEN')
              ? t('errors.professionalUnavailable')
              : isApiError(error, 'RESCHEDULE_NOT_ALLOWED')
                ? t('reschedule.notAllowed')
                : updateFailedMessage(error, t),
          );
        },
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
      {options.isPending ? (
        <p role="status" className="flex items-center gap-2 text-ink-muted">
          <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t('reschedule.loading')}
        </p>
      ) : options.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-cancelled-soft p-3 text-sm text-cancelled">
          <p className="font-medium">
            {isApiError(options.error, 'RESCHEDULE_NOT_ALLOWED') ? t('reschedule.notAllowed') : t('reschedule.loadFailed')}
          </p>
          {isApiError(options.error, 'RESCHEDULE_NOT_ALLOWED') ? null : (
            <Button variant="secondary" onClick={() => void options.refetch()}>
              {tc('common.retry')}
            </Button>
          )}
        </div>
      ) : days.length === 0 ? (
        <p role="status" className="rounded-xl bg-sand-100 p-3 text-sm text-ink">
          {t('reschedule.noTimes', { name: booking.professional.firstName })}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <p className="text-sm text-ink-muted sm:col-span-2">{t('reschedule.freeTimesHint', { name: booking.professional.firstName })}</p>
          <div>
            <label htmlFor={ids.date} className="mb-1.5 block font-semibold text-ink">
              {t('schedule.date')}
            </label>
            <select
              id={ids.date}
              value={date}
              onChange={(e) => {
                const next = e.target.value;
                setDate(next);
                // A time the new day does not offer is cleared.
                if (!days.find((d) => d.date === next)?.startTimes.includes(startTime)) setStartTime('');
              }}
              aria-invalid={dateIssue ? true : undefined}
              aria-describedby={dateIssue ? `${ids.date}-error` : undefined}
              className={field(Boolean(dateIssue))}
            >
              <option value="">{t('reschedule.chooseDate')}</option>
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {formatLocalDate(d.date, language, 'full')}
                </option>
              ))}
            </select>
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
              disabled={!date}
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
      )}
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
        <Button onClick={submit} disabled={reschedule.isPending || days.length === 0}>
          {reschedule.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
          {t('reschedule.submit')}
        </Button>
      </div>
    </div>
  );
}
