/**
 * How many statements (round trips to the database) a booking create sends (issue 40): a count, not a
 * timing, so that one added back fails here. Session read, then one statement that claims the
 * Idempotency-Key, counts the create limits, reads the customer's credit and the pool, then the one
 * statement that writes the booking (and, if the customer takes email, its creation email's job); open
 * creates read the days and jobs of the best ranked few in between (issue 42's lazy assignment). That
 * email's job runs after the answer as the job runner's own work (JobRunner.runLeased: 2 statements, not
 * counted here; creation-email.test.ts proves it). On PostgreSQL the new booking's realtime event is one more
 * statement after the write's commit, shared by the creates finishing meanwhile (RealtimeHub.publishCommitted,
 * docs/decisions/0033-booking-created-event-after-commit.md); on PGlite the write sends it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements, withStatements } from '../../test/statements';
import { bookingTestApp, createBooking, releaseHolds, wizardBody, type BookingTestApp } from './bookings.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
  // The catalogue's first reads (services, cities, prices) are kept by the instance: not per create.
  await createBooking(t.app, t.customer, wizardBody(t.app, { startTime: '08:00', endTime: '09:00' }), { 'idempotency-key': 'warm-up' });
});
afterEach(() => releaseHolds(t.database));
afterAll(async () => t?.close());

const create = (overrides: Record<string, unknown>, key: string) =>
  withStatements(t.database, () => createBooking(t.app, t.customer2, wizardBody(t.app, overrides), { 'idempotency-key': key }));
const shown = (statements: string[]) => statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 100)).join('\n');
/** The event's NOTIFY after the commit: PostgreSQL only. */
const event = () => (t.database.pglite ? 0 : 1);

describe('statements of POST /api/bookings', () => {
  it('a create for a chosen professional: 3 (session; claim, limits, credit and pool; the write), and on PostgreSQL its event', async () => {
    const { result, statements } = await create({ professionalId: t.pro.professionalId, startTime: '10:00', endTime: '11:00' }, 'strict-1');
    expect(result.statusCode, result.body).toBe(201);
    expect(statements.length, shown(statements)).toBeLessThanOrEqual(3 + event());
    // The write itself NOTIFYs on PGlite only; on PostgreSQL the last statement does, after the commit.
    const notifying = statements.map((s, i) => (s.includes('pg_notify') ? i : -1)).filter((i) => i >= 0);
    expect(notifying, shown(statements)).toEqual([statements.length - 1]);
    expect(statements.at(-1)!.includes('booking_price_lines'), shown(statements)).toBe(!!t.database.pglite);
  });

  it('a create for whoever is free: 4 (the days and jobs of the best ranked few are read apart), and on PostgreSQL its event', async () => {
    const { result, statements } = await create({ startTime: '14:00', endTime: '15:00' }, 'open-1');
    expect(result.statusCode, result.body).toBe(201);
    expect(statements.length, shown(statements)).toBeLessThanOrEqual(4 + event());
  });

  it('a replay of a create: 3 (session; the claim that finds the key; its stored answer)', async () => {
    await create({ professionalId: t.pro.professionalId, startTime: '16:00', endTime: '17:00' }, 'replayed');
    const { result, statements } = await create({ professionalId: t.pro.professionalId, startTime: '16:00', endTime: '17:00' }, 'replayed');
    expect(result.headers['idempotent-replayed']).toBe('true');
    expect(statements.length, shown(statements)).toBeLessThanOrEqual(3);
  });

  it('on PGlite, the three are named statements, each parsed once (db/pglite-prepared.ts)', async () => {
    const named = t.database.pgliteStatements;
    if (!t.database.pglite) return;
    expect(named, 'PGlite runs Drizzle named statements as its own').toBeDefined();
    const { names } = await withNamedStatements(t.database, async () => {
      const first = await create({ professionalId: t.pro.professionalId, startTime: '12:00', endTime: '13:00' }, 'named-1');
      expect(first.result.statusCode, first.result.body).toBe(201);
      // The creation email's job (run after the answer) prepares its own statements: settled first.
      await t.app.ctx.jobs.settled();
      const prepared = named!.size;
      const { result } = await create({ professionalId: t.pro.professionalId, startTime: '18:00', endTime: '19:00' }, 'named-2');
      await t.app.ctx.jobs.settled();
      expect(result.statusCode, result.body).toBe(201);
      // The second create of the same shape prepares nothing new.
      expect(named!.size).toBe(prepared);
    });
    expect(names).toContain('auth_session_user');
    expect(names.some((n) => n.startsWith('bookings_claim_pool_'))).toBe(true);
    expect(names.some((n) => n.startsWith('bookings_insert_'))).toBe(true);
  });
});
