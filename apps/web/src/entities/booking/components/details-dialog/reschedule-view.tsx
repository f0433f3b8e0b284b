import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  minutesToTime,
  RESCHEDULE_MIN_LEAD_MINUTES,
  timeToMinutes,
  validateBookingWindow,
  wizardDateBounds,
  WIZARD_START_TIMES,
  type BookingWindowIssue,
} from '@khedma/shared';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { isApiError } from '../../../../lib/api';
import { formatDuration } from '../../../../lib/format';
import { useLanguage } from '../../../../lib/localized';
import { toast } from '../../../../lib/toast';
import { useTranslation } from '../../../../lib/use-translation';
import { useRescheduleBooking, type BookingDto } from '../../api';

/** Reschedule: another start time of the same professional, 24 h or more ahead; same length (issue 5). */
export function RescheduleView({ booking, onBack, onDone }: { booking: BookingDto; onBack: () => void; onDone: () => void }) {
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
