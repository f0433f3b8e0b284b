import { describe, expect, it } from 'vitest';
import { holdExpiresAt, isUnpaidHold, MAX_UNPAID_HOLDS, UNPAID_HOLD_LIMIT_MESSAGE, UNPAID_HOLD_MINUTES } from './holds';

describe('unpaid holds', () => {
  it('are pending bookings whose payment is pending, nothing else', () => {
    expect(isUnpaidHold({ status: 'pending', paymentStatus: 'pending' })).toBe(true);
    expect(isUnpaidHold({ status: 'pending', paymentStatus: 'paid' })).toBe(false);
    expect(isUnpaidHold({ status: 'cancelled', paymentStatus: 'pending' })).toBe(false);
    expect(isUnpaidHold({ status: 'cancelled', paymentStatus: 'failed' })).toBe(false);
  });

  it('end UNPAID_HOLD_MINUTES after they were made, a short while', () => {
    expect(UNPAID_HOLD_MINUTES).toBeLessThanOrEqual(15);
    expect(holdExpiresAt(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe(`2026-11-25T10:${String(UNPAID_HOLD_MINUTES).padStart(2, '0')}:00.000Z`);
  });

  it('the message names the limit', () => {
    expect(UNPAID_HOLD_LIMIT_MESSAGE).toContain(String(MAX_UNPAID_HOLDS));
  });
});
