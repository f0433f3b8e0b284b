/**
 * Chat API and socket tests (docs/chat.md): who may open, read and write a conversation, text and
 * file rules, read receipts and unread counts, typing and presence rooms, delivery across two app
 * instances on one database, catching up after a reconnect, and the push of a new message.
 */
import { deflateSync } from 'node:zlib';
import { PDF_ACTIVE_CONTENT_MESSAGE } from '@khedma/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../platform/jobs';
import { connectWs, ORIGIN } from '../../platform/realtime.test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestPro, type TestUser } from '../../test/factories';

let t: TestApp;
/** A second instance on the same database (PostgreSQL: its own pool and listener; PGlite: in process). */
let b: { app: FastifyInstance; database: Database; own: boolean };
let customer: TestUser;
let pro: TestPro;
let stranger: TestUser;
let admin: TestUser;
let day = 3;

beforeAll(async () => {
  // One customer books a dozen times here: the booking limits are raised (holds.test.ts tests them).
  t = await createTestApp({ rateLimitScale: 100 });
  const serverUrl = inject('pgServerUrl');
  let database = t.database;
  if (serverUrl) {
    const name = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
  }
  const app = await buildApp({ config: testConfig({ rateLimitScale: 100 }), database });
  await app.ready();
  b = { app, database, own: database !== t.database };
  customer = await createCustomer(t, { name: 'Salma Bennani' });
  pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Youssef Plombier' });
  stranger = await createCustomer(t, { name: 'Other Person' });
  admin = await createAdmin(t);
}, 60_000);
afterAll(async () => {
  await b?.app.close();
  if (b?.own) await b.database.close();
  await t?.close();
});

const as = (u: { cookie: string }, o: Record<string, unknown>) => ({ ...o, headers: { ...(o.headers as object), cookie: u.cookie } }) as never;

/** A paid booking of `customer` with `pro` on its own day, and its conversation opened by the customer. */
async function conversation() {
  const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(day++) });
  const res = await t.app.inject(as(customer, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: booking.id } }));
  expect(res.statusCode).toBe(201);
  return { bookingId: booking.id, id: res.json().conversation.id as string };
}

const send = (u: { cookie: string }, id: string, content: unknown) =>
  t.app.inject(as(u, { method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { content } }));

function multipart(name: string, body: Buffer, type = 'application/octet-stream') {
  const boundary = `----chat${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (u: { cookie: string }, id: string, name: string, body: Buffer) => {
  const m = multipart(name, body);
  return t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/files`, payload: m.payload, headers: { ...m.headers, cookie: u.cookie } });
};

