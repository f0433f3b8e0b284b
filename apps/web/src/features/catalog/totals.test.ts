import { describe, expect, it } from 'vitest';
import type { AddOn } from '@khedma/shared';
import { bookServiceHref, SERVICE_FEE_PERCENT, serviceTotals } from './totals';

const addOn = (id: string, price: number): AddOn => ({ id, price, name: { en: id, fr: id, ar: id }, description: null });
const addOns = [addOn('a', 40), addOn('b', 60), addOn('c', 100)];

describe('serviceTotals', () => {
  it('is the service price plus the 15% fee when nothing is added', () => {
    expect(serviceTotals(150, addOns, new Set())).toMatchObject({ chosen: [], addOnsTotal: 0, subtotal: 150, serviceFee: 23, total: 173 });
  });

  it('adds the chosen add-ons, in catalogue order, before the fee', () => {
    const totals = serviceTotals(150, addOns, new Set(['c', 'a']));
    expect(totals.chosen.map((a) => a.id)).toEqual(['a', 'c']);
    expect(totals).toMatchObject({ addOnsTotal: 140, subtotal: 290, serviceFee: 44, total: 334 });
  });

  it('rounds the fee half up, as the server does', () => {
    // 30 x 15% = 4.5 -> 5
    expect(serviceTotals(30, [], new Set()).serviceFee).toBe(5);
  });

  it('ignores ids that are not add-ons of the service', () => {
    expect(serviceTotals(200, addOns, new Set(['zzz'])).total).toBe(230);
  });

  it('uses the 15% rate of the shared constants', () => {
    expect(SERVICE_FEE_PERCENT).toBe(15);
  });
});

describe('bookServiceHref', () => {
  it('passes the service and the add-ons', () => {
    expect(bookServiceHref('s1', ['a', 'b'])).toBe('/book-service?service=s1&addons=a,b');
  });
  it('leaves out empty add-ons and city', () => {
    expect(bookServiceHref('s1', [], null)).toBe('/book-service?service=s1');
    expect(bookServiceHref('s1', [], 'casablanca')).toBe('/book-service?service=s1&city=casablanca');
  });
});
