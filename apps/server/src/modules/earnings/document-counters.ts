/**
 * Gap-free document numbers (docs/payments.md "Invoices"): one counter row per series and year.
 * `next` increments it with one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, inside the caller's
 * transaction: the row stays locked until that transaction ends (a second issuer waits), and a
 * rollback gives the number back. So numbers are consecutive, never repeated, never skipped. A
 * PostgreSQL SEQUENCE is not used: a rolled-back nextval() is lost, which leaves a gap.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentCounters } from '../../db/schema/index';

export type DocumentSeries = 'invoice' | 'credit_note' | 'payout_batch';

/** The next number of `series` in `year`; call it inside the transaction that writes the document. */
export async function nextDocumentNumber(tx: Db, series: DocumentSeries, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, lastValue: 1 })
    .onConflictDoUpdate({ target: [documentCounters.series, documentCounters.year], set: { lastValue: sql`${documentCounters.lastValue} + 1` } })
    .returning({ value: documentCounters.lastValue });
  return row!.value;
}
