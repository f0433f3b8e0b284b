/** The ledger of a claim's refund sums to zero and never takes more than asked, whatever the amounts (property). */
import { assertBalanced, balanceOf } from '@khedma/shared';
import { claimRefundEntries } from '@khedma/shared/domain/claims';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyTimeout } from '../../test/property';

const runs = 500;

describe('claim refund rows (property)', () => {
  it(
    'balanced, the customer gets exactly the amount, escrow is drawn first and never below zero',
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.boolean(), (amount, inEscrow, paid, hasPro) => {
          const rows = claimRefundEntries('b', hasPro ? 'p' : null, { amount, inEscrow, paidToProfessional: paid });
          assertBalanced(rows);
          expect(balanceOf(rows, 'customer')).toBe(amount);
          expect(0 - balanceOf(rows, 'escrow')).toBe(Math.min(amount, inEscrow));
          expect(rows.every((r) => r.kind === 'refund' && r.amount !== 0)).toBe(true);
        }),
        { numRuns: runs },
      );
    },
    propertyTimeout({ runs, perRunMs: 50 }),
  );
});
