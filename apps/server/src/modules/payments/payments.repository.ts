/**
 * SQL of payment rows, and of the payment side of a booking row (its payment status, and the
 * system's cancellations: a failed payment, an unpaid booking expired). The booking lifecycle
 * itself is the bookings module's.
 */
import { and, desc, eq, isNull, like, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, payments } from '../../db/schema/index';
import { instanceDeadSql } from '../../platform/instance';

/** As long as a claim of a live instance counts as in progress for reconciliation (the claim's own TTL). */
const CLAIM_LIVE_SECONDS = 120;

/**
 * SQL true while the row's claim (`claim:<instance id>:<attempt id>`) may still be worked on: its
 * instance holds a live lease and it is younger than `ttlSeconds`. A provider reference (no claim)
 * is not live.
 */
function claimLive(ttlSeconds: number): SQL {
  const instance = sql`(case when ${payments.providerRef} ~ '^claim:[0-9a-f-]{36}:' then substring(${payments.providerRef} from 7 for 36)::uuid end)`;
  return sql`(${payments.providerRef} like 'claim:%' and ${payments.updatedAt} > now() - make_interval(secs => ${ttlSeconds}) and not ${instanceDeadSql(instance)})`;
}

export type PaymentRecord = typeof payments.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  /** The same statements inside a transaction. */
  with(tx: Db): PaymentsRepository {
    return new PaymentsRepository(tx);
  }

  /** Payment rows of a booking, newest first. */
  async ofBooking(bookingId: string): Promise<PaymentRecord[]> {
    return this.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.createdAt));
  }

  /** Mark the succeeded payment refunded (a full refund). */
  async markRefunded(bookingId: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  }

  /**
   * Claims the booking's pending payment row for one attempt (`claim` in provider_ref), unless another
   * attempt holds it: a claim is taken over only when its instance holds no live lease (the process
   * died) or it is older than `ttlSeconds` (a provider call that hung). Undefined when it is taken.
   */
  async claim(bookingId: string, claim: string, set: { method: PaymentRecord['method']; provider: string }, ttlSeconds: number) {
    const [payment] = await this.db
      .update(payments)
      .set({ method: set.method, provider: set.provider, providerRef: claim, updatedAt: sql`now()` })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending'), or(isNull(payments.providerRef), not(claimLive(ttlSeconds)))))
      .returning({ id: payments.id, amount: payments.amount });
    return payment;
  }

  /** A payment's claim as reconciliation sees it: whose booking, which claim, and whether its attempt may still be running. */
  async claimState(paymentId: string) {
    const [row] = await this.db
      .select({ bookingId: payments.bookingId, status: payments.status, providerRef: payments.providerRef, live: sql<boolean>`${claimLive(CLAIM_LIVE_SECONDS)}` })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return row;
  }

  /** Payments with an attempt at the provider (a claim), oldest first. */
  async claimed(): Promise<Array<{ id: string; providerRef: string }>> {
    const rows = await this.db
      .select({ id: payments.id, providerRef: payments.providerRef })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), like(payments.providerRef, 'claim:%')))
      .orderBy(payments.updatedAt);
    return rows.map((r) => ({ id: r.id, providerRef: r.providerRef! }));
  }

  /** The payment row locked until the end of the transaction (an outcome is recorded once). */
  async lockPayment(paymentId: string): Promise<PaymentRecord | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return row;
  }

  /** Gives a claim back (the provider could not be reached). */
  async releaseClaim(paymentId: string, claim: string): Promise<void> {
    await this.db.update(payments).set({ providerRef: null }).where(and(eq(payments.id, paymentId), eq(payments.providerRef, claim)));
  }

  async record(paymentId: string, set: { status: PaymentRecord['status']; providerRef: string | null; failureReason?: string | null }): Promise<void> {
    await this.db
      .update(payments)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId));
  }

  /** What paying needs to know of a booking: whose it is and where it stands. */
  async booking(bookingId: string) {
    const [row] = await this.db
      .select({ userId: bookings.userId, status: bookings.status, paymentStatus: bookings.paymentStatus })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row;
  }

  /** The booking row locked until the end of the transaction. */
  async lockBooking(bookingId: string): Promise<BookingRow | undefined> {
    const [row] = await this.db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    return row;
  }

  async updateBooking(bookingId: string, set: Partial<Pick<BookingRow, 'status' | 'paymentStatus' | 'cancellationReason' | 'cancellationFee'>>): Promise<void> {
    await this.db
      .update(bookings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(bookings.id, bookingId));
  }
}
