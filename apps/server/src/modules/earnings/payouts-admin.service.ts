/**
 * Admins' payouts (/admin/payouts): pending payouts to pay, with where to send each (the bank details
 * of the professional's latest approved application, the account number masked; the full one is a
 * reveal of its own, finance access only, logged), and marking one paid, which moves the amount out of
 * the professional's ledger account into `payouts` (balanced rows, one transaction).
 *
 * Payout batches (docs/payments.md "Payout batches"): pending payouts whose RIB checks out go into one
 * bank transfer batch (CSV and PDF) and become `sent`; the bank's statement lines (reference and
 * amount) mark them paid, or finance marks them one by one. The ledger moves only when paid.
 */
import {
  ADMIN_MESSAGES,
  batchEligibility,
  can,
  EARNINGS_MESSAGES,
  localDateOf,
  maskIban,
  payoutBatchNumber,
  payoutEntries,
  payoutReference,
  type AdminPayoutsResponse,
  type CreatePayoutBatchResponse,
  type Locale,
  type Payout,
  type PayoutBatch,
  type PayoutBatchesResponse,
  type PayoutBatchExclusion,
  type PayoutRevealResponse,
  type PayoutStatementResult,
  type SessionUser,
} from '@khedma/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { AccessLogRepository, AccessOrigin } from '../admin';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { EarningsRepository, PayoutRow } from './earnings.repository';
import { nextDocumentNumber } from './document-counters';
import { payoutPaidEmail } from './earnings.emails';
import { toPayout } from './earnings.service';
import { batchCsv, parseStatement } from './payout-batch-files';
import { renderBatchPdf } from './payout-batch-pdf';

/** Who a payout email goes to (the auth module's recipients). */
/** The professional's address and language, read in `db` (the payment's transaction). */
export type PayoutRecipientOf = (db: Db, professionalId: string) => Promise<{ email: string; name: string; locale: 'en' | 'fr' | 'ar' } | undefined>;

