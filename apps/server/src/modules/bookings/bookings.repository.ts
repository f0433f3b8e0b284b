/** SQL of the bookings module (Drizzle), nothing else. Every method takes the handle it runs on. */
import { isoToWeekday, type AvailabilitySlot, type BookingStatus, type IsoWeekday, type Locale, type WeeklyAvailability } from '@khedma/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookingPriceLines,
  bookings,
  boroughs,
  cities,
  ledgerEntries,
  payments,
  professionalBoroughs,
  professionals,
  professionalServices,
  profiles,
  serviceAddOns,
  serviceTypes,
  users,
} from '../../db/schema/index';

export type BookingRecord = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type NewPriceLine = typeof bookingPriceLines.$inferInsert;

/** A professional who could take a booking, with what ranking and the slot check need. */
export interface PoolMember {
  professionalId: string;
  userId: string;
  firstName: string;
  cityId: string;
  hourlyRate: number;
  /** Average of real reviews, null without any. */
  rating: number | null;
  reviewCount: number;
  jobsLast30Days: number;
  jobsDone: number;
  availability: WeeklyAvailability;
  /** Pending or confirmed bookings overlapping the window asked for. */
  busy: Array<{ start: Date; end: Date; bookingId: string }>;
}

export interface PoolFilter {
  professionalId?: string;
  serviceTypeId?: string;
  cityId?: string;
  /** Casablanca: only professionals covering this borough. */
  boroughId?: string | null;
}

/** A booking with what its API answer shows (names, rating, customer). */
export interface BookingView extends BookingRecord {
  proUserId: string;
  proFirstName: string;
  proRating: number | null;
  proReviews: number;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  customerName: string | null;
}

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * professionals.id spelled out: in a single-table select Drizzle renders a column unqualified
 * ("id"), which inside a correlated subquery would bind to the subquery's own table.
 */
const PRO_ID = sql.raw('"professionals"."id"');
const ratingSql = sql<string | null>`(select round(avg(r.rating), 2) from reviews r where r.professional_id = ${PRO_ID})`;
const reviewCountSql = sql<number>`(select count(*)::int from reviews r where r.professional_id = ${PRO_ID})`;

const viewColumns = {
  booking: bookings,
  proUserId: professionals.userId,
  proFirstName: professionals.name,
  proRating: ratingSql,
  proReviews: reviewCountSql,
  cityName: cities.name,
  cityNameFr: cities.nameFr,
  cityNameAr: cities.nameAr,
  serviceName: serviceTypes.name,
  serviceNameFr: serviceTypes.nameFr,
  serviceNameAr: serviceTypes.nameAr,
  customerName: sql<string | null>`coalesce(${profiles.fullName}, ${users.name})`,
};

type ViewRow = {
  booking: BookingRecord;
  proUserId: string;
  proFirstName: string;
  proRating: string | number | null;
  proReviews: number;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  customerName: string | null;
};

const toView = (r: ViewRow): BookingView => ({
  ...r.booking,
  proUserId: r.proUserId,
  proFirstName: r.proFirstName,
  proRating: r.proRating === null ? null : Number(r.proRating),
  proReviews: Number(r.proReviews),
  cityName: r.cityName,
  cityNameFr: r.cityNameFr,
  cityNameAr: r.cityNameAr,
  serviceName: r.serviceName,
  serviceNameFr: r.serviceNameFr,
  serviceNameAr: r.serviceNameAr,
  customerName: r.customerName,
});

/** Payment statuses under which a professional sees the booking: once the customer has paid. */
export const PRO_VISIBLE_PAYMENT = ['paid', 'refunded', 'partially_refunded'] as const;

