import { describe, expect, it } from 'vitest';
import { PRO_COMMISSION_RATE, SERVICE_FEE_RATE, cityServicePrice, earningsEstimate, hourlyQuote, percentOf, PricingError, quote, resolveServicePrice, servicePrice } from './pricing';

describe('rates', () => {
  it('are the PRODUCT.md defaults, read from constants.ts', () => {
    expect(SERVICE_FEE_RATE).toBe(0.15);
    expect(PRO_COMMISSION_RATE).toBe(0);
  });
});

describe('percentOf (half up to whole MAD)', () => {
  it('rounds .5 up, below .5 down', () => {
    expect(percentOf(10, 0.15)).toBe(2); // 1.5
    expect(percentOf(30, 0.15)).toBe(5); // 4.5
    expect(percentOf(90, 0.15)).toBe(14); // 13.5 -> 14
    expect(percentOf(110, 0.15)).toBe(17); // 16.5 -> 17
    expect(percentOf(103, 0.15)).toBe(15); // 15.45
    expect(percentOf(97, 0.15)).toBe(15); // 14.55
    expect(percentOf(3, 0.15)).toBe(0); // 0.45
    expect(percentOf(4, 0.15)).toBe(1); // 0.6
    expect(percentOf(0, 0.15)).toBe(0);
  });

  it('is exact where floating point is not, whatever rate the operator sets', () => {
    // 0.57 * 50 is 28.499999999999996 in doubles: a naive Math.round gives 28, half up is 29.
    expect(Math.round(0.57 * 50)).toBe(28);
    expect(percentOf(50, 0.57)).toBe(29);
    expect(percentOf(4530, 0.15)).toBe(680); // 679.5 -> 680
  });

  it('handles 25% and 50% cancellation rates', () => {
    expect(percentOf(150, 0.25)).toBe(38); // 37.5
    expect(percentOf(151, 0.5)).toBe(76); // 75.5
    expect(percentOf(200, 0)).toBe(0);
  });

  it('refuses bad amounts and rates', () => {
    expect(() => percentOf(-1, 0.15)).toThrow(PricingError);
    expect(() => percentOf(1.5, 0.15)).toThrow(/whole number/);
    expect(() => percentOf(100, 1.5)).toThrow(/Rate/);
    expect(() => percentOf(100, -0.1)).toThrow(PricingError);
  });
});

describe('servicePrice (SPEC §7 lookup)', () => {
  it('uses the region price when present, even below the function and base', () => {
    expect(resolveServicePrice({ regionPrice: 120, functionPrice: 300, basePrice: 200 })).toEqual({ price: 120, source: 'region' });
    expect(servicePrice({ regionPrice: 0, functionPrice: 300, basePrice: 200 })).toBe(0);
  });

  it('else the function result when above 0', () => {
    expect(resolveServicePrice({ regionPrice: null, functionPrice: 180, basePrice: 150 })).toEqual({ price: 180, source: 'function' });
    expect(servicePrice({ functionPrice: 180.5, basePrice: 150 })).toBe(181);
    expect(servicePrice({ functionPrice: 180.49, basePrice: 150 })).toBe(180);
  });

  it('else the base price (function 0, negative, failed, NaN)', () => {
    for (const functionPrice of [0, -5, undefined, null, Number.NaN]) {
      expect(resolveServicePrice({ regionPrice: undefined, functionPrice, basePrice: 150 })).toEqual({ price: 150, source: 'base' });
    }
  });

  it('else 0', () => {
    expect(servicePrice({})).toBe(0);
    expect(servicePrice({ basePrice: null })).toBe(0);
  });

  it('refuses a negative or fractional stored price', () => {
    expect(() => servicePrice({ regionPrice: -1 })).toThrow(PricingError);
    expect(() => servicePrice({ basePrice: 99.9 })).toThrow(PricingError);
  });
});

