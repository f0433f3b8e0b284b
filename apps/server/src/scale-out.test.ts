/**
 * Scale-out (issue 28): two instances of the server on one database, listening on loopback behind a
 * small round-robin load balancer (plain node:http, below), as a deployment runs them (README,
 * "Deploying several instances"). Through the balancer: a session made on one instance works on the
 * other, a rate limit counts the attempts of both and answers 429 with Retry-After at its limit,
 * realtime events reach a socket on the other instance, and the escrow release due 48 h after a
 * completion runs once when both instances run their due jobs at the same moment.
 * On PostgreSQL (`npm run test:pg`) the instances have a pool each on the same database; on PGlite they
 * share the one in-process database (what PGlite can do), which still proves the jobs' claims.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import * as s from './db/schema/index';
import { openDatabase, type Database } from './db/client';
import { APP_RATE_LIMITS } from './modules/auth/rate-limits';
import { completedBooking } from './modules/reviews/reviews.test-helpers';
import { rowsOf } from './platform/jobs';
import { connectWs, ORIGIN } from './platform/realtime.test-helpers';
import { createTestApp, type TestApp } from './test/app';
import { createAdmin, createCustomer, createPaidBooking, createPro, casablancaDate, FACTORY_PASSWORD, type TestPro, type TestUser } from './test/factories';

let t: TestApp;
let b: { app: FastifyInstance; database: Database; own: boolean };
let lb: http.Server;
let lbUrl: string;
const served = { a: 0, b: 0 };
let customer: TestUser;
let pro: TestPro;
let admin: TestUser;

/** Round robin over the two instances, request by request (no stickiness: that is the point). */
function balancer(backends: string[]) {
  let next = 0;
  return http.createServer((req, res) => {
    const i = next++ % backends.length;
    if (i === 0) served.a++;
    else served.b++;
    const target = new URL(req.url ?? '/', backends[i]);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
}

const listen = async (app: FastifyInstance) => `http://127.0.0.1:${(await app.listen({ port: 0, host: '127.0.0.1' }), (app.server.address() as AddressInfo).port)}`;

beforeAll(async () => {
  t = await createTestApp();
  const serverUrl = inject('pgServerUrl');
  let database = t.database;
  if (serverUrl) {
    const name = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
  }
  const appB = await buildApp({ config: testConfig(), database });
  await appB.ready();
  b = { app: appB, database, own: database !== t.database };
  lb = balancer([await listen(t.app), await listen(b.app)]);
  await new Promise<void>((r) => lb.listen(0, '127.0.0.1', r));
  lbUrl = `http://127.0.0.1:${(lb.address() as AddressInfo).port}`;
  customer = await createCustomer(t, { name: 'Scale Customer' });
  pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Scale Pro' });
  admin = await createAdmin(t);
}, 120_000);
afterAll(async () => {
  await new Promise((r) => lb?.close(r));
  await b?.app.close();
  if (b?.own) await b.database.close();
  await t?.close();
});

async function call(method: string, path: string, o: { cookie?: string; body?: unknown } = {}) {
  const res = await fetch(`${lbUrl}${path}`, {
    method,
    headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.body ? { 'content-type': 'application/json' } : {}), 'user-agent': 'scale-out/1.0', 'idempotency-key': randomUUID() },
    body: o.body ? JSON.stringify(o.body) : undefined,
  });
  return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

describe('two instances behind a round-robin balancer', () => {
  it('a session signed in on one instance is valid on both', async () => {
    const before = { ...served };
    const res = await fetch(`${lbUrl}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: customer.email, password: FACTORY_PASSWORD }) });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('khedma.session_token='))!.split(';')[0]!;
    for (let i = 0; i < 4; i++) {
      const me = await call('GET', '/api/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ user: { email: customer.email } });
    }
    expect(served.a - before.a).toBeGreaterThanOrEqual(2);
    expect(served.b - before.b).toBeGreaterThanOrEqual(2);
    // Signed out through one instance: the other refuses the session too.
    expect((await call('POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/me', { cookie })).status).toBe(401);
  });

  it('a rate limit counts the attempts on both instances: 429 with Retry-After at the limit', async () => {
    const victim = await createCustomer(t, { name: 'Limited Person', signIn: false });
    const { limit } = APP_RATE_LIMITS.signInPerAccount;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < limit + 2; i++) {
      const res = await call('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: 'Wrong!Pass1' } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    expect(statuses.slice(0, limit).every((x) => x === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('realtime: a message sent through the balancer reaches a socket on either instance', async () => {
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(6) });
    const opened = await call('POST', '/api/chat/conversations', { cookie: customer.cookie, body: { bookingId: booking.id } });
    const conversationId = (opened.json!.conversation as { id: string }).id;
    const sockets = [await connectWs(t.app, { origin: ORIGIN, cookie: pro.cookie }), await connectWs(b.app, { origin: ORIGIN, cookie: pro.cookie })];
    await Promise.all(sockets.map((w) => w.next('ready')));
    for (const w of sockets) w.sendEvent('room.join', { room: `conversation:${conversationId}` });
    await Promise.all(sockets.map((w) => w.next('room.joined')));
    for (let i = 0; i < 2; i++) {
      const sent = await call('POST', `/api/chat/conversations/${conversationId}/messages`, { cookie: customer.cookie, body: { content: `across ${i}` } });
      expect(sent.status).toBe(201);
      await Promise.all(sockets.map((w) => w.next('chat.message', (d) => d.messageId === sent.json!.id)));
    }
    for (const w of sockets) w.close();
  });

  it('the escrow release due after a completion runs once when both instances run their due jobs at once', async () => {
    const done = await completedBooking(t, { customer, pro, admin, day: 7 });
    const releases = async () =>
      (await t.database.db.select({ tx: s.ledgerEntries.transactionId }).from(s.ledgerEntries).where(and(eq(s.ledgerEntries.bookingId, done.id), eq(s.ledgerEntries.kind, 'release')))).map((r) => r.tx);
    expect(await releases()).toEqual([]);
    const later = new Date(Date.now() + 49 * 3600_000);
    await Promise.all([t.app.ctx.jobs.runDueJobs(later), b.app.ctx.jobs.runDueJobs(later), t.app.ctx.jobs.runDueJobs(later), b.app.ctx.jobs.runDueJobs(later)]);
    const once = new Set(await releases());
    expect(once.size).toBe(1);
    await Promise.all([t.app.ctx.jobs.runDueJobs(later), b.app.ctx.jobs.runDueJobs(later)]);
    expect(new Set(await releases()).size).toBe(1);
    // The ledger balances: every transaction sums to zero.
    const [sum] = rowsOf<{ total: string }>(await t.database.db.execute(sql`select coalesce(sum(amount), 0)::text as total from ledger_entries`));
    expect(Number(sum!.total)).toBe(0);
  });
});
