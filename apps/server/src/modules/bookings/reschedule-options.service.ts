/**
 * Where a booking may move (issue 22): the times the reschedule form offers. The same rules as the move
 * itself (LifecycleService.reschedule): the wizard's dates and start times, 24 h or more ahead
 * (validateBookingWindow with RESCHEDULE_MIN_LEAD_MINUTES), inside the professional's weekly availability
 * and not on a day off (worksAt), not over another of their pending or confirmed bookings nor too close
 * to travel between, from the booking's pin (overlaps; issue 42).
 */
import {
  addDays,
  can,
  canTransition,
  localToUtc,
  minutesToTime,
  RESCHEDULE_MIN_LEAD_MINUTES,
  reschedulePolicy,
  timeToMinutes,
  validateBookingWindow,
  wizardDateBounds,
  WIZARD_START_TIMES,
  type GeoPoint,
  type LocalDate,
  type RescheduleOptionsResponse,
  type SessionUser,
} from '@khedma/shared';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { overlaps, worksAt } from './assignment.service';
import { BOOKING_NOT_FOUND } from './bookings.errors';
import type { BookingsRepository } from './bookings.repository';
import type { PoolMember, ProfessionalPoolRepository } from './pool.repository';

const MINUTES_PER_DAY = 24 * 60;

/**
 * The start times of each date of the horizon at which `bookingId` (of `durationMinutes`) could take
 * place with this professional (null: no longer active, so nothing), leaving time to travel from and to
 * their other jobs from `point` (the booking's pin; null: the minimum buffer). Pure: the API test and the
 * route share it.
 */
export function rescheduleDays(pro: PoolMember | null, bookingId: string, durationMinutes: number, now: Date, point: GeoPoint | null = null): RescheduleOptionsResponse['days'] {
  const bounds = wizardDateBounds(now);
  const days: RescheduleOptionsResponse['days'] = [];
  for (let date: LocalDate = bounds.min; date <= bounds.max; date = addDays(date, 1)) {
    const startTimes: string[] = [];
    for (const startTime of WIZARD_START_TIMES) {
      const endMinutes = timeToMinutes(startTime) + durationMinutes;
      if (endMinutes >= MINUTES_PER_DAY) continue;
      const checked = validateBookingWindow({ date, startTime, endTime: minutesToTime(endMinutes) }, { now, minLeadMinutes: RESCHEDULE_MIN_LEAD_MINUTES });
      if (!checked.ok || !pro) continue;
      const { start, end } = checked.value;
      if (worksAt(pro, start, end) && !overlaps(pro.busy, start, end, bookingId, point)) startTimes.push(startTime);
    }
    days.push({ date, startTimes });
  }
  return days;
}

export class RescheduleOptionsService {
  constructor(private readonly d: { repo: BookingsRepository; pool: ProfessionalPoolRepository; clock: Clock }) {}

  /** The customer's own booking only (anyone else: 404, as the move itself); 409 when it may not move. */
  async options(user: SessionUser, id: string): Promise<RescheduleOptionsResponse> {
    if (!can(user, 'booking:cancel:own')) throw forbidden();
    const b = await this.d.repo.view(id);
    if (!b || b.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
    const now = this.d.clock.now();
    const policy = reschedulePolicy({ status: b.status, now, scheduledStart: b.scheduledStart, bookedAt: b.createdAt });
    const movable = b.status === 'pending' || canTransition(b.status, 'pending', { role: 'customer', isOwner: true });
    if (!policy.allowed || !movable) {
      throw new AppError('RESCHEDULE_NOT_ALLOWED', 'Bookings can be moved up to 24 hours before the start.');
    }
    const bounds = wizardDateBounds(now);
    const window = { from: localToUtc(bounds.min, '00:00'), to: localToUtc(addDays(bounds.max, 1), '00:00') };
    const [[pro], place] = await Promise.all([this.d.pool.pool({ professionalId: b.professionalId }, window, now), this.d.pool.placeOf(b)]);
    return { durationMinutes: b.durationMinutes, days: rescheduleDays(pro ?? null, id, b.durationMinutes, now, place) };
  }
}
