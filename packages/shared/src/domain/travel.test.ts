import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyTimeout } from '../../../../apps/server/src/test/property';
import {
  distanceToKm,
  fitsBetween,
  freeWithTravel,
  haversineKm,
  isInsideArea,
  leavesTravelTime,
  mapsLinks,
  travelMinutes,
  TRAVEL,
  withinServiceRadius,
  type GeoPoint,
  type PlacedJob,
  type TravelCandidate,
} from './travel';

const CASABLANCA: GeoPoint = { lat: 33.5731, lng: -7.5898 };
const RABAT: GeoPoint = { lat: 34.0209, lng: -6.8416 };
const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
const job = (start: string, end: string, point: GeoPoint | null = null, bookingId?: string) => ({ start: at(start), end: at(end), point, bookingId });

describe('haversineKm', () => {
  it('is zero for one point, symmetric, and about 87 km from Casablanca to Rabat', () => {
    expect(haversineKm(CASABLANCA, CASABLANCA)).toBe(0);
    expect(haversineKm(CASABLANCA, RABAT)).toBeCloseTo(haversineKm(RABAT, CASABLANCA), 9);
    expect(haversineKm(CASABLANCA, RABAT)).toBeGreaterThan(85);
    expect(haversineKm(CASABLANCA, RABAT)).toBeLessThan(89);
  });
});

describe('travelMinutes', () => {
  it('is the minimum buffer next door or with an unknown place', () => {
    expect(travelMinutes(CASABLANCA, CASABLANCA)).toBe(TRAVEL.minBufferMinutes);
    expect(travelMinutes(null, CASABLANCA)).toBe(TRAVEL.minBufferMinutes);
    expect(travelMinutes(CASABLANCA, null)).toBe(TRAVEL.minBufferMinutes);
  });

  it('is the distance at the city speed rounded up to 5 minutes, capped', () => {
    // About 0.1 degree of latitude = 11.1 km: 33.4 minutes at 20 km/h, so 35.
    const north = { lat: CASABLANCA.lat + 0.1, lng: CASABLANCA.lng };
    expect(travelMinutes(CASABLANCA, north)).toBe(35);
    expect(travelMinutes(CASABLANCA, RABAT)).toBe(TRAVEL.maxMinutes);
  });
});

describe('leavesTravelTime and fitsBetween', () => {
  it('refuses an overlap and a gap shorter than the travel time, accepts enough of a gap in either order', () => {
    const here = CASABLANCA;
    const far = { lat: CASABLANCA.lat + 0.1, lng: CASABLANCA.lng }; // 35 minutes away
    expect(leavesTravelTime(job('10:00', '11:00', here), job('10:30', '11:30', here))).toBe(false);
    expect(leavesTravelTime(job('10:00', '11:00', here), job('11:00', '12:00', here))).toBe(false);
    expect(leavesTravelTime(job('10:00', '11:00', here), job('11:15', '12:00', here))).toBe(true);
    expect(leavesTravelTime(job('10:00', '11:00', here), job('11:30', '12:00', far))).toBe(false);
    expect(leavesTravelTime(job('11:35', '12:00', far), job('10:00', '11:00', here))).toBe(true);
  });

  it('ignores the booking being moved', () => {
    const busy = [job('10:00', '11:00', null, 'b1')];
    expect(fitsBetween(busy, job('10:30', '11:30'))).toBe(false);
    expect(fitsBetween(busy, job('10:30', '11:30'), 'b1')).toBe(true);
  });
});

describe('areas', () => {
  it('a pin inside the city radius only', () => {
    const area = { center: CASABLANCA, radiusKm: 20 };
    expect(isInsideArea(area, { lat: 33.6, lng: -7.6 })).toBe(true);
    expect(isInsideArea(area, RABAT)).toBe(false);
  });

  it('a professional with a base and radius covers addresses within it; without, the whole city', () => {
    expect(withinServiceRadius({ base: CASABLANCA, radiusKm: 5 }, { lat: 33.58, lng: -7.59 })).toBe(true);
    expect(withinServiceRadius({ base: CASABLANCA, radiusKm: 5 }, { lat: 33.7, lng: -7.59 })).toBe(false);
    expect(withinServiceRadius({ base: null, radiusKm: null }, RABAT)).toBe(true);
    expect(withinServiceRadius({ base: CASABLANCA, radiusKm: 5 }, null)).toBe(true);
    expect(distanceToKm(null, CASABLANCA)).toBeNull();
  });

  it('maps links carry the pin', () => {
    expect(mapsLinks({ lat: 33.5731234567, lng: -7.5898 })).toEqual({
      geo: 'geo:33.573123,-7.5898?q=33.573123,-7.5898',
      web: 'https://www.google.com/maps?q=33.573123,-7.5898',
    });
  });
});