describe('quote (fixed-price booking)', () => {
  it('prices service + add-ons + 15% fee, line by line', () => {
    const q = quote({
      servicePrice: 150,
      serviceLabel: 'Plumbing repair',
      addOns: [
        { id: 'a1', name: 'Pipe replacement', price: 80 },
        { id: 'a2', name: 'Weekend', price: 50 },
      ],
    });
    expect(q).toEqual({
      lines: [
        { kind: 'service', label: 'Plumbing repair', quantity: 1, unitAmount: 150, amount: 150 },
        { kind: 'addon', label: 'Pipe replacement', quantity: 1, unitAmount: 80, amount: 80 },
        { kind: 'addon', label: 'Weekend', quantity: 1, unitAmount: 50, amount: 50 },
        { kind: 'fee', label: 'Service fee', quantity: 1, unitAmount: 42, amount: 42 },
      ],
      servicePrice: 150,
      addOnsTotal: 130,
      subtotal: 280,
      serviceFee: 42,
      commission: 0,
      total: 322,
      professionalPayout: 280,
    });
  });

  it('takes the fee on the sum, not per line (rounding once)', () => {
    // 15% of 10 = 1.5 each; per line would be 2 + 2 = 4, on the sum 3.
    const q = quote({ servicePrice: 10, addOns: [{ id: 'a', name: 'A', price: 10 }] });
    expect(q.serviceFee).toBe(3);
    expect(q.total).toBe(23);
  });

  it('rounds a .5 fee up', () => {
    expect(quote({ servicePrice: 30 }).serviceFee).toBe(5);
    expect(quote({ servicePrice: 90 }).total).toBe(104);
  });

  it('matches the sample prices of SPEC §9', () => {
    expect(quote({ servicePrice: 200 }).total).toBe(230);
    expect(quote({ servicePrice: 150 }).total).toBe(173); // 22.5 -> 23
    expect(quote({ servicePrice: 180 }).total).toBe(207);
    expect(quote({ servicePrice: 250 }).total).toBe(288); // 37.5 -> 38
    expect(quote({ servicePrice: 120 }).total).toBe(138);
  });

  it('keeps the invariants: total = subtotal + fee, lines sum to total, payout = subtotal - commission', () => {
    for (let price = 0; price <= 600; price += 7) {
      for (const rate of [0, 0.1, 0.2]) {
        const q = quote({ servicePrice: price, addOns: [{ id: 'x', name: 'X', price: price % 45 }] }, { commissionRate: rate });
        expect(q.total).toBe(q.subtotal + q.serviceFee);
        expect(q.lines.reduce((s, l) => s + l.amount, 0)).toBe(q.total);
        expect(q.professionalPayout).toBe(q.subtotal - q.commission);
        for (const n of [q.total, q.serviceFee, q.commission, q.professionalPayout]) {
          expect(Number.isInteger(n) && n >= 0).toBe(true);
        }
      }
    }
  });

  it('applies a commission when the operator sets one', () => {
    const q = quote({ servicePrice: 250 }, { commissionRate: 0.2 });
    expect(q.commission).toBe(50);
    expect(q.professionalPayout).toBe(200);
    expect(q.total).toBe(288); // the customer pays the same
  });

  it('costs nothing for a free service', () => {
    expect(quote({ servicePrice: 0 })).toMatchObject({ subtotal: 0, serviceFee: 0, total: 0 });
  });

  it('refuses negative, fractional or duplicated input', () => {
    expect(() => quote({ servicePrice: -10 })).toThrow(PricingError);
    expect(() => quote({ servicePrice: 10.5 })).toThrow(PricingError);
    expect(() => quote({ servicePrice: Number.NaN })).toThrow(PricingError);
    expect(() => quote({ servicePrice: 100, addOns: [{ id: 'a', name: 'A', price: -1 }] })).toThrow(PricingError);
    try {
      quote({
        servicePrice: 100,
        addOns: [
          { id: 'a', name: 'A', price: 1 },
          { id: 'a', name: 'A', price: 1 },
        ],
      });
      expect.unreachable();
    } catch (e) {
      expect((e as PricingError).code).toBe('DUPLICATE_ADDON');
    }
  });
});

