import { describe, expect, it } from 'vitest';
import { lastMonths, monthlyTotals, PAYOUT_MINIMUM_AMOUNT, payoutEntries, payoutRequest, pendingAmount } from './payouts';

describe('payout rules', () => {
  it('a request takes the whole balance not already requested; one pending at a time; a minimum', () => {
    expect(payoutRequest({ balance: 540, pendingCount: 0, pendingAmount: 0 })).toEqual({ ok: true, amount: 540 });
    expect(payoutRequest({ balance: 540, pendingCount: 1, pendingAmount: 300 })).toMatchObject({ ok: false, code: 'PAYOUT_PENDING' });
    expect(payoutRequest({ balance: PAYOUT_MINIMUM_AMOUNT - 1, pendingCount: 0, pendingAmount: 0 })).toMatchObject({ ok: false, code: 'PAYOUT_BELOW_MINIMUM' });
    expect(payoutRequest({ balance: PAYOUT_MINIMUM_AMOUNT, pendingCount: 0, pendingAmount: 0 })).toEqual({ ok: true, amount: PAYOUT_MINIMUM_AMOUNT });
  });

  it('pending amount = all payouts minus paid ones (SPEC §4)', () => {
    expect(pendingAmount([{ amount: 100, status: 'paid' }, { amount: 250, status: 'pending' }])).toBe(250);
    expect(pendingAmount([])).toBe(0);
  });

  it('the ledger rows of a paid payout sum to zero', () => {
    const rows = payoutEntries('p1', 420);
    expect(rows).toEqual([
      { account: 'pro:p1', amount: -420, kind: 'payout' },
      { account: 'payouts', amount: 420, kind: 'payout' },
    ]);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(() => payoutEntries('p1', 0)).toThrow(RangeError);
    expect(() => payoutEntries('p1', 10.5)).toThrow(RangeError);
  });

  it('monthly totals over the last months, in Casablanca months, across a year end', () => {
    const now = new Date('2027-01-10T12:00:00Z');
    expect(lastMonths(now, 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    const rows = [
      { at: new Date('2026-12-31T23:30:00Z'), amount: 100 }, // 2026-12-31 23:30 in Casablanca (UTC+0)
      { at: new Date('2027-01-02T08:00:00Z'), amount: 50 },
      { at: new Date('2026-06-01T08:00:00Z'), amount: 999 }, // outside the window
    ];
    expect(monthlyTotals(rows, now, 3)).toEqual([
      { month: '2026-11', amount: 0 },
      { month: '2026-12', amount: 100 },
      { month: '2027-01', amount: 50 },
    ]);
  });
});
