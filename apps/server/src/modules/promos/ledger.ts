/**
 * The discount in the ledger (docs/promos.md "Ledger"): the customer paid the discounted total into
 * escrow, so the escrow release (payments) gives the professional that much less; right after it, in
 * the same transaction, the platform's `promotions` account makes it up (domain/promos.ts
 * promoTopUpEntries). The professional is paid as without the discount; the platform's fee income
 * bears it; every transaction still sums to zero. Refunds move only what the customer paid.
 */
import { percentOf, PRO_COMMISSION_RATE, promoTopUpEntries, proLedgerAccount, type LedgerEntry } from '@khedma/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';
import type { PromosRepository } from './promos.repository';

export function promoLedgerHook(repo: PromosRepository) {
  return async (tx: Db, _transactionId: string, entries: readonly LedgerEntry[]): Promise<void> => {
    const release = entries.find((e) => e.kind === 'release' && e.account === 'escrow');
    if (!release) return;
    const discounts = await repo.with(tx).discountsOf(release.bookingId);
    const discount = discounts.reduce((s, d) => s + d.amount, 0);
    if (discount === 0) return;
    const b = await repo.with(tx).booking(release.bookingId);
    if (!b) return;
    const subtotal = b.servicePrice + b.addonsTotal;
    const account = proLedgerAccount(b.professionalId);
    const paidOut = entries.filter((e) => e.account === account).reduce((s, e) => s + e.amount, 0);
    const rows = promoTopUpEntries(b.id, b.professionalId, { discount, expectedPayout: subtotal - percentOf(subtotal, PRO_COMMISSION_RATE), paidOut });
    if (rows.length === 0) return;
    const transactionId = randomUUID();
    await tx.insert(ledgerEntries).values(rows.map((e) => ({ transactionId, bookingId: e.bookingId, account: e.account, amount: e.amount, kind: e.kind })));
  };
}
