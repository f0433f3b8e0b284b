/**
 * Paying a booking (docs/payments.md payment screen, §8 Payments; docs/payments.md escrow).
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
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { PaymentProvider } from '../../platform/payments';
import type { LedgerRepository } from './ledger.repository';
import type { PaymentsRepository } from './payments.repository';

/** Said of a booking the caller may not pay, as the bookings module says it (nothing is revealed). */
const BOOKING_NOT_FOUND = 'Booking not found';

/** docs/payments.md: "bank payment failed, mobile payment failed, Card payment failed, each followed by Please try again". */
export const PAYMENT_FAILED_MESSAGES: Record<PaymentMethod, string> = {
  bank: 'Bank payment failed. Please try again.',
  mobile: 'Mobile payment failed. Please try again.',
  card: 'Card payment failed. Please try again.',
};

/** docs/payments.md: shown with the bank method (the web app shows it whenever `demo` is true). */
export const DEMO_PAYMENT_NOTICE = 'DEMO MODE: Mock payment - not for production use';

const CLAIM_PREFIX = 'claim:';
const CLAIM_TTL_SECONDS = 120;

/** How a payment attempt ended; the bookings module announces it and answers. */
export interface PaymentResult {
  outcome: 'paid' | 'failed' | 'refunded';
  payment: PayBookingResponse['payment'];
}

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepository,
    private readonly ledger: LedgerRepository,
    private readonly provider: PaymentProvider,
  ) {}

  async pay(user: SessionUser, bookingId: string, input: PayBookingRequest): Promise<PaymentResult> {
    const booking = await this.repo.booking(bookingId);
    // Only the customer pays their booking; to anyone else it does not exist.
    if (!booking || booking.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
    if (booking.paymentStatus === 'paid') throw new AppError('ALREADY_PAID', 'This booking is already paid.');
    if (booking.status !== 'pending' || booking.paymentStatus !== 'pending') {
      throw new AppError('INVALID_TRANSITION', 'This booking can no longer be paid.');
    }

    const claim = `${CLAIM_PREFIX}${randomUUID()}`;
    const payment = await this.repo.claim(bookingId, claim, { method: input.method, provider: this.provider.name }, CLAIM_TTL_SECONDS);
    if (!payment) throw new AppError('ALREADY_PAID', 'A payment for this booking is already in progress.');

    let result: Awaited<ReturnType<PaymentProvider['charge']>>;
    try {
      result = await this.provider.charge({ paymentId: payment.id, bookingId, amount: payment.amount, method: input.method, simulate: input.simulate });
    } catch (err) {
      // The provider could not be reached: release the claim so the customer can try again.
      await this.repo.releaseClaim(payment.id, claim);
      throw err;
    }

    const outcome = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const ledger = this.ledger.with(tx);
      const b = await repo.lockBooking(bookingId);
      if (!b) throw notFound(BOOKING_NOT_FOUND);
      if (!result.ok) {
        await repo.record(payment.id, { status: 'failed', providerRef: result.providerRef, failureReason: result.failureReason });
        const t = checkTransition(b.status, 'cancelled', { role: 'system' });
        if (t.ok && b.status === 'pending') {
          await repo.updateBooking(bookingId, { status: 'cancelled', paymentStatus: 'failed', cancellationReason: 'payment_failed', cancellationFee: 0 });
        }
        return 'failed' as const;
      }
      await ledger.post(holdEntries(bookingId, payment.amount));
      if (b.status === 'pending' && b.paymentStatus === 'pending') {
        await repo.record(payment.id, { status: 'succeeded', providerRef: result.providerRef, failureReason: null });
        await repo.updateBooking(bookingId, { paymentStatus: 'paid' });
        return 'paid' as const;
      }
      // Cancelled while the provider answered (e.g. the unpaid booking expired): give it all back.
      await ledger.post(refundEntries(bookingId, b.professionalId, { held: payment.amount, fee: 0 }));
      await repo.record(payment.id, { status: 'refunded', providerRef: result.providerRef });
      await repo.updateBooking(bookingId, { paymentStatus: 'refunded' });
      return 'refunded' as const;
    });

    return { outcome, payment: { id: payment.id, method: input.method, status: 'succeeded', amount: payment.amount, demo: this.provider.demo } };
  }
}
