import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextSupportStatus, SUPPORT_STATUSES, SUPPORT_RULES, type SupportEvent, type SupportStatus } from '@khedma/shared/domain/support';
import { supportTickets } from '../../db/schema/index';
import { createAdmin, createCustomer, createPaidBooking, createPro, type TestPro, type TestUser, type TestBooking } from '../../test/factories';
import { freshIp, outbox, startApp, type TestApp } from '../../test/helpers';
import { multipartBody } from '../../test/openapi-operations';
import { propertyTimeout } from '../../test/property';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let pro: TestPro;
let admin: TestUser;
let otherAdmin: TestUser;
let reviewer: TestUser;
let booking: TestBooking;

beforeAll(async () => {
  t = await startApp({ supportEmail: 'support@khedma.test' });
  customer = await createCustomer(t, { name: 'Salma Support' });
  other = await createCustomer(t, { name: 'Omar Other' });
  pro = await createPro(t, { city: 'fes', category: 'plumbing' });
  admin = await createAdmin(t, { roles: ['super_admin'], name: 'Aicha Admin' });
  otherAdmin = await createAdmin(t, { roles: ['super_admin'], name: 'Bilal Admin' });
  reviewer = await createAdmin(t, { roles: ['application_reviewer'] });
  booking = await createPaidBooking(t, { customer, pro });
  expect(booking.professionalId).toBe(pro.professionalId);
}, 180_000);
afterAll(async () => t?.close());

const as = (u: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: freshIp(), headers: u ? { cookie: u.cookie } : {}, ...(payload ? { payload } : {}) });

