/**
 * The escrow ledger's SQL. Rows come from the pure functions of domain/escrow.ts (hold, release,
 * refund), which are balanced by construction; the database re-checks at commit (the deferred
 * constraint trigger ledger_entries_balanced), so an unbalanced write can never be committed.
 */
import { escrowState, LEDGER_ACCOUNTS, type LedgerEntry } from '@khedma/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';

/**
 * Called after every posted ledger transaction, in the same database transaction (`tx`): what must be
 * written with the money's movement or not at all (the invoice of a hold, the credit note of a refund:
 * earnings/invoices.service.ts). A hook that throws rolls the movement back.
 */
export type LedgerPostHook = (tx: Db, transactionId: string, entries: readonly LedgerEntry[]) => Promise<void>;

export class LedgerRepository {
  constructor(
    private readonly db: Db,
    /** Shared by every `with(tx)` copy: a hook added later reaches them all. */
    private readonly hooks: LedgerPostHook[] = [],
  ) {}

  /** The same statements inside a transaction. */
  with(tx: Db): LedgerRepository {
    return new LedgerRepository(tx, this.hooks);
  }

  /** Runs `hook` after each posted transaction, inside it (another module's documents of money movements). */
  onPosted(hook: LedgerPostHook): void {
    this.hooks.push(hook);
  }

  /** Writes one balanced transaction (one INSERT); returns its id. Call inside the caller's transaction. */
  async post(entries: readonly LedgerEntry[]): Promise<string | null> {
    if (entries.length === 0) return null;
    const transactionId = randomUUID();
    await this.db.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, bookingId: e.bookingId, account: e.account, amount: e.amount, kind: e.kind })));
    for (const hook of this.hooks) await hook(this.db, transactionId, entries);
    return transactionId;
  }

  async entriesOf(bookingId: string): Promise<LedgerEntry[]> {
    const rows = await this.db
      .select({ bookingId: ledgerEntries.bookingId, account: ledgerEntries.account, amount: ledgerEntries.amount, kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, bookingId))
      .orderBy(asc(ledgerEntries.createdAt));
    return rows.map((r) => ({ ...r, bookingId: r.bookingId ?? bookingId }));
  }

  /** Where a booking's money is and how much escrow holds for it. */
  async escrowOf(bookingId: string): Promise<{ state: ReturnType<typeof escrowState>; held: number }> {
    const entries = await this.entriesOf(bookingId);
    const held = entries.filter((e) => e.account === LEDGER_ACCOUNTS.escrow).reduce((s, e) => s + e.amount, 0);
    return { state: escrowState(entries), held };
  }

  /** Balance of an account (e.g. `pro:<id>`, `escrow`). */
  async balance(account: string): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, account));
    return Number(row?.sum ?? 0);
  }

  /** Balance of an account restricted to one booking. */
  async bookingBalance(bookingId: string, account: string): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, account)));
    return Number(row?.sum ?? 0);
  }
}
