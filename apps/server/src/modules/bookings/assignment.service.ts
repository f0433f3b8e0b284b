/**
 * Assignment (docs/bookings.md wizard step 3; docs/bookings.md): who would take a booking at this time. The
 * pool (pool.repository.ts) gives every matching professional with their weekly availability and
 * bookings; the pure domain ranks them (pickProfessional). With nobody free, up to six other start
 * times that do have someone are offered.
 */
import {
  addDays,
  isWithinAvailability,
  startsOnDayOff,
  minutesToTime,
  NO_PROFESSIONAL_MESSAGE,
  pickProfessional,
  startOfLocalDay,
  timeToMinutes,
  validateBookingWindow,
  WIZARD_START_TIMES,
  type AssignmentPreviewRequest,
  type AssignmentPreviewResponse,
  type BookingWindow,
  type GeoPoint,
} from '@khedma/shared';
import type { Clock } from '../../platform/clock';
import { windowError } from './bookings.errors';
import type { PoolFilter, PoolMember, ProfessionalPoolRepository } from './pool.repository';
import type { QuoteService } from './quote.service';
import { freeNear, inTheWay } from './travel';

const MAX_ALTERNATIVES = 6;

export class AssignmentService {
  constructor(
    private readonly quotes: QuoteService,
    private readonly pool: ProfessionalPoolRepository,
    private readonly clock: Clock,
  ) {}

  async previewAssignment(input: AssignmentPreviewRequest, customerId?: string): Promise<AssignmentPreviewResponse> {
    const now = this.clock.now();
    const checked = validateBookingWindow(input, { now });
    if (!checked.ok) throw windowError(checked);
    const { service, city, boroughId } = await this.quotes.priceWizard({ ...input, addOnIds: [] });
    const window = checked.value;
    const filter: PoolFilter = { serviceTypeId: service.id, cityId: city.id, boroughId };
    // One load covers the asked day and the next week, for the alternatives.
    const horizonEnd = startOfLocalDay(addDays(window.date, 8));
    const pool = (await this.pool.pool(filter, { from: startOfLocalDay(window.date), to: horizonEnd }, now)).filter(
      (p) => p.userId !== customerId,
    );
    const best = pickProfessional(freeFor(pool, window.start, window.end));
    if (best) {
      return {
        available: true,
        professional: { id: best.professionalId, firstName: best.firstName, rating: best.reviewCount > 0 ? best.rating : null, reviewsCount: best.reviewCount, jobsDone: best.jobsDone },
      };
    }
    return { available: false, code: 'NO_PROFESSIONAL_AVAILABLE', message: NO_PROFESSIONAL_MESSAGE, alternatives: alternatives(pool, window, now) };
  }
}

/**
 * Whether a busy list has a booking (other than `ignore`) in the way of [start, end): overlapping it,
 * or too close to travel between (issue 42, travel.ts; a job without a known place: the minimum buffer).
 */
export const overlaps = (busy: PoolMember['busy'], start: Date, end: Date, ignore?: string, point: GeoPoint | null = null) =>
  inTheWay(busy, { start, end, point }, ignore);

/**
 * Whether the professional works then: inside their weekly availability and not on one of their days
 * off (set on their own profile, pros module).
 */
export function worksAt(p: PoolMember, start: Date, end: Date): boolean {
  return isWithinAvailability(p.availability, start, end) && !startsOnDayOff(p.daysOff, start);
}

/** Professionals who work at that time and have it free (travel included), best first (nearest among equals when the place is known). */
export function freeFor(pool: readonly PoolMember[], start: Date, end: Date, point: GeoPoint | null = null): Array<PoolMember & { distanceKm: number | null }> {
  return freeNear(pool.filter((p) => worksAt(p, start, end)), { start, end, point });
}

/**
 * Other start times with the same duration that do have someone: on the asked day the nearest to
 * the asked time, then the first ones of the following days; within the booking horizon.
 */
function alternatives(pool: readonly PoolMember[], window: BookingWindow, now: Date) {
  const out: Array<{ date: string; startTime: string; endTime: string }> = [];
  if (pool.length === 0) return out;
  const asked = timeToMinutes(window.startTime);
  const duration = timeToMinutes(window.endTime) - asked;
  for (let day = 0; day < 8 && out.length < MAX_ALTERNATIVES; day++) {
    const date = addDays(window.date, day);
    const times =
      day === 0
        ? [...WIZARD_START_TIMES].filter((t) => t !== window.startTime).sort((a, b) => Math.abs(timeToMinutes(a) - asked) - Math.abs(timeToMinutes(b) - asked))
        : [...WIZARD_START_TIMES];
    let perDay = 0;
    for (const startTime of times) {
      if (out.length >= MAX_ALTERNATIVES || perDay >= (day === 0 ? 3 : 2)) break;
      const endMinutes = timeToMinutes(startTime) + duration;
      if (endMinutes >= 24 * 60) continue;
      const endTime = minutesToTime(endMinutes);
      const checked = validateBookingWindow({ date, startTime, endTime }, { now });
      if (!checked.ok) continue;
      if (freeFor(pool, checked.value.start, checked.value.end).length > 0) {
        out.push({ date, startTime, endTime });
        perDay++;
      }
    }
  }
  return out;
}

