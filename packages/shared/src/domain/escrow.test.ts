import { describe, expect, it } from 'vitest';
import { cancellationOutcome } from './cancellation';
import {
  assertBalanced,
  balanceOf,
  escrowState,
  holdEntries,
  isReleaseDue,
  LedgerError,
  refundEntries,
  releaseAt,
  releaseEntries,
  type LedgerEntry,
} from './escrow';
import { quote } from './pricing';

const B = 'booking-1';
const P = 'pro-1';
const sum = (entries: LedgerEntry[]) => entries.reduce((s, e) => s + e.amount, 0);

describe('holdEntries', () => {
  it('moves the paid total from the customer into escrow', () => {
    expect(holdEntries(B, 288)).toEqual([
      { bookingId: B, account: 'customer', amount: -288, kind: 'hold' },
      { bookingId: B, account: 'escrow', amount: 288, kind: 'hold' },
    ]);
  });

  it('writes nothing for a free booking and refuses bad amounts', () => {
    expect(holdEntries(B, 0)).toEqual([]);
    expect(() => holdEntries(B, -1)).toThrow();
    expect(() => holdEntries(B, 10.5)).toThrow();
  });
});

describe('releaseEntries', () => {
  it('pays the professional the subtotal and the platform the service fee (0% commission)', () => {
    const q = quote({ servicePrice: 200, addOns: [{ id: 'a', name: 'A', price: 50 }] }); // 250 + 38 = 288
    const rows = releaseEntries(B, P, { held: q.total, serviceFee: q.serviceFee, commission: q.commission });
    expect(rows).toEqual([
      { bookingId: B, account: 'escrow', amount: -288, kind: 'release' },
      { bookingId: B, account: 'pro:pro-1', amount: 250, kind: 'release' },
      { bookingId: B, account: 'platform', amount: 38, kind: 'release' },
    ]);
    expect(balanceOf(rows, 'pro:pro-1')).toBe(q.professionalPayout);
  });

  it('sends a commission to the platform when set', () => {
    const q = quote({ servicePrice: 250 }, { commissionRate: 0.2 }); // subtotal 250, fee 38, commission 50
    const rows = releaseEntries(B, P, { held: q.total, serviceFee: q.serviceFee, commission: q.commission });
    expect(balanceOf(rows, 'pro:pro-1')).toBe(200);
    expect(balanceOf(rows, 'platform')).toBe(88);
    expect(sum(rows)).toBe(0);
  });

  it('refuses fees larger than what is held', () => {
    expect(() => releaseEntries(B, P, { held: 10, serviceFee: 8, commission: 3 })).toThrow(LedgerError);
  });
});

describe('refundEntries', () => {
  it('returns paid - fee to the customer and the fee to the professional', () => {
    expect(refundEntries(B, P, { held: 288, fee: 63 })).toEqual([
      { bookingId: B, account: 'escrow', amount: -288, kind: 'refund' },
      { bookingId: B, account: 'customer', amount: 225, kind: 'refund' },
      { bookingId: B, account: 'pro:pro-1', amount: 63, kind: 'cancellation_fee' },
    ]);
  });

  it('writes no professional row on a free cancellation', () => {
    expect(refundEntries(B, P, { held: 288, fee: 0 })).toEqual([
      { bookingId: B, account: 'escrow', amount: -288, kind: 'refund' },
      { bookingId: B, account: 'customer', amount: 288, kind: 'refund' },
    ]);
  });

  it('refuses a fee above the held amount', () => {
    expect(() => refundEntries(B, P, { held: 100, fee: 101 })).toThrow(LedgerError);
  });

  it('agrees with the cancellation policy', () => {
    const q = quote({ servicePrice: 200, addOns: [{ id: 'a', name: 'A', price: 50 }] });
    const start = new Date('2026-06-20T09:00:00Z');
    const o = cancellationOutcome({
      actor: 'customer',
      status: 'confirmed',
      now: new Date(start.getTime() - 3_600_000),
      scheduledStart: start,
      bookedAt: new Date('2026-06-01T00:00:00Z'),
      serviceValue: q.subtotal,
      amountPaid: q.total,
    });
    const rows = refundEntries(B, P, { held: q.total, fee: o.fee });
    expect(balanceOf(rows, 'customer')).toBe(o.refund);
    expect(balanceOf(rows, 'pro:pro-1')).toBe(o.fee);
  });
});

describe('the ledger as a whole', () => {
  it('every operation sums to zero, and a full life leaves escrow empty', () => {
    for (let price = 0; price <= 500; price += 11) {
      const q = quote({ servicePrice: price });
      const hold = holdEntries(B, q.total);
      const release = releaseEntries(B, P, { held: q.total, serviceFee: q.serviceFee, commission: q.commission });
      const refund = refundEntries(B, P, { held: q.total, fee: Math.floor(q.subtotal / 4) });
      for (const rows of [hold, release, refund]) expect(sum(rows)).toBe(0);
      expect(balanceOf([...hold, ...release], 'escrow')).toBe(0);
      expect(balanceOf([...hold, ...refund], 'escrow')).toBe(0);
      expect(balanceOf([...hold, ...release], 'customer')).toBe(0 - q.total);
    }
  });

  it('assertBalanced refuses unbalanced or fractional rows', () => {
    expect(() => assertBalanced([{ bookingId: B, account: 'escrow', amount: 5, kind: 'hold' }])).toThrow(/sum to 5/);
    expect(() =>
      assertBalanced([
        { bookingId: B, account: 'escrow', amount: 0.5, kind: 'hold' },
        { bookingId: B, account: 'customer', amount: -0.5, kind: 'hold' },
      ]),
    ).toThrow(LedgerError);
    expect(() => assertBalanced([])).not.toThrow();
  });

  it('escrowState follows the rows', () => {
    const hold = holdEntries(B, 100);
    expect(escrowState([])).toBe('none');
    expect(escrowState(hold)).toBe('held');
    expect(escrowState([...hold, ...releaseEntries(B, P, { held: 100, serviceFee: 13, commission: 0 })])).toBe('released');
    expect(escrowState([...hold, ...refundEntries(B, P, { held: 100, fee: 0 })])).toBe('refunded');
  });
});

describe('release timing', () => {
  it('is completion + 48 h, due at exactly 48 h', () => {
    const done = new Date('2026-06-20T12:00:00Z');
    expect(releaseAt(done).toISOString()).toBe('2026-06-22T12:00:00.000Z');
    expect(isReleaseDue(done, new Date('2026-06-22T11:59:59.999Z'))).toBe(false);
    expect(isReleaseDue(done, new Date('2026-06-22T12:00:00Z'))).toBe(true);
  });

  it('counts real hours across the clock change', () => {
    // Completed Saturday 14 Feb 2026 12:00 local (+01, 11:00 UTC): 48 real hours later.
    const done = new Date('2026-02-14T11:00:00Z');
    expect(releaseAt(done).toISOString()).toBe('2026-02-16T11:00:00.000Z'); // 11:00 local on Monday (+00)
  });
});
