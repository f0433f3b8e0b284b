/**
 * Paying a booking through the provider's hosted page (docs/payments.md "States" and "Contract").
 *
 * 1. `pay` (initiate): the customer's pending payment row becomes `awaiting_callback` and the answer is
 *    the signed form the browser posts to the provider's page. Idempotent per payment: the order id is
 *    the payment id. A booking paid already answers its success (a retry whose first answer was lost).
 * 2. `callback`: the provider's signed server-to-server answer, the only proof of payment with a lookup.
 *    Checked (signature, order, amount, currency), logged in payment_callbacks whatever the verdict, and
 *    recorded once under the payment row's lock: approved -> succeeded, booking paid, escrow hold;
 *    declined -> failed, booking cancelled by the system (which frees the slot). A callback twice, late,
 *    out of order, for a wrong amount, an unknown order or with a bad signature changes nothing.
 * 3. `reconcile`: a payment still awaiting its callback is asked of the provider (`lookup`): captured or
 *    authorised (then captured) -> paid, declined -> failed. Run by the payment.reconcile job after each
 *    initiate, at start-up, and before an unpaid booking expires.
 *
 * The customer's return to the ok page proves nothing: the page waits for the booking.updated event.
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
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events';
import type { JobRunner } from '../../platform/jobs';
import type { CallbackVerdict, PaymentProvider, RedirectForm } from '../../platform/payments';
import type { LedgerRepository } from './ledger.repository';
import { PAYMENT_RECONCILE_JOB, PAYMENT_REFUND_JOB } from './payments.jobs';
import type { PaymentRecord, PaymentsRepository } from './payments.repository';
import { metrics } from '../../platform/metrics';

/** Said of a booking the caller may not pay, as the bookings module says it (nothing is revealed). */
const BOOKING_NOT_FOUND = 'Booking not found';

/** docs/payments.md: "bank payment failed, mobile payment failed, Card payment failed, each followed by Please try again". */
export const PAYMENT_FAILED_MESSAGES: Record<PaymentMethod, string> = {
  bank: 'Bank payment failed. Please try again.',
  mobile: 'Mobile payment failed. Please try again.',
  card: 'Card payment failed. Please try again.',
};

/** When an initiate's reconciliation runs (the customer is on the provider's page meanwhile). */
export const RECONCILE_AFTER_SECONDS = 120;

/** Statuses in which a payment still waits for the provider's answer. */
const OPEN: ReadonlyArray<PaymentRecord['status']> = ['pending', 'awaiting_callback'];

/** How a payment ended, as recorded. */
export type PaymentOutcome = 'paid' | 'failed' | 'refunded';

/** The answer of a pay: the form to post, or the success that happened already. */
export interface PaymentResult {
  outcome: 'awaiting' | 'paid';
  payment: PayBookingResponse['payment'];
  redirect?: RedirectForm;
}

