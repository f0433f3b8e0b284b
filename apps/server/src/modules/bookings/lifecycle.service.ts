/**
 * What happens to a booking after it is placed (docs/bookings.md booking status; docs/bookings.md-2): paid,
 * accepted, declined, cancelled (with the cancellation fee), refunded, rescheduled, completed. Each
 * transition is checked by the shared state machine (checkTransition) under the booking's row lock,
 * then announced (notifier.ts) in the same transaction, sent once it committed. Money moves through the payments module's
 * ledger in the same transaction; the escrow release after completion is scheduled by payments,
 * told through the `booking.completed` event.
 */
import type { BookingReminders } from './reminders.service';
import {
  ADMIN_MESSAGES,
  can,
  cancellationOutcome,
  checkTransition,
  COMPLETION_BEFORE_START_MESSAGE,
  completionAllowed,
  CURRENCY,
  paymentStatusAfterRefund,
  REFUND_UNPAID_MESSAGE,
  refundable,
  refundEntries,
  RESCHEDULE_MIN_LEAD_MINUTES,
  reschedulePolicy,
  validateBookingWindow,
  withinServiceRadius,
  type BookingDto,
  type CancellationPreviewResponse,
  type PayBookingRequest,
  type PayBookingResponse,
  type Permission,
  type RescheduleBookingRequest,
  type SessionUser,
} from '@khedma/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { metrics } from '../../platform/metrics';
import type { EventBus } from '../../platform/events';
import type { LedgerRepository, PaymentsRepository, PaymentsService, RefundsService } from '../payments';
import { freeFor, overlaps, worksAt } from './assignment.service';
import { toBookingDto } from './bookings.dto';
import { BOOKING_NOT_FOUND, isSlotConflict, reassignedMeanwhile, slotTaken, transitionError, windowError } from './bookings.errors';
import type { Announcement, BookingNotifier, EmailToSend } from './notifier';
import type { BookingView } from './bookings.repository';
import type { BookingReads } from './reads.service';
import { PRO_VISIBLE_PAYMENT, type BookingRecord, type BookingsRepository } from './bookings.repository';
import type { PoolMember, ProfessionalPoolRepository } from './pool.repository';

export interface LifecycleDeps {
  db: Db;
  repo: BookingsRepository;
  pool: ProfessionalPoolRepository;
  reads: BookingReads;
  ledger: LedgerRepository;
  payments: PaymentsRepository;
  pay: PaymentsService;
  refunds: RefundsService;
  /** This site's address (the provider sends the customer back to it). */
  publicUrl: string;
  notifier: BookingNotifier;
  events: EventBus;
  clock: Clock;
  /** Reminders the evening before and two hours before, scheduled with each confirmation. */
  reminders?: BookingReminders;
}

/** A change's booking as its transaction left it, and its announcement written there. */
interface Announced {
  view: BookingView;
  announced: Announcement;
}

/** A change's answer and whether its emails were handed to the mailer (admin actions report it). */
export interface Notified {
  booking: BookingDto;
  emailSent: boolean;
}

const CANCEL_REFUSALS: Record<string, string> = {
  FINAL_STATUS: 'This booking is already completed or cancelled.',
  ALREADY_STARTED: 'This booking has already started and can no longer be cancelled.',
  PROFESSIONAL_TOO_LATE: 'Professionals cannot cancel within 2 hours of the start.',
};

/**
 * Both parties told of a payment's outcome, in the transaction that records it (`tx`, after the
 * change): paid (the request reaches the professional), failed (cancelled), refunded (cancelled
 * meanwhile) or expired (the unpaid hold ran out: cancelled). Whoever records it (the provider's
 * callback, a reconciliation, the expiry job) runs the announcement once it committed.
 */