/** A json column as the driver hands it over (parsed by node-postgres, maybe text elsewhere). */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export class BookingsRepository {
  // ------------------------------------------------------------------------------------------
  // Reference data
  // ------------------------------------------------------------------------------------------

  async service(db: Db, id: string) {
    const [row] = await db
      .select({ id: serviceTypes.id, name: serviceTypes.name, nameFr: serviceTypes.nameFr, nameAr: serviceTypes.nameAr, basePrice: serviceTypes.basePrice })
      .from(serviceTypes)
      .where(and(eq(serviceTypes.id, id), eq(serviceTypes.isActive, true)));
    return row;
  }

  async city(db: Db, by: { id?: string; slug?: string }) {
    const where = by.id ? eq(cities.id, by.id) : sql`lower(${cities.slug}) = lower(${by.slug ?? ''})`;
    const [row] = await db
      .select({ id: cities.id, slug: cities.slug, name: cities.name, nameFr: cities.nameFr, nameAr: cities.nameAr })
      .from(cities)
      .where(and(where, eq(cities.isActive, true)));
    return row;
  }

  async borough(db: Db, id: string) {
    const [row] = await db.select({ id: boroughs.id, cityId: boroughs.cityId }).from(boroughs).where(eq(boroughs.id, id));
    return row;
  }

  /** Active add-ons of the service. */
  async addOns(db: Db, serviceTypeId: string) {
    return db
      .select({ id: serviceAddOns.id, name: serviceAddOns.name, price: serviceAddOns.price })
      .from(serviceAddOns)
      .where(and(eq(serviceAddOns.serviceTypeId, serviceTypeId), eq(serviceAddOns.isActive, true)));
  }

  async professionalIdOfUser(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id;
  }

  async recipients(db: Db, userIds: readonly string[]): Promise<Recipient[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: users.id, email: users.email, userName: users.name, fullName: profiles.fullName, name: profiles.name, locale: profiles.locale })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, [...userIds]));
    return rows.map((r) => ({ userId: r.userId, email: r.email, name: r.name ?? r.fullName ?? r.userName, locale: (r.locale ?? 'en') as Locale }));
  }

  // ------------------------------------------------------------------------------------------
  // Assignment
  // ------------------------------------------------------------------------------------------

  /**
   * Approved, active professionals matching the filter, with their ratings, recent jobs, weekly
   * availability and their pending/confirmed bookings overlapping [from, to). Three queries
   * whatever the number of professionals; the caller checks slots and ranks (domain functions).
   */
  async pool(db: Db, filter: PoolFilter, window: { from: Date; to: Date }, now: Date): Promise<PoolMember[]> {
    const conditions: SQL[] = [eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`];
    if (filter.professionalId) conditions.push(eq(professionals.id, filter.professionalId));
    if (filter.cityId) conditions.push(eq(professionals.cityId, filter.cityId));
    if (filter.serviceTypeId) {
      conditions.push(
        sql`exists (select 1 from ${professionalServices} ps where ps.professional_id = ${PRO_ID} and ps.service_type_id = ${filter.serviceTypeId})`,
      );
    }
    if (filter.boroughId) {
      conditions.push(
        sql`exists (select 1 from ${professionalBoroughs} pb where pb.professional_id = ${PRO_ID} and pb.borough_id = ${filter.boroughId})`,
      );
    }
    const since = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
    // One round trip: ratings, recent jobs, weekly slots and overlapping bookings as JSON columns.
    const rows = await db
      .select({
        professionalId: professionals.id,
        userId: professionals.userId,
        firstName: professionals.name,
        cityId: professionals.cityId,
        hourlyRate: professionals.hourlyRate,
        rating: ratingSql,
        reviewCount: reviewCountSql,
        jobsLast30Days: sql<number>`(select count(*)::int from bookings b where b.professional_id = ${PRO_ID}
          and b.status in ('pending', 'confirmed', 'completed')
          and b.scheduled_start >= ${since}::timestamptz and b.scheduled_start < ${now.toISOString()}::timestamptz)`,
        jobsDone: sql<number>`(select count(*)::int from bookings b where b.professional_id = ${PRO_ID} and b.status = 'completed')`,
        slots: sql<unknown>`(select coalesce(json_agg(json_build_array(a.weekday, a.slot)), '[]'::json)
          from professional_availability a where a.professional_id = ${PRO_ID})`,
        busy: sql<unknown>`(select coalesce(json_agg(json_build_array(b.id, b.scheduled_start, b.scheduled_end)), '[]'::json)
          from bookings b where b.professional_id = ${PRO_ID} and b.status in ('pending', 'confirmed')
          and b.scheduled_start < ${window.to.toISOString()}::timestamptz and b.scheduled_end > ${window.from.toISOString()}::timestamptz)`,
      })
      .from(professionals)
      .where(and(...conditions));
    return rows.map((r) => {
      const availability: WeeklyAvailability = {};
      for (const [weekday, slot] of json<Array<[number, AvailabilitySlot]>>(r.slots)) {
        const day = isoToWeekday(weekday as IsoWeekday);
        availability[day] = [...(availability[day] ?? []), slot];
      }
      return {
        professionalId: r.professionalId,
        userId: r.userId,
        firstName: r.firstName,
        cityId: r.cityId,
        hourlyRate: r.hourlyRate,
        rating: r.rating === null ? null : Number(r.rating),
        reviewCount: Number(r.reviewCount),
        jobsLast30Days: Number(r.jobsLast30Days),
        jobsDone: Number(r.jobsDone),
        availability,
        busy: json<Array<[string, string, string]>>(r.busy).map(([bookingId, start, end]) => ({ bookingId, start: new Date(start), end: new Date(end) })),
      };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Writes
  // ------------------------------------------------------------------------------------------

  /**
   * A new booking with its price lines, its payment row and any `also` statements (a job), in ONE
   * statement (data-modifying CTEs: foreign keys are checked at its end), so a create costs one
   * round trip instead of four. Returns the row as stored.
   */
  async insert(
    db: Db,
    booking: NewBooking & Pick<BookingRecord, 'userId' | 'professionalId' | 'kind' | 'title' | 'description' | 'location' | 'cityId' | 'status' | 'paymentStatus' | 'scheduledStart' | 'scheduledEnd'>,
    lines: Omit<NewPriceLine, 'bookingId'>[],
    payment: { method: 'card' | 'bank' | 'mobile'; provider: string; amount: number },
    also: (id: string) => SQL[] = () => [],
  ): Promise<BookingRecord> {
    const id = booking.id ?? randomUUID();
    // Drizzle renders an embedded query builder in parentheses: `b as ${query}` is `b as (insert ...)`.
    const parts: SQL[] = [
      sql`b as ${db.insert(bookings).values({ ...booking, id }).returning({ createdAt: bookings.createdAt, updatedAt: bookings.updatedAt })}`,
      sql`p as ${db.insert(payments).values({ bookingId: id, ...payment })}`,
    ];
    if (lines.length) parts.push(sql`l as ${db.insert(bookingPriceLines).values(lines.map((l, position) => ({ ...l, bookingId: id, position })))}`);
    also(id).forEach((statement, i) => parts.push(sql`${sql.identifier(`x${i}`)} as (${statement})`));
    const res = await db.execute(sql`with ${sql.join(parts, sql`, `)} select created_at, updated_at from b`);
    const stamp = (res as unknown as { rows: Array<{ created_at: Date | string; updated_at: Date | string }> }).rows[0]!;
    const defaults: Omit<BookingRecord, 'id' | 'createdAt' | 'updatedAt' | 'userId' | 'professionalId' | 'kind' | 'title' | 'description' | 'location' | 'cityId' | 'status' | 'paymentStatus' | 'scheduledStart' | 'scheduledEnd'> = {
      boroughId: null,
      serviceTypeId: null,
      contactPhone: null,
      specialRequests: null,
      durationMinutes: 0,
      servicePrice: 0,
      addonsTotal: 0,
      serviceFee: 0,
      totalAmount: 0,
      fixedPrice: true,
      addonServices: [],
      cancellationFee: null,
      cancelledBy: null,
      cancellationReason: null,
      completedAt: null,
    };
    return {
      ...defaults,
      ...(booking as Partial<BookingRecord> & Pick<BookingRecord, 'userId' | 'professionalId' | 'kind' | 'title' | 'description' | 'location' | 'cityId' | 'status' | 'paymentStatus' | 'scheduledStart' | 'scheduledEnd'>),
      id,
      createdAt: new Date(stamp.created_at),
      updatedAt: new Date(stamp.updated_at),
    };
  }

  async update(db: Db, id: string, set: Partial<NewBooking>) {
    await db
      .update(bookings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(bookings.id, id));
  }

  /** The booking row locked until the end of the transaction (transitions read-check-write under it). */
  async lock(db: Db, id: string): Promise<BookingRecord | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Reads
  // ------------------------------------------------------------------------------------------

  private viewQuery(db: Db) {
    return db
      .select(viewColumns)
      .from(bookings)
      .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
      .innerJoin(cities, eq(cities.id, bookings.cityId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId));
  }

  async view(db: Db, id: string): Promise<BookingView | undefined> {
    const [row] = await this.viewQuery(db).where(eq(bookings.id, id));
    return row ? toView(row as ViewRow) : undefined;
  }

  /** A customer's bookings (newest first) or a professional's (paid ones; pending soonest first). */
  async list(
    db: Db,
    who: { customerId: string } | { professionalId: string },
    query: { status?: BookingStatus; limit: number; offset: number },
  ): Promise<BookingView[]> {
    const conditions: SQL[] = [];
    if ('customerId' in who) conditions.push(eq(bookings.userId, who.customerId));
    else conditions.push(eq(bookings.professionalId, who.professionalId), inArray(bookings.paymentStatus, [...PRO_VISIBLE_PAYMENT]));
    if (query.status) conditions.push(eq(bookings.status, query.status));
    const order =
      'professionalId' in who && query.status === 'pending'
        ? [asc(bookings.scheduledStart), asc(bookings.id)]
        : [desc(bookings.createdAt), desc(bookings.id)];
    const rows = await this.viewQuery(db)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((r) => toView(r as ViewRow));
  }

  async lines(db: Db, bookingIds: readonly string[]) {
    if (bookingIds.length === 0) return [];
    return db
      .select()
      .from(bookingPriceLines)
      .where(inArray(bookingPriceLines.bookingId, [...bookingIds]))
      .orderBy(asc(bookingPriceLines.bookingId), asc(bookingPriceLines.position));
  }

  /** Dashboard figures: totals, this month (from `monthStart`), completed and pending, money spent. */
  async stats(db: Db, who: { customerId: string } | { professionalId: string }, monthStart: Date) {
    const scope =
      'customerId' in who
        ? eq(bookings.userId, who.customerId)
        : and(eq(bookings.professionalId, who.professionalId), inArray(bookings.paymentStatus, [...PRO_VISIBLE_PAYMENT]));
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        thisMonth: sql<number>`(count(*) filter (where ${bookings.createdAt} >= ${monthStart.toISOString()}::timestamptz))::int`,
        completed: sql<number>`(count(*) filter (where ${bookings.status} = 'completed'))::int`,
        pending: sql<number>`(count(*) filter (where ${bookings.status} = 'pending'))::int`,
      })
      .from(bookings)
      .where(scope);
    let spent = 0;
    if ('customerId' in who) {
      // What left the customer's pocket: minus the customer account's movements on their bookings.
      const [s] = await db
        .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .where(and(eq(bookings.userId, who.customerId), eq(ledgerEntries.account, 'customer')));
      spent = -Number(s?.sum ?? 0);
    }
    return {
      total: Number(row?.total ?? 0),
      thisMonth: Number(row?.thisMonth ?? 0),
      completed: Number(row?.completed ?? 0),
      pending: Number(row?.pending ?? 0),
      totalSpent: Math.max(0, spent),
    };
  }

  /** Payment rows of a booking, newest first. */
  async payments(db: Db, bookingId: string) {
    return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.createdAt));
  }

  /** Mark the succeeded payment refunded (a full refund). */
  async markPaymentsRefunded(db: Db, bookingId: string) {
    await db
      .update(payments)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  }
}

