/**
 * When a booking may take place: the wizard's date and time rules, the professional page's slots and
 * durations, the booking horizon, and a professional's weekly availability (docs/bookings.md;
 * docs/bookings.md booking horizon). Every rule is read on the Casablanca calendar and clock.
 *
 * The validators return every problem as a code (for the web app to translate), the field it belongs
 * to, and the exact English copy of docs/bookings.md where the spec has one.
 */
import { isoToWeekday, WEEKDAYS, type IsoWeekday, type Weekday, addDays, HOUR_MS, isLocalDate, isLocalTime, localDateOf, localToUtc, MINUTE_MS, MINUTES_PER_DAY, minutesToTime, timeToMinutes, toLocal, type LocalDate, type LocalTime } from './time';

/** professional_availability.slot. allDay clears the other slots of the day and vice versa. */
export const AVAILABILITY_SLOTS = ['morning', 'afternoon', 'evening', 'allDay'] as const;
export type AvailabilitySlot = (typeof AVAILABILITY_SLOTS)[number];
/** Hours of each slot, local time (Africa/Casablanca), end exclusive; 24 = midnight. */
export const AVAILABILITY_SLOT_HOURS: Readonly<Record<AvailabilitySlot, { start: number; end: number }>> = {
  morning: { start: 6, end: 12 },
  afternoon: { start: 12, end: 18 },
  evening: { start: 18, end: 24 },
  allDay: { start: 6, end: 24 },
};
/** Booking durations and times (docs/bookings.md). */
export const BOOKING_RULES = {
  minDurationMinutes: 30,
  maxDurationMinutes: 8 * 60,
  durationChoicesHours: [1, 2, 3, 4, 6, 8],
  defaultDurationMinutes: 60,
  /** Wizard start times: 08:00 to 18:30 every 30 minutes. */
  firstStartTime: '08:00',
  lastStartTime: '18:30',
  startTimeStepMinutes: 30,
  /** Professional page time slots. */
  proPageSlots: ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'],
  /** Bookings up to this many days ahead. */
  horizonDays: 30,
  /** The professional page allows today when the slot is at least this far away. */
  sameDayMinLeadHours: 2,
} as const;

// ---------------------------------------------------------------------------------------------
// Time and duration choices
// ---------------------------------------------------------------------------------------------

function timesEvery(first: LocalTime, last: LocalTime, stepMinutes: number): LocalTime[] {
  const out: LocalTime[] = [];
  for (let m = timeToMinutes(first); m <= timeToMinutes(last); m += stepMinutes) out.push(minutesToTime(m));
  return out;
}

/** Wizard start times: 08:00 to 18:30 every 30 minutes (22 choices). */
export const WIZARD_START_TIMES: readonly LocalTime[] = Object.freeze(
  timesEvery(BOOKING_RULES.firstStartTime, BOOKING_RULES.lastStartTime, BOOKING_RULES.startTimeStepMinutes),
);

/** Professional page time slots (09:00-12:00 and 14:00-17:00, a lunch break between). */
export const PRO_PAGE_TIMES: readonly LocalTime[] = BOOKING_RULES.proPageSlots;

/** /booking duration choices in hours. */
export const DURATION_CHOICES_HOURS: readonly number[] = BOOKING_RULES.durationChoicesHours;

/** /booking duration preselected in the form (docs/bookings.md Booking page). */
// TODO(lead): move to constants.ts (BOOKING_RULES.defaultDurationChoiceHours).
export const DEFAULT_DURATION_HOURS = 2;

/** The wizard preselects an end time one hour after the start (docs/bookings.md). */
export function defaultEndTime(startTime: LocalTime): LocalTime {
  return minutesToTime(Math.min(timeToMinutes(startTime) + BOOKING_RULES.defaultDurationMinutes, MINUTES_PER_DAY - 1));
}

/**
 * End-time choices for a start time: every 30 minutes from start + 30 min to start + 8 h, on the same
 * day (the wizard books one calendar day; the latest start 18:30 still reaches 02:30 only on paper).
 */
