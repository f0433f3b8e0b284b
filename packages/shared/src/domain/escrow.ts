/**
 * The escrow ledger (docs/payments.md payments): double-entry rows for one booking's money. Each
 * operation returns rows whose amounts sum to zero, so money is only ever moved between accounts,
 * never created or lost; the server inserts them in one transaction.
 *
 * Sign: an entry's amount is the change of that account's balance. The `customer` account stands
 * for money outside the platform (it goes negative when the customer pays in).
 *
 * - hold (payment succeeded): customer -> escrow, the full total paid.
 * - release (48 h after completion): escrow -> pro:<id> (subtotal - commission) and escrow ->
 *   platform (service fee + commission).
 * - refund (cancellation or admin refund): escrow -> customer (paid - fee) and escrow -> pro:<id>
 *   (the cancellation fee). The service fee is refunded too (see cancellation.ts).
 *
 * Rows of amount 0 are left out (a 0% commission writes no platform commission row).
 */

import { assertMoney } from './pricing';
import { HOUR_MS } from './time';

/** ledger_entries.kind (double-entry escrow ledger). */
export const LEDGER_ENTRY_KINDS = ['hold', 'release', 'refund', 'cancellation_fee', 'payout'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
/** ledger_entries.account: fixed accounts, plus one per professional (`pro:<professional id>`). */
export const LEDGER_ACCOUNTS = { customer: 'customer', escrow: 'escrow', platform: 'platform' } as const;
export const proLedgerAccount = (professionalId: string) => `pro:${professionalId}` as const;

/** Escrow: funds released to the professional this long after completion. */
export const ESCROW_RELEASE_HOURS = 48;

export interface LedgerEntry {
  bookingId: string;
  /** 'customer' | 'escrow' | 'platform' | 'pro:<professional id>'. */
  account: string;
  /** Change of the account's balance, whole MAD, signed. */
  amount: number;
  kind: LedgerEntryKind;
}

export class LedgerError extends Error {
  constructor(
    readonly code: 'UNBALANCED' | 'INVALID_AMOUNT' | 'INVALID_STATE',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

function rows(bookingId: string, parts: Array<[account: string, amount: number, kind: LedgerEntryKind]>): LedgerEntry[] {
  const out = parts.filter(([, amount]) => amount !== 0).map(([account, amount, kind]) => ({ bookingId, account, amount, kind }));
  assertBalanced(out);
  return out;
}

/** Payment succeeded: the whole amount paid moves from the customer into escrow. */
export function holdEntries(bookingId: string, amount: number): LedgerEntry[] {
  assertMoney(amount, 'held amount');
  return rows(bookingId, [
    [LEDGER_ACCOUNTS.customer, -amount, 'hold'],
    [LEDGER_ACCOUNTS.escrow, amount, 'hold'],
  ]);
}

/**
 * Escrow released after completion: the professional gets the held amount minus the service fee and
 * the commission (= the quote's professionalPayout); the platform gets those two.
 */
export function releaseEntries(
  bookingId: string,
  professionalId: string,
  amounts: { held: number; serviceFee: number; commission: number },
): LedgerEntry[] {
  const { held, serviceFee, commission } = amounts;
  assertMoney(held, 'held');
  assertMoney(serviceFee, 'serviceFee');
  assertMoney(commission, 'commission');
  const payout = held - serviceFee - commission;
  if (payout < 0) throw new LedgerError('INVALID_AMOUNT', `Fee and commission (${serviceFee + commission}) exceed the held ${held}`);
  return rows(bookingId, [
    [LEDGER_ACCOUNTS.escrow, -held, 'release'],
    [proLedgerAccount(professionalId), payout, 'release'],
    [LEDGER_ACCOUNTS.platform, serviceFee + commission, 'release'],
  ]);
}

/**
 * Escrow refunded on cancellation or admin refund: the customer gets `held - fee` back, the
 * cancellation fee (cancellation.ts) goes to the professional.
 */
export function refundEntries(bookingId: string, professionalId: string, amounts: { held: number; fee: number }): LedgerEntry[] {
  const { held, fee } = amounts;
  assertMoney(held, 'held');
  assertMoney(fee, 'fee');
  if (fee > held) throw new LedgerError('INVALID_AMOUNT', `Cancellation fee ${fee} exceeds the held ${held}`);
  return rows(bookingId, [
    [LEDGER_ACCOUNTS.escrow, -held, 'refund'],
    [LEDGER_ACCOUNTS.customer, held - fee, 'refund'],
    [proLedgerAccount(professionalId), fee, 'cancellation_fee'],
  ]);
}

/** Throws unless the rows are whole MAD and sum to zero: the invariant of double entry. */
export function assertBalanced(entries: readonly LedgerEntry[]): void {
  let sum = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount)) throw new LedgerError('INVALID_AMOUNT', `Ledger amount ${e.amount} is not whole MAD`);
    sum += e.amount;
  }
  if (sum !== 0) throw new LedgerError('UNBALANCED', `Ledger entries sum to ${sum}, not 0`);
}

/** An account's balance over the given rows. */
export function balanceOf(entries: readonly LedgerEntry[], account: string): number {
  return entries.reduce((sum, e) => (e.account === account ? sum + e.amount : sum), 0);
}

/**
 * Where a booking's money is, from its ledger rows: nothing yet, held in escrow, or settled
 * (released or refunded; what a claim's partial refund left in escrow is still held). The server checks it before writing, so a retried job cannot release
 * twice or refund what was released.
 */
export function escrowState(entries: readonly LedgerEntry[]): 'none' | 'held' | 'released' | 'refunded' {
  if (entries.some((e) => e.kind === 'release')) return 'released';
  // A guarantee claim's partial refund leaves the rest in escrow, to be released (docs/claims.md).
  if (balanceOf(entries, LEDGER_ACCOUNTS.escrow) > 0) return 'held';
  if (entries.some((e) => e.kind === 'refund')) return 'refunded';
  if (entries.some((e) => e.kind === 'hold')) return 'held';
  return 'none';
}

/** When the held money goes to the professional: completion + 48 h. */
export function releaseAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + ESCROW_RELEASE_HOURS * HOUR_MS);
}

/** Whether the release job may run (at exactly 48 h: yes). */
export function isReleaseDue(completedAt: Date, now: Date): boolean {
  return now.getTime() >= releaseAt(completedAt).getTime();
}
