/**
 * Wall-clock time in Africa/Casablanca, without a time-zone library.
 *
 * Bookings are stored as UTC instants and shown and validated in Casablanca time (issue 5). Morocco is
 * UTC+1 most of the year and UTC+0 during Ramadan, and the switch dates move every year, so offsets
 * are never hard-coded: they come from the ICU time-zone data that ships with Node and browsers
 * (`Intl.DateTimeFormat`). On Node 20.20 (tzdata 2025c) the switches are:
 *
 *   2026-02-15 03:00 +01 -> 02:00 +00 (clocks go back: 02:00-02:59 happens twice)
 *   2026-03-22 02:00 +00 -> 03:00 +01 (clocks go forward: 02:00-02:59 does not exist)
 *   2027-02-07 03:00 +01 -> 02:00 +00 and 2027-03-14 02:00 +00 -> 03:00 +01
 *
 * Every business time (start times 08:00-18:30, availability 06:00-24:00) is outside the switch hour,
 * but the conversion still resolves those hours deterministically (see `localToUtc`).
 *
 * Local dates are 'YYYY-MM-DD' strings and local times 'HH:mm' strings, the shapes the forms send.
 */
import { BUSINESS_TIME_ZONE, type IsoWeekday } from './constants';

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

/** True for a real calendar date written 'YYYY-MM-DD' (rejects 2026-02-30, 2026-2-3). */
export function isLocalDate(value: unknown): value is LocalDate {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 9999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
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
  if (!isLocalDate(date)) throw new RangeError(`Invalid date "${date}", expected YYYY-MM-DD`);
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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // hourCycle h23 so midnight is 00, not 24 (some ICU versions print 24 with hour12: false).
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { y: parts.year!, m: parts.month!, d: parts.day!, hh: parts.hour! % 24, mm: parts.minute!, ss: parts.second! };
}

function assertInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
}

/**
 * Offset of the zone from UTC at an instant, in milliseconds (whole seconds), read from Intl:
 * "wall clock read as if UTC" minus the instant, which needs nothing beyond the basic Intl options
 * every engine supports.
 */
function offsetFromIntl(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000; // formatter drops milliseconds
  const w = wallClock(new Date(whole), timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss) - whole;
}

/**
 * Offsets per zone and 15-minute span of time, remembered: `formatToParts` is slow (a create used to
 * call it some twenty times), and an offset changes only at a transition, a few times a year. A span
 * is remembered only when its first and last second have the same offset, i.e. no transition falls
 * inside it (two transitions within 15 minutes exist in no zone); a span with one is read per instant.
 */
const OFFSET_SPAN_MS = 15 * MINUTE_MS;
const MAX_REMEMBERED_SPANS = 100_000;
const offsetSpans = new Map<string, Map<number, number | null>>();

function offsetMs(instant: number, timeZone: string): number {
  let spans = offsetSpans.get(timeZone);
  if (!spans) offsetSpans.set(timeZone, (spans = new Map()));
  const span = Math.floor(instant / OFFSET_SPAN_MS);
  let known = spans.get(span);
  if (known === undefined) {
    const first = offsetFromIntl(span * OFFSET_SPAN_MS, timeZone);
    const last = offsetFromIntl((span + 1) * OFFSET_SPAN_MS - 1000, timeZone);
    known = first === last ? first : null;
    if (spans.size >= MAX_REMEMBERED_SPANS) spans.clear();
    spans.set(span, known);
  }
  return known ?? offsetFromIntl(instant, timeZone);
}

/**
 * Offset of the zone from UTC at an instant, in minutes (60 for Casablanca most of the year, 0 during
 * Ramadan).
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
