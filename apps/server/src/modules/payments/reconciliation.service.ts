/**
 * The daily reconciliation (docs/payments.md "Reconciliation"): every payment of the last days that went
 * to the provider is asked of it (`lookup`) and compared with our row: paid here but not captured there,
 * captured there but not paid here, amounts and refunded totals that differ. Differences are listed for
 * finance (payment_reconciliation_diffs, GET /api/admin/payments/reconciliation); nothing is changed.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentReconciliationDiffs, payments } from '../../db/schema/index';
import type { PaymentProvider } from '../../platform/payments';

const LOOKBACK_DAYS = 35;

export interface Difference {
  runDate: string;
  paymentId: string;
  /** The payment's booking (in latest()). */
  bookingId?: string | null;
  kind: string;
  ours: string;
  theirs: string;
}

export class ReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider,
  ) {}

  /** Compares and records; returns the differences found (idempotent per day). */
  async run(now: Date): Promise<Difference[]> {
    const runDate = now.toISOString().slice(0, 10);
    const rows = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, this.provider.name),
          inArray(payments.status, ['awaiting_callback', 'succeeded', 'failed', 'refunded', 'partially_refunded']),
          gte(payments.updatedAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${LOOKBACK_DAYS})`),
        ),
      );
    const found: Difference[] = [];
    for (const p of rows) {
      let theirs;
      try {
        theirs = await this.provider.lookup(p.id);
      } catch (err) {
        found.push({ runDate, paymentId: p.id, kind: 'unreachable', ours: p.status, theirs: String(err).slice(0, 200) });
        continue;
      }
      const paidHere = ['succeeded', 'refunded', 'partially_refunded'].includes(p.status);
      const capturedThere = theirs.state === 'captured';
      if (paidHere !== capturedThere && !(p.status === 'awaiting_callback' && ['pending', 'unknown', 'authorized'].includes(theirs.state))) {
        found.push({ runDate, paymentId: p.id, kind: 'status', ours: p.status, theirs: theirs.state });
      } else if (paidHere && theirs.amount !== p.amount) {
        found.push({ runDate, paymentId: p.id, kind: 'amount', ours: String(p.amount), theirs: String(theirs.amount) });
      }
      if (paidHere && theirs.refunded !== p.refundedAmount) {
        found.push({ runDate, paymentId: p.id, kind: 'refunded', ours: String(p.refundedAmount), theirs: String(theirs.refunded) });
      }
    }
    if (found.length > 0) await this.db.insert(paymentReconciliationDiffs).values(found).onConflictDoNothing();
    return found;
  }

  /** The differences of the latest runs, newest first. */
  async latest(limit = 500): Promise<Difference[]> {
    const rows = await this.db
      .select({ d: paymentReconciliationDiffs, bookingId: payments.bookingId })
      .from(paymentReconciliationDiffs)
      .leftJoin(payments, eq(payments.id, paymentReconciliationDiffs.paymentId))
      .orderBy(desc(paymentReconciliationDiffs.createdAt))
      .limit(limit);
    return rows.map(({ d: r, bookingId }) => ({ runDate: r.runDate, paymentId: r.paymentId, bookingId: bookingId ?? null, kind: r.kind, ours: r.ours, theirs: r.theirs }));
  }
}
