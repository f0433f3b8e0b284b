/**
 * Issue 20: bookings follow Morocco's real clock (IANA 2026d+: UTC+0 since 2026-09-20), not the
 * runtime's own time-zone data (Node 20.20: 2025c, UTC+1). The instants below are written out by hand
 * from Morocco's clock, not computed by the code under test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, bookingTestApp, outboxTo, paidBooking, type BookingTestApp } from './bookings.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterAll(async () => t?.close());


describe('a booking at 10:00 on 30 November 2026 in Casablanca', () => {
  it('starts at 10:00 UTC, reads 10:00 everywhere, and the cancellation fee follows the real clock', async () => {
    t.app.ctx.clock.set(new Date('2026-11-24T12:00:00Z'));
    try {
      const b = await paidBooking(t.app, t.customer, { date: '2026-11-30', startTime: '10:00', endTime: '12:00' });
      // Booked on the test's clock, as a customer would have on 24 November: the database stamps created_at
      // with its own clock, and a booking stamped later than the previews below would read as inside its
      // 15-minute free window (this test failed on 2026-11-29 from 08:45, its previews being at 09:00).
      await t.database.db.execute(sql`update bookings set created_at = '2026-11-24T12:00:00Z' where id = ${b.id}`);
      // Morocco is on UTC+0: 10:00 there is 10:00 UTC (the runtime's 2025c rules gave 09:00 UTC).
      expect(b.scheduledStart).toBe('2026-11-30T10:00:00.000Z');
      expect(b.scheduledEnd).toBe('2026-11-30T12:00:00.000Z');
      expect(b.local).toEqual({ date: '2026-11-30', startTime: '10:00', endTime: '12:00' });
      // The customer's email says 10:00 too (formatted from the shipped rules, not the runtime's Intl).
      const [created] = await outboxTo(t.app, t.customer.email);
      expect(created!.text).toContain('30 November 2026 at 10:00');
      expect(created!.text).not.toContain('11:00');

      // The professional's list shows the same local time.
      const list = await t.app.inject(as(t.pro, { method: 'GET', url: '/api/bookings?status=pending' }));
      const mine = (list.json() as Array<{ id: string; local: unknown }>).find((x) => x.id === b.id);
      expect(mine?.local).toEqual({ date: '2026-11-30', startTime: '10:00', endTime: '12:00' });

      expect((await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }))).statusCode).toBe(200);
      const preview = async (now: string) => {
        t.app.ctx.clock.set(new Date(now));
        return (await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}/cancellation` }))).json();
      };
      const lateFee = Math.round(b.amounts.subtotal * 0.25);
      // 25 h before: 09:00 on 29 November in Casablanca = 09:00 UTC. Free (24 h or more).
      expect(await preview('2026-11-29T09:00:00Z')).toMatchObject({ allowed: true, fee: 0, feeRate: 0, reason: 'FREE_BEFORE_24H' });
      // 24 h 30 before: still free by Morocco's clock (an hour-early start would make it 23 h 30 and charge 25%).
      expect(await preview('2026-11-29T09:30:00Z')).toMatchObject({ fee: 0, reason: 'FREE_BEFORE_24H' });
      // 23 h before: 11:00 on 29 November in Casablanca. 25% of the service value.
      expect(await preview('2026-11-29T11:00:00Z')).toMatchObject({ allowed: true, fee: lateFee, feeRate: 0.25, reason: 'LATE_CANCELLATION' });
      // 2 h 30 before (07:30 on the day): 25%; 1 h 30 before: 50% (an hour-early start would make it 30 min).
      expect(await preview('2026-11-30T07:30:00Z')).toMatchObject({ feeRate: 0.25 });
      expect(await preview('2026-11-30T08:30:00Z')).toMatchObject({ feeRate: 0.5 });

      // And the cancellation itself, at 23 h, keeps that fee.
      t.app.ctx.clock.set(new Date('2026-11-29T11:00:00Z'));
      const cancel = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }));
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().amounts.cancellationFee).toBe(lateFee);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});
