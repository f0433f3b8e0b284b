/**
 * A booking's conversation follows the booking when an admin reassigns it (docs/chat.md: one
 * conversation per booking, between its customer and its professional). Before the fix the
 * conversation kept the professional it was opened with: the professional taken off the booking
 * still read the customer's messages (address, phone, door code), wrote to them and received new
 * ones, while the professional now doing the job was told the conversation did not exist. A socket
 * that had joined the conversation's room kept hearing its messages, read receipts and typing.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWs, ORIGIN } from '../../platform/realtime.test-helpers';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestPro, type TestUser } from '../../test/factories';
import { startApp, type TestApp } from '../../test/helpers';
import { multipartBody } from '../../test/openapi-operations';

let t: TestApp;
let customer: TestUser;
let stranger: TestUser;
let admin: TestUser;
let pros: TestPro[];

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  customer = await createCustomer(t, { name: 'Salma Bennani' });
  stranger = await createCustomer(t, { name: 'Other Person' });
  admin = await createAdmin(t, { roles: ['super_admin'] });
  // Two electricians in Tanger: the demo data has none, so the booking goes to one of them and may move to the other.
  pros = [await createPro(t, { city: 'tanger', category: 'electrical', name: 'Karim Alpha' }), await createPro(t, { city: 'tanger', category: 'electrical', name: 'Hamza Beta' })];
}, 120_000);
afterAll(async () => t?.close());

const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('reassigning a booking moves its conversation to the new professional', () => {
  it('the previous professional loses it (read, write, files, by booking, in the list); the new one has it', async () => {
    const booking = await createPaidBooking(t, { customer, pro: pros[0]!, date: casablancaDate(5), serviceTypeId: pros[0]!.serviceTypeIds[0] });
    const before = pros.find((p) => p.professionalId === booking.professionalId)!;
    const after = pros.find((p) => p.professionalId !== booking.professionalId)!;

    const opened = await call(customer, 'POST', '/api/chat/conversations', { bookingId: booking.id });
    expect(opened.statusCode).toBe(201);
    const id = opened.json().conversation.id as string;
    expect((await call(customer, 'POST', `/api/chat/conversations/${id}/messages`, { content: 'The door code is 4521.' })).statusCode).toBe(201);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    const m = multipartBody([{ filename: 'door.png', type: 'image/png', body: png }]);
    const upload = await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/files`, payload: m.payload, headers: { ...m.headers, cookie: customer.cookie } });
    expect(upload.statusCode).toBe(201);
    const fileUrl = upload.json().file.url as string;
    expect((await call(before, 'GET', `/api/chat/conversations/${id}/messages`)).statusCode).toBe(200);
    expect((await call(before, 'GET', fileUrl)).statusCode).toBe(200);

    const moved = await call(admin, 'POST', `/api/admin/bookings/${booking.id}/reassign`, { professionalId: after.professionalId, expectedStatus: 'pending' });
    expect(moved.statusCode).toBe(200);

    // The professional taken off the booking: as anyone else, "not found", and nothing sent.
    for (const [method, url, payload] of [
      ['GET', `/api/chat/conversations/${id}`],
      ['GET', `/api/chat/conversations/${id}/messages`],
      ['GET', `/api/chat/bookings/${booking.id}/conversation`],
      ['POST', `/api/chat/conversations/${id}/messages`, { content: 'Still here?' }],
      ['POST', `/api/chat/conversations/${id}/read`],
      ['POST', '/api/chat/conversations', { bookingId: booking.id }],
      ['GET', fileUrl],
    ] as const) {
      const res = await call(before, method, url, payload);
      expect(res.statusCode, `${method} ${url} as the previous professional`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const list = await call(before, 'GET', '/api/chat/conversations');
    expect(list.json().conversations.map((c: { id: string }) => c.id)).not.toContain(id);
    // Nobody else gained anything either.
    expect((await call(stranger, 'GET', `/api/chat/conversations/${id}/messages`)).statusCode).toBe(404);

    // The professional now on the booking: the same conversation, its history, and may answer.
    const mine = await call(after, 'GET', `/api/chat/bookings/${booking.id}/conversation`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id, viewerRole: 'professional', professional: { userId: after.userId } });
    const history = await call(after, 'GET', `/api/chat/conversations/${id}/messages`);
    expect(history.json().messages.map((m: { content: string }) => m.content)).toEqual(['The door code is 4521.', `door.png|${fileUrl}`]);
    expect((await call(after, 'GET', fileUrl)).statusCode).toBe(200);
    expect((await call(after, 'POST', `/api/chat/conversations/${id}/messages`, { content: 'I will come on time.' })).statusCode).toBe(201);
    expect((await call(after, 'GET', '/api/chat/conversations')).json().conversations.map((c: { id: string }) => c.id)).toContain(id);
    // The customer keeps it, now with the new professional.
    const theirs = await call(customer, 'GET', `/api/chat/conversations/${id}`);
    expect(theirs.json()).toMatchObject({ viewerRole: 'customer', professional: { userId: after.userId } });
  });

  it("the previous professional's sockets leave the conversation's room and cannot join it again", async () => {
    const booking = await createPaidBooking(t, { customer, pro: pros[0]!, date: casablancaDate(7), serviceTypeId: pros[0]!.serviceTypeIds[0] });
    const before = pros.find((p) => p.professionalId === booking.professionalId)!;
    const after = pros.find((p) => p.professionalId !== booking.professionalId)!;
    const id = (await call(customer, 'POST', '/api/chat/conversations', { bookingId: booking.id })).json().conversation.id as string;
    const room = `conversation:${id}`;
    const cw = await connectWs(t.app, { origin: ORIGIN, cookie: customer.cookie });
    const old = await connectWs(t.app, { origin: ORIGIN, cookie: before.cookie });
    await Promise.all([cw.next('ready'), old.next('ready')]);
    cw.sendEvent('room.join', { room });
    old.sendEvent('room.join', { room });
    await Promise.all([cw.next('room.joined'), old.next('room.joined')]);
    // While on the booking the professional hears the conversation.
    expect((await call(customer, 'POST', `/api/chat/conversations/${id}/messages`, { content: 'Before' })).statusCode).toBe(201);
    await old.next('chat.message', (d) => d.conversationId === id);

    expect((await call(admin, 'POST', `/api/admin/bookings/${booking.id}/reassign`, { professionalId: after.professionalId, expectedStatus: 'pending' })).statusCode).toBe(200);
    const heard = () => old.messages.filter((m) => ['chat.message', 'chat.read', 'chat.typing'].includes(m.event) && m.data.conversationId === id).length;
    // The revocation is a NOTIFY at the reassignment's commit: give it a moment to arrive.
    await new Promise((r) => setTimeout(r, 300));
    const heardBefore = heard();
    const aw = await connectWs(t.app, { origin: ORIGIN, cookie: after.cookie });
    await aw.next('ready');
    aw.sendEvent('room.join', { room });
    await aw.next('room.joined');
    expect((await call(customer, 'POST', `/api/chat/conversations/${id}/messages`, { content: 'After' })).statusCode).toBe(201);
    cw.sendEvent('chat.typing', { conversationId: id });
    expect((await call(after, 'POST', `/api/chat/conversations/${id}/read`)).statusCode).toBe(200);
    // The new professional hears all of it (so it was sent); the previous one none of it.
    await aw.next('chat.message', (d) => d.conversationId === id);
    await aw.next('chat.typing', (d) => d.conversationId === id);
    await cw.next('chat.read', (d) => d.conversationId === id);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard()).toBe(heardBefore);
    // Typing from the old socket is refused, and joining again too.
    old.sendEvent('chat.typing', { conversationId: id });
    expect(await old.next('error', (d) => d.event === 'chat.typing')).toMatchObject({ code: 'FORBIDDEN' });
    old.sendEvent('room.join', { room });
    expect(await old.next('error', (d) => d.event === 'room.join')).toMatchObject({ code: 'FORBIDDEN' });
    for (const w of [cw, old, aw]) w.close();
  });

  it('a refused reassignment leaves the conversation where it was', async () => {
    const booking = await createPaidBooking(t, { customer, pro: pros[0]!, date: casablancaDate(6), serviceTypeId: pros[0]!.serviceTypeIds[0] });
    const owner = pros.find((p) => p.professionalId === booking.professionalId)!;
    const opened = await call(customer, 'POST', '/api/chat/conversations', { bookingId: booking.id });
    const id = opened.json().conversation.id as string;
    // Not an admin with the right, and the same professional again: both refused, nothing moves.
    expect((await call(owner, 'POST', `/api/admin/bookings/${booking.id}/reassign`, { professionalId: owner.professionalId, expectedStatus: 'pending' })).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/admin/bookings/${booking.id}/reassign`, { professionalId: owner.professionalId, expectedStatus: 'pending' })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/api/chat/conversations/${id}/messages`)).statusCode).toBe(200);
  });
});