describe('hourlyQuote (/booking page)', () => {
  it('is rate x hours + 15% fee', () => {
    const q = hourlyQuote({ hourlyRate: 250, hours: 2 });
    expect(q.lines).toEqual([
      { kind: 'hourly', label: 'Hourly rate', quantity: 2, unitAmount: 250, amount: 500 },
      { kind: 'fee', label: 'Service fee', quantity: 1, unitAmount: 75, amount: 75 },
    ]);
    expect(q).toMatchObject({ servicePrice: 500, addOnsTotal: 0, subtotal: 500, serviceFee: 75, total: 575, professionalPayout: 500 });
  });

  it('covers every duration choice', () => {
    const totals = [1, 2, 3, 4, 6, 8].map((hours) => hourlyQuote({ hourlyRate: 150, hours }).total);
    expect(totals).toEqual([173, 345, 518, 690, 1035, 1380]); // 22.5 -> 23, 67.5 -> 68, 157.5 -> 158 ...
  });

  it('accepts half hours and rounds a half-MAD amount up', () => {
    expect(hourlyQuote({ hourlyRate: 155, hours: 0.5 }).subtotal).toBe(78); // 77.5
    expect(hourlyQuote({ hourlyRate: 150, hours: 1.5 }).subtotal).toBe(225);
  });

  it('refuses bad hours and rates', () => {
    for (const hours of [0, -1, 0.25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => hourlyQuote({ hourlyRate: 150, hours })).toThrow(PricingError);
    }
    expect(() => hourlyQuote({ hourlyRate: 150.5, hours: 1 })).toThrow(PricingError);
    expect(() => hourlyQuote({ hourlyRate: -150, hours: 1 })).toThrow(PricingError);
  });
});

describe('earningsEstimate (become-pro calculator)', () => {
  it('computes the defaults: 20 h x 150 MAD', () => {
    expect(earningsEstimate({ hoursPerWeek: 20, hourlyRate: 150 })).toEqual({
      weeklyGross: 3000,
      monthlyGross: 12900,
      monthlyCommission: 0,
      monthlyTakeHome: 12900,
      annualTakeHome: 154800,
    });
  });

  it('covers the slider ends', () => {
    expect(earningsEstimate({ hoursPerWeek: 5, hourlyRate: 80 }).monthlyGross).toBe(1720);
    expect(earningsEstimate({ hoursPerWeek: 60, hourlyRate: 400 })).toMatchObject({ monthlyGross: 103200, annualTakeHome: 1238400 });
  });

  it('rounds 4.3 weeks half up and keeps annual = monthly take-home x 12', () => {
    const e = earningsEstimate({ hoursPerWeek: 5, hourlyRate: 85 }); // 425 x 4.3 = 1827.5
    expect(e.monthlyGross).toBe(1828);
    expect(e.annualTakeHome).toBe(e.monthlyTakeHome * 12);
  });

  it('subtracts a commission when set', () => {
    const e = earningsEstimate({ hoursPerWeek: 20, hourlyRate: 150 }, { commissionRate: 0.2 });
    expect(e).toMatchObject({ monthlyCommission: 2580, monthlyTakeHome: 10320, annualTakeHome: 123840 });
  });

  it('refuses values outside the sliders', () => {
    expect(() => earningsEstimate({ hoursPerWeek: 4, hourlyRate: 150 })).toThrow(PricingError);
    expect(() => earningsEstimate({ hoursPerWeek: 61, hourlyRate: 150 })).toThrow(PricingError);
    expect(() => earningsEstimate({ hoursPerWeek: 20, hourlyRate: 79 })).toThrow(PricingError);
    expect(() => earningsEstimate({ hoursPerWeek: 20, hourlyRate: 401 })).toThrow(PricingError);
    expect(() => earningsEstimate({ hoursPerWeek: 20.5, hourlyRate: 150 })).toThrow(PricingError);
  });
});

describe('cityServicePrice', () => {
  it("takes the city's own price, else the base x the factor rounded half up in hundredths, else 0", () => {
    expect(cityServicePrice({ regionPrice: 170, priceFactor: 1.1, basePrice: 150 })).toBe(170);
    expect(cityServicePrice({ regionPrice: 0, priceFactor: 1.1, basePrice: 150 })).toBe(0);
    expect(cityServicePrice({ priceFactor: 0.95, basePrice: 150 })).toBe(143); // 142.5
    expect(cityServicePrice({ priceFactor: 1.15, basePrice: 190 })).toBe(219); // 218.5, not 218.4999...
    expect(cityServicePrice({ priceFactor: null, basePrice: 150 })).toBe(150);
    expect(cityServicePrice({ priceFactor: 1.1 })).toBe(0);
  });

  it('refuses amounts that are not whole MAD and a factor that is not above 0', () => {
    expect(() => cityServicePrice({ basePrice: 99.5 })).toThrow(PricingError);
    expect(() => cityServicePrice({ basePrice: 100, priceFactor: 0 })).toThrow(PricingError);
  });
});
