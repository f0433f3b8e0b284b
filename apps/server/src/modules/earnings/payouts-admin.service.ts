/**
 * Admins' payouts (/admin/payouts): pending payouts to pay, with where to send each (the bank details
 * of the professional's latest approved application, the account number masked; the full one is a
 * reveal of its own, finance access only, logged), and marking one paid, which moves the amount out of
 * the professional's ledger account into `payouts` (balanced rows, one transaction).
 */
import { ADMIN_MESSAGES, can, EARNINGS_MESSAGES, maskIban, payoutEntries, type AdminPayoutsResponse, type Payout, type PayoutRevealResponse, type SessionUser } from '@khedma/shared';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { AccessLogRepository, AccessOrigin } from '../admin';
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
    private readonly log: AccessLogRepository,
  ) {}

  async list(status?: 'pending' | 'paid'): Promise<AdminPayoutsResponse> {
    const [rows, totals] = await Promise.all([this.repo.adminList(status), this.repo.totals()]);
    const banks = new Map((await this.repo.approvedBankDetails([...new Set(rows.map((r) => r.userId))])).map((b) => [b.userId, b]));
    return {
      items: rows.map((r) => {
        const bank = banks.get(r.userId);
        return {
          ...toPayout({ id: r.id, amount: r.amount, status: r.status, createdAt: r.createdAt, paidAt: r.paidAt } as never),
          professional: { id: r.professionalId, name: r.name, fullName: r.fullName, city: r.city },
          bank: bank ? { bankName: bank.bankName, accountHolder: bank.accountHolder, account: maskIban(bank.bankAccountIban) } : null,
        };
      }),
      pendingTotal: totals.pending,
      paidTotal: totals.paid,
    };
  }

  /**
   * The full account number of a payout's professional (finance access only), from their latest
   * approved application; the reveal is logged (view_sensitive, that application's row) before it is answered.
   */
  async reveal(user: SessionUser, id: string, origin: AccessOrigin): Promise<PayoutRevealResponse> {
    if (!can(user, 'finance:read')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    const userId = await this.repo.payoutUser(id);
    if (!userId) throw notFound(EARNINGS_MESSAGES.notFound);
    const [app] = await this.repo.approvedBankDetails([userId]);
    if (!app?.bankAccountIban) return { value: null };
    await this.log.record({ actorId: user.id, action: 'view_sensitive', tableName: 'professional_applications', recordId: app.id, fields: ['bankAccountIban'], origin });
    return { value: app.bankAccountIban };
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
