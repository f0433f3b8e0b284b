import { describe, expect, it } from 'vitest';
import {
  claimRefundEntries,
  claimRefusal,
  claimTransition,
  claimWindow,
  claimWindowEnd,
  decisionPermission,
  englishDate,
  holdsRelease,
  refundForDecision,
} from './claims';

const HOUR = 3_600_000;
const done = new Date('2026-12-10T11:00:00Z');

describe('guarantee claims rules (docs/claims.md)', () => {
  it('the window: the warranty days, and at least the 48 h of the escrow release', () => {
    expect(claimWindowEnd(done, 0).getTime() - done.getTime()).toBe(48 * HOUR);
    expect(claimWindowEnd(done, 1).getTime() - done.getTime()).toBe(48 * HOUR);
    expect(claimWindowEnd(done, 30).getTime() - done.getTime()).toBe(30 * 24 * HOUR);
    expect(claimWindow(done, 0, new Date(done.getTime() + 47 * HOUR))).toEqual({ open: true, until: '2026-12-12T11:00:00.000Z', untilDate: '2026-12-12' });
    expect(claimWindow(done, 0, new Date(done.getTime() + 48 * HOUR)).open).toBe(false);
    expect(claimWindow(null, 30, done)).toEqual({ open: false, until: null, untilDate: null });
  });

  it('the deadline is a Casablanca date ("12 December")', () => {
    expect(englishDate('2026-12-12')).toBe('12 December');
    expect(englishDate('2027-01-02', 2026)).toBe('2 January 2027');
  });

  it('who may report: completed, within the window, none open', () => {
    const base = { status: 'completed', completedAt: done, warrantyDays: 0, now: new Date(done.getTime() + HOUR), hasOpenClaim: false };
    expect(claimRefusal(base)).toBeNull();
    expect(claimRefusal({ ...base, status: 'confirmed', completedAt: null })).toBe('NOT_COMPLETED');
    expect(claimRefusal({ ...base, now: new Date(done.getTime() + 49 * HOUR) })).toBe('WINDOW_CLOSED');
    expect(claimRefusal({ ...base, hasOpenClaim: true })).toBe('ALREADY_OPEN');
  });

  it('the states: the professional answers an open claim, the customer an offered visit, an admin a disputed one', () => {
    expect(claimTransition('open', 'offer_visit')).toBe('visit_offered');
    expect(claimTransition('open', 'dispute')).toBe('needs_decision');
    expect(claimTransition('visit_offered', 'accept_visit')).toBe('resolved');
    expect(claimTransition('visit_offered', 'reject_visit')).toBe('needs_decision');
    expect(claimTransition('needs_decision', 'decide')).toBe('resolved');
    expect(claimTransition('open', 'decide')).toBeNull();
    expect(claimTransition('resolved', 'dispute')).toBeNull();
    expect(claimTransition('visit_offered', 'offer_visit')).toBeNull();
    expect(['open', 'visit_offered', 'needs_decision', 'resolved'].map((s) => holdsRelease(s as never))).toEqual([true, true, true, false]);
  });

  it('refunds: partial up to what is refundable, full gives it all back; money decisions are finance too', () => {
    expect(refundForDecision('partial_refund', 50, 345)).toEqual({ ok: true, amount: 50 });
    expect(refundForDecision('partial_refund', 346, 345)).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(refundForDecision('partial_refund', undefined, 345)).toEqual({ ok: false, reason: 'AMOUNT_REQUIRED' });
    expect(refundForDecision('full_refund', undefined, 120)).toEqual({ ok: true, amount: 120 });
    expect(refundForDecision('full_refund', undefined, 0)).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(decisionPermission('partial_refund')).toBe('booking:refund');
    expect(decisionPermission('full_refund')).toBe('booking:refund');
    expect(decisionPermission('reject')).toBe('claim:decide');
    expect(decisionPermission('return_visit')).toBe('claim:decide');
  });

  it('refund rows: from escrow first, then the professional, then the platform; balanced', () => {
    expect(claimRefundEntries('b', 'p', { amount: 50, inEscrow: 345, paidToProfessional: 0 })).toEqual([
      { bookingId: 'b', account: 'escrow', amount: -50, kind: 'refund' },
      { bookingId: 'b', account: 'customer', amount: 50, kind: 'refund' },
    ]);
    expect(claimRefundEntries('b', 'p', { amount: 345, inEscrow: 0, paidToProfessional: 300 })).toEqual([
      { bookingId: 'b', account: 'pro:p', amount: -300, kind: 'refund' },
      { bookingId: 'b', account: 'platform', amount: -45, kind: 'refund' },
      { bookingId: 'b', account: 'customer', amount: 345, kind: 'refund' },
    ]);
    expect(() => claimRefundEntries('b', 'p', { amount: 0, inEscrow: 10, paidToProfessional: 0 })).toThrow();
  });
});
