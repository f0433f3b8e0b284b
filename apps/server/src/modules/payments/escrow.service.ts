/**
 * The money after a booking is paid (docs/payments.md escrow): the release to the professional 48 h
 * after completion, and the system's cancellation of a booking left unpaid (which frees the slot).
 * Both run as durable jobs (payments.jobs.ts) and are idempotent: a job may run twice.
 */
import { assertMoney, checkTransition, isReleaseDue, percentOf, PRO_COMMISSION_RATE, releaseAt, releaseEntries } from '@khedma/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/events';
import type { JobRunner } from '../../platform/jobs';
import type { LedgerRepository } from './ledger.repository';
import type { PaymentsRepository } from './payments.repository';

const MINUTE = 60_000;

/** Says, inside the release's transaction (the booking locked), whether another module holds the release now. */
export type ReleaseHold = (tx: Db, bookingId: string) => Promise<boolean>;

export class EscrowService {
  private readonly holds: ReleaseHold[] = [];

  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepository,
    private readonly ledger: LedgerRepository,
    private readonly events: EventBus,
    /** Runs, after the expiry's commit, the jobs its listeners wrote in it (the announcement). */
    private readonly jobs: Pick<JobRunner, 'runJob'>,
  ) {}

  /**
   * escrow.release: 48 h after completion, the held money goes to the professional's balance and
   * the service fee to the platform. Idempotent: nothing is written unless the escrow still holds
   * this booking's money.
   */
  /**
   * Another module holds releases while `hold` says so (an open guarantee claim: docs/claims.md); the
   * release job then writes nothing, and that module schedules the release again once it lets go.
   */
  holdReleaseWhile(hold: ReleaseHold): void {
    this.holds.push(hold);
  }

  async releaseEscrow(bookingId: string, now: Date): Promise<'released' | 'skipped' | 'held'> {
    return this.db.transaction(async (tx) => {
      const ledger = this.ledger.with(tx);
      const b = await this.repo.with(tx).lockBooking(bookingId);
      if (!b || b.status !== 'completed' || !b.completedAt) return 'skipped';
      const escrow = await ledger.escrowOf(bookingId);
      if (escrow.state !== 'held' || escrow.held <= 0) return 'skipped';
      for (const hold of this.holds) if (await hold(tx, bookingId)) return 'held';
      if (!isReleaseDue(b.completedAt, now)) throw new Error(`Escrow of ${bookingId} is not due before ${releaseAt(b.completedAt).toISOString()}`);
      const commission = percentOf(b.servicePrice + b.addonsTotal, PRO_COMMISSION_RATE);
      const serviceFee = Math.min(b.serviceFee, escrow.held);
      assertMoney(escrow.held);
      await ledger.post(releaseEntries(bookingId, b.professionalId, { held: escrow.held, serviceFee, commission: Math.min(commission, escrow.held - serviceFee) }));
      return 'released';
    });
  }

  /** booking.expire_unpaid: a booking still unpaid after 30 min is cancelled, freeing the slot. */
  async expireUnpaid(bookingId: string): Promise<void> {
    const afterCommit: string[] = [];
    const expired = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const b = await repo.lockBooking(bookingId);
      if (!b || b.status !== 'pending' || b.paymentStatus !== 'pending') return false;
      const [payment] = await repo.ofBooking(bookingId);
      // The customer was sent to the provider's page moments ago: look again later (the job is retried).
      if (payment && payment.status === 'awaiting_callback' && Date.now() - payment.updatedAt.getTime() < 2 * MINUTE) {
        throw new Error('payment in progress');
      }
      const t = checkTransition(b.status, 'cancelled', { role: 'system' });
      if (!t.ok) return false;
      await repo.updateBooking(bookingId, { status: 'cancelled', cancellationReason: 'payment_not_received', cancellationFee: 0 });
      // The bookings module tells both parties, in this transaction.
      await this.events.emit('payment.settled', { tx, bookingId, outcome: 'expired', runAfterCommit: (id) => void (id && afterCommit.push(id)) });
      return true;
    });
    for (const id of afterCommit) await this.jobs.runJob(id);
    // Other capabilities follow (a job request reopens).
    if (expired) await this.events.emit('payment.expired', { bookingId });
  }
}
