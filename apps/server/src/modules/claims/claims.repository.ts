/** SQL of guarantee claims (docs/claims.md). */
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bookings, claims, paymentRefunds, professionals, profiles, returnVisitHoldsTime, serviceTypes, users } from '../../db/schema/index';

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaim = typeof claims.$inferInsert;

/** What a claim's rules and messages need of its booking and its two people. */
export interface ClaimBooking {
  id: string;
  userId: string;
  professionalId: string | null;
  proUserId: string | null;
  proName: string | null;
  status: string;
  paymentStatus: string;
  completedAt: Date | null;
  scheduledStart: Date;
  durationMinutes: number;
  title: string;
  totalAmount: number;
  warrantyDays: number;
  customerName: string;
  customerEmail: string;
  customerLocale: 'en' | 'fr' | 'ar';
  proEmail: string | null;
  proLocale: 'en' | 'fr' | 'ar' | null;
}

const customerUser = alias(users, 'claim_customer_user');
const customerProfile = alias(profiles, 'claim_customer_profile');
const proUser = alias(users, 'claim_pro_user');
const proProfile = alias(profiles, 'claim_pro_profile');

export class ClaimsRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): ClaimsRepository {
    return new ClaimsRepository(tx);
  }

  /** The booking with what claims need; `lock` takes its row lock (FOR UPDATE OF bookings). */
  async booking(id: string, lock = false): Promise<ClaimBooking | undefined> {
    const q = this.db
      .select({
        id: bookings.id,
        userId: bookings.userId,
        professionalId: bookings.professionalId,
        proUserId: professionals.userId,
        proName: professionals.name,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        completedAt: bookings.completedAt,
        scheduledStart: bookings.scheduledStart,
        durationMinutes: bookings.durationMinutes,
        title: bookings.title,
        totalAmount: bookings.totalAmount,
        warrantyDays: sql<number>`coalesce(${serviceTypes.warrantyDays}, 0)::int`,
        customerName: sql<string>`coalesce(${customerProfile.fullName}, ${customerUser.name}, '')`,
        customerEmail: customerUser.email,
        customerLocale: sql<'en' | 'fr' | 'ar'>`coalesce(${customerProfile.locale}, 'en')`,
        proEmail: proUser.email,
        proLocale: sql<'en' | 'fr' | 'ar' | null>`${proProfile.locale}`,
      })
      .from(bookings)
      .innerJoin(customerUser, eq(customerUser.id, bookings.userId))
      .leftJoin(customerProfile, eq(customerProfile.id, bookings.userId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId))
      .leftJoin(professionals, eq(professionals.id, bookings.professionalId))
      .leftJoin(proUser, eq(proUser.id, professionals.userId))
      .leftJoin(proProfile, eq(proProfile.id, professionals.userId))
      .where(eq(bookings.id, id));
    const [row] = lock ? await q.for('update', { of: bookings }) : await q;
    return row;
  }

  async professionalIdOfUser(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id ?? null;
  }

  async ofBooking(bookingId: string): Promise<ClaimRow[]> {
    return this.db.select().from(claims).where(eq(claims.bookingId, bookingId)).orderBy(desc(claims.createdAt));
  }

  /** The booking's open claim (one at most: claims_one_open_idx), locked when asked. */
  async openOf(bookingId: string, lock = false): Promise<ClaimRow | undefined> {
    const q = this.db.select().from(claims).where(and(eq(claims.bookingId, bookingId), ne(claims.status, 'resolved')));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async hasOpen(bookingId: string): Promise<boolean> {
    return Boolean(await this.openOf(bookingId));
  }

  async insert(row: NewClaim): Promise<ClaimRow> {
    const [created] = await this.db.insert(claims).values(row).returning();
    return created!;
  }

  async update(id: string, set: Partial<NewClaim>): Promise<ClaimRow> {
    const [row] = await this.db
      .update(claims)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(claims.id, id))
      .returning();
    return row!;
  }

  /** Return visits of a professional that overlap [from, to), other claims than `except`. */
  async visitsOverlapping(professionalId: string, from: Date, to: Date, except: string): Promise<number> {
    const rows = await this.db
      .select({ id: claims.id })
      .from(claims)
      .where(and(eq(claims.professionalId, professionalId), ne(claims.id, except), lt(claims.visitStart, to), gt(claims.visitEnd, from), returnVisitHoldsTime));
    return rows.length;
  }

  /** When each refund reached the customer's card (succeeded), by refund id. */
  async refundsConfirmed(ids: string[]): Promise<Map<string, Date>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: paymentRefunds.id, at: paymentRefunds.refundedAt, status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(sql`${paymentRefunds.id} in ${ids}`);
    return new Map(rows.filter((r) => r.status === 'succeeded' && r.at).map((r) => [r.id, r.at!]));
  }

  /** The newest refund row of a booking (the one `RefundsService.request` has just written). */
  async latestRefundOf(bookingId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId)).orderBy(desc(paymentRefunds.createdAt)).limit(1);
    return row?.id ?? null;
  }

  /** Claims waiting for an admin's decision, oldest first, with their booking. */
  async needingDecision(): Promise<Array<{ claim: ClaimRow; title: string; totalAmount: number; customerName: string; professionalName: string | null }>> {
    return this.db
      .select({
        claim: claims,
        title: bookings.title,
        totalAmount: bookings.totalAmount,
        customerName: sql<string>`coalesce(${customerProfile.fullName}, ${customerUser.name}, '')`,
        professionalName: professionals.name,
      })
      .from(claims)
      .innerJoin(bookings, eq(bookings.id, claims.bookingId))
      .innerJoin(customerUser, eq(customerUser.id, claims.customerId))
      .leftJoin(customerProfile, eq(customerProfile.id, claims.customerId))
      .leftJoin(professionals, eq(professionals.id, claims.professionalId))
      .where(eq(claims.status, 'needs_decision'))
      .orderBy(claims.createdAt)
      .limit(200);
  }

  async setBookingPaymentStatus(bookingId: string, paymentStatus: 'refunded' | 'partially_refunded'): Promise<void> {
    await this.db.update(bookings).set({ paymentStatus, updatedAt: sql`now()` }).where(eq(bookings.id, bookingId));
  }
}
