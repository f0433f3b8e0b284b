import { describe, expect, it } from 'vitest';
import {
  cancellationOutcome,
  customerFeeRate,
  inFreeWindowAfterBooking,
  RESCHEDULE_MIN_LEAD_MINUTES,
  reschedulePolicy,
  type CancellationInput,
} from './cancellation';
import { quote } from './pricing';
import { localToUtc } from './time';

const H = 3_600_000;
const MIN = 60_000;

// Service 200 + add-on 50: subtotal 250, fee 38 (37.5 half up), paid 288.
const Q = quote({ servicePrice: 200, addOns: [{ id: 'a', name: 'Extra', price: 50 }] });
const START = new Date('2026-06-20T09:00:00Z'); // Saturday 10:00 in Casablanca
const BOOKED = new Date('2026-06-01T12:00:00Z');

function customer(msBeforeStart: number, extra: Partial<CancellationInput> = {}) {
  return cancellationOutcome({
    actor: 'customer',
    status: 'confirmed',
    now: new Date(START.getTime() - msBeforeStart),
    scheduledStart: START,
    bookedAt: BOOKED,
    serviceValue: Q.subtotal,
    amountPaid: Q.total,
    ...extra,
  });
}

describe('customer cancels a confirmed booking', () => {
  it('is free 24 h or more before the start, exactly 24 h included', () => {
    expect(customer(48 * H)).toEqual({ allowed: true, fee: 0, refund: 288, feeRate: 0, reason: 'FREE_BEFORE_24H' });
    expect(customer(24 * H)).toMatchObject({ fee: 0, refund: 288, reason: 'FREE_BEFORE_24H' });
  });

  it('costs 25% of the service value from just under 24 h down to exactly 2 h', () => {
    // 25% of 250 = 62.5 -> 63; refund = paid - fee, the service fee included.
    expect(customer(24 * H - 1)).toEqual({ allowed: true, fee: 63, refund: 225, feeRate: 0.25, reason: 'LATE_CANCELLATION' });
    expect(customer(2 * H)).toMatchObject({ fee: 63, refund: 225, reason: 'LATE_CANCELLATION' });
  });

  it('costs 50% under 2 h', () => {
    expect(customer(2 * H - 1)).toEqual({ allowed: true, fee: 125, refund: 163, feeRate: 0.5, reason: 'VERY_LATE_CANCELLATION' });
    expect(customer(1)).toMatchObject({ fee: 125, reason: 'VERY_LATE_CANCELLATION' });
  });

  it('is refused once the service has started', () => {
    expect(customer(0)).toEqual({ allowed: false, fee: 0, refund: 0, feeRate: 0, reason: 'ALREADY_STARTED' });
    expect(customer(-H)).toMatchObject({ allowed: false, reason: 'ALREADY_STARTED' });
  });

  it('is free within 15 minutes after booking, whatever the start', () => {
    const bookedAt = new Date(START.getTime() - 3 * H);
    // 1 h before the start but booked 2 h ago: 50%.
    expect(customer(H, { bookedAt })).toMatchObject({ fee: 125 });
    // Booked 10 minutes ago for a start 2 h 50 min away: free.
    expect(customer(3 * H - 10 * MIN, { bookedAt })).toMatchObject({ fee: 0, refund: 288, reason: 'FREE_WINDOW_AFTER_BOOKING' });
    // Exactly 15 minutes after booking: still free; one millisecond later: 25%.
    expect(customer(3 * H - 15 * MIN, { bookedAt })).toMatchObject({ fee: 0, reason: 'FREE_WINDOW_AFTER_BOOKING' });
    expect(customer(3 * H - 15 * MIN - 1, { bookedAt })).toMatchObject({ fee: 63, reason: 'LATE_CANCELLATION' });
  });

  it('rounds a half-MAD fee up', () => {
    // 25% of 150 = 37.5 -> 38; 50% of 151 = 75.5 -> 76.
    expect(customer(5 * H, { serviceValue: 150, amountPaid: 173 })).toMatchObject({ fee: 38, refund: 135 });
    expect(customer(H, { serviceValue: 151, amountPaid: 174 })).toMatchObject({ fee: 76, refund: 98 });
  });

  it('never keeps more than was paid', () => {
    expect(customer(H, { amountPaid: 0 })).toMatchObject({ allowed: true, fee: 0, refund: 0 });
    expect(customer(H, { amountPaid: 100 })).toMatchObject({ fee: 100, refund: 0 });
  });

  it('counts real hours across the Ramadan clock change', () => {
    // Start Sunday 2026-02-15 10:00 local (+00) = 10:00 UTC. Saturday 10:00 local (+01) is 09:00 UTC:
    // 25 real hours before, so still free although both read 10:00.
    const scheduledStart = localToUtc('2026-02-15', '10:00');
    const base = { actor: 'customer', status: 'confirmed', scheduledStart, bookedAt: BOOKED, serviceValue: 250, amountPaid: 288 } as const;
    expect(cancellationOutcome({ ...base, now: localToUtc('2026-02-14', '10:00') }).fee).toBe(0);
    // Saturday 11:00 local (+01) = 10:00 UTC: exactly 24 h before: free. 11:01: 25%.
    expect(cancellationOutcome({ ...base, now: localToUtc('2026-02-14', '11:00') }).fee).toBe(0);
    expect(cancellationOutcome({ ...base, now: localToUtc('2026-02-14', '11:01') }).fee).toBe(63);
  });
});

