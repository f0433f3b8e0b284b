/**
 * Professionals finder, search and the professional's own profile (docs/professionals.md Professionals finder,
 * Find Professionals search, Professional profile; §9 search page size, minimum rating 0-5 in 0.5 steps;
 * docs/professionals.md: real ratings and hourly rates, the Services tab manages services and hourly rate).
 * Pure rules and limits; the server enforces them and the web app reads the same values.
 */
import { localDateOf, type LocalDate } from './time';

/** professionals.status (terms: suspension for poor ratings or fraud). */
export const PROFESSIONAL_STATUSES = ['active', 'suspended'] as const;
export type ProfessionalStatus = (typeof PROFESSIONAL_STATUSES)[number];

/** Search page and finder: results per page (docs/professionals.md "search page size 12"). */
export const PRO_SEARCH_PAGE_SIZE = 12;

/**
 * The result count where counting is not free (issue 40): a text search, or a service together with a
 * category, counts its matches only up to this many and one more; beyond, the answer says "more than
 * PRO_SEARCH_COUNT_CAP" (`totalExact: false`). The unfiltered list and the city, category or service and
 * minimum-rating filters read kept counters and are always exact. Pages do not depend on the count
 * (`hasMore` is read from the page's one row more).
 */
export const PRO_SEARCH_COUNT_CAP = 1000;

export interface ProSearchTotal {
  /** The number of matches, or PRO_SEARCH_COUNT_CAP when there are more (then `totalExact` is false). */
  total: number;
  totalExact: boolean;
}

/**
 * The count of a capped search from the rows counted, which stop at cap + 1: up to the cap it is the
 * number of matches; beyond, "more than cap".
 */
export function cappedSearchTotal(counted: number, cap: number = PRO_SEARCH_COUNT_CAP): ProSearchTotal {
  return counted > cap ? { total: cap, totalExact: false } : { total: counted, totalExact: true };
}

/**
 * Orders of the list: rating (best first, then most reviewed), reviews (most first), price (the real
 * hourly rate, lowest first) on /search; name, service and location on the finder (docs/professionals.md).
 */
export const PRO_SEARCH_SORTS = ['rating', 'reviews', 'price', 'name', 'service', 'location'] as const;
export type ProSearchSort = (typeof PRO_SEARCH_SORTS)[number];
export const SEARCH_PAGE_SORTS = ['rating', 'reviews', 'price'] as const satisfies readonly ProSearchSort[];
export const FINDER_SORTS = ['name', 'service', 'location'] as const satisfies readonly ProSearchSort[];

/** The minimum-rating filter: 0 to 5 in steps of 0.5 (docs/professionals.md). */
export const MIN_RATING = { min: 0, max: 5, step: 0.5 } as const;

export function isValidMinRating(value: number): boolean {
  return value >= MIN_RATING.min && value <= MIN_RATING.max && Number.isInteger(value / MIN_RATING.step);
}

/** Search text longer than this is cut (a name, a service or a city is far shorter). */
export const PRO_SEARCH_TEXT_MAX = 100;

/** The professional's own profile (the Services tab and /pro-profile). */
export const PRO_PROFILE_LIMITS = {
  aboutMax: 1000,
  /** Whole MAD per hour; docs/professionals.md quotes 50-500 MAD prices and a default maximum of 1000. */
  hourlyRateMin: 50,
  hourlyRateMax: 1000,
  servicesMax: 20,
  /** Cities a professional works in (each with its boroughs where the city has them). */
  citiesMax: 10,
  skillsMax: 15,
  skillMax: 40,
  daysOffMax: 20,
  /** A single absence longer than this is a suspension, not days off. */
  dayOffSpanMaxDays: 180,
} as const;

export interface DayOffRange {
  /** First day off, yyyy-mm-dd (Casablanca calendar). */
  startsOn: LocalDate;
  /** Last day off, included. */
  endsOn: LocalDate;
}

/** Whether a Casablanca calendar day falls in one of the ranges (both ends included). */
export function isDayOff(daysOff: readonly DayOffRange[], date: LocalDate): boolean {
  // yyyy-mm-dd strings order like the dates they name.
  return daysOff.some((r) => r.startsOn <= date && date <= r.endsOn);
}

/**
 * Whether a booking starting at `start` falls on a day off. A booking lies within one Casablanca day
 * (localDaySpan: no availability slot runs past midnight), so its start's day is the one to check.
 */
export function startsOnDayOff(daysOff: readonly DayOffRange[], start: Date): boolean {
  return isDayOff(daysOff, localDateOf(start));
}
