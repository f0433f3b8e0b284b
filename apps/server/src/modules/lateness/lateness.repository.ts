/**
 * SQL of running late, no-shows and suspension (issue 41): the booking and its attendance under the
 * booking's row lock, the attendance row, the admin's counts and views, a professional's status.
 */
import type { NoShowParty } from '@khedma/shared/domain/lateness';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingAttendance, bookings, cities, professionals } from '../../db/schema/index';

export type LockedBooking = typeof bookings.$inferSelect & {
  expectedArrival: Date | null;
  arrivedAt: Date | null;
  noShow: NoShowParty | null;
};

export interface ProfessionalRecord {
  id: string;
  userId: string;
  name: string;
  fullName: string;
  city: string | null;
  status: 'active' | 'suspended';
  approvedAt: Date | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
}

const proColumns = {
  id: professionals.id,
  userId: professionals.userId,
  name: professionals.name,
  fullName: professionals.fullName,
  city: cities.name,
  status: professionals.status,
  approvedAt: professionals.approvedAt,
  suspendedAt: professionals.suspendedAt,
  suspensionReason: professionals.suspensionReason,
};

export class LatenessRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): LatenessRepository {
    return new LatenessRepository(tx);
  }

  /** The booking locked for update, with its attendance. */
  async lockBooking(id: string): Promise<LockedBooking | undefined> {
    const [b] = await this.db.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!b) return undefined;
    const [a] = await this.db.select().from(bookingAttendance).where(eq(bookingAttendance.bookingId, id));
    return { ...b, expectedArrival: a?.expectedArrivalAt ?? null, arrivedAt: a?.arrivedAt ?? null, noShow: a?.noShowParty ?? null };
  }

  async professionalIdOfUser(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id ?? null;
  }

  /** Writes the booking's attendance (one row per booking), for the professional now concerned. */
  async saveAttendance(
    bookingId: string,
    professionalId: string,
    set: Partial<Pick<typeof bookingAttendance.$inferInsert, 'expectedArrivalAt' | 'delayAnnouncedAt' | 'arrivedAt' | 'noShowParty' | 'noShowReportedAt'>>,
  ): Promise<void> {
    await this.db
      .insert(bookingAttendance)
      .values({ bookingId, professionalId, ...set })
      .onConflictDoUpdate({ target: bookingAttendance.bookingId, set: { ...set, professionalId, updatedAt: sql`now()` } });
  }

  async cancelBooking(id: string, set: { paymentStatus: (typeof bookings.$inferSelect)['paymentStatus']; cancellationFee: number; cancelledBy: string; cancellationReason: string }) {
    await this.db
      .update(bookings)
      .set({ status: 'cancelled', ...set, updatedAt: sql`now()` })
      .where(eq(bookings.id, id));
  }

  /** Lateness (delays announced) and no-shows (reported by customers) per professional. */
  async counts(professionalIds: readonly string[]): Promise<Map<string, { lateness: number; noShows: number }>> {
    const out = new Map<string, { lateness: number; noShows: number }>();
    if (professionalIds.length === 0) return out;
    const rows = await this.db
      .select({
        professionalId: bookingAttendance.professionalId,
        lateness: sql<number>`count(*) filter (where ${bookingAttendance.delayAnnouncedAt} is not null)::int`,
        noShows: sql<number>`count(*) filter (where ${bookingAttendance.noShowParty} = 'professional')::int`,
      })
      .from(bookingAttendance)
      .where(inArray(bookingAttendance.professionalId, [...professionalIds]))
      .groupBy(bookingAttendance.professionalId);
    for (const r of rows) out.set(r.professionalId, { lateness: Number(r.lateness), noShows: Number(r.noShows) });
    return out;
  }

  /** Every professional, by full name, filtered by a part of their name (admins). */
  async list(q: string | undefined, limit = 100): Promise<ProfessionalRecord[]> {
    const where: SQL | undefined = q ? or(ilike(professionals.fullName, `%${escapeLike(q)}%`), ilike(professionals.name, `%${escapeLike(q)}%`)) : undefined;
    const rows = await this.db
      .select(proColumns)
      .from(professionals)
      .leftJoin(cities, eq(cities.id, professionals.cityId))
      .where(where)
      .orderBy(asc(professionals.fullName), asc(professionals.id))
      .limit(limit);
    return rows;
  }

  async professional(id: string, lock = false): Promise<ProfessionalRecord | undefined> {
    const query = this.db.select(proColumns).from(professionals).leftJoin(cities, eq(cities.id, professionals.cityId)).where(eq(professionals.id, id));
    const [row] = lock ? await query.for('update', { of: professionals }) : await query;
    return row;
  }

  /** Their bookings still to come, pending or accepted: what an admin reassigns after a suspension. */
  async upcoming(professionalId: string, now: Date) {
    return this.db
      .select({ id: bookings.id, title: bookings.title, scheduledStart: bookings.scheduledStart, status: bookings.status })
      .from(bookings)
      .where(
        and(
          eq(bookings.professionalId, professionalId),
          inArray(bookings.status, ['pending', 'confirmed']),
          inArray(bookings.paymentStatus, ['paid']),
          sql`${bookings.scheduledStart} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(bookings.scheduledStart))
      .limit(200);
  }

  async setStatus(id: string, set: { status: 'active' | 'suspended'; suspensionReason: string | null; suspendedAt: Date | null }): Promise<void> {
    await this.db
      .update(professionals)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(professionals.id, id));
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