describe('customer cancels a pending booking', () => {
  it('is free, even close to the start (nobody accepted it)', () => {
    expect(customer(H, { status: 'pending' })).toEqual({ allowed: true, fee: 0, refund: 288, feeRate: 0, reason: 'NOT_YET_ACCEPTED' });
    expect(customer(-H, { status: 'pending', amountPaid: 0 })).toMatchObject({ allowed: true, refund: 0 });
  });
});

describe('professional cancels', () => {
  const pro = (msBeforeStart: number, status: 'pending' | 'confirmed' = 'confirmed') =>
    cancellationOutcome({
      actor: 'professional',
      status,
      now: new Date(START.getTime() - msBeforeStart),
      scheduledStart: START,
      bookedAt: BOOKED,
      serviceValue: 250,
      amountPaid: 288,
    });

  it('may cancel 2 h or more before, exactly 2 h included, with a full refund', () => {
    expect(pro(3 * H)).toEqual({ allowed: true, fee: 0, refund: 288, feeRate: 0, reason: 'PROFESSIONAL_CANCELLED' });
    expect(pro(2 * H)).toMatchObject({ allowed: true, refund: 288 });
  });

  it('may not cancel within 2 h of the start, nor after it', () => {
    expect(pro(2 * H - 1)).toEqual({ allowed: false, fee: 0, refund: 0, feeRate: 0, reason: 'PROFESSIONAL_TOO_LATE' });
    expect(pro(0)).toMatchObject({ allowed: false, reason: 'PROFESSIONAL_TOO_LATE' });
  });

  it('may decline a pending request any time, full refund', () => {
    expect(pro(H, 'pending')).toMatchObject({ allowed: true, refund: 288, reason: 'PROFESSIONAL_DECLINED' });
  });
});

describe('admin refund', () => {
  it('is full, at any time before completion', () => {
    const base = { actor: 'admin', scheduledStart: START, bookedAt: BOOKED, serviceValue: 250, amountPaid: 288 } as const;
    expect(cancellationOutcome({ ...base, status: 'confirmed', now: new Date(START.getTime() + H) })).toMatchObject({
      allowed: true,
      fee: 0,
      refund: 288,
      reason: 'ADMIN_REFUND',
    });
    expect(cancellationOutcome({ ...base, status: 'pending', now: START })).toMatchObject({ allowed: true, refund: 288 });
  });
});