describe('conversations: one per booking, its customer and its professional (admins read)', () => {
  it('the customer opens it (201 with the copy), again answers the same one (200); the professional can open it too', async () => {
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(day++) });
    const first = await t.app.inject(as(customer, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: booking.id } }));
    expect(first.statusCode).toBe(201);
    const c = first.json().conversation;
    expect(c).toMatchObject({ bookingId: booking.id, viewerRole: 'customer', unreadCount: 0, lastMessage: null });
    expect(c.professional).toMatchObject({ userId: pro.userId, role: 'professional' });
    const again = await t.app.inject(as(customer, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: booking.id } }));
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(c.id);
    const byPro = await t.app.inject(as(pro, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: booking.id } }));
    expect(byPro.statusCode).toBe(200);
    expect(byPro.json().conversation).toMatchObject({ id: c.id, viewerRole: 'professional' });
    const list = await t.app.inject(as(pro, { method: 'GET', url: '/api/chat/conversations' }));
    expect(list.json().conversations.map((x: { id: string }) => x.id)).toContain(c.id);
  });

  it("names the booking's service in the three languages (the stored title is English), for the reader's", async () => {
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(day++) });
    const c = (await t.app.inject(as(customer, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: booking.id } }))).json().conversation;
    const service = (await t.app.inject({ method: 'GET', url: `/api/services/${pro.serviceTypeIds[0]}` })).json();
    expect(c.bookingService).toEqual(service.name);
    expect(c.bookingService.ar).not.toBe(c.bookingService.en);
    expect(c.bookingDurationMinutes).toBe(60); // 10:00-11:00
    const listed = (await t.app.inject(as(pro, { method: 'GET', url: '/api/chat/conversations' }))).json().conversations.find((x: { id: string }) => x.id === c.id);
    expect(listed.bookingService).toEqual(service.name);
  });

  it('nobody else: a stranger gets 404 everywhere, signed-out 401, an unpaid booking 409, bad ids 400', async () => {
    const c = await conversation();
    const open = await t.app.inject(as(stranger, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: c.bookingId } }));
    expect(open.statusCode).toBe(404);
    for (const url of [`/api/chat/conversations/${c.id}`, `/api/chat/conversations/${c.id}/messages`, `/api/chat/bookings/${c.bookingId}/conversation`]) {
      expect((await t.app.inject(as(stranger, { method: 'GET', url }))).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await send(stranger, c.id, 'hello')).statusCode).toBe(404);
    expect((await t.app.inject(as(stranger, { method: 'POST', url: `/api/chat/conversations/${c.id}/read` }))).statusCode).toBe(404);
    expect((await t.app.inject(as(stranger, { method: 'GET', url: '/api/chat/conversations' }))).json().conversations).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/conversations', payload: { bookingId: c.bookingId } })).statusCode).toBe(401);
    expect((await t.app.inject(as(customer, { method: 'GET', url: '/api/chat/conversations/not-a-uuid' }))).statusCode).toBe(400);

    // A booking not paid yet is not the professional's: no conversation.
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: customer.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(day++), startTime: '10:00', endTime: '11:00' , location: '12 Rue Ibnou Sina' },
    });
    expect(unpaid.statusCode).toBe(201);
    const refused = await t.app.inject(as(customer, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: unpaid.json().id } }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONFLICT');
  });

  it('an admin reads the conversation and its messages but may not write in it or mark it read', async () => {
    const c = await conversation();
    expect((await send(customer, c.id, 'Bonjour')).statusCode).toBe(201);
    const read = await t.app.inject(as(admin, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages` }));
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((m: { content: string }) => m.content)).toEqual(['Bonjour']);
    expect((await t.app.inject(as(admin, { method: 'GET', url: `/api/chat/bookings/${c.bookingId}/conversation` }))).json().viewerRole).toBe('admin');
    expect((await send(admin, c.id, 'I am the admin')).statusCode).toBe(403);
    expect((await t.app.inject(as(admin, { method: 'POST', url: `/api/chat/conversations/${c.id}/read` }))).statusCode).toBe(403);
    // Still unread for the professional: the admin's reading changed nothing.
    const list = await t.app.inject(as(pro, { method: 'GET', url: '/api/chat/conversations' }));
    expect(list.json().conversations.find((x: { id: string }) => x.id === c.id).unreadCount).toBe(1);
  });
});

describe('messages, unread counts and read receipts', () => {
  it('refuses empty, blank and too long messages (400, nothing stored); trims the rest', async () => {
    const c = await conversation();
    for (const content of ['', '   ', 'x'.repeat(2001), 42]) {
      const res = await send(customer, c.id, content);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const ok = await send(customer, c.id, '  Salam, vous venez à 10h ?  ');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ content: 'Salam, vous venez à 10h ?', type: 'text', senderId: customer.userId, readAt: null });
    const list = await t.app.inject(as(pro, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages` }));
    expect(list.json().messages).toHaveLength(1);
  });

  it('counts unread per conversation for the recipient only, and a read receipt reaches the sender live', async () => {
    const c = await conversation();
    const ws = await connectWs(t.app, { origin: ORIGIN, cookie: customer.cookie });
    await ws.next('ready');
    await send(customer, c.id, 'one');
    await send(customer, c.id, 'two');
    const proList = (await t.app.inject(as(pro, { method: 'GET', url: '/api/chat/conversations' }))).json();
    const mine = proList.conversations.find((x: { id: string }) => x.id === c.id);
    expect(mine).toMatchObject({ unreadCount: 2, lastMessage: { preview: 'two', senderId: customer.userId } });
    expect(proList.unreadTotal).toBeGreaterThanOrEqual(2);
    const custList = (await t.app.inject(as(customer, { method: 'GET', url: '/api/chat/conversations' }))).json();
    expect(custList.conversations.find((x: { id: string }) => x.id === c.id).unreadCount).toBe(0);

    const read = await t.app.inject(as(pro, { method: 'POST', url: `/api/chat/conversations/${c.id}/read` }));
    expect(read.statusCode).toBe(200);
    expect(read.json().read).toBe(2);
    expect(await ws.next('chat.read', (d) => d.conversationId === c.id)).toMatchObject({ readerId: pro.userId });
    const msgs = (await t.app.inject(as(customer, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages` }))).json().messages;
    expect(msgs.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
    // Reading one's own messages marks nothing.
    expect((await t.app.inject(as(customer, { method: 'POST', url: `/api/chat/conversations/${c.id}/read` }))).json().read).toBe(0);
    ws.close();
  });
});

describe('files: images, pdf, doc, docx, txt by their bytes, at most 10 MB, served to the two parties only', () => {
  it('stores an image privately (metadata stripped) and serves it to both parties and admins only', async () => {
    const c = await conversation();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    const res = await upload(customer, c.id, 'photo|evil.png', png);
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m.type).toBe('image');
    expect(m.file.name).toBe('photoevil.png');
    expect(m.content).toBe(`photoevil.png|${m.file.url}`);
    for (const who of [customer, pro, admin]) {
      const got = await t.app.inject(as(who, { method: 'GET', url: m.file.url }));
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await t.app.inject(as(stranger, { method: 'GET', url: m.file.url }))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: m.file.url })).statusCode).toBe(401);
  });

  it('accepts pdf and txt as downloads; refuses what its bytes say is something else (415) and more than 10 MB (413)', async () => {
    const c = await conversation();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const p = await upload(pro, c.id, 'devis.pdf', pdf);
    expect(p.statusCode).toBe(201);
    expect(p.json()).toMatchObject({ type: 'file', file: { name: 'devis.pdf' } });
    const got = await t.app.inject(as(customer, { method: 'GET', url: p.json().file.url }));
    expect(got.headers['content-disposition']).toBe('attachment');
    expect(got.headers['content-type']).toBe('application/pdf');

    expect((await upload(customer, c.id, 'notes.txt', Buffer.from('Code de la porte: 1234\nMerci'))).statusCode).toBe(201);
    // An executable named .pdf, binary named .txt, and an HTML page: refused by their bytes.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    for (const [name, body] of [['devis.pdf', exe], ['notes.txt', Buffer.from([0, 1, 2, 3, 0xff, 0xfe])], ['page.png', Buffer.from('<html><script>alert(1)</script>')]] as const) {
      const res = await upload(customer, c.id, name, body);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    // A PDF that runs JavaScript when opened (issue 38), plainly or hidden in an object stream: refused, with the reason.
    const scripted = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
    const inner = deflateSync(Buffer.from('2 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>'));
    const hidden = Buffer.concat([
      Buffer.from(`%PDF-1.5\n1 0 obj<< /Type /Catalog /OpenAction 2 0 R >>endobj\n3 0 obj<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${inner.length} >>\nstream\n`),
      inner,
      Buffer.from('\nendstream\nendobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n'),
    ]);
    for (const body of [scripted, hidden]) {
      const res = await upload(customer, c.id, 'devis.pdf', body);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'PDF_ACTIVE_CONTENT', message: PDF_ACTIVE_CONTENT_MESSAGE });
    }
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await upload(customer, c.id, 'big.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('File too large: Please select a file smaller than 10MB');
    // Only the accepted uploads became messages.
    const msgs = (await t.app.inject(as(customer, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages` }))).json().messages;
    expect(msgs.map((m: { type: string }) => m.type)).toEqual(['file', 'file']);
    // A stranger cannot upload into it, an admin neither.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(stranger, c.id, 'x.png', png)).statusCode).toBe(404);
    expect((await upload(admin, c.id, 'x.png', png)).statusCode).toBe(403);
  });
});

