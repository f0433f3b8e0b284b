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
import {
  APPLICATION_DOCUMENT_RULES,
  APPLICATION_MESSAGES,
  CHAT_MESSAGES,
  CHAT_RULES,
  CONTACT_RATE_LIMITS,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
} from '@khedma/shared';
import { AUTH_MESSAGES } from './modules/auth/bridge';
import { APP_RATE_LIMITS, AUTH_RATE_LIMITS } from './modules/auth/rate-limits';
import { uniquePhone } from './db/people';
import { RATE_LIMITED_MESSAGE } from './platform/rate-limit';
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

/**
 * Round robin over the two instances, request by request (no stickiness: that is the point). Like a
 * deployment's balancer it appends the client's address to X-Forwarded-For, and the instances trust it
 * (TRUST_PROXY): a test that sends X-Forwarded-For of its own gets counters of its own, as one more client.
 */
function balancer(backends: string[]) {
  let next = 0;
  return http.createServer((req, res) => {
    const i = next++ % backends.length;
    if (i === 0) served.a++;
    else served.b++;
    const target = new URL(req.url ?? '/', backends[i]);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwarded } }, (up) => {
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
  t = await createTestApp({ trustProxy: true });
  const serverUrl = inject('pgServerUrl');
  let database = t.database;
  if (serverUrl) {
    const name = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
  }
  const appB = await buildApp({ config: testConfig({ trustProxy: true }), database });
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

async function call(method: string, path: string, o: { cookie?: string; body?: unknown; ip?: string; form?: FormData | URLSearchParams } = {}) {
  const res = await fetch(`${lbUrl}${path}`, {
    method,
    headers: {
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...(o.body ? { 'content-type': 'application/json' } : {}),
      ...(o.ip ? { 'x-forwarded-for': o.ip } : {}),
      'user-agent': 'scale-out/1.0',
      'idempotency-key': randomUUID(),
    },
    body: o.form ?? (o.body ? JSON.stringify(o.body) : undefined),
  });
  if (!(res.headers.get('content-type') ?? '').includes('json')) {
    return { status: res.status, headers: res.headers, json: null, text: await res.text() };
  }
  return { status: res.status, headers: res.headers, json: (await res.json().catch(() => null)) as Record<string, unknown> | null, text: '' };
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
    const { limit } = APP_RATE_LIMITS.signInPerAccountAndAddress;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < limit + 2; i++) {
      const res = await call('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: 'Wrong!Pass1' } });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.slice(0, limit).every((x) => x === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.json).toEqual({ error: { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE } });
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
    // 49 h after the completion (made once the booking had ended: afterBookingEnd).
    const [completed] = await t.database.db.select({ at: s.bookings.completedAt }).from(s.bookings).where(eq(s.bookings.id, done.id));
    const later = new Date(completed!.at!.getTime() + 49 * 3600_000);
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

/**
 * Every abuse limit of issue 28 through the balancer: the attempts alternate between the two instances,
 * and the limit still falls at its real size (the values the product runs with: RATE_LIMIT_SCALE is 1
 * here and cannot go below 1), with the product's error shape, its message and Retry-After. Each test
 * is one more client (an address of its own through X-Forwarded-For) and, where the limit is per
 * account, one more account, so the counts are the test's own.
 * Sign-in is the test above (per account, ours). Its per-address rule (30 a minute) is better-auth's
 * database limiter, the one the reset, SMS-code and code-check rules below prove across instances;
 * counting it here would cost 31 password hashes (about 25 s on a busy CI machine), so it is not repeated.
 */
describe('abuse limits hold across the two instances', () => {
  let n = 0;
  /** A client address of this test file alone (TEST-NET-3). */
  const address = () => `203.0.113.${++n}`;
  type Answer = Awaited<ReturnType<typeof call>>;

  /** The answer at a limit: 429, Retry-After in whole seconds above zero, the error contract. */
  function expectLimited(res: Answer, message: string) {
    expect(res.status, JSON.stringify(res.json)).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.json).toEqual({ error: { code: 'RATE_LIMITED', message } });
  }

  /**
   * Sends `limit` attempts, each answered with something other than 429 (`ok` checks it), then one more:
   * answered 429. Checks both instances took part.
   */
  async function countToLimit(limit: number, attempt: (i: number) => Promise<Answer>, ok: (res: Answer, i: number) => void) {
    const before = { ...served };
    for (let i = 0; i < limit; i++) {
      const res = await attempt(i);
      expect(res.status, `attempt ${i + 1} of ${limit}: ${res.status} ${JSON.stringify(res.json)}`).not.toBe(429);
      ok(res, i);
    }
    const over = await attempt(limit);
    expect(served.a - before.a).toBeGreaterThan(0);
    expect(served.b - before.b).toBeGreaterThan(0);
    return over;
  }

  const status = (...expected: number[]) => (res: Answer) => expect(expected, JSON.stringify(res.json)).toContain(res.status);
  const tinyFile = (name: string) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('not a picture, not a document')], { type: 'image/png' }), name);
    return form;
  };

  it('sign-up per client address, valid or not', async () => {
    const ip = address();
    const { limit } = APP_RATE_LIMITS.signUpPerAddress;
    const over = await countToLimit(limit, () => call('POST', '/api/accounts/sign-up', { ip, body: { name: 'x' } }), status(400));
    expectLimited(over, RATE_LIMITED_MESSAGE);
    // The next client is not held up.
    expect((await call('POST', '/api/accounts/sign-up', { ip: address(), body: { name: 'x' } })).status).toBe(400);
  });

  it('password reset requests: per recipient whoever asks, and per client address', async () => {
    const victim = await createCustomer(t, { name: 'Reset Victim', signIn: false });
    const perRecipient = await countToLimit(
      APP_RATE_LIMITS.emailsPerRecipient.limit,
      () => call('POST', '/api/auth/request-password-reset', { ip: address(), body: { email: victim.email } }),
      status(200),
    );
    expectLimited(perRecipient, RATE_LIMITED_MESSAGE);

    const ip = address();
    const perAddress = await countToLimit(
      AUTH_RATE_LIMITS['/request-password-reset'].max,
      (i) => call('POST', '/api/auth/request-password-reset', { ip, body: { email: `asked-${i}-${randomUUID()}@example.com` } }),
      status(200),
    );
    expectLimited(perAddress, AUTH_MESSAGES.rateLimited);
  });

  it('setting a new password with a reset token, per client address', async () => {
    const ip = address();
    const over = await countToLimit(
      AUTH_RATE_LIMITS['/reset-password'].max,
      () => call('POST', '/api/auth/reset-password', { ip, body: { token: randomUUID(), newPassword: 'Another!Pass2' } }),
      status(400),
    );
    expectLimited(over, AUTH_MESSAGES.rateLimited);
  });

  it('SMS codes: one a minute to a number, a few a minute from one address; checking codes per address', async () => {
    const person = await createCustomer(t, { name: 'Sms Sender' });
    const phone = uniquePhone();
    const first = await call('POST', '/api/auth/phone-number/send-otp', { ip: address(), cookie: person.cookie, body: { phoneNumber: phone } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expectLimited(await call('POST', '/api/auth/phone-number/send-otp', { ip: address(), cookie: person.cookie, body: { phoneNumber: phone } }), APPLICATION_MESSAGES.resendTooSoon);

    const ip = address();
    const perAddress = await countToLimit(
      AUTH_RATE_LIMITS['/phone-number/send-otp'].max,
      () => call('POST', '/api/auth/phone-number/send-otp', { ip, cookie: person.cookie, body: { phoneNumber: uniquePhone() } }),
      status(200),
    );
    expectLimited(perAddress, AUTH_MESSAGES.rateLimited);

    const checker = address();
    const verify = await countToLimit(
      AUTH_RATE_LIMITS['/phone-number/verify'].max,
      () => call('POST', '/api/auth/phone-number/verify', { ip: checker, cookie: person.cookie, body: { phoneNumber: phone, code: '000000' } }),
      status(400, 403),
    );
    expectLimited(verify, AUTH_MESSAGES.rateLimited);
  });

  it('contact: the API and the plain form count together per address; per sender email across addresses', async () => {
    const ip = address();
    const { perAddress, perEmail } = CONTACT_RATE_LIMITS;
    const message = (i: number) => ({ name: 'Hostile Sender', email: 'flood@example.com', message: `Message number ${i} ${randomUUID()}` });
    const form = (i: number) => new URLSearchParams({ ...message(i), email: 'form-flood@example.com', lang: 'en' });
    const over = await countToLimit(
      perAddress.limit,
      (i) => (i % 2 === 1 ? call('POST', '/api/contact', { ip, body: message(i) }) : call('POST', '/contact', { ip, form: form(i) })),
      status(200, 201),
    );
    expectLimited(over, RATE_LIMITED_MESSAGE);
    // The page's plain form at the same limit: 429 with Retry-After, its page (or plain text without the web build).
    const page = await call('POST', '/contact', { ip, form: form(99) });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.text).not.toMatch(/at .+\.[jt]s:\d+/);

    const email = `sender-${randomUUID()}@example.com`;
    const perSender = await countToLimit(
      perEmail.limit,
      (i) => call('POST', '/api/contact', { ip: address(), body: { ...message(i), email } }),
      status(201),
    );
    expectLimited(perSender, RATE_LIMITED_MESSAGE);
  });

  describe('in a conversation', () => {
    let talker: TestUser;
    let conversationId: string;
    beforeAll(async () => {
      talker = await createCustomer(t, { name: 'Chatty Customer' });
      const booking = await createPaidBooking(t, { customer: talker, pro, date: casablancaDate(9) });
      const opened = await call('POST', '/api/chat/conversations', { cookie: talker.cookie, body: { bookingId: booking.id } });
      conversationId = (opened.json!.conversation as { id: string }).id;
    });

    it('chat messages per account', async () => {
      const over = await countToLimit(
        CHAT_RULES.messagesPerMinute,
        (i) => call('POST', `/api/chat/conversations/${conversationId}/messages`, { cookie: talker.cookie, body: { content: `flood ${i}` } }),
        status(201),
      );
      expectLimited(over, CHAT_MESSAGES.tooFast);
    });

    it('chat files per account (counted before the file is read)', async () => {
      const over = await countToLimit(
        CHAT_RULES.filesPerTenMinutes,
        () => call('POST', `/api/chat/conversations/${conversationId}/files`, { cookie: talker.cookie, form: tinyFile('x.png') }),
        status(415),
      );
      expectLimited(over, CHAT_MESSAGES.tooFast);
    });
  });

  it('profile pictures per account', async () => {
    const person = await createCustomer(t, { name: 'Avatar Flood' });
    const over = await countToLimit(
      PROFILE_LIMITS.avatarUploadsPerHour,
      () => call('POST', '/api/profile/avatar', { cookie: person.cookie, form: tinyFile('me.png') }),
      status(415),
    );
    expectLimited(over, PROFILE_MESSAGES.avatarTooMany);
  });

  it('application documents per account', async () => {
    const applicant = await createCustomer(t, { name: 'Document Flood' });
    const over = await countToLimit(
      APPLICATION_DOCUMENT_RULES.uploadsPerHour,
      () => call('POST', '/api/applications/draft/documents/idFront', { cookie: applicant.cookie, form: tinyFile('id.png') }),
      status(415),
    );
    expectLimited(over, APPLICATION_MESSAGES.documentTooMany);
  });
});
