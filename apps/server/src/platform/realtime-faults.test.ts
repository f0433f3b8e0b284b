/**
 * Fault tests (issue 21 item 1): the database drops the server's connections. PostgreSQL only: PGlite
 * runs in process and has no backend to terminate. CI runs them in `npm run test:pg`.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../db/connections';
import { as, bookingTestApp, dayFromNow, paidBooking, type BookingTestApp } from '../modules/bookings/bookings.test-helpers';
import { rowsOf } from './jobs';
import { connectWs, ORIGIN } from './realtime.test-helpers';

const serverUrl = inject('pgServerUrl');
const NEEDS_PG = 'needs PostgreSQL (npm run test:pg): PGlite runs in process and has no connection to drop';

let t: BookingTestApp;
let admin: pg.Client;
let dbName: string;

beforeAll(async () => {
  if (!serverUrl) return;
  t = await bookingTestApp();
  dbName = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
});
afterAll(async () => {
  if (!serverUrl) return;
  await admin?.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => {});
  await admin?.end();
  await t?.close();
});

/** Ends the server's sessions on the test database: the listener's, the pool's, or both. */
async function terminate(which: 'listener' | 'pool' | 'all') {
  const filter = which === 'listener' ? `and application_name = '${LISTENER_APPLICATION_NAME}'` : which === 'pool' ? `and application_name <> '${LISTENER_APPLICATION_NAME}'` : '';
  const res = await admin.query(
    `select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() ${filter}`,
    [dbName],
  );
  return res.rowCount ?? 0;
}

async function health() {
  return t.app.inject({ method: 'GET', url: '/api/health' });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the database drops the server\'s connections', () => {
  it('the LISTEN connection comes back: sockets are told to re-sync and hear later events', async (ctx) => {
    if (!serverUrl) return ctx.skip(NEEDS_PG);
    const ws = await connectWs(t.app, { origin: ORIGIN, cookie: t.customer.cookie });
    await ws.next('ready');
    expect(await terminate('listener')).toBe(1);
    expect(await ws.next('resync')).toEqual({ reason: 'reconnected' });

    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 7) });
    const res = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    expect(res.statusCode).toBe(200);
    expect(await ws.next('booking.updated', (d) => d.bookingId === b.id && d.status === 'confirmed')).toMatchObject({ action: 'accept' });
    // A socket opened after the drop hears events too.
    const late = await connectWs(t.app, { origin: ORIGIN, cookie: t.pro.cookie });
    await late.next('ready');
    const b2 = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 9) });
    await late.next('booking.updated', (d) => d.bookingId === b2.id && d.action === 'paid');
    ws.close();
    late.close();
  });

  it('/api/health answers 503 in the error contract while the instance cannot listen, 200 once it can again', async (ctx) => {
    if (!serverUrl) return ctx.skip(NEEDS_PG);
    const ws = await connectWs(t.app, { origin: ORIGIN, cookie: t.customer.cookie });
    await ws.next('ready');
    expect((await health()).statusCode).toBe(200);
    // No new connection may be opened to the database, so the listener cannot come back for now.
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    try {
      await terminate('listener');
      await until(async () => !t.database.listenerHealth().listening, 'seen as not listening');
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    }
    await until(async () => (await health()).statusCode === 200, 'healthy again');
    await ws.next('resync');
    ws.close();
  });

  it('the first requests on killed pool connections are answered (200), never 500', async (ctx) => {
    if (!serverUrl) return ctx.skip(NEEDS_PG);
    // Fill the pool with idle connections, then kill them all.
    await Promise.all([1, 2, 3, 4].map(() => t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings' }))));
    expect(await terminate('all')).toBeGreaterThan(1);
    const read = await t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings' }));
    expect(read.statusCode).toBe(200);

    // A write in a transaction, on a pool killed again.
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 8) });
    await Promise.all([1, 2, 3, 4].map(() => t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings' }))));
    await terminate('pool');
    const accept = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    expect(accept.statusCode).toBe(200);
  });
});
