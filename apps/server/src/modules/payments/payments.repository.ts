/**
 * SQL of payment rows, and of the payment side of a booking row (its payment status, and the
 * system's cancellations: a failed payment, an unpaid booking expired). The booking lifecycle
 * itself is the bookings module's.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, paymentCallbacks, paymentRefunds, payments, users } from '../../db/schema/index';

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

  /** The booking's paid payment (the one refunds go back to). */
  async paidOf(bookingId: string): Promise<PaymentRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  /**
   * The booking's open payment row sent to the provider's page (awaiting_callback), with the method
   * chosen. Undefined when it is no longer open (paid, failed, refunded).
   */
  async initiate(bookingId: string, set: { method: PaymentRecord['method']; provider: string }) {
    const [payment] = await this.db
      .update(payments)
      .set({ method: set.method, provider: set.provider, status: 'awaiting_callback', updatedAt: sql`now()` })
      .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['pending', 'awaiting_callback'])))
      .returning({ id: payments.id, amount: payments.amount });
    return payment;
  }

  async payment(paymentId: string): Promise<PaymentRecord | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  }

  /** Payments awaiting the provider's callback, oldest first. */
  async awaiting(): Promise<Array<{ id: string }>> {
    return this.db.select({ id: payments.id }).from(payments).where(eq(payments.status, 'awaiting_callback')).orderBy(payments.updatedAt);
  }

  /** Every callback, whatever its verdict (payment_callbacks). */
  async logCallback(row: typeof paymentCallbacks.$inferInsert): Promise<void> {
    await this.db.insert(paymentCallbacks).values(row);
  }

  /** A refund to send to the provider (the payment.refund job, scheduled in the same transaction). */
  async addRefund(row: { paymentId: string; bookingId: string; amount: number; reason: string | null }) {
    const [r] = await this.db.insert(paymentRefunds).values(row).returning();
    return r!;
  }

  async refund(refundId: string) {
    const [r] = await this.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    return r;
  }

  /** Refunds of a payment, oldest first. */
  async refundsOf(paymentId: string) {
    return this.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(paymentRefunds.createdAt, paymentRefunds.id);
  }

  /** Refunds of a booking, oldest first (what the customer sees). */
  async refundsOfBooking(bookingId: string) {
    return this.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId)).orderBy(paymentRefunds.createdAt, paymentRefunds.id);
  }

  /** Refunds the provider refused, newest first, with their customer (the admin's failed list). */
  async failedRefunds(limit = 200) {
    return this.db
      .select({
        id: paymentRefunds.id,
        bookingId: paymentRefunds.bookingId,
        paymentId: paymentRefunds.paymentId,
        amount: paymentRefunds.amount,
        reason: paymentRefunds.reason,
        failureReason: paymentRefunds.failureReason,
        createdAt: paymentRefunds.createdAt,
        failedAt: paymentRefunds.updatedAt,
        customerName: users.name,
      })
      .from(paymentRefunds)
      .innerJoin(bookings, eq(bookings.id, paymentRefunds.bookingId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(eq(paymentRefunds.status, 'failed'))
      .orderBy(desc(paymentRefunds.updatedAt), desc(paymentRefunds.id))
      .limit(limit);
  }

  /**
   * A refused refund back to pending (finance retries it): the row as it was when refused, or
   * undefined when it is not failed (already retried, sent, or unknown). One caller wins a race.
   */
  async reopenRefund(refundId: string) {
    const [before] = await this.db
      .select({ failedAt: paymentRefunds.updatedAt })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'failed')))
      .for('update');
    if (!before) return undefined;
    const [r] = await this.db
      .update(paymentRefunds)
      .set({ status: 'pending', failureReason: null, updatedAt: sql`now()` })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'failed')))
      .returning();
    return r ? { ...r, failedAt: before.failedAt } : undefined;
  }

  /** Takes the payment's refund lock for `seconds` (one sender per payment); false when held. */
  async lockRefunds(paymentId: string, seconds: number): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ refundLockUntil: sql`now() + make_interval(secs => ${seconds})` })
      .where(and(eq(payments.id, paymentId), or(isNull(payments.refundLockUntil), lt(payments.refundLockUntil, sql`now()`))))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  async unlockRefunds(paymentId: string): Promise<void> {
    await this.db.update(payments).set({ refundLockUntil: null }).where(eq(payments.id, paymentId));
  }

  /** The provider's answer to a refund, and the payment's refunded total (refunded in part or in full). */
  async recordRefund(refundId: string, answer: { ok: true; providerRef: string | null } | { ok: false; reason: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [r] = await tx
        .update(paymentRefunds)
        .set(answer.ok ? { status: 'succeeded', providerRef: answer.providerRef, refundedAt: sql`now()`, updatedAt: sql`now()` } : { status: 'failed', failureReason: answer.reason, updatedAt: sql`now()` })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
        .returning();
      if (!r || !answer.ok) return;
      await tx
        .update(payments)
        .set({
          refundedAmount: sql`${payments.refundedAmount} + ${r.amount}`,
          status: sql`case when ${payments.refundedAmount} + ${r.amount} >= ${payments.amount} then 'refunded' else 'partially_refunded' end`,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, r.paymentId));
    });
  }

  /** The payment row locked until the end of the transaction (an outcome is recorded once). */
  async lockPayment(paymentId: string): Promise<PaymentRecord | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return row;
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
