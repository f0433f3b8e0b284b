import { describe, expect, it } from 'vitest';
import { cancellationOutcome } from './cancellation';
import {
  attendanceActions,
  checkArrival,
  checkDelay,
  checkNoShow,
  delayAllowsFreeCancellation,
  delayChoices,
  LATENESS_POLICY,
  noShowOpensAt,
  noShowOutcome,
  type AttendanceState,
} from './lateness';

const MIN = 60_000;
const START = new Date('2026-06-20T09:00:00Z');
const END = new Date(START.getTime() + 120 * MIN);
const at = (minutes: number) => new Date(START.getTime() + minutes * MIN);
const state = (o: Partial<AttendanceState> = {}): AttendanceState => ({
  status: 'confirmed',
  scheduledStart: START,
  scheduledEnd: END,
  expectedArrival: null,
  arrivedAt: null,
  noShow: null,
  ...o,
});

describe('checkDelay', () => {
  it('opens 60 minutes before the start and gives the start plus the delay', () => {
    expect(checkDelay(state(), at(-61), 20)).toEqual({ ok: false, reason: 'TOO_EARLY' });
    expect(checkDelay(state(), at(-60), 20)).toEqual({ ok: true, arrivalAt: at(20) });
  });
  it('takes whole steps up to 3 hours, still to come', () => {
    expect(checkDelay(state(), at(0), 7)).toMatchObject({ ok: false, reason: 'INVALID_DELAY' });
    expect(checkDelay(state(), at(0), LATENESS_POLICY.maxDelayMinutes + 5)).toMatchObject({ ok: false, reason: 'INVALID_DELAY' });
    expect(checkDelay(state(), at(30), 30)).toMatchObject({ ok: false, reason: 'INVALID_DELAY' });
    expect(checkDelay(state(), at(29), 30)).toMatchObject({ ok: true });
    expect(delayChoices()[0]).toBe(5);
    expect(delayChoices().at(-1)).toBe(180);
  });
  it('refuses after arrival, on bookings not confirmed, and after a no-show', () => {
    expect(checkDelay(state({ arrivedAt: at(-5) }), at(0), 20)).toMatchObject({ reason: 'ALREADY_ARRIVED' });
    expect(checkDelay(state({ status: 'pending' }), at(0), 20)).toMatchObject({ reason: 'NOT_CONFIRMED' });
    expect(checkDelay(state({ status: 'cancelled', noShow: 'professional' }), at(0), 20)).toMatchObject({ reason: 'ALREADY_REPORTED' });
  });
});

describe('checkArrival', () => {
  it('from 60 minutes before the start to the scheduled end, once', () => {
    expect(checkArrival(state(), at(-61))).toMatchObject({ reason: 'TOO_EARLY' });
    expect(checkArrival(state(), at(-60))).toEqual({ ok: true });
    expect(checkArrival(state(), at(120))).toEqual({ ok: true });
    expect(checkArrival(state(), at(121))).toMatchObject({ reason: 'TOO_LATE' });
    expect(checkArrival(state({ arrivedAt: at(0) }), at(5))).toMatchObject({ reason: 'ALREADY_ARRIVED' });
  });
});

describe('checkNoShow', () => {
  it('the customer: 30 minutes after the start with no arrival (exactly 30: allowed)', () => {
    expect(checkNoShow(state(), at(29), 'customer')).toMatchObject({ reason: 'TOO_EARLY' });
    expect(checkNoShow(state(), at(30), 'customer')).toEqual({ ok: true });
    expect(checkNoShow(state({ arrivedAt: at(10) }), at(60), 'customer')).toMatchObject({ reason: 'ALREADY_ARRIVED' });
  });
  it('a delay notice covers its time', () => {
    const late = state({ expectedArrival: at(45) });
    expect(noShowOpensAt(late, 'customer')).toEqual(at(75));
    expect(checkNoShow(late, at(74), 'customer')).toMatchObject({ reason: 'TOO_EARLY' });
    expect(checkNoShow(late, at(75), 'customer')).toEqual({ ok: true });
    // A delay inside the first 30 minutes changes nothing before it.
    expect(noShowOpensAt(state({ expectedArrival: at(-10) }), 'customer')).toEqual(at(30));
  });
  it('the professional: once arrived, 15 minutes after the later of the start and the arrival', () => {
    expect(checkNoShow(state(), at(60), 'professional')).toMatchObject({ reason: 'NOT_ARRIVED' });
    expect(noShowOpensAt(state({ arrivedAt: at(-20) }), 'professional')).toEqual(at(15));
    expect(noShowOpensAt(state({ arrivedAt: at(20) }), 'professional')).toEqual(at(35));
    expect(checkNoShow(state({ arrivedAt: at(-20) }), at(15), 'professional')).toEqual({ ok: true });
  });
  it('once, and only on a confirmed booking', () => {
    expect(checkNoShow(state({ status: 'cancelled', noShow: 'customer' }), at(60), 'customer')).toMatchObject({ reason: 'ALREADY_REPORTED' });
    expect(checkNoShow(state({ status: 'completed' }), at(60), 'customer')).toMatchObject({ reason: 'NOT_CONFIRMED' });
  });
});

