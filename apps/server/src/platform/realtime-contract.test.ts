import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { casablancaDate, createCustomer, createPaidBooking, createPro, signInUser, type TestPro, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/app';
import { rowsOf } from './jobs';
import { closedWithin, connectWs, ORIGIN } from './realtime.test-helpers';

// What a capability does at start-up: says who may join its rooms. (`presence:<id>` belongs to chat:
// the other party of a conversation: the customer below has conversations with both professionals.)
// Here `probe:<id>` is open only to the user whose id it is.
const capability: FastifyPluginAsync = async (app) => {
  app.ctx.realtime.registerRoomKind('probe', (user, id) => user.id === id);
};
(capability as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

let t: TestApp;
/** A second app instance on the same database (PostgreSQL: its own pool and listener; PGlite: in process). */
let b: { app: FastifyInstance; database: Database; ownDatabase: boolean };
/** The file's people (made below with the factories). */
const u = {} as { customer: TestUser; customer2: TestUser; pro: TestPro; pro2: TestPro };
/** A session of `u` made by signing in through `app` (each test signs in afresh), with the user's id. */
const signIn = async (app: FastifyInstance, who: TestUser) => ({ ...(await signInUser(app, who)), userId: who.userId });

beforeAll(async () => {
  t = await createTestApp({}, { plugins: [capability] });
  const serverUrl = inject('pgServerUrl');
  let database = t.database;
  if (serverUrl) {
    const name = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
  }
  const app = await buildApp({ config: testConfig(), database, plugins: [capability] });
  await app.ready();
  b = { app, database, ownDatabase: database !== t.database };
  [u.customer, u.customer2, u.pro, u.pro2] = await Promise.all([
    createCustomer(t),
    createCustomer(t, { signIn: false }),
    createPro(t, { city: 'fes', category: 'plumbing' }),
    createPro(t, { city: 'rabat', category: 'handyman' }),
  ]);
  // The customer has a conversation with each professional (presence is for the other party of one).
  for (const [pro, day] of [[u.pro, 3], [u.pro2, 4]] as const) {
    const booking = await createPaidBooking(t, { customer: u.customer, pro, date: casablancaDate(day) });
    const opened = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: u.customer.cookie }, payload: { bookingId: booking.id } });
    if (opened.statusCode >= 300) throw new Error(`conversation failed: ${opened.statusCode} ${opened.body}`);
  }
});
afterAll(async () => {
  await b?.app.close();
  if (b?.ownDatabase) await b.database.close();
  await t?.close();
});

const cookie = (s: { cookie: string }) => ({ origin: ORIGIN, cookie: s.cookie });