export interface PayContext {
  /** The customer's name, email and phone (BillTo fields). */
  customer: { name: string; email: string; phone?: string | null };
  lang: 'fr' | 'ar' | 'en';
  /** This site's public address (ok and fail return URLs). */
  publicUrl: string;
}

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepository,
    private readonly ledger: LedgerRepository,
    private readonly provider: PaymentProvider,
    private readonly jobs: Pick<JobRunner, 'schedule' | 'runJob'>,
    private readonly events: EventBus,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  async pay(user: SessionUser, bookingId: string, input: PayBookingRequest, ctx: PayContext): Promise<PaymentResult> {
    const booking = await this.repo.booking(bookingId);
    // Only the customer pays their booking; to anyone else it does not exist.
    if (!booking || booking.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
    if (booking.paymentStatus === 'paid') {
      // A retry whose first answer was lost (or a second tab): the success that happened.
      const [p] = await this.repo.ofBooking(bookingId);
      return { outcome: 'paid', payment: { id: p!.id, method: p!.method, status: p!.status, amount: p!.amount, demo: this.provider.demo } };
    }
    if (booking.status !== 'pending' || booking.paymentStatus !== 'pending') {
      throw new AppError('INVALID_TRANSITION', 'This booking can no longer be paid.');
    }
    const payment = await this.repo.initiate(bookingId, { method: input.method, provider: this.provider.name });
    if (!payment) throw new AppError('INVALID_TRANSITION', 'This booking can no longer be paid.');
    // Should the callback never come (lost, or our process died while it came), the provider is asked.
    await this.jobs.schedule(PAYMENT_RECONCILE_JOB, { paymentId: payment.id }, { dedupeKey: `reconcile:${payment.id}`, runAt: new Date(this.clock.now().getTime() + RECONCILE_AFTER_SECONDS * 1000) });
    const back = (result: 'ok' | 'fail') => `${ctx.publicUrl}/api/payments/cmi/return/${result}?booking=${encodeURIComponent(bookingId)}&method=${input.method}`;
    const redirect = this.provider.initiate({
      paymentId: payment.id,
      bookingId,
      amount: payment.amount,
      method: input.method,
      lang: input.lang ?? ctx.lang,
      customer: ctx.customer,
      okUrl: back('ok'),
      failUrl: back('fail'),
    });
    return { outcome: 'awaiting', payment: { id: payment.id, method: input.method, status: 'awaiting_callback', amount: payment.amount, demo: this.provider.demo }, redirect };
  }

  /**
   * The provider's server-to-server callback: verified, logged, recorded at most once. Answers the
   * body the provider expects (CMI: ACTION=POSTAUTH to capture what we accepted).
   */
  async callback(body: Record<string, string>): Promise<{ answer: string; recorded?: { bookingId: string; outcome: PaymentOutcome } }> {
    const verdict = this.provider.verifyCallback(body);
    const log = async (v: string, detail: string, paymentId: string | null = null) => {
      await this.repo.logCallback({ provider: this.provider.name, orderId: verdict.orderId, paymentId, verdict: v, detail, body: redactCallback(body) });
      if (v !== 'accepted') this.log.warn({ orderId: verdict.orderId, verdict: v, detail }, 'payment callback changed nothing');
    };
    if (!verdict.ok) {
      await log('rejected', verdict.reason);
      return { answer: this.provider.callbackAnswer(verdict, false) };
    }
    const payment = isUuid(verdict.orderId) ? await this.repo.payment(verdict.orderId) : undefined;
    if (!payment) {
      await log('rejected', 'unknown order');
      return { answer: this.provider.callbackAnswer({ ok: false, orderId: verdict.orderId, reason: 'unknown order' }, false) };
    }
    if (verdict.amount !== payment.amount || verdict.currency !== '504') {
      await log('rejected', `amount ${verdict.amount} ${verdict.currency} is not ${payment.amount} 504`, payment.id);
      return { answer: this.provider.callbackAnswer({ ok: false, orderId: verdict.orderId, reason: 'wrong amount' }, false) };
    }
    const result = await this.settle(payment.bookingId, payment.id, verdict);
    if (result.kind === 'recorded') {
      metrics.payments.inc({ outcome: result.outcome });
      await log('accepted', result.outcome, payment.id);
      return { answer: this.provider.callbackAnswer(verdict, result.outcome === 'paid'), recorded: { bookingId: payment.bookingId, outcome: result.outcome } };
    }
    await log(result.kind, result.detail, payment.id);
    // A duplicate of an approved order we recorded paid still asks for the capture (idempotent at CMI).
    return { answer: this.provider.callbackAnswer(verdict, result.kind === 'duplicate' && result.capture) };
  }

  /**
   * payment.reconcile: a payment still awaiting its callback is asked of the provider and recorded as
   * the callback would have (its announcements written with it, through `payment.settled`). Never charges anew. Idempotent.
   */
  async reconcile(paymentId: string): Promise<PaymentOutcome | 'settled' | 'waiting'> {
    const payment = await this.repo.payment(paymentId);
    if (!payment || !OPEN.includes(payment.status) || payment.status === 'pending') return 'settled';
    const status = await this.provider.lookup(paymentId);
    let approved: boolean;
    if (status.state === 'captured') approved = true;
    else if (status.state === 'declined') approved = false;
    else if (status.state === 'authorized') {
      // Approved at the provider, but its callback never reached us: capture it if the booking still
      // wants it (else the authorisation lapses and nothing is charged).
      const b = await this.repo.booking(payment.bookingId);
      if (!b || b.status !== 'pending' || b.paymentStatus !== 'pending') return 'waiting';
      const captured = await this.provider.capture(paymentId, payment.amount);
      if (!captured.ok) return 'waiting';
      approved = true;
    } else return 'waiting';
    const result = await this.settle(payment.bookingId, paymentId, {
      ok: true,
      orderId: paymentId,
      approved,
      amount: payment.amount,
      currency: '504',
      providerRef: status.providerRef,
      failureReason: status.failureReason,
      captured: status.state === 'captured' || approved,
    });
    if (result.kind !== 'recorded') return 'settled';
    metrics.payments.inc({ outcome: result.outcome });
    return result.outcome;
  }

  /** Before an unpaid booking expires: a payment awaiting its callback is reconciled first. */
  async reconcileBooking(bookingId: string): Promise<void> {
    const [payment] = await this.repo.ofBooking(bookingId);
    if (payment?.status === 'awaiting_callback') await this.reconcile(payment.id);
  }

  /** At start-up: every payment awaiting its callback gets its reconciliation job. */
  async recoverClaims(): Promise<void> {
    for (const { id } of await this.repo.awaiting()) {
      await this.jobs.schedule(PAYMENT_RECONCILE_JOB, { paymentId: id }, { dedupeKey: `reconcile:${id}:startup` });
    }
  }

  /**
   * One transaction records the provider's answer, under the payment row's lock: recorded once,
   * whoever records it (callback, duplicate callback, reconciliation).
   */
  private async settle(
    bookingId: string,
    paymentId: string,
    v: Extract<CallbackVerdict, { ok: true }> & { captured?: boolean },
  ): Promise<{ kind: 'recorded'; outcome: PaymentOutcome } | { kind: 'duplicate'; detail: string; capture: boolean } | { kind: 'late'; detail: string }> {
    const afterCommit: string[] = [];
    const runAfterCommit = (id: string | null) => void (id && afterCommit.push(id));
    const result = await this.db.transaction(async (tx) => {
      // The outcome told in this transaction (the bookings module writes its announcement).
      const settled = (outcome: PaymentOutcome) => this.events.emit('payment.settled', { tx, bookingId, outcome, runAfterCommit });
      const repo = this.repo.with(tx);
      const ledger = this.ledger.with(tx);
      const b = await repo.lockBooking(bookingId);
      const p = await repo.lockPayment(paymentId);
      if (!b || !p) return { kind: 'late' as const, detail: 'no such booking' };
      if (!OPEN.includes(p.status)) {
        // Recorded already: this answer changes nothing (a duplicate, a replay, one out of order).
        return { kind: 'duplicate' as const, detail: `already ${p.status}`, capture: v.approved && p.status !== 'failed' && p.providerRef === v.providerRef };
      }
      if (!v.approved) {
        await repo.record(paymentId, { status: 'failed', providerRef: v.providerRef, failureReason: v.failureReason });
        const t = checkTransition(b.status, 'cancelled', { role: 'system' });
        if (t.ok && b.status === 'pending' && b.paymentStatus === 'pending') {
          await repo.updateBooking(bookingId, { status: 'cancelled', paymentStatus: 'failed', cancellationReason: 'payment_failed', cancellationFee: 0 });
        }
        await settled('failed');
        return { kind: 'recorded' as const, outcome: 'failed' as const };
      }
      if (b.status === 'pending' && b.paymentStatus === 'pending') {
        await ledger.post(holdEntries(bookingId, p.amount));
        await repo.record(paymentId, { status: 'succeeded', providerRef: v.providerRef, failureReason: null });
        await repo.updateBooking(bookingId, { paymentStatus: 'paid' });
        // What follows a payment in other capabilities, in this transaction (a series visit is confirmed).
        await this.events.emit('payment.succeeded', { tx, bookingId, at: this.clock.now(), runAfterCommit });
        await settled('paid');
        return { kind: 'recorded' as const, outcome: 'paid' as const };
      }
      if (!v.captured) {
        // Approved after the booking was cancelled (the unpaid hold expired): not captured, so the
        // authorisation lapses and no money moves. Nothing recorded.
        return { kind: 'late' as const, detail: `booking ${b.status}: not captured` };
      }
      // Captured for a booking cancelled meanwhile (found by a lookup): held and given all back.
      await ledger.post(holdEntries(bookingId, p.amount));
      await ledger.post(refundEntries(bookingId, b.professionalId, { held: p.amount, fee: 0 }));
      await repo.record(paymentId, { status: 'succeeded', providerRef: v.providerRef, failureReason: null });
      await repo.updateBooking(bookingId, { paymentStatus: 'refunded' });
      const refund = await repo.addRefund({ paymentId, bookingId, amount: p.amount, reason: 'cancelled before the payment completed' });
      await this.jobs.schedule(PAYMENT_REFUND_JOB, { refundId: refund.id }, { dedupeKey: `refund:${refund.id}`, db: tx });
      await settled('refunded');
      return { kind: 'recorded' as const, outcome: 'refunded' as const };
    });
    for (const id of afterCommit) await this.jobs.runJob(id);
    return result;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string) => UUID.test(v);

/** The callback as logged: no card data is ever posted by CMI, but the customer's contact is trimmed. */
function redactCallback(body: Record<string, string>): Record<string, string> {
  const { HASH: _h, email: _e, tel: _t, ...rest } = body;
  return rest;
}
