/**
 * Closing one's account and exporting one's data (issue 41, docs/retention.md): who may, when, what
 * happens to sessions, sign-in, listing and email, and what the export holds (and never holds).
 */
import { CLOSURE_MESSAGES } from '@khedma/shared/domain/retention';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionals, profiles, sessions, users } from '../../db/schema/index';
import { createAdmin, createCustomer, createPaidBooking, createPro, sessionFor, type TestPro, type TestUser } from '../../test/factories';
import { freshIp, lastMessageTo, startApp, withCookie, type TestApp } from '../../test/helpers';
import { completedBooking } from '../reviews/reviews.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
});
afterAll(async () => {
  await t?.close();
});

const get = (u: TestUser, url: string) => t.app.inject(withCookie(u.cookie, { method: 'GET', url }));
const close = (u: TestUser, confirmEmail = u.email) => t.app.inject(withCookie(u.cookie, { method: 'POST', url: '/api/account/close', payload: { confirmEmail } }));

describe('who may not', () => {
  it('signed out: 401 on every account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/closure'],
      ['POST', '/api/account/close'],
      ['GET', '/api/account/export'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { confirmEmail: 'x@example.ma' } : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("nobody closes or exports someone else's account: the routes take no id, the other account is untouched", async () => {
    const me = await createCustomer(t);
    const other = await createCustomer(t, { name: 'Other Person' });
    // Another person's email as the confirmation is refused (and closes nothing of theirs).
    const wrong = await close(me, other.email);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.confirmEmail).toBe(CLOSURE_MESSAGES.confirmRequired);
    // An id in the body or the query is not read.
    const withId = await t.app.inject(withCookie(me.cookie, { method: 'POST', url: `/api/account/close?userId=${other.userId}`, payload: { confirmEmail: me.email, userId: other.userId } }));
    expect(withId.statusCode).toBe(200);
    expect((await get(other, '/api/me')).statusCode).toBe(200);
    const exported = await get(other, `/api/account/export?userId=${me.userId}`);
    expect(exported.json().account.id).toBe(other.userId);
  });

  it('admins cannot be closed this way (403)', async () => {
    const admin = await createAdmin(t);
    expect((await get(admin, '/api/account/closure')).json()).toMatchObject({ canClose: false, blockers: ['admin'] });
    const res = await close(admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CLOSURE_MESSAGES.admin);
    expect((await get(admin, '/api/me')).statusCode).toBe(200);
  });
});