export async function writePaymentAnnouncement(
  tx: Db,
  notifier: BookingNotifier,
  view: BookingView,
  outcome: 'paid' | 'failed' | 'refunded' | 'expired',
): Promise<Announcement> {
  if (outcome === 'expired') return notifier.write(tx, view, 'payment_failed');
  if (outcome === 'failed') return notifier.write(tx, view, 'payment_failed', [{ to: 'customer', kind: 'payment_failed' }]);
  if (outcome === 'refunded') return notifier.write(tx, view, 'refund');
  // Confirmed by its payment (a series visit, docs/recurring.md): the customer learns it is confirmed;
  // the professional was emailed by the payment's transaction and has nothing to accept.
  if (view.status === 'confirmed') {
    return notifier.write(tx, view, 'paid', [
      { to: 'customer', kind: 'paid' },
      { to: 'customer', kind: 'confirmed' },
    ]);
  }
  return notifier.write(tx, view, 'paid', [
    { to: 'customer', kind: 'paid' },
    { to: 'professional', kind: 'new_request' },
  ]);
}

export class LifecycleService {
  constructor(private readonly d: LifecycleDeps) {}

  private require(user: SessionUser, permission: Permission) {
    if (!can(user, permission)) throw forbidden();
  }

  /**
   * The customer pays: the answer is the form the browser posts to the provider's hosted page. The
   * outcome comes later, in the provider's callback (payments module), announced then. A booking paid
   * already answers its success (a retry whose first answer was lost).
   */
  async pay(user: SessionUser, id: string, input: PayBookingRequest): Promise<PayBookingResponse> {
    const result = await this.d.pay.pay(user, id, input, {
      customer: { name: user.name, email: user.email },
      lang: user.locale,
      publicUrl: this.d.publicUrl,
    });
    return { booking: await this.d.reads.dto(user, id), payment: result.payment, ...(result.redirect ? { redirect: result.redirect } : {}) };
  }

  /**
   * The booking locked for `user` as assigned professional (others: 404). It is read once before the
   * lock, as the professional's page showed it: when an admin's reassignment commits while we wait for
   * the lock, the professional is told so (409 BOOKING_REASSIGNED) rather than "not found" (issue 38).
   */
  private async lockForProfessional(repo: BookingsRepository, user: SessionUser, id: string): Promise<BookingRecord & { professionalId: string }> {
    const professionalId = await repo.professionalIdOfUser(user.id);
    const seen = await repo.view(id);
    if (!seen || !professionalId || seen.professionalId !== professionalId || !(PRO_VISIBLE_PAYMENT as readonly string[]).includes(seen.paymentStatus)) {
      throw notFound(BOOKING_NOT_FOUND);
    }
    const b = await repo.lock(id);
    if (!b) throw notFound(BOOKING_NOT_FOUND);
    if (b.professionalId !== professionalId) throw reassignedMeanwhile();
    return { ...b, professionalId };
  }

