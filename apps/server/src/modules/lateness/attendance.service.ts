/**
 * Running late, arrival and no-show reports of a booking (issue 41, docs/lateness.md). Rules:
 * domain/lateness.ts. Each change is written under the booking's row lock; the notices (email, SMS,
 * push) are durable jobs written in the same transaction and run at once after the commit; the
 * realtime event tells both parties' open pages. A no-show cancels the booking through the ledger
 * (refundEntries) and the provider's refund (the `payment.refund` job, RefundsService.request).
 */
import {
  bookingReference,
  can,
  checkTransition,
  paymentStatusAfterRefund,
  refundEntries,
  type BookingDto,
  type SessionUser,
} from '@khedma/shared';
import {
  ATTENDANCE_MESSAGES,
  checkArrival,
  checkDelay,
  checkNoShow,
  delayAllowsFreeCancellation,
  NO_SHOW_CANCELLATION_REASON,
  noShowOutcome,
  type AttendanceCheck,
  type AttendanceState,
  type NoShowParty,
} from '@khedma/shared/domain/lateness';
import { toLocal } from '@khedma/shared/domain/time';
import type { BookingAttendanceEventData } from '@khedma/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { JobRunner } from '../../platform/jobs';
import type { RealtimeHub } from '../../platform/realtime';
import { RecipientsRepository } from '../auth';
import type { BookingUseCases } from '../bookings';
import type { LedgerRepository, RefundsService } from '../payments';
import { noShowEmail, runningLateEmail, type LateFacts } from './lateness.emails';
import { LATE_PUSH_JOB, LATE_SMS_JOB, LATE_WHATSAPP_JOB } from './lateness.jobs';
import type { LatenessRepository, LockedBooking } from './lateness.repository';

export interface AttendanceDeps {
  db: Db;
  repo: LatenessRepository;
  ledger: LedgerRepository;
  refunds: RefundsService;
  bookings: BookingUseCases;
  jobs: JobRunner;
  mailer: Pick<Mailer, 'write'>;
  realtime: RealtimeHub;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const BOOKING_NOT_FOUND = 'Booking not found';

const stateOf = (b: LockedBooking): AttendanceState => ({
  status: b.status,
  scheduledStart: b.scheduledStart,
  scheduledEnd: b.scheduledEnd,
  expectedArrival: b.expectedArrival,
  arrivedAt: b.arrivedAt,
  noShow: b.noShow,
});

function refuseUnless(check: AttendanceCheck): void {
  if (!check.ok) throw new AppError('CONFLICT', ATTENDANCE_MESSAGES[check.reason], { reason: check.reason });
}

/** What to do once the transaction committed. */
interface After {
  jobs: string[];
  event: BookingAttendanceEventData;
  users: string[];
}

export class AttendanceService {
  constructor(private readonly d: AttendanceDeps) {}

  /** The booking under lock, and the caller's side of it; anyone else: 404 (their existence is not told). */
  private async lockAs(repo: LatenessRepository, user: SessionUser, id: string): Promise<{ b: LockedBooking; side: 'customer' | 'professional'; proUserId: string }> {
    const b = await repo.lockBooking(id);
    if (!b) throw notFound(BOOKING_NOT_FOUND);
    const proUserId = await this.proUserOf(repo, b.professionalId);
    if (b.userId === user.id) return { b, side: 'customer', proUserId };
    // The professional sees a booking once it is paid; a confirmed booking always is.
    if (proUserId === user.id && b.paymentStatus !== 'pending' && b.paymentStatus !== 'failed') return { b, side: 'professional', proUserId };
    throw notFound(BOOKING_NOT_FOUND);
  }

  private async proUserOf(repo: LatenessRepository, professionalId: string): Promise<string> {
    const p = await repo.professional(professionalId);
    return p?.userId ?? '';
  }