async function open(u: TestUser, extra: Record<string, unknown> = {}) {
  const res = await as(u, 'POST', '/api/support/tickets', { subject: 'Problem with my booking', category: 'booking', message: 'The professional came late.', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; status: string; messages: unknown[] }>();
}

describe('a person opens a ticket', () => {
  it('on one of their bookings: open, the first-answer target, the team emailed', async () => {
    const res = await as(customer, 'POST', '/api/support/tickets', { subject: 'Late professional', category: 'booking', message: 'He arrived an hour late.', bookingId: booking.id });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({ status: 'open', category: 'booking', bookingId: booking.id, bookingReference: booking.reference, canReply: true, canResolve: true });
    expect(new Date(ticket.firstAnswerDue).getTime() - new Date(ticket.createdAt).getTime()).toBe(SUPPORT_RULES.firstAnswerHours * 3600_000);
    expect(ticket.messages).toHaveLength(1);
    const mail = (await outbox(t.app)).find((m) => m.to === 'support@khedma.test' && m.subject?.includes('Late professional'));
    expect(mail?.text).toContain('He arrived an hour late.');
  });

  it("the booking's professional may open one on it too; someone else's booking is not found (404)", async () => {
    expect((await as(pro, 'POST', '/api/support/tickets', { subject: 'Customer absent', category: 'booking', message: 'Nobody at the address.', bookingId: booking.id })).statusCode).toBe(201);
    const res = await as(other, 'POST', '/api/support/tickets', { subject: 'Not mine', category: 'booking', message: 'Trying a stranger booking.', bookingId: booking.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses bad input with field messages, and signed-out callers (401)', async () => {
    const bad = await as(customer, 'POST', '/api/support/tickets', { subject: 'x', category: 'nope', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['subject', 'category', 'message']));
    expect((await as(null, 'POST', '/api/support/tickets', { subject: 'Hello', category: 'other', message: 'Hi' })).statusCode).toBe(401);
  });

  it(`limits ticket creation (${SUPPORT_RULES.ticketsPerHour} an hour) with 429 and Retry-After`, async () => {
    const flooder = await createCustomer(t);
    for (let i = 0; i < SUPPORT_RULES.ticketsPerHour; i++) await open(flooder, { subject: `Flood ${i}` });
    const res = await as(flooder, 'POST', '/api/support/tickets', { subject: 'One too many', category: 'other', message: 'Again.' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the thread between the person and the team', () => {
  it('answer, internal note, reply, resolve: the person never sees the note, and hears of the answer', async () => {
    const customer = await createCustomer(t);
    const ticket = await open(customer, { subject: 'Refund question' });
    // The queue: a non-admin and an admin without support:manage are refused.
    expect((await as(customer, 'GET', '/api/admin/support/tickets')).statusCode).toBe(403);
    expect((await as(reviewer, 'GET', '/api/admin/support/tickets')).statusCode).toBe(403);
    const queue = await as(admin, 'GET', '/api/admin/support/tickets?status=open');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().tickets.map((x: { id: string }) => x.id)).toContain(ticket.id);
    expect(queue.json().admins.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([admin.userId, otherAdmin.userId]));

    const note = await as(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/messages`, { message: 'SECRET-NOTE: check the CMI log first', internal: true });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().status).toBe('open');
    const answer = await as(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/messages`, { message: 'Your refund left today.' });
    expect(answer.json().status).toBe('waiting_for_user');

    const seen = await as(customer, 'GET', `/api/support/tickets/${ticket.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('SECRET-NOTE');
    expect(seen.body).not.toContain('Aicha');
    expect(seen.json()).toMatchObject({ status: 'waiting_for_user' });
    expect(seen.json().messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['user', 'The professional came late.'],
      ['support', 'Your refund left today.'],
    ]);
    expect(seen.json().firstAnsweredAt).not.toBeNull();
    // The list does not carry notes either.
    expect((await as(customer, 'GET', '/api/support/tickets')).body).not.toContain('SECRET-NOTE');
    // The person is emailed the answer, never the note.
    const mails = (await outbox(t.app)).filter((m) => m.to === customer.email);
    expect(mails.some((m) => m.text.includes('Your refund left today.') && m.text.includes(`/support/${ticket.id}`))).toBe(true);
    expect(mails.some((m) => m.text.includes('SECRET-NOTE'))).toBe(false);
    // The admin's view has both.
    const adminView = (await as(admin, 'GET', `/api/admin/support/tickets/${ticket.id}`)).json();
    expect(adminView.messages.filter((m: { internal: boolean }) => m.internal)).toHaveLength(1);

    // The person's reply gives the turn back to support.
    const reply = await as(customer, 'POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'Thanks, received.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().status).toBe('open');
    const resolved = await as(customer, 'POST', `/api/support/tickets/${ticket.id}/resolve`);
    expect(resolved.json()).toMatchObject({ status: 'resolved', canResolve: false, canReply: true });
    expect(resolved.json().closesAt).not.toBeNull();
    expect((await as(customer, 'POST', `/api/support/tickets/${ticket.id}/resolve`)).statusCode).toBe(409);
  });

  it("another person can neither read nor answer someone's ticket (404), nor see it listed", async () => {
    const customer = await createCustomer(t);
    const ticket = await open(customer, { subject: 'Private matter' });
    for (const [method, url, payload] of [
      ['GET', `/api/support/tickets/${ticket.id}`, undefined],
      ['POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'Intruding' }],
      ['POST', `/api/support/tickets/${ticket.id}/resolve`, undefined],
    ] as const) {
      expect((await as(other, method, url, payload)).statusCode).toBe(404);
      expect((await as(pro, method, url, payload)).statusCode).toBe(404);
    }
    expect((await as(other, 'GET', '/api/support/tickets')).body).not.toContain(ticket.id);
  });

  it('assignment to oneself or another support admin, not to a non-admin; filters by assignment', async () => {
    const customer = await createCustomer(t);
    const ticket = await open(customer, { subject: 'Assign me' });
    const mine = await as(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { assigneeId: admin.userId });
    expect(mine.json().assignee).toMatchObject({ id: admin.userId, name: 'Aicha Admin' });
    expect((await as(admin, 'GET', '/api/admin/support/tickets?assigned=me')).json().tickets.map((x: { id: string }) => x.id)).toContain(ticket.id);
    const theirs = await as(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { assigneeId: otherAdmin.userId });
    expect(theirs.json().assignee.id).toBe(otherAdmin.userId);
    expect((await as(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { assigneeId: customer.userId })).statusCode).toBe(400);
    expect((await as(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { assigneeId: reviewer.userId })).statusCode).toBe(400);
    // Closed by hand: the person can no longer write (409), the admin may reopen.
    expect((await as(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { status: 'closed' })).json().status).toBe('closed');
    expect((await as(customer, 'POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'Hello?' })).statusCode).toBe(409);
    expect((await as(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { status: 'open' })).json().status).toBe('open');
  });

  it('the queue puts the longest waiting for support first', async () => {
    const first = await open(await createCustomer(t), { subject: 'Waiting longest' });
    const second = await open(other, { subject: 'Waiting less' });
    await t.database.db.update(supportTickets).set({ waitingSince: new Date(Date.now() - 3 * 3600_000) }).where(eq(supportTickets.id, first.id));
    const ids = (await as(admin, 'GET', '/api/admin/support/tickets?status=open')).json().tickets.map((x: { id: string }) => x.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it('a resolved ticket closes itself after autoCloseDays (the durable job), unless reopened', async () => {
    const customer = await createCustomer(t);
    const ticket = await open(customer, { subject: 'Close me later' });
    await as(customer, 'POST', `/api/support/tickets/${ticket.id}/resolve`);
    // Reopened and resolved again: the first resolution's job must not close the second one early.
    await as(customer, 'POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'One more thing.' });
    await as(customer, 'POST', `/api/support/tickets/${ticket.id}/resolve`);
    // Not yet due.
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 60_000));
    expect((await as(customer, 'GET', `/api/support/tickets/${ticket.id}`)).json().status).toBe('resolved');
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + (SUPPORT_RULES.autoCloseDays * 24 + 1) * 3600_000));
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.status).toBe('closed');
  });

  it('respects the email preference of the person for answers', async () => {
    const quiet = await createCustomer(t);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/notifications', headers: { cookie: quiet.cookie }, payload: { email: false } })).statusCode).toBe(200);
    const ticket = await open(quiet, { subject: 'Quiet please' });
    await as(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/messages`, { message: 'An answer by email? No.' });
    expect((await outbox(t.app)).some((m) => m.to === quiet.email)).toBe(false);
  });

  it('files: stored privately, served by a signed URL to the thread; the chat’s type rules', async () => {
    const customer = await createCustomer(t);
    const ticket = await open(customer, { subject: 'With a photo' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } }).png().toBuffer();
    const m = multipartBody([{ filename: 'leak.png', type: 'image/png', body: png }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/support/tickets/${ticket.id}/files`, headers: { cookie: customer.cookie, ...m.headers }, payload: m.payload, remoteAddress: freshIp() });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().messages.at(-1).file;
    expect(file).toMatchObject({ name: 'leak.png', type: 'image', contentType: 'image/png' });
    expect(file.url).toContain('/api/files/signed/');
    const got = await t.app.inject({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    // Another person cannot attach to it; a file that is not one of the allowed types is refused.
    const m2 = multipartBody([{ filename: 'leak.png', type: 'image/png', body: png }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/support/tickets/${ticket.id}/files`, headers: { cookie: other.cookie, ...m2.headers }, payload: m2.payload })).statusCode).toBe(404);
    const m3 = multipartBody([{ filename: 'run.exe', type: 'application/octet-stream', body: Buffer.from('MZ\x90\x00binary') }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/support/tickets/${ticket.id}/files`, headers: { cookie: customer.cookie, ...m3.headers }, payload: m3.payload })).statusCode).toBe(415);
  });
});

describe('the public contact form opens a ticket tied to the email', () => {
  it('a visitor (signed out) gets a ticket, the team answers, the visitor is emailed (whatever preference)', async () => {
    const email = `visitor.${Date.now()}@example.ma`;
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: freshIp(), payload: { name: 'Visiting Vera', email, message: 'Do you cover Ifrane?\nThanks.' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Message sent successfully! We'll get back to you soon.");
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.email, email));
    expect(row).toMatchObject({ userId: null, source: 'contact_form', subject: 'Do you cover Ifrane?', status: 'open', category: 'other' });
    await as(admin, 'POST', `/api/admin/support/tickets/${row!.id}/messages`, { message: 'Not yet, soon.' });
    const mail = (await outbox(t.app)).find((m) => m.to === email);
    expect(mail?.text).toContain('Not yet, soon.');
    expect(mail?.text).toContain('reply to this email');
  });

  it('the form sent without JavaScript opens one too, in the page language', async () => {
    const email = `nojs.${Date.now()}@example.ma`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ name: 'Sans JS', email, message: 'Bonjour, une question.', lang: 'fr' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.email, email));
    expect(row).toMatchObject({ source: 'contact_form', locale: 'fr' });
  });
});

describe('the status rules (property)', () => {
  const events: fc.Arbitrary<SupportEvent> = fc.oneof(
    fc.constant({ kind: 'user_reply' as const }),
    fc.constant({ kind: 'support_reply' as const }),
    fc.constant({ kind: 'user_resolve' as const }),
    fc.constant({ kind: 'auto_close' as const }),
    fc.constantFrom(...SUPPORT_STATUSES).map((status) => ({ kind: 'support_set' as const, status })),
  );
  const runs = 300;
  it(
    'whatever happens, the person never writes on a closed ticket, a reply always hands the turn to support, and only support reopens a closed one',
    () => {
      fc.assert(
        fc.property(fc.array(events, { maxLength: 30 }), (list) => {
          let status: SupportStatus = 'open';
          for (const e of list) {
            const next = nextSupportStatus(status, e);
            if (e.kind === 'user_reply') expect(next).toBe(status === 'closed' ? null : 'open');
            if (status === 'closed' && next !== null && next !== 'closed') expect(e.kind).toBe('support_set');
            if (next) status = next;
          }
        }),
        { numRuns: runs },
      );
    },
    propertyTimeout({ runs, perRunMs: 10 }),
  );
});
