import { CalendarDays, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  isLocalDate,
  minutesToTime,
  timeToMinutes,
  validateBookingWindow,
  wizardDateBounds,
  WIZARD_START_TIMES,
  type BookingWindowIssue,
  type LocalTime,
} from '@khedma/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDate, formatDuration } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/localized';
import { ActionBar } from '../components/action-bar';
import { StepHeading } from './step-parts';

/** End-time choices: every half hour after the first start time, to the end of the day. */
export const END_TIME_CHOICES: readonly LocalTime[] = (() => {
  const out: LocalTime[] = [];
  for (let m = timeToMinutes(WIZARD_START_TIMES[0]!) + 30; m < 24 * 60; m += 30) out.push(minutesToTime(m));
  return out;
})();

/** A Casablanca calendar date ('YYYY-MM-DD') in words; noon UTC is the same calendar day in Casablanca. */
export function formatLocalDate(date: string, language: Language): string {
  return formatDate(`${date}T12:00:00Z`, language, 'full');
}

export type ScheduleErrors = Partial<Record<'date' | 'startTime' | 'endTime', BookingWindowIssue>>;

/** The first issue of each field (what the form shows under it). */
export function issuesByField(issues: readonly BookingWindowIssue[]): ScheduleErrors {
  const out: ScheduleErrors = {};
  for (const issue of issues) {
    if (issue.field === 'durationHours') continue;
    out[issue.field] ??= issue;
  }
  return out;
}

const fieldClass = (invalid: boolean) =>
  cn(
    'min-h-12 w-full rounded-xl border bg-white px-3 text-base text-ink',
    invalid ? 'border-cancelled ring-1 ring-cancelled' : 'border-sand-500',
  );

/** Step 3: the date (tomorrow to 30 days ahead) and the start and end times (docs/bookings.md, every message). */
export function ScheduleStep({
  date,
  startTime,
  endTime,
  now,
  onDate,
  onStartTime,
  onEndTime,
  onBack,
  onContinue,
}: {
  date: string;
  startTime: string;
  endTime: string;
  now: Date;
  onDate: (date: string) => void;
  onStartTime: (time: LocalTime | '') => void;
  onEndTime: (time: LocalTime | '') => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const bounds = wizardDateBounds(now);
  const [submitted, setSubmitted] = useState(false);
  const ids = { date: useId(), start: useId(), end: useId() };
  const result = validateBookingWindow({ date, startTime, endTime }, { now });
  const errors = submitted && !result.ok ? issuesByField(result.issues) : {};
  const message = (issue: BookingWindowIssue | undefined) => (issue ? t(`schedule.errors.${issue.code}`, { ...issue.params }) : null);
  const minutes = startTime && endTime ? timeToMinutes(endTime) - timeToMinutes(startTime) : 0;

  function submit() {
    setSubmitted(true);
    if (result.ok) onContinue();
    else document.getElementById(ids[result.issues[0]!.field === 'startTime' ? 'start' : result.issues[0]!.field === 'endTime' ? 'end' : 'date'])?.focus();
  }

  return (
    <section aria-labelledby="wizard-step-heading" className="space-y-5">
      <StepHeading title={t('wizard.schedule.title')} lead={t('wizard.schedule.lead')} />
      <div className="grid gap-5 rounded-card border border-sand-200 bg-white p-4 md:grid-cols-3 md:p-6">
        <div className="md:col-span-3">
          <label htmlFor={ids.date} className="mb-1.5 flex items-center gap-2 font-semibold text-ink">
            <CalendarDays aria-hidden="true" className="size-5 text-primary-600" />
            {t('schedule.date')}
          </label>
          <input
            id={ids.date}
            type="date"
            value={date}
            min={bounds.min}
            max={bounds.max}
            onChange={(e) => onDate(e.target.value)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={`${ids.date}-hint${errors.date ? ` ${ids.date}-error` : ''}`}
            className={fieldClass(Boolean(errors.date))}
          />
          <p id={`${ids.date}-hint`} className="mt-1 text-sm text-ink-muted">
            {/* The native picker shows the browser's date format: say the chosen day in the reader's language. */}
            {isLocalDate(date) ? <span className="me-2 font-semibold text-ink">{formatLocalDate(date, language)}</span> : null}
            {t('schedule.dateHint')}
          </p>
          {errors.date ? (
            <p id={`${ids.date}-error`} className="mt-1 text-sm font-medium text-cancelled">
              {message(errors.date)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.start} className="mb-1.5 flex items-center gap-2 font-semibold text-ink">
            <Clock aria-hidden="true" className="size-5 text-primary-600" />
            {t('schedule.startTime')}
          </label>
          <select
            id={ids.start}
            value={startTime}
            onChange={(e) => onStartTime(e.target.value as LocalTime | '')}
            aria-invalid={errors.startTime ? true : undefined}
            aria-describedby={errors.startTime ? `${ids.start}-error` : undefined}
            className={fieldClass(Boolean(errors.startTime))}
          >
            <option value="">{t('schedule.chooseTime')}</option>
            {WIZARD_START_TIMES.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
          {errors.startTime ? (
            <p id={`${ids.start}-error`} className="mt-1 text-sm font-medium text-cancelled">
              {message(errors.startTime)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.end} className="mb-1.5 flex items-center gap-2 font-semibold text-ink">
            <Clock aria-hidden="true" className="size-5 text-primary-600" />
            {t('schedule.endTime')}
          </label>
          <select
            id={ids.end}
            value={endTime}
            onChange={(e) => onEndTime(e.target.value as LocalTime | '')}
            aria-invalid={errors.endTime ? true : undefined}
            aria-describedby={errors.endTime ? `${ids.end}-error` : undefined}
            className={fieldClass(Boolean(errors.endTime))}
          >
            <option value="">{t('schedule.chooseTime')}</option>
            {END_TIME_CHOICES.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
          {errors.endTime ? (
            <p id={`${ids.end}-error`} className="mt-1 text-sm font-medium text-cancelled">
              {message(errors.endTime)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col justify-end">
          <p className="rounded-xl bg-sand-100 px-3 py-3 text-sm text-ink" aria-live="polite">
            <span className="text-ink-muted">{t('schedule.duration')} </span>
            <span className="font-semibold">{minutes > 0 ? formatDuration(minutes, language) : '–'}</span>
          </p>
        </div>
      </div>
      <ActionBar>
        <Button variant="secondary" size="lg" onClick={onBack}>
          {t('actions.back')}
        </Button>
        <Button size="lg" onClick={submit}>
          {t('actions.continue')}
        </Button>
      </ActionBar>
    </section>
  );
}