  /** POST /api/bookings/:id/delay: the assigned professional announces a new arrival time. */
  async announceDelay(user: SessionUser, id: string, delayMinutes: number): Promise<BookingDto> {
    const now = this.d.clock.now();
    const after = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const { b, side, proUserId } = await this.lockAs(repo, user, id);
      if (side !== 'professional') throw forbidden('Only the professional of this booking can announce a delay.');
      const check = checkDelay(stateOf(b), now, delayMinutes);
      refuseUnless(check);
      const arrivalAt = (check as { arrivalAt: Date }).arrivalAt;
      await repo.saveAttendance(id, b.professionalId, { expectedArrivalAt: arrivalAt, delayAnnouncedAt: now });
      // The customer is told on every channel they take: email, SMS and push jobs in this transaction
      // (each checks the preference when it runs), and the realtime event after the commit.
      const jobs: string[] = [];
      const [customer] = await new RecipientsRepository(tx).recipients([b.userId]);
      if (customer) {
        const facts: LateFacts = {
          reference: bookingReference(id),
          title: b.title,
          date: toLocal(b.scheduledStart).date,
          arrival: toLocal(arrivalAt).time,
          freeCancellation: delayAllowsFreeCancellation({ scheduledStart: b.scheduledStart, expectedArrival: arrivalAt }),
        };
        const message = { to: customer.email, ...runningLateEmail(customer.locale, customer.name, facts, `${this.d.publicUrl}/dashboard/bookings`) };
        const email = await this.d.mailer.write(tx, message, { userId: b.userId });
        if (email) jobs.push(email);
      }
      jobs.push(
        ...(await this.schedule(
          tx,
          [LATE_SMS_JOB, { bookingId: id, userId: b.userId }],
          [LATE_PUSH_JOB, { bookingId: id, userId: b.userId }],
          [LATE_WHATSAPP_JOB, { bookingId: id, userId: b.userId }],
        )),
      );
      return {
        jobs,
        users: [b.userId, proUserId],
        event: { bookingId: id, reference: bookingReference(id), kind: 'delay', expectedArrival: arrivalAt.toISOString(), expectedArrivalLocalTime: toLocal(arrivalAt).time, noShow: null },
      } satisfies After;
    });
    await this.announce(after);
    return this.d.bookings.reads.dto(user, id);
  }

  /** POST /api/bookings/:id/arrived: the assigned professional is at the address. */
  async markArrived(user: SessionUser, id: string): Promise<BookingDto> {
    const now = this.d.clock.now();
    const after = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const { b, side, proUserId } = await this.lockAs(repo, user, id);
      if (side !== 'professional') throw forbidden('Only the professional of this booking can mark their arrival.');
      refuseUnless(checkArrival(stateOf(b), now));
      await repo.saveAttendance(id, b.professionalId, { arrivedAt: now });
      return {
        jobs: [],
        users: [b.userId, proUserId],
        event: { bookingId: id, reference: bookingReference(id), kind: 'arrived', expectedArrival: null, expectedArrivalLocalTime: null, noShow: null },
      } satisfies After;
    });
    await this.announce(after);
    return this.d.bookings.reads.dto(user, id);
  }

  /**
   * POST /api/bookings/:id/no-show: the customer reports the professional absent (full refund, counted
   * against the professional) or the professional reports the customer absent (the under-2 h fee to
   * the professional, the rest refunded). The booking is cancelled; the ledger sums to zero.
   */
  async reportNoShow(user: SessionUser, id: string): Promise<BookingDto> {
    const now = this.d.clock.now();
    const after = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const { b, side, proUserId } = await this.lockAs(repo, user, id);
      if (side === 'customer' && !can(user, 'booking:cancel:own')) throw forbidden();
      refuseUnless(checkNoShow(stateOf(b), now, side));
      const t = checkTransition(b.status, 'cancelled', side === 'customer' ? { role: 'customer', isOwner: true } : { role: 'professional', isAssigned: true });
      if (!t.ok) throw new AppError('INVALID_TRANSITION', `A ${b.status} booking cannot become cancelled`);
      const absent: NoShowParty = side === 'customer' ? 'professional' : 'customer';
      const ledger = this.d.ledger.with(tx);
      const escrow = await ledger.escrowOf(id);
      const held = escrow.state === 'held' ? escrow.held : 0;
      const outcome = noShowOutcome(absent, b.servicePrice + b.addonsTotal, held);
      const reason = NO_SHOW_CANCELLATION_REASON[absent];
      let paymentStatus = b.paymentStatus;
      if (held > 0) {
        await ledger.post(refundEntries(id, b.professionalId, { held, fee: outcome.fee }));
        paymentStatus = paymentStatusAfterRefund(held, outcome.refund);
        await this.d.refunds.request(tx, id, outcome.refund, reason);
      }
      await repo.cancelBooking(id, { paymentStatus, cancellationFee: held > 0 ? outcome.fee : 0, cancelledBy: user.id, cancellationReason: reason });
      await repo.saveAttendance(id, b.professionalId, { noShowParty: absent, noShowReportedAt: now });
      const facts = { reference: bookingReference(id), title: b.title, fee: held > 0 ? outcome.fee : 0, refund: held > 0 ? outcome.refund : 0 };
      const people = await new RecipientsRepository(tx).recipients([b.userId, proUserId]);
      const jobs: string[] = [];
      for (const r of people) {
        const to = r.userId === b.userId ? 'customer' : 'professional';
        const url = `${this.d.publicUrl}${to === 'customer' ? '/dashboard/bookings' : '/pro-bookings'}`;
        const message = { to: r.email, ...noShowEmail(r.locale, r.name, absent, to, facts, url) };
        const email = await this.d.mailer.write(tx, message, { userId: r.userId });
        if (email) jobs.push(email);
      }
      return {
        jobs,
        users: [b.userId, proUserId],
        event: { bookingId: id, reference: bookingReference(id), kind: 'no_show', expectedArrival: null, expectedArrivalLocalTime: null, noShow: absent },
      } satisfies After;
    });
    await this.announce(after);
    return this.d.bookings.reads.dto(user, id);
  }

  // ---------------------------------------------------------------------------------------------

  private async schedule(tx: Db, ...jobs: Array<Parameters<JobRunner['schedule']>>): Promise<string[]> {
    const ids: string[] = [];
    for (const [def, payload] of jobs) {
      const jobId = await this.d.jobs.schedule(def, payload, { db: tx });
      if (jobId) ids.push(jobId);
    }
    return ids;
  }

  /** After the commit: the jobs run at once (the loop retries them), and the parties' pages are told. */
  private async announce(after: After): Promise<void> {
    for (const id of after.jobs) await this.d.jobs.runJob(id);
    try {
      await this.d.realtime.toUsers(after.users.filter(Boolean), 'booking.attendance', after.event);
    } catch (err) {
      this.d.log.error({ err, bookingId: after.event.bookingId }, 'attendance event not sent');
    }
  }
}