describe('the realtime channel', () => {
  it('a conversation room is joined by its parties only; typing reaches the other party, a flood of it is dropped', async () => {
    const c = await conversation();
    const room = `conversation:${c.id}`;
    const cw = await connectWs(t.app, { origin: ORIGIN, cookie: customer.cookie });
    const pw = await connectWs(t.app, { origin: ORIGIN, cookie: pro.cookie });
    const sw = await connectWs(t.app, { origin: ORIGIN, cookie: stranger.cookie });
    await Promise.all([cw.next('ready'), pw.next('ready'), sw.next('ready')]);
    sw.sendEvent('room.join', { room });
    expect(await sw.next('error', (d) => d.event === 'room.join')).toMatchObject({ code: 'FORBIDDEN' });
    sw.sendEvent('chat.typing', { conversationId: c.id });
    expect(await sw.next('error', (d) => d.event === 'chat.typing')).toMatchObject({ code: 'FORBIDDEN' });
    sw.sendEvent('room.join', { room: `presence:${pro.userId}` });
    expect(await sw.next('error', (d) => d.event === 'room.join' && sw.messages.filter((m) => m.event === 'error').length === 3)).toMatchObject({ code: 'FORBIDDEN' });

    cw.sendEvent('room.join', { room });
    pw.sendEvent('room.join', { room });
    await Promise.all([cw.next('room.joined'), pw.next('room.joined')]);
    cw.sendEvent('chat.typing', { conversationId: c.id });
    expect(await pw.next('chat.typing')).toEqual({ conversationId: c.id, userId: customer.userId });
    cw.sendEvent('chat.typing', { conversationId: 'nope' });
    expect(await cw.next('error', (d) => d.event === 'chat.typing')).toMatchObject({ code: 'VALIDATION_FAILED' });

    // 200 typing frames at once: the hub's budget and the 250 ms gap drop nearly all of them,
    // and the socket still works for everyone.
    const before = pw.messages.filter((m) => m.event === 'chat.typing').length;
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 200; i++) cw.sendEvent('chat.typing', { conversationId: c.id });
    await new Promise((r) => setTimeout(r, 500));
    const forwarded = pw.messages.filter((m) => m.event === 'chat.typing').length - before;
    expect(forwarded).toBeGreaterThanOrEqual(1);
    expect(forwarded).toBeLessThanOrEqual(3);
    cw.sendEvent('ping', {});
    await cw.next('pong');
    expect((await send(customer, c.id, 'still here')).statusCode).toBe(201);
    await pw.next('chat.message', (d) => d.conversationId === c.id);
    // The stranger heard nothing of it.
    expect(sw.messages.some((m) => m.event === 'chat.message' || m.event === 'chat.typing')).toBe(false);
    for (const w of [cw, pw, sw]) w.close();
  });

  it('presence: the other party of a conversation may watch a user come online', async () => {
    const c = await conversation();
    expect(c.id).toBeTruthy();
    const cw = await connectWs(t.app, { origin: ORIGIN, cookie: customer.cookie });
    await cw.next('ready');
    cw.sendEvent('room.join', { room: `presence:${pro.userId}` });
    await cw.next('room.joined');
    const pw = await connectWs(t.app, { origin: ORIGIN, cookie: pro.cookie });
    await pw.next('ready');
    expect(await cw.next('presence.changed', (d) => d.userId === pro.userId && d.online === true)).toBeTruthy();
    const list = (await t.app.inject(as(customer, { method: 'GET', url: `/api/chat/conversations/${c.id}` }))).json();
    expect(list.otherOnline).toBe(true);
    pw.close();
    cw.close();
  });

  it('refuses a socket without a session (401) or from another site (403)', async () => {
    await expect(t.app.injectWS('/api/ws', { headers: { origin: ORIGIN } })).rejects.toThrow(/401/);
    await expect(t.app.injectWS('/api/ws', { headers: { origin: 'https://evil.example', cookie: customer.cookie } })).rejects.toThrow(/403/);
  });

  it('two instances on one database deliver to each other: a message sent through A reaches a socket on B, and B\'s typing reaches A', async () => {
    const c = await conversation();
    const room = `conversation:${c.id}`;
    const onB = await connectWs(b.app, { origin: ORIGIN, cookie: pro.cookie });
    const onA = await connectWs(t.app, { origin: ORIGIN, cookie: customer.cookie });
    await Promise.all([onB.next('ready'), onA.next('ready')]);
    onB.sendEvent('room.join', { room });
    onA.sendEvent('room.join', { room });
    await Promise.all([onB.next('room.joined'), onA.next('room.joined')]);
    const sent = await send(customer, c.id, 'across instances');
    const heard = await onB.next('chat.message', (d) => d.messageId === sent.json().id);
    expect(heard).toMatchObject({ conversationId: c.id, senderId: customer.userId });
    // The event says what changed; B fetches it from its own pool: stored before it was announced.
    const fetched = await b.app.inject(as(pro, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages` }));
    expect(fetched.json().messages.at(-1).content).toBe('across instances');
    onB.sendEvent('chat.typing', { conversationId: c.id });
    expect(await onA.next('chat.typing')).toEqual({ conversationId: c.id, userId: pro.userId });
    onA.close();
    onB.close();
  });

  it('a client that was away catches up: messages sent while it was disconnected are fetched after the last one it had', async () => {
    const c = await conversation();
    const first = (await send(customer, c.id, 'before')).json();
    const pw = await connectWs(t.app, { origin: ORIGIN, cookie: pro.cookie });
    await pw.next('ready');
    pw.close();
    await send(customer, c.id, 'while away 1');
    await send(customer, c.id, 'while away 2');
    const back = await connectWs(b.app, { origin: ORIGIN, cookie: pro.cookie });
    await back.next('ready');
    const missed = await b.app.inject(as(pro, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages?after=${first.id}` }));
    expect(missed.json().messages.map((m: { content: string }) => m.content)).toEqual(['while away 1', 'while away 2']);
    back.close();
  });
});