const pro = (professionalId: string, o: Partial<TravelCandidate> = {}): TravelCandidate => ({
  professionalId,
  rating: 4.5,
  reviewCount: 10,
  jobsLast30Days: 0,
  base: null,
  radiusKm: null,
  busy: [],
  ...o,
});

describe('freeWithTravel', () => {
  it('prefers the nearest professional among equals on rating and fairness, unknown distances last', () => {
    const address = { lat: 33.59, lng: -7.6 };
    const list = [
      pro('far', { base: { lat: 33.5, lng: -7.5 } }),
      pro('unknown'),
      pro('near', { base: { lat: 33.591, lng: -7.601 } }),
    ];
    expect(freeWithTravel(list, job('10:00', '11:00', address)).map((c) => c.professionalId)).toEqual(['near', 'far', 'unknown']);
  });

  it('rating and fairness still come before distance', () => {
    const address = { lat: 33.59, lng: -7.6 };
    const list = [pro('near', { base: address, jobsLast30Days: 3 }), pro('fair', { base: { lat: 33.5, lng: -7.5 } })];
    expect(freeWithTravel(list, job('10:00', '11:00', address))[0]!.professionalId).toBe('fair');
  });

  it('leaves out who cannot get there in time and who is outside their radius', () => {
    const address = { lat: 33.59, lng: -7.6 };
    const far = { lat: 33.69, lng: -7.6 };
    const list = [pro('busy', { busy: [job('08:30', '09:40', far)] }), pro('out', { base: far, radiusKm: 3 }), pro('ok')];
    expect(freeWithTravel(list, job('10:00', '11:00', address)).map((c) => c.professionalId)).toEqual(['ok']);
  });
});

/**
 * Sequences of random bookings placed one after the other by travel-aware assignment: no professional
 * ever holds two jobs they cannot travel between (the real time at the city speed, and the minimum
 * buffer), whatever the pins, times and order.
 */
describe('property: assignments always leave travel time', () => {
  const RUNS = 150;
  const point = fc.record({ lat: fc.double({ min: 33.45, max: 33.7, noNaN: true }), lng: fc.double({ min: -7.75, max: -7.4, noNaN: true }) });
  const request = fc.record({
    startMinutes: fc.integer({ min: 6 * 12, max: 22 * 12 }).map((n) => n * 5),
    durationMinutes: fc.integer({ min: 6, max: 48 }).map((n) => n * 5),
    point: fc.option(point, { nil: null }),
  });
  it(
    'holds for every professional and every pair of their jobs',
    () => {
      fc.assert(
        fc.property(fc.array(point, { minLength: 1, maxLength: 5 }), fc.array(request, { minLength: 1, maxLength: 40 }), (bases, requests) => {
          const pros = bases.map((base, i) => ({ ...pro(`p${i}`, { base, radiusKm: null }), busy: [] as PlacedJob[] }));
          const day = Date.UTC(2026, 11, 1);
          for (const r of requests) {
            const j: PlacedJob = { start: new Date(day + r.startMinutes * 60_000), end: new Date(day + (r.startMinutes + r.durationMinutes) * 60_000), point: r.point };
            const chosen = freeWithTravel(pros, j)[0];
            if (chosen) pros.find((p) => p.professionalId === chosen.professionalId)!.busy.push(j);
          }
          for (const p of pros) {
            const jobs = [...p.busy].sort((a, b) => a.start.getTime() - b.start.getTime());
            for (let i = 0; i < jobs.length; i++) {
              for (let k = i + 1; k < jobs.length; k++) {
                const gapMinutes = (jobs[k]!.start.getTime() - jobs[i]!.end.getTime()) / 60_000;
                const a = jobs[i]!.point;
                const b = jobs[k]!.point;
                const needed = a && b ? (haversineKm(a, b) / TRAVEL.citySpeedKmh) * 60 : 0;
                if (gapMinutes < Math.max(TRAVEL.minBufferMinutes, Math.min(needed, TRAVEL.maxMinutes))) return false;
              }
            }
          }
          return true;
        }),
        { numRuns: RUNS },
      );
    },
    propertyTimeout({ runs: RUNS, perRunMs: 1000 }),
  );

  it(
    'travel time is symmetric, at least the buffer, at most the cap, and never below the real time under the cap',
    () => {
      fc.assert(
        fc.property(point, point, (a, b) => {
          const m = travelMinutes(a, b);
          const real = (haversineKm(a, b) / TRAVEL.citySpeedKmh) * 60;
          return m === travelMinutes(b, a) && m >= TRAVEL.minBufferMinutes && m <= TRAVEL.maxMinutes && m % TRAVEL.stepMinutes === 0 && (real > TRAVEL.maxMinutes || m >= real - 1e-6);
        }),
        { numRuns: 500 },
      );
    },
    propertyTimeout({ runs: 500, perRunMs: 100 }),
  );
});