describe('closure', () => {
  it('is refused while a booking is upcoming and money is held, and says why', async () => {
    const customer = await createCustomer(t);
    const pro = await createPro(t, { city: 'fes', category: 'plumbing' });
    const booking = await createPaidBooking(t, { customer, pro });
    expect(booking.professionalId).toBe(pro.professionalId);
    const status = await get(customer, '/api/account/closure');
    expect(status.json()).toMatchObject({ canClose: false, blockers: ['upcoming_bookings', 'money_in_flight'] });
    expect(status.json().retentionYears).toEqual({ financialRecords: 7, complaintRecords: 10, bookingHistory: 2, closedAccount: 1 });
    const res = await close(customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`${CLOSURE_MESSAGES.upcoming_bookings} ${CLOSURE_MESSAGES.money_in_flight}`);
    // The professional of that booking cannot leave either.
    expect((await close(pro)).statusCode).toBe(409);
    expect((await get(customer, '/api/me')).statusCode).toBe(200);
  });

  it('a customer with nothing going on: signed out everywhere, no sign-in, the address free, an email', async () => {
    const customer = await createCustomer(t, { name: 'Leila Closing' });
    const phone = await sessionFor(t, customer.userId);
    expect((await get(customer, '/api/account/closure')).json()).toMatchObject({ canClose: true, blockers: [] });

    const res = await close(customer, customer.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    expect(new Date(res.json().dataDeletedAfter).getUTCFullYear()).toBe(new Date(res.json().closedAt).getUTCFullYear() + 1);
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=0');

    // Every session is gone: this one and the phone's.
    expect((await get(customer, '/api/me')).statusCode).toBe(401);
    expect((await t.app.inject(withCookie(phone.cookie, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toHaveLength(0);
    // No sign-in with the old address and password.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: freshIp(), payload: { email: customer.email, password: customer.password } });
    expect(signIn.statusCode).toBe(401);
    // The profile keeps the address for the retention year; the sign-in address moved out of the way.
    const [p] = await t.database.db.select().from(profiles).where(eq(profiles.id, customer.userId));
    expect(p!.closedAt).not.toBeNull();
    expect(p!.email).toBe(customer.email);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(u!.email).toMatch(/@closed\.invalid$/);
    // A session made anyway (by any way in) is no session.
    const sneaky = await sessionFor(t, customer.userId);
    expect((await t.app.inject(withCookie(sneaky.cookie, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);
    // The email confirms it, in the account's language, saying what is kept.
    const mail = await lastMessageTo(t.app, customer.email);
    expect(mail.subject).toBe('Your Khedma account is closed');
    expect(mail.text).toContain('7 years');
    // Closing twice: the session is gone anyway.
    expect((await close(customer)).statusCode).toBe(401);
  });

  it('a professional with completed, paid-out work: unlisted once closed', async () => {
    const customer = await createCustomer(t);
    const admin = await createAdmin(t);
    const pro: TestPro = await createPro(t, { city: 'marrakech', category: 'electrical' });
    await completedBooking(t, { customer, pro, admin, day: 4 });
    // The escrow is still held (48 h): money in flight for both sides.
    expect((await get(pro, '/api/account/closure')).json().blockers).toEqual(['money_in_flight']);
    expect((await get(customer, '/api/account/closure')).json().blockers).toEqual(['money_in_flight']);
    // The customer's closure is refused, the professional's too.
    expect((await close(customer)).statusCode).toBe(409);

    // A professional without bookings leaves the listing when closing.
    const quiet = await createPro(t, { city: 'tanger', category: 'painting', name: 'Quiet Pro' });
    expect((await close(quiet)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ status: professionals.status }).from(professionals).where(eq(professionals.userId, quiet.userId));
    expect(row!.status).toBe('suspended');
    const listed = await t.app.inject({ method: 'GET', url: `/api/pros/${quiet.professionalId}` });
    expect(listed.statusCode).toBe(404);
  });
});

describe('export', () => {
  it("holds the person's profile, bookings, messages written, reviews, payments, invoices and choices, and nothing of others beyond what they see", async () => {
    const customer = await createCustomer(t, { name: 'Export Person' });
    const admin = await createAdmin(t);
    const pro = await createPro(t, { city: 'rabat', category: 'handyman', name: 'Hicham Export' });
    const b = await completedBooking(t, { customer, pro, admin, day: 6 });
    // A message each way in the booking's conversation.
    const conv = await t.app.inject(withCookie(customer.cookie, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: b.id } }));
    expect(conv.statusCode, conv.body).toBe(201);
    const convId = conv.json().conversation.id as string;
    const say = (u: TestUser, content: string) => t.app.inject(withCookie(u.cookie, { method: 'POST', url: `/api/chat/conversations/${convId}/messages`, payload: { content } }));
    expect((await say(customer, 'Mine to export')).statusCode).toBeLessThan(300);
    expect((await say(pro, 'The pro wrote this')).statusCode).toBeLessThan(300);

    const res = await get(customer, '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="khedma-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.format).toBe('khedma-account-export/1');
    expect(data.account).toMatchObject({ id: customer.userId, email: customer.email });
    expect(data.profile).toMatchObject({ id: customer.userId, fullName: 'Export Person' });
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ id: b.id, role: 'customer', status: 'completed', professionalName: 'Hicham' });
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.payments[0]).toMatchObject({ bookingId: b.id });
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(['Mine to export']);
    expect(data.notificationPreferences).toHaveProperty('email');
    // Nothing of the professional beyond their first name: no full name, email or phone.
    expect(res.body).not.toContain('Hicham Export');
    expect(res.body).not.toContain(pro.email);
    expect(res.body).not.toContain('The pro wrote this');
    // No secret of the account.
    expect(res.body).not.toMatch(/password|token/i);

    // The professional's own export: the booking as professional, with the customer's first name only.
    const proData = (await get(pro, '/api/account/export')).json();
    expect(proData.professional).toMatchObject({ id: pro.professionalId });
    expect(proData.bookings[0]).toMatchObject({ id: b.id, role: 'professional', customerName: 'Export', contactPhone: null });
    expect(JSON.stringify(proData)).not.toContain(customer.email);
    expect(proData.payments).toEqual([]);
  });
});
