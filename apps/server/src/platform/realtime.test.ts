import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createCustomer, signInUser } from '../test/factories';
import { as, bookingTestApp, dayFromNow, paidBooking, type BookingTestApp } from '../modules/bookings/bookings.test-helpers';
import { createTestApp } from '../test/app';
import { rowsOf } from './jobs';

interface Client {
  messages: Array<{ event: string; data: Record<string, unknown> }>;
  next(event: string, where?: (data: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  send(text: string): void;
  close(): void;
}

interface WsLike {
  on(event: 'message', cb: (data: Buffer) => void): void;
  send(data: string): void;
  terminate(): void;
}

async function connect(app: FastifyInstance, headers: Record<string, string>, path = '/api/ws'): Promise<Client> {
  const messages: Client['messages'] = [];
  const waiters: Array<() => void> = [];
  const ws = (await app.injectWS(path, { headers }, {
    onInit: (socket: WsLike) =>
      socket.on('message', (data: Buffer) => {
        messages.push(JSON.parse(String(data)));
        for (const w of waiters.splice(0)) w();
      }),
  } as never)) as unknown as WsLike;
  return {
    messages,
    send: (text) => ws.send(text),
    close: () => ws.terminate(),
    async next(event, where = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.event === event && where(m.data));
        if (found) return found.data;
        if (Date.now() > deadline) throw new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

const ORIGIN = 'http://localhost:3000';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/ws handshake', () => {
  it('refuses a handshake without a session (401) or from another site (403)', async () => {
    await expect(connect(t.app, { origin: ORIGIN })).rejects.toThrow(/401/);
    await expect(connect(t.app, { origin: ORIGIN }, '/api/ws?token=nope')).rejects.toThrow(/401/);
    await expect(connect(t.app, { origin: 'https://evil.example', cookie: t.customer.cookie })).rejects.toThrow(/403/);
  });

  it('opens with the session cookie, a ?token= or a bearer header, and says ready', async () => {
    const byCookie = await connect(t.app, { origin: ORIGIN, cookie: t.customer.cookie });
    expect(await byCookie.next('ready')).toEqual({ userId: t.customer.userId });
    const byToken = await connect(t.app, {}, `/api/ws?token=${encodeURIComponent(t.pro.token)}`);
    expect(await byToken.next('ready')).toEqual({ userId: t.pro.userId });
    const byBearer = await connect(t.app, { authorization: `Bearer ${t.customer2.token}`, origin: 'http://localhost:5173' });
    expect(await byBearer.next('ready')).toEqual({ userId: t.customer2.userId });
    byBearer.send('ping');
    expect(await byBearer.next('pong')).toHaveProperty('at');
    for (const c of [byCookie, byToken, byBearer]) c.close();
  });

  it('outside production accepts the site under its other loopback name, as the REST API does', async () => {
    // PUBLIC_URL is http://localhost:3000; a page opened at http://127.0.0.1:3000 signs in, so it connects too.
    const port = new URL(t.app.ctx.config.publicUrl).port;
    const loopback = await connect(t.app, { origin: `http://127.0.0.1:${port}`, cookie: t.customer.cookie });
    expect(await loopback.next('ready')).toEqual({ userId: t.customer.userId });
    loopback.close();
  });

  it('in production accepts the public site only; another site is refused (403) in every mode', async () => {
    const prod = await createTestApp({ isProduction: true, env: 'production', publicUrl: 'http://localhost:3000' });
    try {
      const session = await createCustomer(prod);
      const own = await connect(prod.app, { origin: 'http://localhost:3000', cookie: session.cookie });
      expect(await own.next('ready')).toEqual({ userId: session.userId });
      own.close();
      for (const origin of ['http://127.0.0.1:3000', 'http://localhost:5173', 'http://evil.example']) {
        await expect(connect(prod.app, { origin, cookie: session.cookie })).rejects.toThrow(/403/);
      }
    } finally {
      await prod.close();
    }
    await expect(connect(t.app, { origin: 'http://evil.example', cookie: t.customer.cookie })).rejects.toThrow(/403/);
  });
});

describe('booking events', () => {
  it('the customer and the professional hear booking.updated when the professional accepts; others hear nothing', async () => {
    const customer = await connect(t.app, { origin: ORIGIN, cookie: t.customer.cookie });
    const pro = await connect(t.app, { origin: ORIGIN, cookie: t.pro.cookie });
    const stranger = await connect(t.app, { origin: ORIGIN, cookie: t.customer2.cookie });
    await Promise.all([customer.next('ready'), pro.next('ready'), stranger.next('ready')]);

    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 5) });
    expect(await customer.next('booking.created', (d) => d.bookingId === b.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await pro.next('booking.updated', (d) => d.bookingId === b.id && d.action === 'paid')).toMatchObject({ status: 'pending', paymentStatus: 'paid' });

    const res = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    expect(res.statusCode).toBe(200);
    const event = await customer.next('booking.updated', (d) => d.bookingId === b.id && d.status === 'confirmed');
    expect(event).toEqual({
      bookingId: b.id,
      reference: b.reference,
      status: 'confirmed',
      paymentStatus: 'paid',
      scheduledStart: b.scheduledStart,
      localDate: (b.local as { date: string }).date,
      action: 'accept',
    });
    await pro.next('booking.updated', (d) => d.bookingId === b.id && d.status === 'confirmed');
    expect(stranger.messages.filter((m) => m.event !== 'ready')).toEqual([]);
    for (const c of [customer, pro, stranger]) c.close();
  });
});

describe('two server instances on one PostgreSQL database', () => {
  const serverUrl = inject('pgServerUrl');
  it.skipIf(!serverUrl)('a client on instance A hears an accept done on instance B (LISTEN/NOTIFY)', async () => {
    const name = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseB: Database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
    const appB = await buildApp({ config: testConfig(), database: databaseB });
    await appB.ready();
    try {
      const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 6) });
      const onA = await connect(t.app, { origin: ORIGIN, cookie: t.customer.cookie });
      await onA.next('ready');
      const proOnB = await signInUser(appB, t.pro);
      const res = await appB.inject({ method: 'POST', url: `/api/bookings/${b.id}/accept`, headers: { cookie: proOnB.cookie } });
      expect(res.statusCode).toBe(200);
      expect(await onA.next('booking.updated', (d) => d.bookingId === b.id && d.status === 'confirmed')).toMatchObject({ action: 'accept' });
      onA.close();
    } finally {
      await appB.close();
      await databaseB.close();
    }
  });
});
