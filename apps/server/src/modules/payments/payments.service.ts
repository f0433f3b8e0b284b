/**
 * Paying a booking (docs/payments.md payment screen, §8 Payments; docs/payments.md escrow).
 *
 * 1. The customer's pending payment row is claimed (so a double click cannot charge twice). The claim
 *    names the instance (platform/instance.ts): one left by a dead process is taken over by the next
 *    attempt at once, and reconciled with the provider by a job if nobody comes back (docs/payments.md
 *    "After a crash").
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
import type { Clock } from '../../platform/clock';
import { metrics } from '../../platform/metrics';
import type { EventBus } from '../../platform/events';
import type { InstanceLease } from '../../platform/instance';
import type { JobRunner } from '../../platform/jobs';
import type { ChargeResult, PaymentProvider } from '../../platform/payments';
import type { LedgerRepository } from './ledger.repository';
import { PAYMENT_RECONCILE_JOB } from './payments.jobs';
import type { PaymentRecord, PaymentsRepository } from './payments.repository';

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
/** A claim of a live instance is taken over after this long anyway (a provider call that hung). */
const CLAIM_TTL_SECONDS = 120;
/** When an attempt's reconciliation job runs should its process die (longer than any provider call). */
export const RECONCILE_AFTER_SECONDS = 30;

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
    private readonly instance: Pick<InstanceLease, 'id'>,
    private readonly jobs: Pick<JobRunner, 'schedule'>,
    private readonly events: EventBus,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async pay(user: SessionUser, bookingId: string, input: PayBookingRequest): Promise<PaymentResult> {
    const booking = await this.repo.booking(bookingId);
    // Only the customer pays their booking; to anyone else it does not exist.
    if (!booking || booking.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
    if (booking.paymentStatus === 'paid') throw new AppError('ALREADY_PAID', 'This booking is already paid.');
    if (booking.status !== 'pending' || booking.paymentStatus !== 'pending') {
      throw new AppError('INVALID_TRANSITION', 'This booking can no longer be paid.');
    }

    // The claim names this instance: left by a dead process, the next attempt takes it over at once
    // (the provider's charge is idempotent per payment, so it answers what the dead attempt got).
    const claim = claimOf(this.instance.id);
    const payment = await this.repo.claim(bookingId, claim, { method: input.method, provider: this.provider.name }, CLAIM_TTL_SECONDS);
    if (!payment) throw new AppError('ALREADY_PAID', 'A payment for this booking is already in progress.');
    // Should this process die before the outcome is recorded, any instance asks the provider later.
    await this.jobs.schedule(PAYMENT_RECONCILE_JOB, { paymentId: payment.id, claim }, { dedupeKey: claim, runAt: new Date(this.clock.now().getTime() + RECONCILE_AFTER_SECONDS * 1000) });

    let result: ChargeResult;
    try {
      result = await this.provider.charge({ paymentId: payment.id, bookingId, amount: payment.amount, method: input.method, simulate: input.simulate });
    } catch (err) {
      // The provider could not be reached: release the claim so the customer can try again.
      await this.repo.releaseClaim(payment.id, claim);
      throw err;
    }
    const outcome = await this.settle(bookingId, payment.id, result);
    metrics.payments.inc({ outcome });
    return { outcome, payment: { id: payment.id, method: input.method, status: 'succeeded', amount: payment.amount, demo: this.provider.demo } };
  }

  /**
   * payment.reconcile: an attempt's outcome left unrecorded (its process died between the claim and
   * the record) is asked of the provider, and recorded as the attempt would have: paid, failed or
   * refunded, and told (`payment.reconciled`); never charged anew (that needs the customer). A claim
   * nobody charged is released, so the customer may pay. An attempt still alive is left alone
   * (thrown: the job looks again later). Idempotent.
   */
  async reconcile(paymentId: string, claim: string): Promise<PaymentResult['outcome'] | 'released' | 'settled'> {
    const state = await this.repo.claimState(paymentId);
    if (!state || state.status !== 'pending' || state.providerRef !== claim) return 'settled';
    if (state.live) throw new Error(`payment ${paymentId}: attempt still in progress`);
    const result = await this.provider.lookup(paymentId);
    if (!result) {
      await this.repo.releaseClaim(paymentId, claim);
      return 'released';
    }
    const outcome = await this.settle(state.bookingId, paymentId, result);
    await this.events.emit('payment.reconciled', { bookingId: state.bookingId, outcome });
    return outcome;
  }

  /** Before an unpaid booking expires: an attempt of its payment left unrecorded is reconciled first. */
  async reconcileBooking(bookingId: string): Promise<void> {
    const [payment] = await this.repo.ofBooking(bookingId);
    if (payment?.status === 'pending' && payment.providerRef?.startsWith(CLAIM_PREFIX)) await this.reconcile(payment.id, payment.providerRef);
  }

  /** Every attempt left unrecorded (at start-up): reconciled now, or later by its job. */
  async recoverClaims(): Promise<void> {
    for (const { id, providerRef } of await this.repo.claimed()) {
      await this.jobs.schedule(PAYMENT_RECONCILE_JOB, { paymentId: id, claim: providerRef }, { dedupeKey: `${providerRef}:startup` });
    }
  }

  /**
   * One transaction records the provider's answer: success -> payment succeeded, booking paid,
   * escrow hold; failure -> payment failed, booking cancelled by the system; money taken for a
   * booking cancelled meanwhile -> held and refunded at once. Under the payment row's lock: an
   * outcome is recorded once, whoever records it.
   */
  private async settle(bookingId: string, paymentId: string, result: ChargeResult): Promise<PaymentResult['outcome']> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const ledger = this.ledger.with(tx);
      const b = await repo.lockBooking(bookingId);
      if (!b) throw notFound(BOOKING_NOT_FOUND);
      const p = await repo.lockPayment(paymentId);
      if (!p) throw notFound(BOOKING_NOT_FOUND);
      // Recorded already (by another attempt or a reconciliation): the provider answers one outcome per
      // payment, so that one stands. Still pending, this answer is THE outcome, whichever claim asked.
      if (p.status !== 'pending') return OUTCOME_OF[p.status] ?? 'failed';
      if (!result.ok) {
        await repo.record(paymentId, { status: 'failed', providerRef: result.providerRef, failureReason: result.failureReason });
        const t = checkTransition(b.status, 'cancelled', { role: 'system' });
        if (t.ok && b.status === 'pending') {
          await repo.updateBooking(bookingId, { status: 'cancelled', paymentStatus: 'failed', cancellationReason: 'payment_failed', cancellationFee: 0 });
        }
        return 'failed' as const;
      }
      await ledger.post(holdEntries(bookingId, p.amount));
      if (b.status === 'pending' && b.paymentStatus === 'pending') {
        await repo.record(paymentId, { status: 'succeeded', providerRef: result.providerRef, failureReason: null });
        await repo.updateBooking(bookingId, { paymentStatus: 'paid' });
        return 'paid' as const;
      }
      // Cancelled while the provider answered (e.g. the unpaid booking expired): give it all back.
      await ledger.post(refundEntries(bookingId, b.professionalId, { held: p.amount, fee: 0 }));
      await repo.record(paymentId, { status: 'refunded', providerRef: result.providerRef });
      await repo.updateBooking(bookingId, { paymentStatus: 'refunded' });
      return 'refunded' as const;
    });
  }
}

/** What a payment row's recorded status says of its attempt (an outcome recorded by another attempt). */
const OUTCOME_OF: Partial<Record<PaymentRecord['status'], PaymentResult['outcome']>> = {
  succeeded: 'paid',
  failed: 'failed',
  refunded: 'refunded',
};

/** `claim:<instance id>:<attempt id>` in provider_ref while an attempt is at the provider. */
export function claimOf(instanceId: string): string {
  return `${CLAIM_PREFIX}${instanceId}:${randomUUID()}`;
}
