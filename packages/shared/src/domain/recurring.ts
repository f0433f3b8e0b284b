/**
 * Recurring bookings (docs/recurring.md; PRODUCT.md "Recurring bookings"): a series repeats a booking
 * weekly, every 2 weeks or every 4 weeks with the same professional at the same Casablanca wall-clock
 * time, until a date, for a number of visits, or until cancelled. Each occurrence is a real booking,
 * created ahead on a rolling window and priced then, RECURRING_DISCOUNT_RATE off its service price.
 * Pure: dates are Casablanca calendar dates ('YYYY-MM-DD') and times 'HH:mm' (domain/time.ts).
 */
import { addDays, daysBetween, HOUR_MS, localDateOf, localToUtc, type LocalDate, type LocalTime } from './time';
import { percentOf, quote, type AddOnChoice, type Quote } from './pricing';

/** 10% off the service price of each occurrence; the service fee is computed on the discounted price. */
export const RECURRING_DISCOUNT_RATE = 0.1;
/** Occurrences are created (as bookings) this many days ahead, by a job that runs on one instance at a time. */
export const RECURRING_WINDOW_DAYS = 28;
/** The intervals a customer may choose, in weeks. */
export const RECURRING_INTERVALS = [1, 2, 4] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
/**
 * An occurrence is payable from its creation and must be paid this long before its start, else it is
 * cancelled as an unpaid hold (free: no money was taken). It is also the least lead time for creating one.
 */
export const RECURRING_PAYMENT_DEADLINE_HOURS = 24;
/** The most visits a count-limited series may have, and the furthest a date-limited one may end. */
export const RECURRING_MAX_COUNT = 52;
export const RECURRING_MAX_END_DAYS = 366;

