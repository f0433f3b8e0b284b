/**
 * Wall-clock time in Africa/Casablanca from the time-zone rules the product ships (decision 0016).
 *
 * Bookings are stored as UTC instants and shown and validated in Casablanca time (issue 5). Offsets are
 * never hard-coded and never read from the runtime's `Intl`: Node and browsers carry whatever IANA
 * release they were built with (Node 20.20 has 2025c, which still has Morocco at UTC+1), and Morocco
 * changes its clocks at short notice. They come from tz-rules.generated.ts, made from the IANA data of
 * the moment-timezone package (issue 20). With IANA 2026d and later the recent switches are:
 *
 *   2026-02-15 03:00 +01 -> 02:00 +00 (Ramadan; clocks go back: 02:00-02:59 happens twice)
 *   2026-03-22 02:00 +00 -> 03:00 +01 (clocks go forward: 02:00-02:59 does not exist)
 *   2026-09-20 02:00 +01 -> 01:00 +00 (Morocco's standard time becomes UTC+0: 01:00-01:59 twice)
 *
 * and no switch after that. Every business time (start times 08:00-18:30, availability 06:00-24:00) is
 * outside the switch hours, but the conversion still resolves them deterministically (see `localToUtc`).
 *
 * Local dates are 'YYYY-MM-DD' strings and local times 'HH:mm' strings, the shapes the forms send.
 */

import { TZ_RULES } from './tz-rules.generated';

/** Weekdays in ISO order; the database stores the ISO number (1 = Monday ... 7 = Sunday). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const weekdayToIso = (day: Weekday) => (WEEKDAYS.indexOf(day) + 1) as IsoWeekday;
export const isoToWeekday = (iso: IsoWeekday): Weekday => WEEKDAYS[iso - 1]!;
/** Time zone in which booking times and availability slots are read. */
export const BUSINESS_TIME_ZONE = 'Africa/Casablanca';

export { TZ_DATA_VERSION } from './tz-rules.generated';