export class PayoutsAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: EarningsRepository,
    private readonly clock: Clock,
    private readonly mail: { mailer: Pick<Mailer, 'write' | 'run'>; recipientOf: PayoutRecipientOf; earningsUrl: string },
    private readonly log: AccessLogRepository,
  ) {}

  async list(status?: 'pending' | 'sent' | 'paid'): Promise<AdminPayoutsResponse> {
    const [rows, totals] = await Promise.all([this.repo.adminList(status), this.repo.totals()]);
    const banks = new Map((await this.repo.approvedBankDetails([...new Set(rows.map((r) => r.userId))])).map((b) => [b.userId, b]));
    return {
      items: rows.map((r) => {
        const bank = banks.get(r.userId);
        const eligibility = batchEligibility({ status: r.status, bank });
        return {
          ...toPayout({ id: r.id, amount: r.amount, status: r.status, createdAt: r.createdAt, paidAt: r.paidAt } as never),
          professional: { id: r.professionalId, name: r.name, fullName: r.fullName, city: r.city },
          // A sent or paid payout shows the account the transfer was ordered to.
          bank: bank ? { bankName: bank.bankName, accountHolder: bank.accountHolder, account: maskIban(bank.bankAccountIban) } : null,
          reference: r.reference,
          batch: r.batchId && r.batchNumber ? { id: r.batchId, number: r.batchNumber } : null,
          sentAt: r.sentAt?.toISOString() ?? null,
          batchExclusion: r.status === 'pending' && !eligibility.ok ? eligibility.reason : null,
        };
      }),
      pendingTotal: totals.pending,
      sentTotal: totals.sent,
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

  /** Marks one payout paid (pending, or sent in a batch): the ledger moves now. */
  async markPaid(admin: SessionUser, id: string): Promise<Payout> {
    const { paid, email } = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const payout = await repo.lockPayout(id);
      if (!payout) throw notFound(EARNINGS_MESSAGES.notFound);
      if (payout.status === 'paid') throw new AppError('PAYOUT_ALREADY_PAID', EARNINGS_MESSAGES.alreadyPaid);
      const row = await this.pay(repo, payout, admin.id, null);
      return { paid: row, email: await this.tell(tx, row) };
    });
    await this.mail.mailer.run(email);
    return toPayout(paid);
  }

  /** The ledger rows of a paid payout and its row, in the caller's transaction (the payout locked). */
  private async pay(repo: EarningsRepository, payout: PayoutRow, by: string, statementDate: string | null): Promise<PayoutRow> {
    const transactionId = await repo.postPayout(payoutEntries(payout.professionalId, payout.amount));
    return repo.markPaid(payout.id, by, this.clock.now(), transactionId, statementDate);
  }

  /** In the payment's transaction: the professional's email (a durable job, run once it committed). */
  private async tell(tx: Db, paid: PayoutRow): Promise<string | null> {
    const to = await this.mail.recipientOf(tx, paid.professionalId);
    return to ? this.mail.mailer.write(tx, { to: to.email, ...payoutPaidEmail(to.locale, { name: to.name, amount: paid.amount, earningsUrl: this.mail.earningsUrl }) }) : null;
  }

  async batches(): Promise<PayoutBatchesResponse> {
    return { items: (await this.repo.batches()).map(toBatch) };
  }

  /**
   * One bank transfer batch of the selected payouts: each one pending, with bank details whose RIB
   * checks out and a holder name a transfer can carry; the others stay out, each with its reason. The
   * payouts are locked in id order, so a second request for the same payouts (a double click) waits,
   * then finds them sent and makes no second batch.
   */
  async createBatch(admin: SessionUser, payoutIds: readonly string[]): Promise<CreatePayoutBatchResponse> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const ids = [...new Set(payoutIds)];
      const rows = await repo.lockPayouts(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const userOf = new Map<string, string>();
      for (const r of rows) {
        const userId = await repo.userOfProfessional(r.professionalId);
        if (userId) userOf.set(r.id, userId);
      }
      const banks = new Map((await repo.approvedBankDetails([...new Set(userOf.values())])).map((b) => [b.userId, b]));
      const excluded: CreatePayoutBatchResponse['excluded'] = [];
      const included: Array<{ payout: PayoutRow; rib: string; holder: string }> = [];
      const exclude = (payoutId: string, reason: PayoutBatchExclusion) => excluded.push({ payoutId, reason, message: EARNINGS_MESSAGES.exclusions[reason] });
      for (const id of ids) {
        const payout = byId.get(id);
        if (!payout) {
          exclude(id, 'NOT_PENDING');
          continue;
        }
        const userId = userOf.get(id);
        const e = batchEligibility({ status: payout.status, bank: userId ? banks.get(userId) : undefined });
        if (e.ok) included.push({ payout, rib: e.rib, holder: e.holder });
        else exclude(id, e.reason);
      }
      if (included.length === 0) {
        throw new AppError('PAYOUT_BATCH_EMPTY', EARNINGS_MESSAGES.batchEmpty, Object.fromEntries(excluded.map((x) => [x.payoutId, x.message])));
      }
      const now = this.clock.now();
      const year = Number(localDateOf(now).slice(0, 4));
      const number = payoutBatchNumber(year, await nextDocumentNumber(tx, 'payout_batch', year));
      const total = included.reduce((s, i) => s + i.payout.amount, 0);
      const batch = await repo.insertBatch({ number, createdBy: admin.id, count: included.length, total, createdAt: now });
      for (const i of included) {
        await repo.markSent(i.payout.id, { batchId: batch.id, reference: payoutReference(i.payout.id), sentAt: now, batchRib: i.rib, batchHolder: i.holder });
      }
      return { batch: toBatch({ ...batch, paidCount: 0 }), excluded };
    });
  }

  /** The transfers of a batch, as the files carry them; the full RIBs are read: the download is logged. */
  private async batchFile(user: SessionUser, id: string, origin: AccessOrigin) {
    const batch = await this.repo.batch(id);
    if (!batch) throw notFound(EARNINGS_MESSAGES.batchNotFound);
    const lines = await this.repo.batchLines(id);
    await this.log.record({ actorId: user.id, action: 'view_sensitive', tableName: 'payout_batches', recordId: id, fields: ['batch_rib'], origin });
    return {
      number: batch.number,
      createdAt: batch.createdAt.toISOString(),
      executionDate: localDateOf(batch.createdAt),
      total: batch.total,
      lines: lines.map((l) => ({ holder: l.holder ?? '', rib: l.rib ?? '', amount: l.amount, reference: l.reference ?? '' })),
    };
  }

  async batchCsv(user: SessionUser, id: string, origin: AccessOrigin): Promise<{ number: string; csv: string }> {
    const b = await this.batchFile(user, id, origin);
    return { number: b.number, csv: batchCsv(b, b.lines) };
  }

  async batchPdf(user: SessionUser, id: string, locale: Locale, origin: AccessOrigin): Promise<{ number: string; pdf: Buffer }> {
    const b = await this.batchFile(user, id, origin);
    return { number: b.number, pdf: await renderBatchPdf(b, locale) };
  }

  /**
   * The bank statement's lines: a line whose reference names a sent payout and whose amount is the
   * payout's marks it paid (the ledger moves, the statement's date kept); any other line is reported
   * (unknown reference, another amount, a payout not sent, one already paid: importing the same
   * statement twice pays nothing twice). One transaction for the whole file.
   */
  async importStatement(admin: SessionUser, csv: string): Promise<PayoutStatementResult> {
    let lines;
    try {
      lines = parseStatement(csv);
    } catch {
      throw badRequest(EARNINGS_MESSAGES.statementInvalid, { csv: EARNINGS_MESSAGES.statementInvalid });
    }
    if (lines.length === 0) throw badRequest(EARNINGS_MESSAGES.statementEmpty, { csv: EARNINGS_MESSAGES.statementEmpty });
    const emails: Array<string | null> = [];
    const result = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const out: PayoutStatementResult = { paid: [], unmatched: [] };
      for (const l of lines) {
        const miss = (issue: PayoutStatementResult['unmatched'][number]['issue']) =>
          out.unmatched.push({ line: l.line, reference: l.reference, amount: l.cents === null ? null : l.cents / 100, date: l.date, issue });
        if (l.cents === null || !l.reference) {
          miss('UNREADABLE');
          continue;
        }
        const payout = await repo.lockPayoutByReference(l.reference);
        if (!payout) miss('UNKNOWN_REFERENCE');
        else if (payout.status === 'paid') miss('ALREADY_PAID');
        else if (payout.status !== 'sent') miss('NOT_SENT');
        else if (payout.amount * 100 !== l.cents) miss('AMOUNT_MISMATCH');
        else {
          const paid = await this.pay(repo, payout, admin.id, l.date);
          emails.push(await this.tell(tx, paid));
          out.paid.push({ line: l.line, payoutId: paid.id, reference: l.reference, amount: paid.amount });
        }
      }
      return out;
    });
    await this.mail.mailer.run(...emails);
    return result;
  }
}

const toBatch = (b: { id: string; number: string; createdAt: Date; count: number; total: number; paidCount: number | string }): PayoutBatch => ({
  id: b.id,
  number: b.number,
  createdAt: b.createdAt.toISOString(),
  count: b.count,
  total: b.total,
  paidCount: Number(b.paidCount),
});
