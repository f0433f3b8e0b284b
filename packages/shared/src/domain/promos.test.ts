import { describe, expect, it } from 'vitest';
import { creditToSpend, makeReferralCode, normalizePromoCode, payableAfter, PROMO_RULES, promoDiscount, promoRefusal, promoTopUpEntries, type PromoTerms } from './promos';

const terms: PromoTerms = {
  kind: 'percent',
  value: 10,
  maxDiscount: null,
  startsAt: null,
  endsAt: null,
  firstBookingOnly: false,
  cityId: null,
  categoryId: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  active: true,
};
const ctx = { now: new Date('2026-12-01T10:00:00Z'), cityId: 'c1', categoryId: 'plumbing', isFirstBooking: true, usesTotal: 0, usesByCustomer: 0 };

describe('promo codes', () => {
  it('codes are trimmed and upper-cased', () => {
    expect(normalizePromoCode('  welcome10 ')).toBe('WELCOME10');
  });

  it('a percentage of the total, rounded down, within the cap; an amount as is; never below the minimum payable', () => {
    expect(promoDiscount({ kind: 'percent', value: 10, maxDiscount: null }, 345)).toBe(34);
    expect(promoDiscount({ kind: 'percent', value: 50, maxDiscount: 100 }, 345)).toBe(100);
    expect(promoDiscount({ kind: 'amount', value: 50, maxDiscount: null }, 345)).toBe(50);
    expect(promoDiscount({ kind: 'amount', value: 500, maxDiscount: null }, 345)).toBe(345 - PROMO_RULES.minimumPayable);
    expect(promoDiscount({ kind: 'percent', value: 100, maxDiscount: null }, 5)).toBe(0);
  });

  it('refusals in the order a customer fixes them', () => {
    expect(promoRefusal(terms, ctx)).toBeNull();
    expect(promoRefusal({ ...terms, active: false }, ctx)).toBe('inactive');
    expect(promoRefusal({ ...terms, startsAt: new Date('2026-12-02T00:00:00Z') }, ctx)).toBe('not_started');
    expect(promoRefusal({ ...terms, endsAt: new Date('2026-12-01T10:00:00Z') }, ctx)).toBe('expired');
    expect(promoRefusal({ ...terms, cityId: 'c2' }, ctx)).toBe('wrong_city');
    expect(promoRefusal({ ...terms, categoryId: 'cleaning' }, ctx)).toBe('wrong_category');
    expect(promoRefusal({ ...terms, categoryId: 'cleaning' }, { ...ctx, categoryId: null })).toBe('wrong_category');
    expect(promoRefusal({ ...terms, firstBookingOnly: true }, { ...ctx, isFirstBooking: false })).toBe('first_booking_only');
    expect(promoRefusal({ ...terms, maxUses: 3 }, { ...ctx, usesTotal: 3 })).toBe('limit_reached');
    expect(promoRefusal({ ...terms, maxUses: 3 }, { ...ctx, usesTotal: 2 })).toBeNull();
    expect(promoRefusal({ ...terms, maxUsesPerCustomer: 1 }, { ...ctx, usesByCustomer: 1 })).toBe('customer_limit_reached');
  });

  it('credit fills what the promo leaves, down to the minimum payable', () => {
    expect(creditToSpend(50, 345, 0)).toBe(50);
    expect(creditToSpend(50, 60, 0)).toBe(50);
    expect(creditToSpend(50, 55, 0)).toBe(45);
    expect(creditToSpend(50, 100, 85)).toBe(5);
    expect(creditToSpend(0, 100, 0)).toBe(0);
    expect(payableAfter(100, [{ source: 'promo', code: 'X', amount: 40 }, { source: 'credit', code: null, amount: 50 }])).toBe(10);
    expect(() => payableAfter(100, [{ source: 'credit', code: null, amount: 95 }])).toThrow(RangeError);
  });

  it('the release top-up gives the professional what the discount took, never more than the discount', () => {
    expect(promoTopUpEntries('b', 'p', { discount: 40, expectedPayout: 300, paidOut: 260 })).toEqual([
      { bookingId: 'b', account: 'promotions', amount: -40, kind: 'release' },
      { bookingId: 'b', account: 'pro:p', amount: 40, kind: 'release' },
    ]);
    expect(promoTopUpEntries('b', 'p', { discount: 40, expectedPayout: 300, paidOut: 300 })).toEqual([]);
    expect(promoTopUpEntries('b', 'p', { discount: 40, expectedPayout: 300, paidOut: 100 })[1]!.amount).toBe(40);
  });

  it('referral codes: 8 characters of an alphabet without look-alikes', () => {
    expect(makeReferralCode((n) => Array.from({ length: n }, (_, i) => i * 7))).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });
});
