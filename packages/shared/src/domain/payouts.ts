/**
 * Payouts (docs/reviews-and-earnings.md): a professional's released money leaves the platform.
 *
 * - A request takes the whole released balance not already requested (the professional's ledger
 *   balance minus pending payouts) into one pending payout; no second request while one is pending;
 *   at least PAYOUT_MINIMUM_AMOUNT.
 * - An admin marks it paid: the ledger moves the amount from `pro:<id>` to the `payouts` account
 *   (money sent to the professional's bank), rows summing to zero.
 * - Pending amount = all payouts minus paid ones.
 */
import { proLedgerAccount } from './escrow';
import { toLocal } from './time';

/**
 * payouts.status; pending amount = all payouts minus paid ones. `sent`: in a bank transfer batch
 * (docs/payments.md "Payout batches"), not yet seen on the bank's statement; the ledger moves at `paid`.
 */
export const PAYOUT_STATUSES = ['pending', 'sent', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout request must be at least this much (whole MAD). */
export const PAYOUT_MINIMUM_AMOUNT = 100;

/** Money paid out to professionals' banks: outside the platform, like `customer`. */
export const PAYOUTS_LEDGER_ACCOUNT = 'payouts';

export type PayoutRefusal = 'PAYOUT_PENDING' | 'PAYOUT_BELOW_MINIMUM';

/** The amount of a new request, or why there is none. */
export function payoutRequest(input: { balance: number; pendingCount: number; pendingAmount: number }):
  | { ok: true; amount: number }
  | { ok: false; code: PayoutRefusal; minimum: number } {
  if (input.pendingCount > 0) return { ok: false, code: 'PAYOUT_PENDING', minimum: PAYOUT_MINIMUM_AMOUNT };
  const amount = input.balance - input.pendingAmount;
  if (amount < PAYOUT_MINIMUM_AMOUNT) return { ok: false, code: 'PAYOUT_BELOW_MINIMUM', minimum: PAYOUT_MINIMUM_AMOUNT };
  return { ok: true, amount };
}

/** Pending amount = total of all payouts minus the paid ones (SPEC §4). */
export function pendingAmount(payouts: ReadonlyArray<{ amount: number; status: PayoutStatus }>): number {
  const total = payouts.reduce((s, p) => s + p.amount, 0);
  const paid = payouts.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0);
  return total - paid;
}

export interface PayoutLedgerRow {
  account: string;
  amount: number;
  kind: 'payout';
}

/** The ledger rows of a paid payout: out of the professional's balance, into `payouts`. Sum 0. */
export function payoutEntries(professionalId: string, amount: number): PayoutLedgerRow[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`payout amount ${amount} is not a positive whole MAD`);
  return [
    { account: proLedgerAccount(professionalId), amount: -amount, kind: 'payout' },
    { account: PAYOUTS_LEDGER_ACCOUNT, amount, kind: 'payout' },
  ];
}

/** 'YYYY-MM' of an instant in Casablanca's calendar (the product's own time-zone rules). */
export function monthOf(instant: Date): string {
  const l = toLocal(instant);
  return l.date.slice(0, 7);
}

/** The `count` months ending with the one of `now`, oldest first ('YYYY-MM'). */
export function lastMonths(now: Date, count: number): string[] {
  const [y, m] = monthOf(now).split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/** Sums of amounts per month over the last `count` months (missing months are 0), oldest first. */
export function monthlyTotals(rows: ReadonlyArray<{ at: Date; amount: number }>, now: Date, count = 6): Array<{ month: string; amount: number }> {
  const months = lastMonths(now, count);
  const sums = new Map(months.map((m) => [m, 0]));
  for (const r of rows) {
    const m = monthOf(r.at);
    if (sums.has(m)) sums.set(m, sums.get(m)! + r.amount);
  }
  return months.map((month) => ({ month, amount: sums.get(month)! }));
}