describe('client -> server events', () => {
  it('validates every frame with the shared schemas: bad JSON, unknown events and bad payloads get an error event, the socket stays open', async () => {
    const s = await signIn(t.app, u.customer);
    const ws = await connectWs(t.app, cookie(s));
    await ws.next('ready');
    ws.send('{not json');
    expect(await ws.next('error', (d) => d.message === 'The message is not valid JSON.')).toMatchObject({ code: 'VALIDATION_FAILED' });
    ws.sendEvent('chat.nope', {});
    expect(await ws.next('error', (d) => d.event === 'chat.nope')).toMatchObject({ code: 'VALIDATION_FAILED' });
    ws.sendEvent('room.join', { room: '../../etc' });
    expect(await ws.next('error', (d) => d.event === 'room.join')).toMatchObject({ code: 'VALIDATION_FAILED' });
    ws.sendEvent('ping', {});
    expect(await ws.next('pong')).toHaveProperty('at');
    ws.close();
  });

  it('joins a room only when the capability that owns its kind says so; a left room is no longer heard', async () => {
    const s = await signIn(t.app, u.customer);
    const other = await signIn(t.app, u.customer2);
    const ws = await connectWs(t.app, cookie(s));
    await ws.next('ready');
    ws.sendEvent('room.join', { room: `user:${other.userId}` });
    expect(await ws.next('error', (d) => d.event === 'room.join' && d.code === 'FORBIDDEN')).toBeTruthy();
    ws.sendEvent('room.join', { room: `probe:${other.userId}` });
    expect(await ws.next('error', (d) => d.event === 'room.join' && d.code === 'FORBIDDEN' && ws.messages.filter((m) => m.event === 'error').length === 2)).toBeTruthy();
    // A kind no capability registered (conversation is chat's: see modules/chat).
    ws.sendEvent('room.join', { room: 'nothing:0b9e1c2a-0000-4000-8000-000000000000' });
    expect(await ws.next('error', (d) => d.code === 'NOT_FOUND')).toMatchObject({ message: 'No such room.' });

    const room = `probe:${s.userId}`;
    ws.sendEvent('room.join', { room });
    expect(await ws.next('room.joined')).toEqual({ room });
    // Published on the other instance: heard here through NOTIFY.
    await b.app.ctx.realtime.toRooms([room], 'resync', { reason: 'reconnected' });
    await ws.next('resync');
    ws.sendEvent('room.leave', { room });
    await ws.next('room.left');
    await b.app.ctx.realtime.toRooms([room, `user:${other.userId}`], 'pong', { at: 'after-leave' });
    // A later event to the user's own room arrives; the left room's did not.
    await b.app.ctx.realtime.toUsers([s.userId], 'pong', { at: 'own-room' });
    await ws.next('pong', (d) => d.at === 'own-room');
    expect(ws.messages.some((m) => m.data.at === 'after-leave')).toBe(false);
    ws.close();
  });

  it('drops a flood of frames beyond the budget and keeps the connection working', async () => {
    const s = await signIn(t.app, u.customer);
    const ws = await connectWs(t.app, cookie(s));
    await ws.next('ready');
    for (let i = 0; i < 200; i++) ws.send('ping');
    await ws.next('pong');
    const answered = () => ws.messages.filter((m) => m.event === 'pong').length;
    expect(answered()).toBeLessThan(200);
    // Still served once the budget refills.
    const before = answered();
    for (let i = 0; i < 50 && answered() === before; i++) {
      ws.send('ping');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(answered()).toBeGreaterThan(before);
    ws.close();
  });
});

describe('sockets end with their session, on every instance', () => {
  it('"revoke other sessions" closes the other sessions\' sockets at once (4401); sign-out closes the signing-out one\'s', async () => {
    const here = await signIn(t.app, u.customer2);
    const elsewhere = await signIn(t.app, u.customer2);
    const wsHere = await connectWs(t.app, cookie(here));
    // The other device is connected to the other instance.
    const wsElsewhere = await connectWs(b.app, cookie(elsewhere));
    await Promise.all([wsHere.next('ready'), wsElsewhere.next('ready')]);

    const revoke = await t.app.inject({ method: 'POST', url: '/api/auth/revoke-other-sessions', headers: { ...cookie(here), 'content-type': 'application/json' }, payload: '{}' });
    expect(revoke.statusCode).toBe(200);
    expect(await closedWithin(wsElsewhere)).toBe(4401);
    wsHere.sendEvent('ping', {});
    await wsHere.next('pong');

    const out = await b.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...cookie(here), 'content-type': 'application/json' }, payload: '{}' });
    expect(out.statusCode).toBe(200);
    expect(await closedWithin(wsHere)).toBe(4401);
    // And no event of the user reaches a closed socket.
    await t.app.ctx.realtime.toUsers([here.userId], 'pong', { at: 'after-sign-out' });
    expect(wsHere.messages.some((m) => m.data.at === 'after-sign-out')).toBe(false);
  });
});

describe('presence across two instances', () => {
  it('a watcher on instance A sees a user come online and go offline on instance B; both instances agree', async () => {
    const watcher = await signIn(t.app, u.customer);
    const pro = await signIn(b.app, u.pro);
    const watching = await connectWs(t.app, cookie(watcher));
    await watching.next('ready');
    watching.sendEvent('room.join', { room: `presence:${pro.userId}` });
    await watching.next('room.joined');
    expect(await t.app.ctx.realtime.presence.isOnline(pro.userId)).toBe(false);

    const proWs = await connectWs(b.app, cookie(pro));
    await proWs.next('ready');
    expect(await watching.next('presence.changed', (d) => d.online === true)).toEqual({ userId: pro.userId, online: true });
    expect(await t.app.ctx.realtime.presence.isOnline(pro.userId)).toBe(true);
    expect(await b.app.ctx.realtime.presence.isOnline(pro.userId)).toBe(true);

    proWs.close();
    expect(await watching.next('presence.changed', (d) => d.online === false)).toEqual({ userId: pro.userId, online: false });
    expect(await t.app.ctx.realtime.presence.isOnline(pro.userId)).toBe(false);
    watching.close();
  });

  it('an instance that died without a word stops counting: its rows expire and the user is announced offline', async () => {
    const watcher = await signIn(t.app, u.customer);
    const gone = await signIn(t.app, u.pro2);
    const watching = await connectWs(t.app, cookie(watcher));
    await watching.next('ready');
    watching.sendEvent('room.join', { room: `presence:${gone.userId}` });
    await watching.next('room.joined');
    // A row of an instance that crashed two minutes ago (no heartbeat since).
    await t.database.db.execute(sql`
      insert into realtime_presence (instance_id, user_id, connections, seen_at)
      values ('00000000-0000-4000-8000-00000000dead', ${gone.userId}, 1, now() - interval '2 minutes')`);
    expect(await b.app.ctx.realtime.presence.isOnline(gone.userId)).toBe(false);
    await b.app.ctx.realtime.presence.heartbeat();
    expect(await watching.next('presence.changed', (d) => d.userId === gone.userId)).toEqual({ userId: gone.userId, online: false });
    const left = rowsOf(await t.database.db.execute(sql`select 1 from realtime_presence where user_id = ${gone.userId}`));
    expect(left).toEqual([]);
    watching.close();
  });
});
