/**
 * RealtimeHub.publishCommitted (docs/decisions/0033-booking-created-event-after-commit.md): events sent after
 * their change committed, those published at once sharing a statement, delivered in the order they were
 * published. On both engines.
 */
import { REALTIME_CHANNEL } from '@khedma/shared/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingTestApp, type BookingTestApp } from '../modules/bookings/bookings.test-helpers';
import { withStatements } from '../test/statements';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterAll(async () => t?.close());

describe('RealtimeHub.publishCommitted', () => {
  it('six events published at once arrive in order, in fewer statements than events', async () => {
    const got: string[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (payload) => {
      if (payload.includes('"committed-test"')) got.push(payload);
    });
    try {
      // Rooms nobody is in: the hub's own listener delivers them to no socket.
      const payloads = Array.from({ length: 6 }, (_, i) => JSON.stringify({ rooms: ['user:nobody'], event: 'committed-test', data: { i } }));
      const { statements } = await withStatements(t.database, () =>
        Promise.all(payloads.map((payload) => t.app.ctx.realtime.publishCommitted({ channel: REALTIME_CHANNEL, payload }))),
      );
      await vi.waitFor(() => expect(got).toEqual(payloads), { timeout: 10_000 });
      // The first goes out alone; the five that arrive while it is sent share the next statement.
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.length).toBeLessThan(payloads.length);
    } finally {
      await stop();
    }
  });
});
