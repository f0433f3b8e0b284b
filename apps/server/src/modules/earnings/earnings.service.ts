/**
 * A professional's earnings (docs/reviews-and-earnings.md), all read from the escrow ledger and the
 * payouts table: completed jobs, their share of money still in escrow, released, paid out, pending,
 * the month-by-month chart and the payouts list; and the payout request.
 */
import {
  can,
  EARNINGS_MESSAGES,
  monthlyTotals,
  PAYOUT_MINIMUM_AMOUNT,
  payoutRequest,
  pendingAmount,
  percentOf,
  PRO_COMMISSION_RATE,
  type EarningsSummary,
  type Payout,
  type SessionUser,
} from '@khedma/shared';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { EarningsRepository, PayoutRow } from './earnings.repository';

const UNIQUE_VIOLATION = '23505';

export const toPayout = (p: PayoutRow): Payout => ({
  id: p.id,
  amount: p.amount,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
});

export class EarningsService {
  constructor(
    private readonly db: Db,
    private readonly repo: EarningsRepository,
    private readonly clock: Clock,
  ) {}

  private async professionalId(user: SessionUser, permission: 'earnings:read:own' | 'payout:request', repo = this.repo, lock = false): Promise<string> {
    if (!can(user, permission)) throw forbidden();
    const pro = await repo.professionalOfUser(user.id, lock);
    if (!pro) throw forbidden(EARNINGS_MESSAGES.notAProfessional);
    return pro.id;
  }

  async summary(user: SessionUser): Promise<EarningsSummary> {
    const id = await this.professionalId(user, 'earnings:read:own');
    const [completedJobs, held, entries, payouts] = await Promise.all([
      this.repo.completedJobs(id),
      this.repo.heldBookings(id),
      this.repo.accountEntries(id),
      this.repo.payoutsOf(id),
    ]);
    // The professional's share of what escrow holds: held minus the service fee and the commission.
    const escrowHeld = held.reduce((sum, b) => {
      const amount = Number(b.held);
      return sum + Math.max(0, amount - Math.min(b.serviceFee, amount) - percentOf(Number(b.subtotal), PRO_COMMISSION_RATE));
    }, 0);
    const credits = entries.filter((e) => e.amount > 0);
    const released = credits.reduce((s, e) => s + e.amount, 0);
    const paidOut = -entries.filter((e) => e.kind === 'payout').reduce((s, e) => s + e.amount, 0);
    const balance = entries.reduce((s, e) => s + e.amount, 0);
    const pending = pendingAmount(payouts);
    return {
      currency: 'MAD',
      completedJobs,
      escrowHeld,
      released,
      paidOut,
      pendingPayouts: pending,
      balance,
      requestable: Math.max(0, balance - pending),
      minimumPayout: PAYOUT_MINIMUM_AMOUNT,
      monthly: monthlyTotals(credits.map((e) => ({ at: e.createdAt, amount: e.amount })), this.clock.now(), 6),
      payouts: payouts.map(toPayout),
    };
  }

  /** Takes the whole released balance not already requested into one pending payout. */
  async requestPayout(user: SessionUser): Promise<{ payout: Payout; message: string }> {
    try {
      return await this.db.transaction(async (tx) => {
        const repo = this.repo.with(tx);
        // The professional's row lock queues two requests; the one-pending unique index is the backstop.
        const id = await this.professionalId(user, 'payout:request', repo, true);
        const [balance, payouts] = await Promise.all([repo.balance(id), repo.payoutsOf(id)]);
        const decision = payoutRequest({
          balance,
          // A payout on its way (pending, or sent in a bank batch) blocks a second one.
          pendingCount: payouts.filter((p) => p.status !== 'paid').length,
          pendingAmount: pendingAmount(payouts),
        });
        if (!decision.ok) {
          throw decision.code === 'PAYOUT_PENDING'
            ? new AppError('PAYOUT_PENDING', EARNINGS_MESSAGES.pending)
            : new AppError('PAYOUT_BELOW_MINIMUM', EARNINGS_MESSAGES.belowMinimum(decision.minimum));
        }
        const row = await repo.insertPayout(id, decision.amount);
        return { payout: toPayout(row), message: EARNINGS_MESSAGES.requested };
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION) throw new AppError('PAYOUT_PENDING', EARNINGS_MESSAGES.pending);
      throw err;
    }
  }
}