describe('web push of new messages', () => {
  it('saves a browser subscription (validated), pushes a new message to a recipient who is offline, not to one online', async () => {
    const c = await conversation();
    // Earlier tests' messages have their push jobs due: run them before this browser subscribes.
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 1000));
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    // Only the browsers' push services: the server POSTs to the endpoint.
    for (const bad of ['http://fcm.googleapis.com/fcm/send/x', 'https://169.254.169.254/latest', 'https://internal.local/x', 'https://fcm.googleapis.com:8443/x', 'https://evil.notify.windows.com.attacker.net/x']) {
      expect((await t.app.inject(as(pro, { method: 'POST', url: '/api/push/subscriptions', payload: { endpoint: bad, keys } }))).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys } })).statusCode).toBe(401);
    expect((await t.app.inject(as(pro, { method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys } }))).statusCode).toBe(204);
    expect((await t.app.inject(as(pro, { method: 'GET', url: '/api/push/config' }))).json()).toHaveProperty('enabled');

    await send(customer, c.id, 'Vous êtes là ?');
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 1000));
    const pushes = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().filter((m: { channel: string; to: string }) => m.channel === 'push' && m.to === endpoint);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0].text)).toMatchObject({ title: 'New message from Salma Bennani', body: 'Vous êtes là ?', url: `/chat?conversation=${c.id}` });

    // Online: the app shows it; no push.
    const pw = await connectWs(t.app, { origin: ORIGIN, cookie: pro.cookie });
    await pw.next('ready');
    await new Promise((r) => setTimeout(r, 100));
    await send(customer, c.id, 'second');
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 1000));
    const after = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().filter((m: { channel: string; to: string }) => m.channel === 'push' && m.to === endpoint);
    expect(after).toHaveLength(1);
    pw.close();

    // Removing it: the user's own only.
    expect((await t.app.inject(as(stranger, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } }))).statusCode).toBe(204);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from push_subscriptions where endpoint = ${endpoint}`))).toHaveLength(1);
    expect((await t.app.inject(as(pro, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } }))).statusCode).toBe(204);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from push_subscriptions where endpoint = ${endpoint}`))).toHaveLength(0);
  });
});