/** A calendar date 'YYYY-MM-DD' (no time zone). */
export type LocalDate = string;
/** A wall-clock time 'HH:mm', 00:00-23:59. */
export type LocalTime = string;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const MINUTES_PER_DAY = 24 * 60;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The years of the dates the product takes from a caller (`isLocalDate`). The last is 9998, not 9999:
 * the server does day arithmetic on a date a caller sends (the day after a filter's last day, the two
 * days a professional page's slots may reach into), and the result must still be a date the functions
 * here read (four-digit years, to 9999). With 9999 allowed, 9999-12-31 plus a day was year 10000,
 * which they refuse: a 500 for a bad input.
 */
export const LOCAL_DATE_YEARS = { min: 1970, max: 9998 } as const;
/** The last year the date functions here read (a result of arithmetic on a date of LOCAL_DATE_YEARS). */
const LAST_READABLE_YEAR = 9999;

function isCalendarDate(value: unknown, lastYear: number): value is LocalDate {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < LOCAL_DATE_YEARS.min || y > lastYear) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** True for a real calendar date written 'YYYY-MM-DD' (rejects 2026-02-30, 2026-2-3) in LOCAL_DATE_YEARS. */
export function isLocalDate(value: unknown): value is LocalDate {
  return isCalendarDate(value, LOCAL_DATE_YEARS.max);
}

/** True for 'HH:mm' between 00:00 and 23:59 (two digits each, as `<input type="time">` sends). */
export function isLocalTime(value: unknown): value is LocalTime {
  return typeof value === 'string' && TIME_RE.test(value);
}

/** Minutes since local midnight of 'HH:mm'. Throws on a malformed time: callers validate first. */
export function timeToMinutes(time: LocalTime): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Invalid time "${time}", expected HH:mm`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** 'HH:mm' of minutes since midnight (0-1439). Used to generate time choices. */
export function minutesToTime(minutes: number): LocalTime {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`Minutes ${minutes} outside one day`);
  }
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

function parseDate(date: LocalDate): { y: number; m: number; d: number } {
  if (!isCalendarDate(date, LAST_READABLE_YEAR)) throw new RangeError(`Invalid date "${date}", expected YYYY-MM-DD`);
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

/** Calendar arithmetic on a local date (no time zone involved, so no DST surprises). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { y, m, d } = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return utcDateString(t);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a calendar date; availability is stored per ISO weekday. */
export function isoWeekdayOf(date: LocalDate): IsoWeekday {
  const { y, m, d } = parseDate(date);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return (js === 0 ? 7 : js) as IsoWeekday;
}

// ---------------------------------------------------------------------------------------------
// Instants <-> wall clock
// ---------------------------------------------------------------------------------------------

function assertInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
}

/**
 * Offset of the zone from UTC at an instant, in milliseconds (whole seconds), from the shipped rules:
 * a binary search for the first transition after the instant.
 */
function offsetMs(instant: number, timeZone: string): number {
  const rules = TZ_RULES[timeZone];
  if (!rules) throw new RangeError(`No time-zone rules shipped for "${timeZone}"`);
  const seconds = Math.floor(instant / 1000);
  const { untils, offsets } = rules;
  let lo = 0;
  let hi = untils.length; // offsets[untils.length] is the offset after the last transition
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seconds < untils[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return offsets[lo]! * 1000;
}

/**
 * Offset of the zone from UTC at an instant, in minutes (for Casablanca: 0 since 2026-09-20; 60 before it
 * outside Ramadan).
 */
export function zoneOffsetMinutes(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): number {
  assertInstant(instant);
  return Math.round(offsetMs(instant.getTime(), timeZone) / MINUTE_MS);
}

/** An instant read on the Casablanca wall clock. */
export interface LocalDateTime {
  date: LocalDate;
  time: LocalTime;
  /** Minutes since local midnight (0-1439). */
  minutes: number;
  weekday: IsoWeekday;
  /** Offset from UTC at that instant, minutes. */
  offsetMinutes: number;
}

/** What a customer in Casablanca sees on their clock at `instant` (seconds are dropped). */
export function toLocal(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): LocalDateTime {
  assertInstant(instant);
  const offset = offsetMs(instant.getTime(), timeZone);
  // The wall clock is the instant shifted by the offset, read in UTC (what `formatToParts` prints).
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset);
  const date = utcDateString(wall);
  const hh = wall.getUTCHours();
  const mm = wall.getUTCMinutes();
  return {
    date,
    time: `${pad2(hh)}:${pad2(mm)}`,
    minutes: hh * 60 + mm,
    weekday: (wall.getUTCDay() || 7) as IsoWeekday,
    offsetMinutes: Math.round(offset / MINUTE_MS),
  };
}

/**
 * The Casablanca wall clock of an instant as a Date whose UTC fields read that wall clock: format it
 * with `Intl.DateTimeFormat(..., { timeZone: 'UTC' })` to print Casablanca time with the shipped rules,
 * whatever time-zone data the runtime or the browser carries.
 */
export function wallClockAsUtc(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): Date {
  assertInstant(instant);
  return new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone));
}

/** The Casablanca calendar date of an instant: "today" for the booking horizon. */
export function localDateOf(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): LocalDate {
  return toLocal(instant, timeZone).date;
}

/**
 * How a wall-clock time that does not map to exactly one instant is resolved.
 * - `compatible` (default, the rule of Temporal and of most calendars): a repeated time takes the
 *   earlier instant; a skipped time is moved forward by the length of the gap (02:30 -> 03:30).
 * - `reject`: throws a RangeError for both, for callers that must not guess.
 */
export type Disambiguation = 'compatible' | 'reject';

/** How a local date and time maps to instants: once, twice (clocks went back) or never (forward). */
export type LocalResolution =
  | { kind: 'unique'; instant: Date }
  | { kind: 'ambiguous'; earlier: Date; later: Date }
  | { kind: 'gap'; instant: Date };

/**
 * All the instants at which the Casablanca clock shows `date time`.
 *
 * The zone's offset is looked up at several probe instants around the naive guess (a day either
 * side covers any offset and any transition); each distinct offset gives a candidate instant, kept
 * when the zone really has that offset at that instant. Two survivors: the hour repeated when the
 * clock went back. None: the hour skipped when it went forward; the instant then uses the offset in
 * force before the jump (the smaller one), i.e. the wall time moved forward by the gap.
 */
export function resolveLocal(date: LocalDate, time: LocalTime, timeZone: string = BUSINESS_TIME_ZONE): LocalResolution {
  const { y, m, d } = parseDate(date);
  const naive = Date.UTC(y, m - 1, d) + timeToMinutes(time) * MINUTE_MS;
  const offsets = new Set<number>();
  for (const probe of [-DAY_MS, -6 * HOUR_MS, 0, 6 * HOUR_MS, DAY_MS]) {
    offsets.add(zoneOffsetMinutes(new Date(naive + probe), timeZone));
  }
  const valid: number[] = [];
  for (const offset of offsets) {
    const candidate = naive - offset * MINUTE_MS;
    if (zoneOffsetMinutes(new Date(candidate), timeZone) === offset) valid.push(candidate);
  }
  valid.sort((a, b) => a - b);
  if (valid.length === 1) return { kind: 'unique', instant: new Date(valid[0]!) };
  if (valid.length >= 2) return { kind: 'ambiguous', earlier: new Date(valid[0]!), later: new Date(valid[valid.length - 1]!) };
  const before = Math.min(...offsets);
  return { kind: 'gap', instant: new Date(naive - before * MINUTE_MS) };
}

/**
 * The UTC instant of a Casablanca wall-clock date and time: what the server stores for
 * "2026-02-15 at 10:00". Throws a RangeError on a malformed date or time.
 */
export function localToUtc(
  date: LocalDate,
  time: LocalTime,
  options: { disambiguation?: Disambiguation; timeZone?: string } = {},
): Date {
  const { disambiguation = 'compatible', timeZone = BUSINESS_TIME_ZONE } = options;
  const r = resolveLocal(date, time, timeZone);
  if (r.kind === 'unique') return r.instant;
  if (disambiguation === 'reject') {
    throw new RangeError(`${date} ${time} ${r.kind === 'gap' ? 'does not exist' : 'is ambiguous'} in ${timeZone}`);
  }
  return r.kind === 'ambiguous' ? r.earlier : r.instant;
}

/** The instant local midnight starts `date` (the Casablanca day boundary). */
export function startOfLocalDay(date: LocalDate, timeZone: string = BUSINESS_TIME_ZONE): Date {
  return localToUtc(date, '00:00', { timeZone });
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function utcDateString(t: Date): LocalDate {
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${pad2(t.getUTCMonth() + 1)}-${pad2(t.getUTCDate())}`;
}
