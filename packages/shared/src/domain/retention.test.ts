import { describe, expect, it } from 'vitest';
import { closedAccountEmail, closureBlockers, retentionCutoffs, RETENTION_YEARS, yearsBefore } from './retention';

describe('retention periods', () => {
  it('are the privacy page\'s: 7 years financial, 10 complaints, 2 booking history, 1 after closure', () => {
    expect(RETENTION_YEARS).toEqual({ financialRecords: 7, complaintRecords: 10, bookingHistory: 2, closedAccount: 1 });
    const c = retentionCutoffs(new Date('2030-06-15T10:00:00Z'));
    expect(c.financialRecords.toISOString()).toBe('2023-06-15T10:00:00.000Z');
    expect(c.complaintRecords.toISOString()).toBe('2020-06-15T10:00:00.000Z');
    expect(c.bookingHistory.toISOString()).toBe('2028-06-15T10:00:00.000Z');
    expect(c.closedAccounts.toISOString()).toBe('2029-06-15T10:00:00.000Z');
  });

  it('a year before 29 February is 28 February', () => {
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });

  it('yearsBefore is always earlier by 365 or 366 days a year, never more', () => {
    for (let day = 0; day < 366 * 8; day += 7) {
      const d = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000);
      for (const y of [1, 2, 7, 10]) {
        const days = (d.getTime() - yearsBefore(d, y).getTime()) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(365 * y - 1);
        expect(days).toBeLessThanOrEqual(366 * y);
      }
    }
  });
});

describe('closure', () => {
  const free = { userType: 'customer' as const, activeBookings: 0, paymentsInFlight: 0, proBalance: 0, payoutsInFlight: 0 };
  it('is allowed with nothing going on', () => expect(closureBlockers(free)).toEqual([]));
  it('is refused to admins, with upcoming bookings, with money in flight', () => {
    expect(closureBlockers({ ...free, userType: 'admin' })).toEqual(['admin']);
    expect(closureBlockers({ ...free, activeBookings: 1 })).toEqual(['upcoming_bookings']);
    expect(closureBlockers({ ...free, paymentsInFlight: 1 })).toEqual(['money_in_flight']);
    expect(closureBlockers({ ...free, userType: 'pro', proBalance: 300 })).toEqual(['money_in_flight']);
    expect(closureBlockers({ ...free, userType: 'pro', payoutsInFlight: 1, activeBookings: 2 })).toEqual(['upcoming_bookings', 'money_in_flight']);
  });
  it('moves the address out of the way, to one that can never receive mail', () => {
    expect(closedAccountEmail('AbC-12_x')).toBe('closed-abc-12x@closed.invalid');
  });
});