describe('final statuses', () => {
  it('cannot be cancelled by anyone', () => {
    for (const actor of ['customer', 'professional', 'admin'] as const) {
      for (const status of ['completed', 'cancelled'] as const) {
        expect(
          cancellationOutcome({ actor, status, now: BOOKED, scheduledStart: START, bookedAt: BOOKED, serviceValue: 250, amountPaid: 288 }),
        ).toMatchObject({ allowed: false, reason: 'FINAL_STATUS', refund: 0 });
      }
    }
  });
});

describe('invariants', () => {
  it('refund + fee = paid, fee <= 50% of the service value, integers', () => {
    for (let value = 0; value <= 700; value += 13) {
      const paid = quote({ servicePrice: value }).total;
      for (const before of [-1, 0, 1, H, 2 * H - 1, 2 * H, 10 * H, 24 * H - 1, 24 * H, 100 * H]) {
        for (const status of ['pending', 'confirmed'] as const) {
          const o = customer(before, { serviceValue: value, amountPaid: paid, status });
          if (!o.allowed) continue;
          expect(o.fee + o.refund).toBe(paid);
          expect(o.fee).toBeLessThanOrEqual(Math.ceil(value / 2));
          expect(Number.isInteger(o.fee) && o.fee >= 0 && o.refund >= 0).toBe(true);
        }
      }
    }
  });

  it('refuses bad amounts', () => {
    expect(() => customer(H, { serviceValue: -1 })).toThrow();
    expect(() => customer(H, { amountPaid: 1.5 })).toThrow();
  });
});

describe('helpers', () => {
  it('customerFeeRate steps at 24 h and 2 h', () => {
    expect(customerFeeRate(24 * H)).toBe(0);
    expect(customerFeeRate(24 * H - 1)).toBe(0.25);
    expect(customerFeeRate(2 * H)).toBe(0.25);
    expect(customerFeeRate(2 * H - 1)).toBe(0.5);
  });

  it('inFreeWindowAfterBooking is [0, 15 min]', () => {
    const t = new Date('2026-06-01T12:00:00Z');
    expect(inFreeWindowAfterBooking(t, t)).toBe(true);
    expect(inFreeWindowAfterBooking(t, new Date(t.getTime() + 15 * MIN))).toBe(true);
    expect(inFreeWindowAfterBooking(t, new Date(t.getTime() + 15 * MIN + 1))).toBe(false);
    expect(inFreeWindowAfterBooking(t, new Date(t.getTime() - 1))).toBe(false);
  });
});

describe('reschedulePolicy', () => {
  const r = (msBeforeStart: number, extra: { status?: 'pending' | 'confirmed' | 'completed' | 'cancelled'; bookedAt?: Date } = {}) =>
    reschedulePolicy({
      status: extra.status ?? 'confirmed',
      now: new Date(START.getTime() - msBeforeStart),
      scheduledStart: START,
      bookedAt: extra.bookedAt ?? BOOKED,
    });

  it('allows moving a booking still 24 h or more away', () => {
    expect(r(24 * H)).toEqual({ allowed: true, reason: 'ALLOWED' });
    expect(r(24 * H - 1)).toEqual({ allowed: false, reason: 'TOO_LATE' });
    expect(r(24 * H - 1, { status: 'pending' })).toEqual({ allowed: false, reason: 'TOO_LATE' });
  });

  it('allows it within 15 minutes after booking', () => {
    expect(r(5 * H, { bookedAt: new Date(START.getTime() - 5 * H - 10 * MIN) })).toEqual({ allowed: true, reason: 'ALLOWED' });
  });

  it('refuses final bookings', () => {
    expect(r(100 * H, { status: 'completed' })).toEqual({ allowed: false, reason: 'FINAL_STATUS' });
    expect(r(100 * H, { status: 'cancelled' })).toEqual({ allowed: false, reason: 'FINAL_STATUS' });
  });

  it('asks the new slot to be 24 h ahead', () => {
    expect(RESCHEDULE_MIN_LEAD_MINUTES).toBe(1440);
  });
});
