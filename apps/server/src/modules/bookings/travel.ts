/**
 * Travel between jobs in assignment (issue 42, docs/bookings.md "Travel"): the pool's professionals with
 * their booked jobs' places, checked with the shared domain (domain/travel.ts). Migration 0029's trigger
 * keeps the same buffers in the database, for races.
 */
import {
  ADDRESS_MESSAGES,
  compareRatingGroup,
  distanceToKm,
  fitsBetween,
  freeWithTravel,
  isInsideArea,
  mapsLinks,
  rankCandidates,
  roundCoordinate,
  withinServiceRadius,
  type BookingAddress,
  type GeoPoint,
} from '@khedma/shared';
import { badRequest } from '../../http/errors';
import type { PoolMember, RankingMember } from './pool.repository';

/** A job asked for: its time and its place (the pin; null when none was placed). */
export interface AskedJob {
  start: Date;
  end: Date;
  point: GeoPoint | null;
}

/**
 * Whether a busy list leaves no room for the job: a booking (other than `ignore`) overlaps it or is
 * closer in time than the travel between them.
 */
export function inTheWay(busy: PoolMember['busy'], job: AskedJob, ignore?: string): boolean {
  return !fitsBetween(busy, job, ignore);
}

/**
 * Of professionals who work then, those who can take the job (within their service radius, time to
 * travel from and to their other jobs), best first: rating, fairness, then nearest (distanceKm set).
 */
export function freeNear<P extends PoolMember>(working: readonly P[], job: AskedJob, ignore?: string): Array<P & { distanceKm: number | null }> {
  return freeWithTravel(working, job, ignore) as Array<P & { distanceKm: number | null }>;
}

/** How many ranked candidates a lazy assignment reads the days of at a time (pickLazily). */
export const LAZY_BATCH = 16;

/**
 * Assignment that reads little whatever the number of candidates (issue 42's benchmark): `ranking`
 * holds every candidate with only the ranking figures (ProfessionalPoolRepository.rankingPool: rating
 * and review count as professional_ratings keeps them, the 30-day count of the best rating groups only,
 * null for the others). Those covering the pin are put in rating-group order (shared compareRatingGroup:
 * tier, then the average to the hundredth); taken a chunk at a time (whole groups, at least `batch`
 * candidates), the chunk's missing 30-day counts are read (`counts`), the chunk is ranked by the whole
 * shared order (rankCandidates: rating, fairness, nearest, ...), and `details` reads the slots, days off
 * and jobs of `batch` of them at a time, the next only when none of these is free. A chunk of whole
 * groups is a contiguous run of the full ranking (the groups are its first keys), and so is each batch,
 * which freeNear orders by the same comparator: the first free one of the first batch having any is the
 * professional the whole pool's ranking would choose. `working`: whether anyone read works then (else
 * nobody covers the time: a different refusal than a taken slot).
 */
export async function pickLazily<P extends RankingMember>(
  ranking: readonly P[],
  job: AskedJob,
  details: (ids: string[]) => Promise<PoolMember[]>,
  works: (p: PoolMember) => boolean,
  counts: (ids: string[]) => Promise<Map<string, number>>,
  batch = LAZY_BATCH,
): Promise<{ chosen: (P & { jobsLast30Days: number; distanceKm: number | null }) | null; working: boolean }> {
  const grouped = ranking.filter((p) => withinServiceRadius(p, job.point)).sort(compareRatingGroup);
  let working = false;
  for (let at = 0; at < grouped.length; ) {
    let end = Math.min(at + batch, grouped.length);
    while (end < grouped.length && compareRatingGroup(grouped[end - 1]!, grouped[end]!) === 0) end++;
    const chunk = grouped.slice(at, end);
    at = end;
    const missing = chunk.filter((p) => p.jobsLast30Days === null).map((p) => p.professionalId);
    const counted = missing.length > 0 ? await counts(missing) : new Map<string, number>();
    const ranked = rankCandidates(
      chunk.map((p) => ({ ...p, jobsLast30Days: p.jobsLast30Days ?? counted.get(p.professionalId) ?? 0, distanceKm: distanceToKm(p.base, job.point) })),
    );
    for (let i = 0; i < ranked.length; i += batch) {
      const slice = ranked.slice(i, i + batch);
      const read = new Map((await details(slice.map((p) => p.professionalId))).map((d) => [d.professionalId, d] as const));
      const members = slice.flatMap((p) => {
        const d = read.get(p.professionalId);
        // Gone since the ranking read (no longer active or approved): not a candidate.
        return d ? [{ ...p, cityIds: d.cityIds, availability: d.availability, daysOff: d.daysOff, busy: d.busy, readAt: d.readAt }] : [];
      });
      const free = members.filter(works);
      if (free.length > 0) working = true;
      const chosen = freeNear(free, job)[0];
      if (chosen) return { chosen, working };
    }
  }
  return { chosen: null, working };
}

/** A city as the catalogue reference gives it, with its area (migration 0029). */
export interface CityWithArea {
  centerLat: number | null;
  centerLng: number | null;
  radiusKm: number | null;
}

/**
 * The pin a create request carries, checked against the booked city's area (400 on `pin` outside it),
 * rounded as stored. A city without an area takes any pin.
 */
export function checkedPin(city: CityWithArea, pin: GeoPoint | null | undefined): GeoPoint | null {
  if (!pin) return null;
  if (city.centerLat !== null && city.centerLng !== null && city.radiusKm !== null) {
    if (!isInsideArea({ center: { lat: city.centerLat, lng: city.centerLng }, radiusKm: city.radiusKm }, pin)) {
      throw badRequest(ADDRESS_MESSAGES.pinOutsideCity, { pin: ADDRESS_MESSAGES.pinOutsideCity });
    }
  }
  return { lat: roundCoordinate(pin.lat), lng: roundCoordinate(pin.lng) };
}

/**
 * Where a new booking is reckoned to be for travel and service areas: its pin, else its city's centre (as
 * ProfessionalPoolRepository.placeOf for a booking that exists, and migration 0034's trigger).
 */
export function placeOfNew(city: CityWithArea, pin: GeoPoint | null): GeoPoint | null {
  if (pin) return pin;
  return city.centerLat !== null && city.centerLng !== null ? { lat: city.centerLat, lng: city.centerLng } : null;
}

/** The address columns of a new booking (the street address is `location`). */
export function addressColumns(input: { landmark?: string; floor?: string; door?: string }, pin: GeoPoint | null) {
  return {
    addressLat: pin?.lat ?? null,
    addressLng: pin?.lng ?? null,
    addressLandmark: input.landmark ?? null,
    addressFloor: input.floor ?? null,
    addressDoor: input.door ?? null,
  };
}

/**
 * The address's details as `viewer` sees them: landmark, floor and door for the booking's parties; the
 * pin and the maps links for its customer and its assigned professional only (issue 42), never for an
 * admin's lists or anyone else.
 */
export function addressFor(
  v: { addressLat: number | null; addressLng: number | null; addressLandmark: string | null; addressFloor: string | null; addressDoor: string | null },
  viewer: 'customer' | 'professional' | 'admin',
): BookingAddress {
  const pin = viewer !== 'admin' && v.addressLat !== null && v.addressLng !== null ? { lat: v.addressLat, lng: v.addressLng } : null;
  return { landmark: v.addressLandmark, floor: v.addressFloor, door: v.addressDoor, pin, links: pin ? mapsLinks(pin) : null };
}