export function wizardEndTimes(startTime: LocalTime): LocalTime[] {
  const start = timeToMinutes(startTime);
  const out: LocalTime[] = [];
  for (
    let m = start + BOOKING_RULES.minDurationMinutes;
    m <= start + BOOKING_RULES.maxDurationMinutes && m < MINUTES_PER_DAY;
    m += BOOKING_RULES.startTimeStepMinutes
  ) {
    out.push(minutesToTime(m));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Booking horizon
// ---------------------------------------------------------------------------------------------

/** First and last bookable Casablanca dates, inclusive; the date pickers' min and max. */
export interface DateBounds {
  min: LocalDate;
  max: LocalDate;
}

/**
 * The wizard books from tomorrow up to 30 days ahead (docs/bookings.md). "Today" is the Casablanca
 * date, not the server's or the browser's.
 */
export function wizardDateBounds(now: Date): DateBounds {
  const today = localDateOf(now);
  return { min: addDays(today, 1), max: addDays(today, BOOKING_RULES.horizonDays) };
}

/** The professional page also allows today, for slots still at least 2 h away. */
export function proPageDateBounds(now: Date): DateBounds {
  const today = localDateOf(now);
  return { min: today, max: addDays(today, BOOKING_RULES.horizonDays) };
}

/** The professional page's slots on a date, each marked bookable when at least 2 h away. */
export function proPageTimeOptions(date: LocalDate, now: Date): Array<{ time: LocalTime; available: boolean }> {
  const bounds = proPageDateBounds(now);
  const inRange = isLocalDate(date) && date >= bounds.min && date <= bounds.max;
  return PRO_PAGE_TIMES.map((time) => ({
    time,
    available: inRange && localToUtc(date, time).getTime() - now.getTime() >= BOOKING_RULES.sameDayMinLeadHours * HOUR_MS,
  }));
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/**
 * English copy per code. The first six are docs/bookings.md word for word; the others cover rules the spec
 * states without a message (grid times, horizon, lead time, end before start). `{hours}` and `{days}`
 * are filled from the issue's params.
 */
export const BOOKING_WINDOW_MESSAGES = {
  DATE_REQUIRED: 'Please select a date',
  START_TIME_REQUIRED: 'Please select a start time',
  END_TIME_REQUIRED: 'Please select an end time',
  DURATION_TOO_SHORT: 'Minimum booking duration is 30 minutes',
  DURATION_TOO_LONG: 'Maximum booking duration is 8 hours',
  NOT_IN_FUTURE: 'Please select a future date and time',
  INVALID_DATE: 'Please select a date',
  INVALID_START_TIME: 'Please select a start time',
  INVALID_END_TIME: 'Please select an end time',
  END_BEFORE_START: 'End time must be after the start time',
  DATE_TOO_FAR: 'Please select a date within the next {days} days',
  TOO_SOON: 'Please select a time at least {hours} hours from now',
  INVALID_DURATION: 'Please select a duration',
} as const;
export type BookingWindowErrorCode = keyof typeof BOOKING_WINDOW_MESSAGES;

export type BookingWindowField = 'date' | 'startTime' | 'endTime' | 'durationHours';

export interface BookingWindowIssue {
  field: BookingWindowField;
  code: BookingWindowErrorCode;
  /** English copy, params filled in. */
  message: string;
  params?: { hours?: number; days?: number };
}

/** A validated booking time: the Casablanca wall-clock choice and the UTC instants stored. */
export interface BookingWindow {
  date: LocalDate;
  startTime: LocalTime;
  /** Casablanca wall-clock end; on the professional page it may fall on the next day. */
  endDate: LocalDate;
  endTime: LocalTime;
  start: Date;
  end: Date;
  /** Real elapsed minutes between the instants. */
  durationMinutes: number;
}

export type BookingWindowResult = { ok: true; value: BookingWindow } | { ok: false; issues: BookingWindowIssue[] };

function issue(field: BookingWindowField, code: BookingWindowErrorCode, params?: BookingWindowIssue['params']): BookingWindowIssue {
  let message: string = BOOKING_WINDOW_MESSAGES[code];
  if (params?.hours !== undefined) message = message.replace('{hours}', String(params.hours));
  if (params?.days !== undefined) message = message.replace('{days}', String(params.days));
  return params ? { field, code, message, params } : { field, code, message };
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Date checks shared by both forms: not before `bounds.min` (else "Please select a future date and
 * time"), not after the 30-day horizon.
 */
function checkDateInBounds(date: LocalDate, bounds: DateBounds, issues: BookingWindowIssue[]): void {
  if (date < bounds.min) issues.push(issue('date', 'NOT_IN_FUTURE'));
  else if (date > bounds.max) issues.push(issue('date', 'DATE_TOO_FAR', { days: BOOKING_RULES.horizonDays }));
}

export interface WizardWindowInput {
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
}

/**
 * The wizard's date and time step (docs/bookings.md): date from tomorrow to 30 days ahead, a start time on the
 * 08:00-18:30 half-hour grid, an end time after it, 30 minutes to 8 hours long.
 *
 * `minLeadMinutes` adds a minimum distance between `now` and the start: the reschedule rule (24 h)
 * uses it; the wizard itself needs none since tomorrow is always in the future.
 */
export function validateBookingWindow(
  input: WizardWindowInput,
  options: { now: Date; minLeadMinutes?: number },
): BookingWindowResult {
  const { now, minLeadMinutes = 0 } = options;
  const issues: BookingWindowIssue[] = [];
  const { date, startTime, endTime } = input;

  const dateOk = isLocalDate(date);
  if (isBlank(date)) issues.push(issue('date', 'DATE_REQUIRED'));
  else if (!dateOk) issues.push(issue('date', 'INVALID_DATE'));

  const startOk = isLocalTime(startTime) && WIZARD_START_TIMES.includes(startTime);
  if (isBlank(startTime)) issues.push(issue('startTime', 'START_TIME_REQUIRED'));
  else if (!startOk) issues.push(issue('startTime', 'INVALID_START_TIME'));

  const endOk = isLocalTime(endTime);
  if (isBlank(endTime)) issues.push(issue('endTime', 'END_TIME_REQUIRED'));
  else if (!endOk) issues.push(issue('endTime', 'INVALID_END_TIME'));

  if (dateOk) checkDateInBounds(date, wizardDateBounds(now), issues);

  let start: Date | undefined;
  if (dateOk && startOk) {
    start = localToUtc(date, startTime);
    if (!issues.some((i) => i.field === 'date')) {
      if (start.getTime() <= now.getTime()) issues.push(issue('date', 'NOT_IN_FUTURE'));
      else if (start.getTime() - now.getTime() < minLeadMinutes * MINUTE_MS) {
        issues.push(issue('startTime', 'TOO_SOON', { hours: minLeadMinutes / 60 }));
      }
    }
  }

  let end: Date | undefined;
  if (startOk && endOk) {
    if (timeToMinutes(endTime) <= timeToMinutes(startTime)) {
      issues.push(issue('endTime', 'END_BEFORE_START'));
    } else if (dateOk) {
      end = localToUtc(date, endTime);
      const minutes = (end.getTime() - start!.getTime()) / MINUTE_MS;
      if (minutes < BOOKING_RULES.minDurationMinutes) issues.push(issue('endTime', 'DURATION_TOO_SHORT'));
      else if (minutes > BOOKING_RULES.maxDurationMinutes) issues.push(issue('endTime', 'DURATION_TOO_LONG'));
    } else {
      // No date to place the times on: check the wall-clock length so the form still says it.
      const minutes = timeToMinutes(endTime) - timeToMinutes(startTime);
      if (minutes < BOOKING_RULES.minDurationMinutes) issues.push(issue('endTime', 'DURATION_TOO_SHORT'));
      else if (minutes > BOOKING_RULES.maxDurationMinutes) issues.push(issue('endTime', 'DURATION_TOO_LONG'));
    }
  }

  if (issues.length > 0 || !start || !end) return { ok: false, issues };
  return {
    ok: true,
    value: {
      date: date as LocalDate,
      startTime: startTime as LocalTime,
      endDate: date as LocalDate,
      endTime: endTime as LocalTime,
      start,
      end,
      durationMinutes: Math.round((end.getTime() - start.getTime()) / MINUTE_MS),
    },
  };
}

export interface ProPageWindowInput {
  date?: string | null;
  time?: string | null;
  /** One of 1, 2, 3, 4, 6, 8; missing means the default 2. */
  durationHours?: number | null;
}

/**
 * The professional page and /booking form: a date from today to 30 days ahead, one of the eight
 * slots at least 2 h away, and a duration choice. The end is start + hours of real time (a 2-hour job
 * lasts two hours even on the night the clocks change), and may fall after midnight.
 */
export function validateProPageBooking(input: ProPageWindowInput, options: { now: Date }): BookingWindowResult {
  const { now } = options;
  const issues: BookingWindowIssue[] = [];
  const { date, time } = input;
  const hours = isBlank(input.durationHours) ? DEFAULT_DURATION_HOURS : input.durationHours!;

  const dateOk = isLocalDate(date);
  if (isBlank(date)) issues.push(issue('date', 'DATE_REQUIRED'));
  else if (!dateOk) issues.push(issue('date', 'INVALID_DATE'));

  const timeOk = isLocalTime(time) && PRO_PAGE_TIMES.includes(time);
  if (isBlank(time)) issues.push(issue('startTime', 'START_TIME_REQUIRED'));
  else if (!timeOk) issues.push(issue('startTime', 'INVALID_START_TIME'));

  const hoursOk = DURATION_CHOICES_HOURS.includes(hours);
  if (!hoursOk) issues.push(issue('durationHours', 'INVALID_DURATION'));

  if (dateOk) checkDateInBounds(date, proPageDateBounds(now), issues);

  let start: Date | undefined;
  if (dateOk && timeOk) {
    start = localToUtc(date, time);
    if (!issues.some((i) => i.field === 'date')) {
      const lead = start.getTime() - now.getTime();
      if (lead <= 0) issues.push(issue('date', 'NOT_IN_FUTURE'));
      else if (lead < BOOKING_RULES.sameDayMinLeadHours * HOUR_MS) {
        issues.push(issue('startTime', 'TOO_SOON', { hours: BOOKING_RULES.sameDayMinLeadHours }));
      }
    }
  }

  if (issues.length > 0 || !start) return { ok: false, issues };
  const end = new Date(start.getTime() + hours * HOUR_MS);
  const endLocal = toLocal(end);
  return {
    ok: true,
    value: {
      date: date as LocalDate,
      startTime: time as LocalTime,
      endDate: endLocal.date,
      endTime: endLocal.time,
      start,
      end,
      durationMinutes: hours * 60,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Weekly availability
// ---------------------------------------------------------------------------------------------

/** The slots a professional ticked for one weekday. */
export type DayAvailability = readonly AvailabilitySlot[];
/** Ticked slots per weekday; a missing day has none. */
export type WeeklyAvailability = Partial<Record<Weekday, DayAvailability>>;
/** The onboarding form's shape: a flag per slot per weekday (docs/bookings.md Availability). */
export type AvailabilityFlags = Partial<Record<Weekday, Partial<Record<AvailabilitySlot, boolean>>>>;

const inSlotOrder = (slots: Iterable<AvailabilitySlot>): AvailabilitySlot[] => {
  const set = new Set(slots);
  return AVAILABILITY_SLOTS.filter((s) => set.has(s));
};

/**
 * Ticking or unticking one slot of a day (docs/bookings.md): choosing allDay clears the other slots of the
 * day, and choosing another slot clears allDay, so a day is either "all day" or a set of parts.
 * Unticking only removes that slot.
 */
export function toggleAvailabilitySlot(day: DayAvailability, slot: AvailabilitySlot): AvailabilitySlot[] {
  if (day.includes(slot)) return inSlotOrder(day.filter((s) => s !== slot));
  if (slot === 'allDay') return ['allDay'];
  return inSlotOrder([...day.filter((s) => s !== 'allDay'), slot]);
}

/** `toggleAvailabilitySlot` applied to one day of the week; other days are untouched. */
export function toggleWeeklyAvailability(week: WeeklyAvailability, weekday: Weekday, slot: AvailabilitySlot): WeeklyAvailability {
  return { ...week, [weekday]: toggleAvailabilitySlot(week[weekday] ?? [], slot) };
}

/** Flags (onboarding form) to slot lists, dropping unticked slots. */
export function availabilityFromFlags(flags: AvailabilityFlags): WeeklyAvailability {
  const week: WeeklyAvailability = {};
  for (const day of WEEKDAYS) {
    const slots = inSlotOrder(AVAILABILITY_SLOTS.filter((s) => flags[day]?.[s] === true));
    if (slots.length > 0) week[day] = slots;
  }
  return week;
}

/** Onboarding requires at least one slot in the week (docs/bookings.md). */
export function hasAnyAvailability(week: WeeklyAvailability): boolean {
  return WEEKDAYS.some((d) => (week[d]?.length ?? 0) > 0);
}

/** A span of local minutes since midnight, end exclusive; 1440 is the following midnight. */
export interface MinuteInterval {
  start: number;
  end: number;
}

/**
 * The hours a day's slots cover, merged: morning + afternoon is one 06:00-18:00 interval, so a
 * booking from 11:00 to 13:00 fits; allDay is 06:00-24:00.
 */
export function availableIntervals(day: DayAvailability): MinuteInterval[] {
  const raw = inSlotOrder(day)
    .map((s) => ({ start: AVAILABILITY_SLOT_HOURS[s].start * 60, end: AVAILABILITY_SLOT_HOURS[s].end * 60 }))
    .sort((a, b) => a.start - b.start);
  const merged: MinuteInterval[] = [];
  for (const iv of raw) {
    const last = merged[merged.length - 1];
    if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
    else merged.push({ ...iv });
  }
  return merged;
}

/** Where a booking sits on the Casablanca clock: one weekday, minutes since that day's midnight. */
export interface LocalDaySpan {
  date: LocalDate;
  weekday: IsoWeekday;
  startMinutes: number;
  /** Up to 1440 when the booking ends exactly at midnight. */
  endMinutes: number;
}

/**
 * The local day and minutes of a booking, or null when it runs past midnight (no availability slot
 * does, since every slot ends by 24:00) or is empty. The repository can filter candidates with it.
 */
export function localDaySpan(start: Date, end: Date): LocalDaySpan | null {
  if (!(end.getTime() > start.getTime())) return null;
  const s = toLocal(start);
  const e = toLocal(end);
  let endMinutes: number;
  if (e.date === s.date) endMinutes = e.minutes;
  else if (e.date === addDays(s.date, 1) && e.minutes === 0) endMinutes = MINUTES_PER_DAY;
  else return null;
  return { date: s.date, weekday: s.weekday, startMinutes: s.minutes, endMinutes };
}

/**
 * Whether a booking fits inside the professional's availability for that Casablanca weekday
 * (docs/bookings.md assignment). It must lie entirely inside one merged interval: consecutive slots
 * join (morning + afternoon covers 11:00-13:00), a gap does not (morning + evening does not cover
 * 11:00-19:00).
 */
export function isWithinAvailability(week: WeeklyAvailability, start: Date, end: Date): boolean {
  const span = localDaySpan(start, end);
  if (!span) return false;
  const day = week[isoToWeekday(span.weekday)] ?? [];
  return availableIntervals(day).some((iv) => iv.start <= span.startMinutes && span.endMinutes <= iv.end);
}
