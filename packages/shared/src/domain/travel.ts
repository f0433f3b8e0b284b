/**
 * Addresses and travel between jobs (issue 42, docs/bookings.md "Address" and "Travel"). Pure: the
 * server's assignment, slots and reassignment use these, and migration 0029's trigger computes the same
 * travel time in SQL (khedma_travel_minutes) so that racing creates keep the buffers too.
 *
 * A job's place is its map pin; a job without one (no map could load) counts as its city's centre.
 * The time between two jobs must be at least the travel time between their places: the great-circle
 * (haversine) distance at the city speed, rounded up to 5 minutes, never below the minimum buffer and
 * capped (between cities the road is faster than in town; see TRAVEL.maxMinutes).
 */
import { rankCandidates, type AssignmentCandidate } from './assignment';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Travel rules, defined once (the SQL function of migration 0029 repeats these numbers; travel.test.ts checks them). */
export const TRAVEL = {
  /** Average door-to-door speed in a Moroccan city, traffic and parking included. */
  citySpeedKmh: 20,
  /** At least this long between two jobs, even next door (packing up, the stairs, the lift). */
  minBufferMinutes: 15,
  /** Travel times are rounded up to this step. */
  stepMinutes: 5,
  /** The longest travel time counted (a job in another city: 4 h covers Casablanca to Fès by road). */
  maxMinutes: 240,
} as const;

/** Mean Earth radius (km), as the haversine formula uses it. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two points. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Minutes to leave between a job at `from` and one at `to` (either order: travel is symmetric). Unknown
 * places (null) count as next door: the minimum buffer.
 */
export function travelMinutes(from: GeoPoint | null, to: GeoPoint | null): number {
  if (!from || !to) return TRAVEL.minBufferMinutes;
  const minutes = (haversineKm(from, to) / TRAVEL.citySpeedKmh) * 60;
  // A hair under a step (floating point) must not add a whole step.
  const stepped = Math.ceil(minutes / TRAVEL.stepMinutes - 1e-9) * TRAVEL.stepMinutes;
  return Math.min(TRAVEL.maxMinutes, Math.max(TRAVEL.minBufferMinutes, stepped));
}

/** A job on a professional's day: its time and its place (null: unknown, see travelMinutes). */
export interface PlacedJob {
  start: Date;
  end: Date;
  point: GeoPoint | null;
}

const MINUTE_MS = 60_000;

/**
 * Whether `a` and `b` leave each other enough time: they do not overlap and the gap between the
 * first's end and the second's start is at least the travel time between them.
 */
export function leavesTravelTime(a: PlacedJob, b: PlacedJob): boolean {
  const [first, second] = a.start.getTime() <= b.start.getTime() ? [a, b] : [b, a];
  const gap = second.start.getTime() - first.end.getTime();
  return gap >= travelMinutes(first.point, second.point) * MINUTE_MS;
}

/**
 * Whether a new job fits a professional's booked jobs: it leaves travel time with every one of them
 * (`ignoreId`: a booking being moved is not in its own way).
 */
export function fitsBetween<J extends PlacedJob & { bookingId?: string }>(busy: readonly J[], job: PlacedJob, ignoreId?: string): boolean {
  return busy.every((b) => (ignoreId !== undefined && b.bookingId === ignoreId) || leavesTravelTime(b, job));
}

/**
 * How far before a window's start (and after its end) another job can still be in its way: a read of
 * a professional's bookings for a window widens it by this much.
 */
export const TRAVEL_MARGIN_MS = TRAVEL.maxMinutes * MINUTE_MS;

// ---------------------------------------------------------------------------------------------
// Places: cities' areas and professionals' service areas
// ---------------------------------------------------------------------------------------------

/** A city's area (cities.center_lat, center_lng, radius_km): a pin must fall inside it. */
export interface CityArea {
  center: GeoPoint;
  radiusKm: number;
}

/** Whether a point lies in the area (on the edge counts as inside). */
export function isInsideArea(area: CityArea, point: GeoPoint): boolean {
  return haversineKm(area.center, point) <= area.radiusKm + 1e-9;
}

/**
 * A professional's distance to an address, for the nearest-first preference: null when either the
 * professional has no base location or the address has no pin (such professionals come after those
 * with a known distance among equals).
 */
export function distanceToKm(base: GeoPoint | null, point: GeoPoint | null): number | null {
  return base && point ? haversineKm(base, point) : null;
}

/**
 * Whether an address is within a professional's service radius. A professional without a base
 * location or radius covers the whole of their cities (and boroughs), as before issue 42; an address
 * without a pin is not refused (its city and borough already matched).
 */
export function withinServiceRadius(pro: { base: GeoPoint | null; radiusKm: number | null }, point: GeoPoint | null): boolean {
  if (!pro.base || pro.radiusKm === null || !point) return true;
  return haversineKm(pro.base, point) <= pro.radiusKm + 1e-9;
}

/** Coordinates as stored and shown: 6 decimals (about 10 cm). */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** Links that open the professional's maps app at a booking's pin. */
export function mapsLinks(point: GeoPoint): { geo: string; web: string } {
  const lat = roundCoordinate(point.lat);
  const lng = roundCoordinate(point.lng);
  return { geo: `geo:${lat},${lng}?q=${lat},${lng}`, web: `https://www.google.com/maps?q=${lat},${lng}` };
}

/** Limits of the address's extra fields (the street address keeps BOOKING_LIMITS.locationMax). */
export const ADDRESS_LIMITS = { landmarkMax: 200, floorMax: 20, doorMax: 20, serviceRadiusKmMin: 1, serviceRadiusKmMax: 100 } as const;

/** Messages of the address rules (English; the web app shows its own copy for each field in three languages). */
export const ADDRESS_MESSAGES = {
  pinOutsideCity: 'The pin is outside the chosen city. Move it onto the address.',
  pinIncomplete: 'Please give both the latitude and the longitude.',
  landmark: `Landmark must be at most ${ADDRESS_LIMITS.landmarkMax} characters`,
  floor: `Floor must be at most ${ADDRESS_LIMITS.floorMax} characters`,
  door: `Door must be at most ${ADDRESS_LIMITS.doorMax} characters`,
  baseOutsideCities: 'The base location must be inside one of your cities.',
  serviceAreaIncomplete: 'Give both a base location and a radius, or neither.',
} as const;

// ---------------------------------------------------------------------------------------------
// Assignment with travel
// ---------------------------------------------------------------------------------------------

/** A professional as travel-aware assignment sees them. */
export interface TravelCandidate extends AssignmentCandidate {
  base: GeoPoint | null;
  radiusKm: number | null;
  /** Their pending and confirmed jobs near the window (each with its place). */
  busy: ReadonlyArray<PlacedJob & { bookingId?: string }>;
}

/**
 * Who may take `job` among candidates who work then (availability and days off are the caller's):
 * within their service radius and leaving travel time with each of their jobs; best first (rating,
 * fairness, then nearest: compareCandidates).
 */
export function freeWithTravel<T extends TravelCandidate>(candidates: readonly T[], job: PlacedJob, ignoreId?: string): T[] {
  return rankCandidates(
    candidates
      .filter((c) => withinServiceRadius(c, job.point) && fitsBetween(c.busy, job, ignoreId))
      .map((c) => ({ ...c, distanceKm: distanceToKm(c.base, job.point) })),
  );
}