  /** The assigned professional accepts a paid request: "Booking confirmed!". */
  async accept(user: SessionUser, id: string): Promise<BookingDto> {
    this.require(user, 'booking:accept:own');
    const done = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const b = await this.lockForProfessional(repo, user, id);
      const t = checkTransition(b.status, 'confirmed', { role: 'professional', isAssigned: true });
      if (!t.ok) throw transitionError(t.code, b.status, 'confirmed');
      if (b.paymentStatus !== 'paid') throw new AppError('INVALID_TRANSITION', 'This booking is not paid.');
      // Under the lock this always matches; the condition states the rule a reassignment races against.
      if (!(await repo.updateIf(id, { status: 'pending', professionalId: b.professionalId }, { status: 'confirmed' }))) throw reassignedMeanwhile();
      await this.d.reminders?.schedule(tx, id, b.scheduledStart, this.d.clock.now());
      return this.announce(tx, id, 'accept', [{ to: 'customer', kind: 'confirmed' }]);
    });
    return (await this.afterCommit(user, done)).booking;
  }

  /** The assigned professional declines a request: cancelled, the customer refunded in full. */
  async decline(user: SessionUser, id: string, reason?: string): Promise<BookingDto> {
    this.require(user, 'booking:decline:own');
    return (await this.cancelAs(user, id, { mode: 'decline', reason })).booking;
  }

  /** What cancelling now would cost the caller (customer) or whether it is allowed (professional). */
  async cancellationPreview(user: SessionUser, id: string): Promise<CancellationPreviewResponse> {
    const view = await this.d.repo.view(id);
    const viewer = view && this.d.reads.viewerOf(user, view);
    if (!view || !viewer) throw notFound(BOOKING_NOT_FOUND);
    if (viewer === 'admin') throw forbidden('Admins refund bookings from the admin bookings page.');
    const escrow = await this.d.ledger.escrowOf(id);
    const outcome = cancellationOutcome({
      actor: viewer,
      status: view.status,
      now: this.d.clock.now(),
      scheduledStart: view.scheduledStart,
      bookedAt: view.createdAt,
      serviceValue: view.servicePrice + view.addonsTotal,
      amountPaid: escrow.state === 'held' ? escrow.held : 0,
      expectedArrival: view.expectedArrival,
      arrivedAt: view.arrivedAt,
    });
    const t = checkTransition(view.status, 'cancelled', viewer === 'customer' ? { role: 'customer', isOwner: true } : { role: 'professional', isAssigned: true });
    const allowed = outcome.allowed && t.ok;
    return { allowed, fee: allowed ? outcome.fee : 0, refund: allowed ? outcome.refund : 0, feeRate: outcome.feeRate, reason: outcome.reason, actor: viewer, currency: CURRENCY };
  }

  /** POST /cancel: the customer (fee of docs/bookings.md) or the assigned professional (not within 2 h). */
  async cancel(user: SessionUser, id: string, reason?: string): Promise<BookingDto> {
    return (await this.cancelAs(user, id, { mode: 'cancel', reason })).booking;
  }

  /** Admin refund (Admin issue): cancelled, refunded in full. A reason is required by the route. */
  async refund(user: SessionUser, id: string, reason: string): Promise<BookingDto> {
    return (await this.refundWithNotice(user, id, reason)).booking;
  }

  /** `refund`, saying whether the refund email (with the reason) was handed to the mailer. */
  async refundWithNotice(user: SessionUser, id: string, reason: string): Promise<Notified> {
    this.require(user, 'booking:refund');
    if (!reason.trim()) throw badRequest('Please provide a reason for the refund', { reason: 'Please provide a reason for the refund' });
    return this.cancelAs(user, id, { mode: 'refund', reason: reason.trim() });
  }

  private async cancelAs(user: SessionUser, id: string, opts: { mode: 'cancel' | 'decline' | 'refund'; reason?: string }): Promise<Notified> {
    const now = this.d.clock.now();
    const done = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const ledger = this.d.ledger.with(tx);
      let b: BookingRecord | undefined;
      let actor: 'customer' | 'professional' | 'admin';
      if (opts.mode === 'decline') {
        b = await this.lockForProfessional(repo, user, id);
        actor = 'professional';
        if (b.status !== 'pending') throw transitionError('INVALID_TRANSITION', b.status, 'cancelled');
      } else if (opts.mode === 'refund') {
        b = await repo.lock(id);
        if (!b) throw notFound(BOOKING_NOT_FOUND);
        actor = 'admin';
      } else {
        b = await repo.lock(id);
        if (!b) throw notFound(BOOKING_NOT_FOUND);
        if (b.userId === user.id) {
          actor = 'customer';
          this.require(user, 'booking:cancel:own');
        } else {
          b = await this.lockForProfessional(repo, user, id);
          actor = 'professional';
        }
      }
      const t = checkTransition(b.status, 'cancelled', actor === 'customer' ? { role: 'customer', isOwner: true } : actor === 'professional' ? { role: 'professional', isAssigned: true } : { role: 'admin' });
      if (!t.ok) throw transitionError(t.code, b.status, 'cancelled');
      // An admin refunds money taken; an unpaid hold has none (it expires on its own: issue 38).
      if (opts.mode === 'refund' && !refundable(b.paymentStatus)) throw new AppError('BOOKING_NOT_PAID', REFUND_UNPAID_MESSAGE);
      const escrow = await ledger.escrowOf(id);
      const held = escrow.state === 'held' ? escrow.held : 0;
      // Issue 41: a professional's delay of more than 30 minutes makes the customer's cancellation free.
      const attendance = await repo.view(id);
      const outcome = cancellationOutcome({
        actor,
        status: b.status,
        now,
        scheduledStart: b.scheduledStart,
        bookedAt: b.createdAt,
        serviceValue: b.servicePrice + b.addonsTotal,
        amountPaid: held,
        expectedArrival: attendance?.expectedArrival,
        arrivedAt: attendance?.arrivedAt,
      });
      if (!outcome.allowed) throw new AppError('CANCELLATION_NOT_ALLOWED', CANCEL_REFUSALS[outcome.reason] ?? 'This booking cannot be cancelled now.');
      let paymentStatus = b.paymentStatus;
      if (held > 0) {
        await ledger.post(refundEntries(id, b.professionalId, { held, fee: outcome.fee }));
        paymentStatus = paymentStatusAfterRefund(held, outcome.refund);
        // The ledger's refund reaches the customer's card through the provider (a durable job).
        await this.d.refunds.request(tx, id, outcome.refund, opts.reason ?? null);
      }
      await repo.update(id, {
        status: 'cancelled',
        paymentStatus,
        cancellationFee: held > 0 ? outcome.fee : 0,
        cancelledBy: user.id,
        cancellationReason: opts.reason ?? t.transition.action,
      });
      const money = held > 0 ? { fee: outcome.fee, refund: outcome.refund } : {};
      const emails: EmailToSend[] =
        actor === 'customer'
          ? [
              { to: 'customer', kind: 'cancelled_by_you', ...money },
              { to: 'professional', kind: 'customer_cancelled', ...money },
            ]
          : actor === 'professional'
            ? [{ to: 'customer', kind: t.transition.action === 'decline' ? 'declined' : 'professional_cancelled', ...money }]
            : [{ to: 'customer', kind: 'refunded', ...money, reason: opts.reason }];
      return { outcome, held, ...(await this.announce(tx, id, t.transition.action, emails)) };
    });
    if (done.held > 0) metrics.refunds.inc({ kind: done.outcome.refund === done.held ? 'full' : done.outcome.refund > 0 ? 'partial' : 'none' });
    return this.afterCommit(user, done);
  }

  /** The customer moves the booking to another free slot of the same professional, 24 h or more ahead. */
  async reschedule(user: SessionUser, id: string, input: RescheduleBookingRequest): Promise<BookingDto> {
    this.require(user, 'booking:cancel:own');
    const now = this.d.clock.now();
    let done: Announced;
    try {
      done = await this.d.db.transaction(async (tx) => {
        const repo = this.d.repo.with(tx);
        const b = await repo.lock(id);
        if (!b || b.userId !== user.id) throw notFound(BOOKING_NOT_FOUND);
        if (b.status !== 'pending') {
          const t = checkTransition(b.status, 'pending', { role: 'customer', isOwner: true });
          if (!t.ok) throw transitionError(t.code, b.status, 'pending');
        }
        const policy = reschedulePolicy({ status: b.status, now, scheduledStart: b.scheduledStart, bookedAt: b.createdAt });
        if (!policy.allowed) {
          throw new AppError('RESCHEDULE_NOT_ALLOWED', 'Bookings can be moved up to 24 hours before the start.');
        }
        const checked = validateBookingWindow(input, { now, minLeadMinutes: RESCHEDULE_MIN_LEAD_MINUTES });
        if (!checked.ok) throw windowError(checked);
        const w = checked.value;
        if (b.kind === 'hourly' && w.durationMinutes !== b.durationMinutes) {
          // The price of an hourly booking is its duration: moving keeps it.
          throw badRequest('Please keep the booked duration', { endTime: 'Please keep the booked duration' });
        }
        const [pro] = await this.d.pool.with(tx).pool({ professionalId: b.professionalId }, { from: w.start, to: w.end }, now);
        if (!pro || !worksAt(pro, w.start, w.end)) {
          throw new AppError('NO_PROFESSIONAL_AVAILABLE', 'This professional is not available at this time. Please choose another time.');
        }
        // Travel from and to their other jobs from the booking's place (issue 42), as the options offered it.
        if (overlaps(pro.busy, w.start, w.end, id, await this.d.pool.with(tx).placeOf(b))) throw slotTaken();
        await repo.update(id, { scheduledStart: w.start, scheduledEnd: w.end, durationMinutes: w.durationMinutes, status: 'pending' });
        return this.announce(tx, id, 'reschedule', [{ to: 'professional', kind: 'rescheduled' }]);
      });
    } catch (err) {
      if (isSlotConflict(err)) throw slotTaken();
      throw err;
    }
    return (await this.afterCommit(user, done)).booking;
  }

  /** Admin "Complete" (Admin issue): completed now; the escrow is released 48 h later by a job. */
  async complete(user: SessionUser, id: string, notes?: string): Promise<BookingDto> {
    return (await this.completeWithNotice(user, id, notes)).booking;
  }

  /**
   * `complete` with the admin's optional notes, saying whether the completion email (which invites
   * the customer to review, `${origin}/review/{bookingId}`) was handed to the mailer.
   */
  async completeWithNotice(user: SessionUser, id: string, notes?: string): Promise<Notified> {
    this.require(user, 'booking:complete');
    const now = this.d.clock.now();
    const completionNotes = notes?.trim() || null;
    const done = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const b = await repo.lock(id);
      if (!b) throw notFound(BOOKING_NOT_FOUND);
      const t = checkTransition(b.status, 'completed', { role: 'admin' });
      if (!t.ok) throw transitionError(t.code, b.status, 'completed');
      // Not before the job could have happened: the escrow release would start before the work.
      if (!completionAllowed(now, b.scheduledStart)) throw new AppError('BOOKING_NOT_STARTED', COMPLETION_BEFORE_START_MESSAGE);
      await repo.update(id, { status: 'completed', completedAt: now, completionNotes });
      // Payments schedules the escrow release 48 h later, in this transaction.
      await this.d.events.emit('booking.completed', { tx, bookingId: id, completedAt: now });
      return this.announce(tx, id, 'complete', [{ to: 'customer', kind: 'completed', notes: completionNotes ?? undefined }]);
    });
    return this.afterCommit(user, done);
  }

  /**
   * Who could take the booking instead of its professional (admin "Reassign"): approved, active
   * professionals of its city who offer its service, work then and have the slot free; best first.
   */
  async reassignCandidates(user: SessionUser, id: string): Promise<Array<PoolMember & { distanceKm: number | null }>> {
    this.require(user, 'booking:reassign');
    const b = await this.d.repo.view(id);
    if (!b) throw notFound(BOOKING_NOT_FOUND);
    const filter = { cityId: b.cityId, ...(b.serviceTypeId ? { serviceTypeId: b.serviceTypeId } : {}) };
    const [pool, place] = await Promise.all([this.d.pool.pool(filter, { from: b.scheduledStart, to: b.scheduledEnd }, this.d.clock.now()), this.d.pool.placeOf(b)]);
    return freeFor(
      pool.filter((p) => p.professionalId !== b.professionalId && p.userId !== b.userId),
      b.scheduledStart,
      b.scheduledEnd,
      place, // issue 42: travel from and to their other jobs; nearest among equals, with the distance
    ).map((p) => ({ ...p, busy: p.busy.filter((x) => x.bookingId !== id) }));
  }

  /**
   * Admin "Reassign": the booking goes to another professional of its city who offers its service and
   * is free then (status unchanged, docs/admin.md). The new professional is told by email once paid.
   */
  async reassign(user: SessionUser, id: string, professionalId: string, expectedStatus: 'pending' | 'confirmed'): Promise<Notified> {
    this.require(user, 'booking:reassign');
    const now = this.d.clock.now();
    let done: Announced;
    try {
      done = await this.d.db.transaction(async (tx) => {
        const repo = this.d.repo.with(tx);
        const b = await repo.lock(id);
        if (!b) throw notFound(BOOKING_NOT_FOUND);
        if (b.status !== 'pending' && b.status !== 'confirmed') throw transitionError('INVALID_TRANSITION', b.status, b.status);
        // The admin decided on the status the page showed: a professional who accepted meanwhile wins
        // (the booking is not handed, confirmed, to someone who never accepted it: issue 38).
        if (b.status !== expectedStatus) {
          throw new AppError('BOOKING_CHANGED', b.status === 'confirmed' ? ADMIN_MESSAGES.acceptedMeanwhile : ADMIN_MESSAGES.changedMeanwhile);
        }
        if (b.professionalId === professionalId) throw new AppError('VALIDATION_FAILED', 'This professional already has this booking.', { professionalId: 'This professional already has this booking.' });
        const filter = { professionalId, cityId: b.cityId, ...(b.serviceTypeId ? { serviceTypeId: b.serviceTypeId } : {}) };
        const [pro] = await this.d.pool.with(tx).pool(filter, { from: b.scheduledStart, to: b.scheduledEnd }, now);
        const place = await this.d.pool.with(tx).placeOf(b);
        // As the candidates list: they work then, the place is inside their service radius, and they can travel.
        const free = pro && pro.userId !== b.userId && worksAt(pro, b.scheduledStart, b.scheduledEnd) && withinServiceRadius(pro, place);
        if (!free || overlaps(pro.busy, b.scheduledStart, b.scheduledEnd, id, place)) {
          throw new AppError('NO_PROFESSIONAL_AVAILABLE', 'This professional is not available for this booking.', { professionalId: 'This professional is not available for this booking.' });
        }
        const previousUserId = (await repo.view(id))?.proUserId;
        if (!(await repo.updateIf(id, { status: expectedStatus, professionalId: b.professionalId }, { professionalId }))) {
          throw new AppError('BOOKING_CHANGED', ADMIN_MESSAGES.changedMeanwhile);
        }
        // The chat moves with the booking (the previous professional no longer reads or writes it).
        await this.d.events.emit('booking.reassigned', { tx, bookingId: id, professionalId });
        // The new professional is emailed once the booking is paid (before, it is not theirs to see).
        const paid = (PRO_VISIBLE_PAYMENT as readonly string[]).includes(b.paymentStatus);
        return this.announce(tx, id, 'reassign', paid ? [{ to: 'professional', kind: 'assigned' }] : [], previousUserId ? [previousUserId] : []);
      });
    } catch (err) {
      if (isSlotConflict(err)) throw slotTaken();
      throw err;
    }
    return this.afterCommit(user, done);
  }

  /**
   * In the change's transaction, after it: the booking as it now is, and its announcement written there
   * (notifier.ts: event, emails, alerts), so it exists exactly when the change does.
   */
  private async announce(
    tx: Db,
    id: string,
    action: Parameters<BookingNotifier['write']>[2],
    emails: EmailToSend[],
    alsoTell: readonly string[] = [],
  ): Promise<Announced> {
    const view = await this.d.repo.with(tx).view(id);
    if (!view) throw notFound(BOOKING_NOT_FOUND);
    return { view, announced: await this.d.notifier.write(tx, view, action, emails, alsoTell) };
  }

  /** Once the change committed: its announcement sent, and the booking as `user` sees it, with whether its emails were written. */
  private async afterCommit(user: SessionUser, { view, announced }: Announced): Promise<Notified> {
    await this.d.notifier.run(announced);
    const viewer = this.d.reads.viewerOf(user, view) ?? 'admin';
    return { booking: toBookingDto(view, await this.d.repo.lines([view.id]), viewer, this.d.clock.now()), emailSent: announced.emailed };
  }
}
