/**
 * Public professional profile (docs/professionals.md Professional profile; docs/professionals.md real figures): real
 * ratings from reviews ("No reviews yet" when none), the professional's own hourly rate, and the
 * booking panel's free slots. Clients see the first name only (docs/professionals.md).
 */
import {
  addDays,
  isoToWeekday,
  isDayOff,
  isWithinAvailability,
  proPageTimeOptions,
  startOfLocalDay,
  WEEKDAYS,
  localToUtc,
  HOUR_MS,
  fitsBetween,
  type IsoWeekday,
  type WeeklyAvailability,
  type DayOffRange,
  type GeoPoint,
} from '@khedma/shared';
import {
  PROS_MESSAGES,
  type ProAvailabilityQuery,
  type ProAvailabilityResponse,
  type ProProfile,
  type ProReviewsQuery,
  type ProReviewsResponse,
} from '@khedma/shared/schemas/pros';
import { notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { ProsRepository } from './pros.repository';

function weekOf(slots: ReadonlyArray<{ weekday: number; slot: string }>): WeeklyAvailability {
  const week: WeeklyAvailability = {};
  for (const s of slots) {
    const day = isoToWeekday(s.weekday as IsoWeekday);
    week[day] = [...(week[day] ?? []), s.slot as never];
  }
  return week;
}

/**
 * What a day of slots reads of the booking pool: its `details` read for one professional (weekly slots,
 * days off, jobs and return visits near the window, widened by the longest travel time). Declared here
 * rather than imported, so that the bench's program need not take the bookings module's wiring in.
 */
export interface ScheduleReader {
  details(
    filter: object,
    ids: readonly string[],
    window: { from: Date; to: Date },
    now: Date,
  ): Promise<Array<{ availability: WeeklyAvailability; daysOff: DayOffRange[]; busy: Array<{ start: Date; end: Date; point: GeoPoint | null }> }>>;
}

export class ProsService {
  constructor(
    private readonly repo: ProsRepository,
    private readonly clock: Pick<Clock, 'now'>,
    /** The booking pool (modules/bookings ProfessionalPoolRepository, wired by pros.module). */
    private readonly pool: ScheduleReader,
  ) {}

  async profile(id: string): Promise<ProProfile> {
    const p = await this.repo.profile(id);
    if (!p) throw notFound(PROS_MESSAGES.notFound);
    const week = weekOf(p.slots);
    const reviewsCount = Number(p.totalReviews);
    return {
      id: p.id,
      name: p.name,
      avatarUrl: p.avatarUrl ?? null,
      verified: p.approvedAt !== null,
      city: { id: p.cityId, slug: p.citySlug, name: { en: p.cityName, fr: p.cityNameFr, ar: p.cityNameAr } },
      areas: p.areas.map((a) => ({
        city: { id: a.city.id, slug: a.city.slug, name: { en: a.city.name, fr: a.city.nameFr, ar: a.city.nameAr } },
        boroughs: a.boroughs.map((b) => ({ id: b.id, name: { en: b.name, fr: b.nameFr, ar: b.nameAr } })),
      })),
      hourlyRate: p.hourlyRate,
      about: p.about,
      skills: p.skills,
      services: p.services.map((s) => ({ id: s.id, category: s.category, name: { en: s.name, fr: s.nameFr, ar: s.nameAr } })),
      rating: reviewsCount > 0 ? Number(p.averageRating) : null,
      reviewsCount,
      jobsDone: Number(p.jobsDone),
      availableDays: WEEKDAYS.filter((d) => (week[d]?.length ?? 0) > 0),
      memberSince: (p.approvedAt ?? p.createdAt).toISOString(),
    };
  }

  async reviews(id: string, q: ProReviewsQuery): Promise<ProReviewsResponse> {
    const ratings = await this.repo.ratings(id);
    if (!ratings || !(await this.repo.exists(id))) throw notFound(PROS_MESSAGES.notFound);
    const rows = await this.repo.reviews(id, q);
    const total = Number(ratings.totalReviews);
    return {
      rating: total > 0 ? Number(ratings.averageRating) : null,
      reviewsCount: total,
      breakdown: { 5: ratings.fiveStarCount, 4: ratings.fourStarCount, 3: ratings.threeStarCount, 2: ratings.twoStarCount, 1: ratings.oneStarCount },
      reviews: rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        title: r.title,
        comment: r.comment,
        helpfulCount: r.helpfulCount,
        author: r.author ?? '',
        reply: r.reply,
        repliedAt: r.repliedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The professional page's slots on a date for a booking of `durationHours`: bookable when at least
   * 2 h away and within 30 days, not on one of the professional's days off, inside the weekly
   * availability, and leaving time to travel from and to each pending or confirmed booking (issue 42).
   */
  async availability(id: string, q: ProAvailabilityQuery): Promise<ProAvailabilityResponse> {
    const now = this.clock.now();
    // One prepared statement (it was four round trips, each planned again): the weekly slots, the days
    // off, and the jobs from the day's start to the next day's end widened by the longest travel time
    // (a job just before the day can still be in the way, issue 42).
    const [schedule] = await this.pool.details({}, [id], { from: startOfLocalDay(q.date), to: startOfLocalDay(addDays(q.date, 2)) }, now);
    if (!schedule) throw notFound(PROS_MESSAGES.notFound);
    const week = schedule.availability;
    const dayOff = isDayOff(schedule.daysOff, q.date);
    const busy = schedule.busy;
    const point = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : null;
    const slots = proPageTimeOptions(q.date, now).map(({ time, available }) => {
      if (!available) return { time, available: false, reason: 'TOO_SOON_OR_OUT_OF_RANGE' as const };
      if (dayOff) return { time, available: false, reason: 'DAY_OFF' as const };
      const start = localToUtc(q.date, time);
      const end = new Date(start.getTime() + q.durationHours * HOUR_MS);
      if (!isWithinAvailability(week, start, end)) return { time, available: false, reason: 'NOT_WORKING' as const };
      // Overlapping another job, or too close to travel between (domain/travel.ts).
      if (!fitsBetween(busy, { start, end, point })) {
        return { time, available: false, reason: 'BOOKED' as const };
      }
      return { time, available: true, reason: null };
    });
    return { date: q.date, durationHours: q.durationHours, slots };
  }
}
