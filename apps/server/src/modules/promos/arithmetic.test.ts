/**
 * Properties of the promo arithmetic (domain/promos.ts) with fast-check: a discount is never negative,
 * never over its cap, never leaves less than the minimum payable; credit the same; and a discounted
 * booking's whole ledger (hold, release, top-up) sums to zero with the professional paid as without it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertBalanced,
  creditToSpend,
  holdEntries,
  payableAfter,
  PROMO_RULES,
  promoDiscount,
  promoTopUpEntries,
  proLedgerAccount,
  quote,
  releaseEntries,
  type LedgerEntry,
} from '@khedma/shared';
import { propertyTimeout } from '../../test/property';

const RUNS = 500;
const promo = fc.record({
  kind: fc.constantFrom('percent' as const, 'amount' as const),
  value: fc.integer({ min: 1, max: 2000 }),
  maxDiscount: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
});

describe('promo arithmetic (properties)', () => {
  it(
    'never below zero, cap respected, the customer pays at least the minimum, credit on top never breaks it',
    () => {
      fc.assert(
        fc.property(promo, fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 500 }), (p, total, balance) => {
          const terms = { ...p, value: p.kind === 'percent' ? Math.min(p.value, 100) : p.value };
          const d = promoDiscount(terms, total);
          expect(d).toBeGreaterThanOrEqual(0);
          if (terms.maxDiscount !== null) expect(d).toBeLessThanOrEqual(terms.maxDiscount);
          expect(total - d).toBeGreaterThanOrEqual(Math.min(total, PROMO_RULES.minimumPayable));
          const credit = creditToSpend(balance, total, d);
          expect(credit).toBeGreaterThanOrEqual(0);
          expect(credit).toBeLessThanOrEqual(balance);
          const payable = payableAfter(total, [
            { source: 'promo', code: 'P', amount: d },
            { source: 'credit', code: null, amount: credit },
          ]);
          expect(payable).toBeGreaterThanOrEqual(Math.min(total, PROMO_RULES.minimumPayable));
        }),
        { numRuns: RUNS },
      );
    },
    propertyTimeout({ runs: RUNS, perRunMs: 50 }),
  );

  it(
    'a discounted booking: hold, release and top-up each sum to zero; the professional gets the subtotal, the platform the fee less the discount',
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 5000 }), promo, (servicePrice, p) => {
          const q = quote({ servicePrice });
          const terms = { ...p, value: p.kind === 'percent' ? Math.min(p.value, 100) : p.value };
          const discount = promoDiscount(terms, q.total);
          const paid = q.total - discount;
          const hold = holdEntries('b', paid);
          const serviceFee = Math.min(q.serviceFee, paid);
          const release = releaseEntries('b', 'pro', { held: paid, serviceFee, commission: Math.min(q.commission, paid - serviceFee) });
          const proAccount = proLedgerAccount('pro');
          const paidOut = release.filter((e) => e.account === proAccount).reduce((s, e) => s + e.amount, 0);
          const topUp = promoTopUpEntries('b', 'pro', { discount, expectedPayout: q.professionalPayout, paidOut });
          const all: LedgerEntry[] = [...hold, ...release, ...topUp];
          for (const t of [hold, release, topUp]) assertBalanced(t);
          const balance = (account: string) => all.filter((e) => e.account === account).reduce((s, e) => s + e.amount, 0);
          expect(balance(proAccount)).toBe(q.professionalPayout);
          expect(balance('escrow')).toBe(0);
          expect(balance('customer')).toBe(-paid);
          expect(balance('platform') + balance('promotions')).toBe(q.serviceFee + q.commission - discount);
        }),
        { numRuns: RUNS },
      );
    },
    propertyTimeout({ runs: RUNS, perRunMs: 50 }),
  );
});
