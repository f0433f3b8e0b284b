/**
 * Admins' payouts (/admin/payouts): pending payouts to pay, and marking one paid, which moves the
 * amount out of the professional's ledger account into `payouts` (balanced rows, one transaction).
 */
import { EARNINGS_MESSAGES, payoutEntries, type AdminPayoutsResponse, type Payout, type SessionUser } from '@khedma/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { EarningsRepository } from './earnings.repository';
import { payoutPaidEmail } from './earnings.emails';
import { toPayout } from './earnings.service';

/** Who a payout email goes to (the auth module's recipients). */
export type PayoutRecipientOf = (professionalId: string) => Promise<{ email: string; name: string; locale: 'en' | 'fr' | 'ar' } | undefined>;

export class PayoutsAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: EarningsRepository,
    private readonly clock: Clock,
    private readonly mail: { mailer: Mailer; recipientOf: PayoutRecipientOf; earningsUrl: string },
  ) {}

  async list(status?: 'pending' | 'paid'): Promise<AdminPayoutsResponse> {
    const [rows, totals] = await Promise.all([this.repo.adminList(status), this.repo.totals()]);
    return {
      items: rows.map((r) => ({
        ...toPayout({ id: r.id, amount: r.amount, status: r.status, createdAt: r.createdAt, paidAt: r.paidAt } as never),
        professional: { id: r.professionalId, name: r.name, fullName: r.fullName, city: r.city },
      })),
      pendingTotal: totals.pending,
      paidTotal: totals.paid,
    };
  }

  async markPaid(admin: SessionUser, id: string): Promise<Payout> {
    const paid = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const payout = await repo.lockPayout(id);
      if (!payout) throw notFound(EARNINGS_MESSAGES.notFound);
      if (payout.status === 'paid') throw new AppError('PAYOUT_ALREADY_PAID', EARNINGS_MESSAGES.alreadyPaid);
      const transactionId = await repo.postPayout(payoutEntries(payout.professionalId, payout.amount));
      return repo.markPaid(id, admin.id, this.clock.now(), transactionId);
    });
    // After the commit: the professional is told (a durable job, retried by the mailer).
    const to = await this.mail.recipientOf(paid.professionalId);
    if (to) await this.mail.mailer.send({ to: to.email, ...payoutPaidEmail(to.locale, { name: to.name, amount: paid.amount, earningsUrl: this.mail.earningsUrl }) });
    return toPayout(paid);
  }
}
