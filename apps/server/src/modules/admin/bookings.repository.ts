/**
 * SQL of the admin bookings page (SPEC admin_booking_view): every booking with its customer,
 * professional, service and city, filtered and paged by the server, and the four stat cards.
 */
import { addDays, startOfLocalDay, type AdminBookingListQuery, type BookingStatus } from '@khedma/shared';
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, cities, professionals, profiles, serviceTypes, users } from '../../db/schema/index';
import { joinBookingView } from '../bookings';

export interface AdminBookingRecord {
  id: string;
  title: string;
  serviceTypeId: string | null;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  customerName: string;
  customerEmail: string;
  professionalId: string;
  professionalName: string;
  scheduledStart: Date;
  scheduledEnd: Date;
  status: BookingStatus;
  paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded' | 'partially_refunded';
  totalAmount: number;
  cityId: string;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
  completedAt: Date | null;
  completionNotes: string | null;
  cancellationReason: string | null;
}

const columns = {
  id: bookings.id,
  title: bookings.title,
  serviceTypeId: bookings.serviceTypeId,
  serviceName: serviceTypes.name,
  serviceNameFr: serviceTypes.nameFr,
  serviceNameAr: serviceTypes.nameAr,
  customerName: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
  customerEmail: users.email,
  professionalId: bookings.professionalId,
  professionalName: professionals.fullName,
  scheduledStart: bookings.scheduledStart,
  scheduledEnd: bookings.scheduledEnd,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  totalAmount: bookings.totalAmount,
  cityId: bookings.cityId,
  cityName: cities.name,
  cityNameFr: cities.nameFr,
  cityNameAr: cities.nameAr,
  completedAt: bookings.completedAt,
  completionNotes: bookings.completionNotes,
  cancellationReason: bookings.cancellationReason,
};

/** `%text%` for ILIKE, its wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AdminBookingsRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return joinBookingView(this.db.select(columns).from(bookings).$dynamic());
  }

  private conditions(q: AdminBookingListQuery): SQL | undefined {
    const where: SQL[] = [];
    if (q.status) where.push(eq(bookings.status, q.status));
    if (q.cityId) where.push(eq(bookings.cityId, q.cityId));
    if (q.from) where.push(gte(bookings.scheduledStart, startOfLocalDay(q.from)));
    if (q.to) where.push(lt(bookings.scheduledStart, startOfLocalDay(addDays(q.to, 1))));
    const text = q.search?.trim();
    if (text) {
      const like = contains(text);
      where.push(
        or(
          ilike(sql`${bookings.id}::text`, like),
          ilike(bookings.title, like),
          ilike(users.name, like),
          ilike(sql`coalesce(${profiles.fullName}, '')`, like),
          ilike(sql`${users.email}::text`, like),
          ilike(professionals.fullName, like),
          ilike(sql`coalesce(${serviceTypes.name}, '')`, like),
          ilike(sql`coalesce(${serviceTypes.nameFr}, '')`, like),
          ilike(sql`coalesce(${serviceTypes.nameAr}, '')`, like),
        )!,
      );
    }
    return where.length ? and(...where) : undefined;
  }

  async list(q: AdminBookingListQuery): Promise<{ items: AdminBookingRecord[]; total: number }> {
    const where = this.conditions(q);
    const items = await this.base()
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    // The same join as the page's rows (a booking's city is never missing: the inner join keeps every row).
    const [row] = await joinBookingView(this.db.select({ n: count() }).from(bookings).$dynamic()).where(where);
    return { items: items as AdminBookingRecord[], total: Number(row?.n ?? 0) };
  }

  async one(id: string): Promise<AdminBookingRecord | undefined> {
    const [row] = await this.base().where(eq(bookings.id, id));
    return row as AdminBookingRecord | undefined;
  }

  /** The stat cards: all bookings, pending, completed, and the revenue of completed ones. */
  async stats() {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${bookings.status} = 'pending'))::int`,
        completed: sql<number>`(count(*) filter (where ${bookings.status} = 'completed'))::int`,
        revenue: sql<string | null>`sum(${bookings.totalAmount}) filter (where ${bookings.status} = 'completed')`,
      })
      .from(bookings);
    return {
      total: Number(row?.total ?? 0),
      pending: Number(row?.pending ?? 0),
      completed: Number(row?.completed ?? 0),
      revenue: Number(row?.revenue ?? 0),
    };
  }
}
