/**
 * Paying a booking (SPEC.md §2 payment screen, §8 Payments; PRODUCT.md §1 escrow).
 *
 * 1. The customer's pending payment row is claimed (so a double click cannot charge twice; a claim
 *    left by a crashed process expires after 2 minutes).
 * 2. The provider is called outside any transaction (the demo provider takes 2 s).
 * 3. One transaction records the outcome: success -> payment succeeded, booking paid, escrow hold
 *    (customer -> escrow, balanced ledger rows); failure -> payment failed, booking cancelled by
 *    the system (pending -> cancelled, `payment_failed`), which frees the professional's slot.
 *    Money taken for a booking that got cancelled meanwhile is held and refunded at once.
 */
import {
  checkTransition,
  holdEntries,
  refundEntries,
  type PaymentMethod,
  type PayBookingRequest,
  type PayBookingResponse,
  type SessionUser,
} from '@khedma/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/index';
import { AppError, notFound } from '../../http/errors';
import type { PaymentProvider } from '../../platform/payments';
import type { BookingEvents } from '../bookings/booking-events';
import type { BookingsRepository } from '../bookings/bookings.repository';
import { BOOKING_NOT_FOUND, type BookingService } from '../bookings/bookings.service';
import type { LedgerRepository } from './ledger.repository';

/** SPEC.md §8: "bank payment failed, mobile payment failed, Card payment failed, each followed by Please try again". */
export const PAYMENT_FAILED_MESSAGES: Record<PaymentMethod, string> = {
  bank: 'Bank payment failed. Please try again.',
  mobile: 'Mobile payment failed. Please try again.',
  card: 'Card payment failed. Please try again.',
};

/** SPEC.md §8: shown with the bank method (the web app shows it whenever `demo` is true). */
export const DEMO_PAYMENT_NOTICE = 'DEMO MODE: Mock payment - not for production use';

const CLAIM_PREFIX = 'claim:';
const CLAIM_TTL_SECONDS = 120;

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly repo: BookingsRepository,
    private readonly ledger: LedgerRepository,
    private readonly provider: PaymentProvider,
    private readonly events: BookingEvents,
    private readonly bookings: BookingService,
  ) {}

  async pay(user: SessionUser, bookingId: string, input: PayBookingRequest): Promise<PayBookingResponse> {
    const view = await this.repo.view(this.db, bookingId);
    // Only the customer pays their booking; to anyone else it does not exist.
    if (!view || view.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
    if (view.paymentStatus === 'paid') throw new AppError('ALREADY_PAID', 'This booking is already paid.');
    if (view.status !== 'pending' || view.paymentStatus !== 'pending') {
      throw new AppError('INVALID_TRANSITION', 'This booking can no longer be paid.');
    }

    const claim = `${CLAIM_PREFIX}${randomUUID()}`;
    const [payment] = await this.db
      .update(payments)
      .set({ method: input.method, provider: this.provider.name, providerRef: claim, updatedAt: sql`now()` })
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.status, 'pending'),
          or(isNull(payments.providerRef), lt(payments.updatedAt, sql`now() - make_interval(secs => ${CLAIM_TTL_SECONDS})`)),
        ),
      )
      .returning({ id: payments.id, amount: payments.amount });
    if (!payment) throw new AppError('ALREADY_PAID', 'A payment for this booking is already in progress.');

    let result: Awaited<ReturnType<PaymentProvider['charge']>>;
    try {
      result = await this.provider.charge({ paymentId: payment.id, bookingId, amount: payment.amount, method: input.method, simulate: input.simulate });
    } catch (err) {
      // The provider could not be reached: release the claim so the customer can try again.
      await this.db.update(payments).set({ providerRef: null }).where(and(eq(payments.id, payment.id), eq(payments.providerRef, claim)));
      throw err;
    }

    const outcome = await this.db.transaction(async (tx) => {
      const b = await this.repo.lock(tx, bookingId);
      if (!b) throw notFound(BOOKING_NOT_FOUND);
      if (!result.ok) {
        await tx
          .update(payments)
          .set({ status: 'failed', providerRef: result.providerRef, failureReason: result.failureReason, updatedAt: sql`now()` })
          .where(eq(payments.id, payment.id));
        const t = checkTransition(b.status, 'cancelled', { role: 'system' });
        if (t.ok && b.status === 'pending') {
          await this.repo.update(tx, bookingId, { status: 'cancelled', paymentStatus: 'failed', cancellationReason: 'payment_failed', cancellationFee: 0 });
        }
        return 'failed' as const;
      }
      await this.ledger.post(tx, holdEntries(bookingId, payment.amount));
      if (b.status === 'pending' && b.paymentStatus === 'pending') {
        await tx.update(payments).set({ status: 'succeeded', providerRef: result.providerRef, failureReason: null, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
        await this.repo.update(tx, bookingId, { paymentStatus: 'paid' });
        return 'paid' as const;
      }
      // Cancelled while the provider answered (e.g. the unpaid booking expired): give it all back.
      await this.ledger.post(tx, refundEntries(bookingId, b.professionalId, { held: payment.amount, fee: 0 }));
      await tx.update(payments).set({ status: 'refunded', providerRef: result.providerRef, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      await this.repo.update(tx, bookingId, { paymentStatus: 'refunded' });
      return 'refunded' as const;
    });

    const after = (await this.repo.view(this.db, bookingId))!;
    if (outcome === 'failed') {
      await this.events.announce(after, 'payment_failed', [{ to: 'customer', kind: 'payment_failed' }]);
      throw new AppError('PAYMENT_FAILED', PAYMENT_FAILED_MESSAGES[input.method]);
    }
    if (outcome === 'refunded') {
      await this.events.announce(after, 'refund');
      throw new AppError('INVALID_TRANSITION', 'This booking was cancelled before the payment completed; the payment has been refunded.');
    }
    await this.events.announce(after, 'paid', [
      { to: 'customer', kind: 'paid' },
      { to: 'professional', kind: 'new_request' },
    ]);
    return {
      booking: await this.bookings.dto(user, bookingId),
      payment: { id: payment.id, method: input.method, status: 'succeeded', amount: payment.amount, demo: this.provider.demo },
    };
  }
}
