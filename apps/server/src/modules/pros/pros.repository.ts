/** SQL of the public professional reads. */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '@khedma/shared';
import type { ProReviewsQuery } from '@khedma/shared/schemas/pros';
import type { Db } from '../../db/client';
import {
  boroughs,
  bookings,
  cities,
  claims,
  returnVisitHoldsTime,
  professionalAvailability,
  professionalBoroughs,
  professionalCities,
  professionalDaysOff,
  professionalRatings,
  professionals,
  professionalServices,
  profiles,
  reviews,
  serviceTypes,
} from '../../db/schema/index';

export class ProsRepository {
  constructor(private readonly db: Db) {}

  /** An approved, active professional with city, ratings, services and weekly slots. */
  async profile(id: string) {
    const [row] = await this.db
      .select({
        id: professionals.id,
        name: professionals.name,
        approvedAt: professionals.approvedAt,
        createdAt: professionals.createdAt,
        about: professionals.about,
        skills: professionals.skills,
        hourlyRate: professionals.hourlyRate,
        avatarUrl: profiles.avatarUrl,
        cityId: cities.id,
        citySlug: cities.slug,
        cityName: cities.name,
        cityNameFr: cities.nameFr,
        cityNameAr: cities.nameAr,
        averageRating: professionalRatings.averageRating,
        totalReviews: professionalRatings.totalReviews,
        five: professionalRatings.fiveStarCount,
        four: professionalRatings.fourStarCount,
        three: professionalRatings.threeStarCount,
        two: professionalRatings.twoStarCount,
        one: professionalRatings.oneStarCount,
        jobsDone: sql<number>`(select count(*)::int from ${bookings} b where b.professional_id = ${sql.raw('"professionals"."id"')} and b.status = 'completed')`,
      })
      .from(professionals)
      .innerJoin(cities, eq(cities.id, professionals.cityId))
      .innerJoin(professionalRatings, eq(professionalRatings.professionalId, professionals.id))
      .leftJoin(profiles, eq(profiles.id, professionals.userId))
      .where(and(eq(professionals.id, id), eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`));
    if (!row) return undefined;
    const [services, slots, areas] = await Promise.all([
      this.db
        .select({ id: serviceTypes.id, category: serviceTypes.category, name: serviceTypes.name, nameFr: serviceTypes.nameFr, nameAr: serviceTypes.nameAr })
        .from(professionalServices)
        .innerJoin(serviceTypes, eq(serviceTypes.id, professionalServices.serviceTypeId))
        .where(and(eq(professionalServices.professionalId, id), eq(serviceTypes.isActive, true)))
        .orderBy(asc(serviceTypes.category), asc(serviceTypes.name)),
      this.slots(id),
      this.areas(id),
    ]);
    return { ...row, services, slots, areas };
  }

  /** The cities a professional works in (the first first) and the boroughs covered in each. */
  async areas(id: string) {
    const [places, covered] = await Promise.all([
      this.db
        .select({ id: cities.id, slug: cities.slug, name: cities.name, nameFr: cities.nameFr, nameAr: cities.nameAr })
        .from(professionalCities)
        .innerJoin(cities, eq(cities.id, professionalCities.cityId))
        .where(eq(professionalCities.professionalId, id))
        .orderBy(asc(professionalCities.position), asc(cities.name)),
      this.db
        .select({ id: boroughs.id, cityId: boroughs.cityId, name: boroughs.name, nameFr: boroughs.nameFr, nameAr: boroughs.nameAr })
        .from(professionalBoroughs)
        .innerJoin(boroughs, eq(boroughs.id, professionalBoroughs.boroughId))
        .where(eq(professionalBoroughs.professionalId, id))
        .orderBy(asc(boroughs.name)),
    ]);
    return places.map((c) => ({ city: c, boroughs: covered.filter((b) => b.cityId === c.id) }));
  }

  async slots(id: string) {
    return this.db
      .select({ weekday: professionalAvailability.weekday, slot: professionalAvailability.slot })
      .from(professionalAvailability)
      .where(eq(professionalAvailability.professionalId, id));
  }

  /** Days off covering a Casablanca calendar day. */
  async daysOffOn(id: string, date: string) {
    return this.db
      .select({ startsOn: professionalDaysOff.startsOn, endsOn: professionalDaysOff.endsOn })
      .from(professionalDaysOff)
      .where(and(eq(professionalDaysOff.professionalId, id), lte(professionalDaysOff.startsOn, date), gte(professionalDaysOff.endsOn, date)));
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: professionals.id })
      .from(professionals)
      .where(and(eq(professionals.id, id), eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`));
    return Boolean(row);
  }

  async ratings(id: string) {
    const [row] = await this.db.select().from(professionalRatings).where(eq(professionalRatings.professionalId, id));
    return row;
  }

  async reviews(id: string, q: ProReviewsQuery) {
    const order =
      q.sort === 'highest'
        ? [desc(reviews.rating), desc(reviews.createdAt)]
        : q.sort === 'lowest'
          ? [asc(reviews.rating), desc(reviews.createdAt)]
          : q.sort === 'oldest'
            ? [asc(reviews.createdAt)]
            : q.sort === 'helpful'
              ? [desc(reviews.helpfulCount), desc(reviews.createdAt)]
              : [desc(reviews.createdAt)];
    return this.db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        comment: reviews.comment,
        helpfulCount: reviews.helpfulCount,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
        createdAt: reviews.createdAt,
        author: profiles.name,
      })
      .from(reviews)
      .leftJoin(profiles, eq(profiles.id, reviews.userId))
      .where(and(eq(reviews.professionalId, id), q.rating ? eq(reviews.rating, q.rating) : undefined))
      .orderBy(...order, asc(reviews.id))
      .limit(q.limit)
      .offset(q.offset);
  }

  /** Pending or confirmed bookings of the professional overlapping [from, to), each with its place (pin, else its city's centre: issue 42). */
  async busy(id: string, from: Date, to: Date) {
    const rows = await this.db
      .select({
        start: bookings.scheduledStart,
        end: bookings.scheduledEnd,
        lat: sql<number | null>`coalesce(${bookings.addressLat}, ${cities.centerLat})`,
        lng: sql<number | null>`coalesce(${bookings.addressLng}, ${cities.centerLng})`,
      })
      .from(bookings)
      .innerJoin(cities, eq(cities.id, bookings.cityId))
      .where(
        and(
          eq(bookings.professionalId, id),
          inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
          lt(bookings.scheduledStart, to),
          sql`${bookings.scheduledEnd} > ${from.toISOString()}::timestamptz`,
        ),
      );
    // A guarantee claim's return visit holds the time too, at the claimed booking's place (issue 41).
    const visits = await this.db
      .select({
        start: sql<Date>`${claims.visitStart}`,
        end: sql<Date>`${claims.visitEnd}`,
        lat: sql<number | null>`coalesce(${bookings.addressLat}, ${cities.centerLat})`,
        lng: sql<number | null>`coalesce(${bookings.addressLng}, ${cities.centerLng})`,
      })
      .from(claims)
      .innerJoin(bookings, eq(bookings.id, claims.bookingId))
      .innerJoin(cities, eq(cities.id, bookings.cityId))
      .where(and(eq(claims.professionalId, id), returnVisitHoldsTime, lt(claims.visitStart, to), sql`${claims.visitEnd} > ${from.toISOString()}::timestamptz`));
    return [...rows, ...visits].map((r) => ({
      start: new Date(r.start),
      end: new Date(r.end),
      point: r.lat === null || r.lng === null ? null : { lat: Number(r.lat), lng: Number(r.lng) },
    }));
  }
}