export const SERIES_STATUSES = ['active', 'paused', 'cancelled', 'declined'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/**
 * What became of one occurrence: booked (a booking exists), skipped by the customer, unavailable (the
 * professional could not take it: the customer is told and offered another professional or a skip),
 * rebooked (with another professional, as a one-off booking), moved (the customer chose another start
 * before it was created: it is created at that start, and shown as planned until then).
 */
export const OCCURRENCE_STATES = ['booked', 'skipped', 'unavailable', 'rebooked', 'moved'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

/** Why the professional could not take an occurrence. */
export const UNAVAILABLE_REASONS = ['not_working', 'day_off', 'taken', 'suspended', 'declined'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export type SeriesEnd = { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'date'; date: LocalDate };

export interface SeriesSchedule {
  /** The Casablanca date of occurrence 0. */
  firstDate: LocalDate;
  /** The Casablanca wall-clock start time of every occurrence. */
  startTime: LocalTime;
  durationMinutes: number;
  intervalWeeks: RecurringInterval;
  end: SeriesEnd;
}

export interface PlannedOccurrence {
  /** 0-based position in the schedule (stable: skipping or moving one does not renumber the others). */
  seq: number;
  date: LocalDate;
  start: Date;
  end: Date;
}

export function isRecurringInterval(n: unknown): n is RecurringInterval {
  return (RECURRING_INTERVALS as readonly unknown[]).includes(n);
}

/** The Casablanca date of occurrence `seq`: the same weekday every interval, whatever the month or the clock. */
export function occurrenceDate(s: Pick<SeriesSchedule, 'firstDate' | 'intervalWeeks'>, seq: number): LocalDate {
  return addDays(s.firstDate, seq * 7 * s.intervalWeeks);
}

/** Whether occurrence `seq` (on `date`) is inside the series' end. */
export function withinEnd(end: SeriesEnd, seq: number, date: LocalDate): boolean {
  if (end.kind === 'count') return seq < end.count;
  if (end.kind === 'date') return date <= end.date;
  return true;
}

/** Occurrence `seq` with its instants: the wall-clock time resolved in Casablanca on its own date. */
export function plannedOccurrence(s: SeriesSchedule, seq: number, startTime: LocalTime = s.startTime): PlannedOccurrence {
  const date = occurrenceDate(s, seq);
  const start = localToUtc(date, startTime);
  return { seq, date, start, end: new Date(start.getTime() + s.durationMinutes * 60_000) };
}

/**
 * The occurrences whose start lies in (from, to], within the series' end, in order. The first is
 * found by arithmetic on dates, not by walking from occurrence 0, so an old series costs nothing.
 */
export function occurrencesBetween(s: SeriesSchedule, from: Date, to: Date): PlannedOccurrence[] {
  const step = 7 * s.intervalWeeks;
  const offset = daysBetween(s.firstDate, localDateOf(from));
  let seq = Math.max(0, Math.floor(offset / step) - 1);
  const out: PlannedOccurrence[] = [];
  for (let guard = 0; guard < 1000; guard++, seq++) {
    const o = plannedOccurrence(s, seq);
    if (!withinEnd(s.end, seq, o.date)) break;
    if (o.start.getTime() > to.getTime()) break;
    if (o.start.getTime() > from.getTime()) out.push(o);
  }
  return out;
}

/**
 * Which occurrences the rolling job creates at `now`: those starting more than the payment deadline
 * ahead (so a new one can still be paid) and at most RECURRING_WINDOW_DAYS ahead.
 */
export function dueForCreation(s: SeriesSchedule, now: Date): PlannedOccurrence[] {
  const from = new Date(now.getTime() + RECURRING_PAYMENT_DEADLINE_HOURS * HOUR_MS);
  const to = new Date(now.getTime() + RECURRING_WINDOW_DAYS * 24 * HOUR_MS);
  return occurrencesBetween(s, from, to);
}

/** When an occurrence must be paid by (then it is cancelled as an unpaid hold). */
export function paymentDeadline(start: Date): Date {
  return new Date(start.getTime() - RECURRING_PAYMENT_DEADLINE_HOURS * HOUR_MS);
}

/** The service price after the recurring discount: 10% off, rounded half up like every percentage. */
export function discountedServicePrice(servicePrice: number): number {
  return servicePrice - percentOf(servicePrice, RECURRING_DISCOUNT_RATE);
}

/** The label of a discounted service line (the web app shows its own translation by kind). */
export const RECURRING_LINE_SUFFIX = ' (recurring, 10% off)';

/**
 * An occurrence's price: the service price less the recurring discount, the add-ons as chosen, and the
 * service fee on (discounted service + add-ons) (domain/pricing.ts quote).
 */
export function recurringQuote(input: { servicePrice: number; serviceLabel?: string; addOns?: readonly AddOnChoice[] }): Quote & { discount: number } {
  const price = discountedServicePrice(input.servicePrice);
  const q = quote({ servicePrice: price, serviceLabel: `${input.serviceLabel ?? 'Service'}${RECURRING_LINE_SUFFIX}`, addOns: input.addOns });
  return { ...q, discount: input.servicePrice - price };
}

/** The first occurrence date of a series repeating a booking on `bookingDate`: one interval later. */
export function firstDateAfter(bookingDate: LocalDate, intervalWeeks: RecurringInterval): LocalDate {
  return addDays(bookingDate, 7 * intervalWeeks);
}

/** Whether an end is acceptable for a series starting on `firstDate` (the server's check). */
export function endError(end: SeriesEnd, firstDate: LocalDate): 'count' | 'date' | null {
  if (end.kind === 'count') return Number.isInteger(end.count) && end.count >= 1 && end.count <= RECURRING_MAX_COUNT ? null : 'count';
  if (end.kind === 'date') {
    const span = daysBetween(firstDate, end.date);
    return span >= 0 && span <= RECURRING_MAX_END_DAYS ? null : 'date';
  }
  return null;
}

/** The professional may decline a series until its first occurrence starts. */
export function canDeclineSeries(firstStart: Date, now: Date): boolean {
  return now.getTime() < firstStart.getTime();
}

/**
 * Whether a visit of a series is confirmed the moment its payment succeeds, without the professional's
 * accept that a one-off booking waits for: the professional agreed to the series (they may decline it
 * until its first visit starts, canDeclineSeries). Only a visit the series still counts as booked, of a
 * live series (active, or paused: visits already booked stay), still pending and still with the
 * series' professional (an admin may have given it to another, who agreed to nothing).
 */
export function confirmsOnPayment(v: {
  seriesStatus: SeriesStatus;
  occurrenceState: OccurrenceState;
  seriesProfessionalId: string;
  bookingProfessionalId: string | null;
  bookingStatus: string;
}): boolean {
  return (
    (v.seriesStatus === 'active' || v.seriesStatus === 'paused') &&
    v.occurrenceState === 'booked' &&
    v.bookingStatus === 'pending' &&
    v.bookingProfessionalId !== null &&
    v.bookingProfessionalId === v.seriesProfessionalId
  );
}

/** How far from its planned date a visit not created yet may be moved, in days (it stays between its neighbours). */
export const RECURRING_MOVE_MAX_DAYS = 6;

/**
 * Whether a visit not created yet may be moved to `to` at `now`: within RECURRING_MOVE_MAX_DAYS of its planned
 * date, and starting more than the payment deadline ahead (so that it can still be created and paid).
 */
export function moveError(planned: Pick<PlannedOccurrence, 'date'>, to: { date: LocalDate; start: Date }, now: Date): 'date' | 'tooSoon' | null {
  if (Math.abs(daysBetween(planned.date, to.date)) > RECURRING_MOVE_MAX_DAYS) return 'date';
  if (to.start.getTime() <= now.getTime() + RECURRING_PAYMENT_DEADLINE_HOURS * HOUR_MS) return 'tooSoon';
  return null;
}

/** Whether a visit moved to `start` is created at `now`: the window of dueForCreation, by its moved start. */
export function movedDueForCreation(start: Date, now: Date): boolean {
  const t = start.getTime() - now.getTime();
  return t > RECURRING_PAYMENT_DEADLINE_HOURS * HOUR_MS && t <= RECURRING_WINDOW_DAYS * 24 * HOUR_MS;
}

/**
 * Why a customer may not repeat a booking as a recurring series now, or null (POST /api/recurring/series answers
 * 409; the booking's `canRepeat`). `series` is the server's link of the booking: the series it is a visit of, else
 * the live one repeating it. A wizard Repeat still waiting for the booking's payment repeats it already: the
 * series is made when the payment succeeds.
 */
export function repeatRefusal(b: {
  status: string;
  paymentStatus: string;
  repeatIntervalWeeks: number | null;
  series: { role: 'visit' | 'repeats' } | null;
}): 'cancelled' | 'visit' | 'repeated' | null {
  if (b.status === 'cancelled') return 'cancelled';
  if (b.series?.role === 'visit') return 'visit';
  if (b.series?.role === 'repeats') return 'repeated';
  if (b.repeatIntervalWeeks !== null && (b.paymentStatus === 'pending' || b.paymentStatus === 'failed')) return 'repeated';
  return null;
}

export const RECURRING_MESSAGES = {
  notFound: 'Recurring booking not found',
  notRepeatable: 'This booking cannot be repeated.',
  alreadyRepeating: 'This booking is already repeated by a recurring booking.',
  isVisit: 'This booking is a visit of a recurring booking: it repeats already.',
  ended: 'This recurring booking has ended.',
  endCount: `Choose between 1 and ${RECURRING_MAX_COUNT} visits`,
  endDate: 'Choose an end date after the first visit, within a year',
  declineTooLate: 'The first visit has started: the recurring booking can no longer be declined.',
  occurrenceNotFound: 'This visit is not part of the recurring booking.',
  occurrenceDone: 'This visit can no longer be changed.',
  notUnavailable: 'This visit has a professional.',
  hourlyNoOther: 'Only the same professional can take an hourly booking: skip this visit instead.',
  moveDate: `Choose a date within ${RECURRING_MOVE_MAX_DAYS} days of the planned one`,
  moveTooSoon: `Choose a time more than ${RECURRING_PAYMENT_DEADLINE_HOURS} hours ahead`,
  moveBooked: 'This visit is booked already: move it from its booking.',
} as const;