describe('noShowOutcome', () => {
  it('professional absent: everything back; customer absent: 50% of the service value to the professional', () => {
    expect(noShowOutcome('professional', 250, 288)).toEqual({ fee: 0, refund: 288, feeRate: 0 });
    expect(noShowOutcome('customer', 250, 288)).toEqual({ fee: 125, refund: 163, feeRate: 0.5 });
    // Capped at what was paid.
    expect(noShowOutcome('customer', 250, 0)).toEqual({ fee: 0, refund: 0, feeRate: 0.5 });
  });
  it('always sums to what was paid (fee + refund)', () => {
    for (let value = 0; value <= 2000; value += 37) {
      for (const party of ['professional', 'customer'] as const) {
        const paid = value + Math.round(value * 0.15);
        const o = noShowOutcome(party, value, paid);
        expect(o.fee + o.refund).toBe(paid);
        expect(o.fee).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('free cancellation after a delay', () => {
  const cancel = (minutes: number, o: { expectedArrival?: Date | null; arrivedAt?: Date | null }) =>
    cancellationOutcome({ actor: 'customer', status: 'confirmed', now: at(minutes), scheduledStart: START, bookedAt: new Date('2026-06-01T00:00:00Z'), serviceValue: 250, amountPaid: 288, ...o });
  it('more than 30 minutes past the start: free, even after the start, until the arrival', () => {
    expect(delayAllowsFreeCancellation({ scheduledStart: START, expectedArrival: at(30) })).toBe(false);
    expect(delayAllowsFreeCancellation({ scheduledStart: START, expectedArrival: at(31) })).toBe(true);
    expect(cancel(-10, { expectedArrival: at(40) })).toMatchObject({ allowed: true, fee: 0, refund: 288, reason: 'PROFESSIONAL_LATE' });
    expect(cancel(20, { expectedArrival: at(40) })).toMatchObject({ allowed: true, fee: 0, reason: 'PROFESSIONAL_LATE' });
    expect(cancel(-10, { expectedArrival: at(30) })).toMatchObject({ fee: 125, reason: 'VERY_LATE_CANCELLATION' });
    expect(cancel(20, { expectedArrival: at(40), arrivedAt: at(19) })).toMatchObject({ allowed: false, reason: 'ALREADY_STARTED' });
  });
});

describe('attendanceActions', () => {
  it('offers each party its buttons', () => {
    expect(attendanceActions(state(), at(-10), 'professional')).toMatchObject({ canAnnounceDelay: true, canMarkArrived: true, canReportNoShow: false, noShowOpensAt: null });
    expect(attendanceActions(state(), at(-10), 'customer')).toMatchObject({ canAnnounceDelay: false, canMarkArrived: false, canReportNoShow: false, noShowOpensAt: at(30) });
    expect(attendanceActions(state(), at(31), 'customer')).toMatchObject({ canReportNoShow: true });
    expect(attendanceActions(state({ arrivedAt: at(0) }), at(31), 'customer')).toMatchObject({ canReportNoShow: false, noShowOpensAt: null });
    expect(attendanceActions(state({ expectedArrival: at(45) }), at(0), 'customer')).toMatchObject({ freeCancellation: true });
  });
});