describe('the database drops the listener under a live conversation (PostgreSQL only)', () => {
  it('sockets are told to re-sync, then hear new messages again; nothing stored is lost', async (ctx) => {
    const serverUrl = inject('pgServerUrl');
    if (!serverUrl) return ctx.skip('needs PostgreSQL (npm run test:pg): PGlite runs in process and has no connection to drop');
    const c = await conversation();
    const pw = await connectWs(t.app, { origin: ORIGIN, cookie: pro.cookie });
    await pw.next('ready');
    const name = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`))[0]!.db;
    const pg = (await import('pg')).default;
    const adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    try {
      await adminClient.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'khedma-listener' and pid <> pg_backend_pid()`,
        [name],
      );
    } finally {
      await adminClient.end();
    }
    // Sent while the listener may be down: stored all the same.
    const during = await send(customer, c.id, 'during the drop');
    expect(during.statusCode).toBe(201);
    expect(await pw.next('resync', () => true, 20_000)).toEqual({ reason: 'reconnected' });
    const after = await send(customer, c.id, 'after the drop');
    await pw.next('chat.message', (d) => d.messageId === after.json().id);
    const all = (await t.app.inject(as(pro, { method: 'GET', url: `/api/chat/conversations/${c.id}/messages` }))).json().messages;
    expect(all.map((m: { content: string }) => m.content)).toEqual(['during the drop', 'after the drop']);
    pw.close();
  });
});

describe('sending limits (their real size: an app of its own)', () => {
  it('a user sends at most 60 text messages a minute: the 61st is 429 with Retry-After, and nothing is stored', async () => {
    const own = await createTestApp();
    try {
      const c1 = await createCustomer(own);
      const p1 = await createPro(own, { city: 'fes', category: 'plumbing' });
      const booking = await createPaidBooking(own, { customer: c1, pro: p1 });
      const opened = await own.app.inject(as(c1, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: booking.id } }));
      const id = opened.json().conversation.id as string;
      for (let i = 0; i < 60; i++) {
        const res = await own.app.inject(as(c1, { method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { content: `m${i}` } }));
        expect(res.statusCode).toBe(201);
      }
      const over = await own.app.inject(as(c1, { method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { content: 'one too many' } }));
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('RATE_LIMITED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      const stored = (await own.app.inject(as(c1, { method: 'GET', url: `/api/chat/conversations/${id}/messages` }))).json().messages;
      expect(stored).toHaveLength(60);
      // The other party is not held back by it.
      expect((await own.app.inject(as(p1, { method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { content: 'ok' } }))).statusCode).toBe(201);
    } finally {
      await own.close();
    }
  });
});
