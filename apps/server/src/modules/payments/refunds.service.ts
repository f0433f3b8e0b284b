/**
 * Refunds that reach the customer (docs/payments.md "Refunds"): a cancellation or an admin refund
 * writes the ledger's refund and a payment_refunds row with its payment.refund job in one transaction;
 * the job asks the provider for the amount the ledger gave back and records its answer. A lost answer
 * is asked again (the provider's refunded total says whether it went through: never refunded twice);
 * a refusal lands in the admin's failed list with its reason. One sender per payment at a time, in
 * order, so that partial refunds add up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentRefundStatus } from '@khedma/shared';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../platform/jobs';
import type { PaymentProvider } from '../../platform/payments';
import { PAYMENT_REFUND_JOB } from './payments.jobs';
import type { PaymentsRepository } from './payments.repository';

/** How long one sender holds a payment's refunds (longer than its provider calls' timeouts). */
const REFUND_LOCK_SECONDS = 120;

export class RefundsService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly jobs: Pick<JobRunner, 'schedule' | 'runJob'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly db?: Db,
  ) {}

  /**
   * Finance retries a refund the provider refused (POST /api/admin/payments/refunds/:id/retry): back to
   * pending with a new payment.refund job in one transaction, then the job is run at once. Idempotent:
   * a refund that is not failed (already retried, pending, sent) is left as it is and gets no new job.
   * Undefined when there is no such refund.
   */
  async retry(refundId: string): Promise<{ id: string; status: PaymentRefundStatus; failureReason: string | null } | undefined> {
    if (!this.db) throw new Error('RefundsService.retry needs the database');
    const jobId = await this.db.transaction(async (tx) => {
      const r = await this.repo.with(tx).reopenRefund(refundId);
      if (!r) return null;
      // One job per refusal: the key names the refusal retried (a second retry of it is deduplicated).
      return this.jobs.schedule(PAYMENT_REFUND_JOB, { refundId }, { dedupeKey: `refund:${refundId}:retry:${r.failedAt.getTime()}`, db: tx });
    });
    if (jobId) {
      this.log.info({ refundId }, 'refund retried by finance');
      await this.jobs.runJob(jobId);
    }
    const now = await this.repo.refund(refundId);
    return now ? { id: now.id, status: now.status, failureReason: now.failureReason } : undefined;
  }

  /**
   * In the cancellation's transaction (`tx`): `amount` (what the ledger gave back) is to reach the
   * customer's payment. Nothing when nothing was paid through a provider.
   */
  async request(tx: Db, bookingId: string, amount: number, reason: string | null): Promise<void> {
    if (amount <= 0) return;
    const repo = this.repo.with(tx);
    const payment = await repo.paidOf(bookingId);
    if (!payment) return;
    const refund = await repo.addRefund({ paymentId: payment.id, bookingId, amount, reason });
    if (payment.provider !== this.provider.name) {
      // Seeded demo data ('simulated'): never paid through a provider, so nothing to give back there.
      await repo.recordRefund(refund.id, { ok: true, providerRef: null });
      return;
    }
    await this.jobs.schedule(PAYMENT_REFUND_JOB, { refundId: refund.id }, { dedupeKey: `refund:${refund.id}`, db: tx });
  }

  /** payment.refund: sends this refund (and any earlier one of its payment still pending). Idempotent. */
  async send(refundId: string): Promise<'done' | 'sent' | 'refused'> {
    const r = await this.repo.refund(refundId);
    if (!r || r.status !== 'pending') return 'done';
    // Another sender works on this payment: the job is retried later.
    if (!(await this.repo.lockRefunds(r.paymentId, REFUND_LOCK_SECONDS))) throw new Error(`refunds of payment ${r.paymentId} are being sent`);
    try {
      const payment = (await this.repo.payment(r.paymentId))!;
      const all = await this.repo.refundsOf(r.paymentId);
      let confirmed = all.filter((x) => x.status === 'succeeded').reduce((s, x) => s + x.amount, 0);
      let mine: 'done' | 'sent' | 'refused' = 'done';
      for (const x of all) {
        if (x.status !== 'pending') continue;
        const answer = await this.provider.refund({ id: payment.id, amount: payment.amount }, x.amount, x.reason, confirmed + x.amount);
        await this.repo.recordRefund(x.id, answer);
        if (answer.ok) confirmed += x.amount;
        else this.log.warn({ refundId: x.id, paymentId: payment.id, reason: answer.reason }, 'refund refused by the provider');
        if (x.id === refundId) {
          mine = answer.ok ? 'sent' : 'refused';
          break;
        }
      }
      return mine;
    } finally {
      await this.repo.unlockRefunds(r.paymentId);
    }
  }
}
