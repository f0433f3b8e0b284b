/**
 * Phone-first accounts and WhatsApp (issue 42, docs/accounts.md#phone-sign-in, docs/notifications.md):
 * sign-up and sign-in with a Moroccan mobile and a one-time code by SMS or WhatsApp under every code rule,
 * the account a verified number already belongs to, admins refused, WhatsApp templates in three
 * languages through the simulator of Meta's Cloud API, STOP by the signed webhook, and booking reminders
 * scheduled once and sent once by two instances on one database.
 */
import { PHONE_ACCOUNT_MESSAGES, PHONE_CODE_RULES, reminderTimes } from '@khedma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { phoneCodes, rateLimits, scheduledJobs } from '../../db/schema/index';
import { rowsOf } from '../../platform/jobs';
import { webhookSignature } from '../../platform/whatsapp';
import { renderWhatsAppBody } from '../../platform/whatsapp-templates';
import { createTestApp, type TestApp } from '../../test/app';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro } from '../../test/factories';
import { freshIp, outbox, sessionCookie } from '../../test/helpers';
import { uniquePhone } from '../../db/people';
import { modulesOf } from '../../app';

let t: TestApp;
let b: { app: FastifyInstance; database: Database; own: boolean };

beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database (PostgreSQL: a pool of its own), as scale-out.test.ts does.
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
}, 120_000);
afterAll(async () => {
  await b?.app.close();
  if (b?.own) await b.database.close();
  await t?.close();
});

/** A national form (06 ...) of an E.164 Moroccan mobile. */
const national = (e164: string) => `0${e164.slice(4, 5)} ${e164.slice(5, 7)} ${e164.slice(7, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`;

const askCode = (phoneNumber: string, o: { channel?: 'sms' | 'whatsapp'; locale?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/phone/code', remoteAddress: o.ip ?? freshIp(), payload: { phoneNumber, channel: o.channel, locale: o.locale } });

const signIn = (payload: Record<string, unknown>, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/api/accounts/phone/sign-in', remoteAddress: ip, payload });

const signUpOf = (o: Record<string, unknown> = {}) => ({ name: 'Yassine Alaoui', acceptAge: true, acceptTerms: true, ...o });

async function codeSentTo(phone: string, channel: 'sms' | 'whatsapp' = 'sms'): Promise<string> {
  const m = (await outbox(t.app)).find((x) => x.to === phone && x.channel === channel);
  if (!m) throw new Error(`no ${channel} message to ${phone}`);
  return /(\d{6})/.exec(m.text)![1]!;
}

async function endResendWindow(phone: string) {
  await t.database.db.update(rateLimits).set({ lastRequest: 0 }).where(eq(rateLimits.key, `app:sms:resend:${phone}`));
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

describe('sign-up and sign-in with a phone', () => {
  it('signs up with a national number and an SMS code (E.164 stored, no email sent), then signs in with the international form', async () => {
    const phone = uniquePhone();
    const sent = await askCode(national(phone));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ status: true, resendAfterSeconds: PHONE_CODE_RULES.resendAfterSeconds });
    const code = await codeSentTo(phone);
    const [row] = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    // Only an HMAC is stored, never the code.
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);

    const before = (await outbox(t.app)).length;
    const up = await signIn({ phoneNumber: national(phone), code, signUp: signUpOf({ locale: 'fr' }) });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ created: true, user: { phoneNumber: phone, phoneNumberVerified: true, name: 'Yassine Alaoui' } });
    const cookie = sessionCookie(up);
    const who = await me(cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json().user).toMatchObject({ name: 'Yassine Alaoui', userType: 'customer', locale: 'fr' });
    // No email goes to the placeholder address of a phone account.
    expect((await outbox(t.app)).slice(0, (await outbox(t.app)).length - before).filter((m) => m.channel === 'email')).toEqual([]);

    await endResendWindow(phone);
    expect((await askCode(`+212 ${phone.slice(4)}`)).statusCode).toBe(200);
    const again = await signIn({ phoneNumber: phone, code: await codeSentTo(phone) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: false, user: { id: up.json().user.id } });
  });

  it('an unknown number without sign-up details is 404 PHONE_NOT_REGISTERED and the code stays good for the sign-up', async () => {
    const phone = uniquePhone();
    await askCode(phone);
    const code = await codeSentTo(phone);
    const res = await signIn({ phoneNumber: phone, code });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'PHONE_NOT_REGISTERED', message: PHONE_ACCOUNT_MESSAGES.notRegistered });
    const up = await signIn({ phoneNumber: phone, code, signUp: signUpOf({ userType: 'pro' }) });
    expect(up.statusCode, up.body).toBe(201);
    expect((await me(sessionCookie(up))).json().user.userType).toBe('pro');
  });

  it('the code rules: single use, three wrong tries void it, 10 minutes, 6 digits, bad numbers refused', async () => {
    const phone = uniquePhone();
    await askCode(phone);
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < PHONE_CODE_RULES.maxWrongAttempts; i++) {
      const res = await signIn({ phoneNumber: phone, code: wrong, signUp: signUpOf() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
    }
    const voided = await signIn({ phoneNumber: phone, code, signUp: signUpOf() });
    expect(voided.statusCode).toBe(400);
    expect(voided.json().error.code).toBe('INVALID_CODE');

    await endResendWindow(phone);
    await askCode(phone);
    const fresh = await codeSentTo(phone);
    expect((await signIn({ phoneNumber: phone, code: fresh, signUp: signUpOf() })).statusCode).toBe(201);
    const reused = await signIn({ phoneNumber: phone, code: fresh });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_CODE');

    await endResendWindow(phone);
    await askCode(phone);
    const late = await codeSentTo(phone);
    const [row] = await t.database.db.select().from(phoneCodes).where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, 'sign_in')));
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(lifetime).toBeGreaterThan(PHONE_CODE_RULES.expirySeconds - 5);
    expect(lifetime).toBeLessThanOrEqual(PHONE_CODE_RULES.expirySeconds + 1);
    await t.database.db.update(phoneCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(phoneCodes.phone, phone));
    expect((await signIn({ phoneNumber: phone, code: late })).json().error.code).toBe('INVALID_CODE');

    for (const bad of ['12345', '1234567', 'abcdef']) expect((await signIn({ phoneNumber: phone, code: bad })).statusCode).toBe(400);
    for (const bad of ['0512', '+33612345678', '0800123456']) expect((await askCode(bad)).statusCode).toBe(400);
  });

  it('rate limits: a new code after 60 s, 5 an hour to one number, 20 an hour from one address', async () => {
    const phone = uniquePhone();
    expect((await askCode(phone)).statusCode).toBe(200);
    const soon = await askCode(phone);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(PHONE_CODE_RULES.resendAfterSeconds);
    for (let i = 1; i < PHONE_CODE_RULES.perPhonePerHour; i++) {
      await endResendWindow(phone);
      expect((await askCode(phone)).statusCode).toBe(200);
    }
    await endResendWindow(phone);
    expect((await askCode(phone)).statusCode).toBe(429);

    const ip = freshIp();
    for (let i = 0; i < PHONE_CODE_RULES.perAddressPerHour; i++) expect((await askCode(uniquePhone(), { ip })).statusCode).toBe(200);
    expect((await askCode(uniquePhone(), { ip })).statusCode).toBe(429);
  });

  it('one person, one account: a number verified on an email account signs into that account, even from the sign-up form', async () => {
    const phone = uniquePhone();
    const existing = await createCustomer(t, { phone, signIn: false });
    await askCode(phone);
    const res = await signIn({ phoneNumber: phone, code: await codeSentTo(phone), signUp: signUpOf() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: false, user: { id: existing.userId, email: existing.email } });
    expect((await me(sessionCookie(res))).json().user.email).toBe(existing.email);
  });

  it('admin accounts cannot sign in by phone (403), and the code is spent', async () => {
    const phone = uniquePhone();
    await createAdmin(t, { phone, signIn: false });
    await askCode(phone);
    const code = await codeSentTo(phone);
    const res = await signIn({ phoneNumber: phone, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'PHONE_SIGN_IN_NOT_ALLOWED', message: PHONE_ACCOUNT_MESSAGES.adminRefused });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await signIn({ phoneNumber: phone, code })).json().error.code).toBe('INVALID_CODE');
  });

  it('the code by WhatsApp: the khedma_code template in the chosen language, and the sign-up records the WhatsApp opt-in', async () => {
    const phone = uniquePhone();
    const sim = t.app.whatsappSimulator!;
    expect((await askCode(phone, { channel: 'whatsapp', locale: 'ar' })).statusCode).toBe(200);
    const sent = sim.sent.at(-1)!;
    expect(sent).toMatchObject({ to: phone.slice(1), template: 'khedma_code', language: 'ar' });
    const code = await codeSentTo(phone, 'whatsapp');
    expect(sent.params).toEqual([code]);
    const up = await signIn({ phoneNumber: phone, code, signUp: signUpOf({ channel: 'whatsapp', locale: 'ar' }) });
    expect(up.statusCode, up.body).toBe(201);
    const prefs = await t.app.inject({ method: 'GET', url: '/api/profile/notifications', headers: { cookie: sessionCookie(up) } });
    expect(prefs.json()).toMatchObject({ whatsapp: true, smsReachable: true, whatsappOptIn: { source: 'phone_sign_up' } });
  });
});

describe('WhatsApp templates and the simulator of the Cloud API', () => {
  it('renders each template in English, French and Arabic', () => {
    const values = ['Plumbing', '12/03/2027 10:00', 'KH-1A2B3C'];
    expect(renderWhatsAppBody('khedma_booking_reminder', 'en', values)).toBe('Reminder: Plumbing on 12/03/2027 10:00 (KH-1A2B3C). Reply STOP to stop WhatsApp messages.');
    expect(renderWhatsAppBody('khedma_booking_reminder', 'fr', values)).toContain('Rappel : Plumbing le 12/03/2027 10:00 (KH-1A2B3C)');
    expect(renderWhatsAppBody('khedma_booking_reminder', 'ar', values)).toContain('تذكير: Plumbing');
    expect(renderWhatsAppBody('khedma_code', 'fr', ['123456'])).toMatch(/^123456 est votre code/);
    expect(renderWhatsAppBody('khedma_refund_sent', 'ar', ['250 MAD', 'KH-1'])).toContain('250 MAD');
  });

  it('refuses what Meta refuses: a wrong token, an unknown template, a wrong count of parameters', async () => {
    const sim = t.app.whatsappSimulator!;
    const { phoneNumberId, accessToken, apiVersion } = t.app.ctx.config.whatsapp;
    const send = (body: unknown, token = accessToken) =>
      t.app.inject({ method: 'POST', url: `/__whatsapp/${apiVersion}/${phoneNumberId}/messages`, headers: { authorization: `Bearer ${token}` }, payload: body as object });
    const template = (name: string, params: string[]) => ({
      messaging_product: 'whatsapp',
      to: '212612345678',
      type: 'template',
      template: { name, language: { code: 'en' }, components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] },
    });
    expect((await send(template('khedma_refund_sent', ['250 MAD', 'KH-1']), 'wrong')).json().error.code).toBe(190);
    expect((await send(template('khedma_unknown', ['x']))).json().error.code).toBe(132001);
    expect((await send(template('khedma_refund_sent', ['250 MAD']))).json().error.code).toBe(132000);
    const ok = await send(template('khedma_refund_sent', ['250 MAD', 'KH-1']));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().messages[0].id).toMatch(/^wamid\./);
    expect(sim.sent.at(-1)).toMatchObject({ template: 'khedma_refund_sent', params: ['250 MAD', 'KH-1'] });
  });
});

describe('STOP by the WhatsApp webhook', () => {
  it('answers the subscription handshake with our verify token only', async () => {
    const { verifyToken } = t.app.ctx.config.whatsapp;
    const ok = await t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=42abc` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('42abc');
    expect((await t.app.inject({ method: 'GET', url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1' })).statusCode).toBe(403);
  });

  it('refuses an unsigned or badly signed event', async () => {
    const body = t.app.whatsappSimulator!.inboundPayload('+212612345678', 'STOP');
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: body, headers: { 'content-type': 'application/json', ...headers } });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ 'x-hub-signature-256': webhookSignature('another-secret', body) })).statusCode).toBe(403);
  });

  it('an inbound STOP turns WhatsApp off for that number, recorded, and the reminders honour it', async () => {
    const phone = uniquePhone();
    const customer = await createCustomer(t, { phone });
    const on = await t.app.inject({ method: 'PUT', url: '/api/profile/notifications', headers: { cookie: customer.cookie }, payload: { whatsapp: true } });
    expect(on.json()).toMatchObject({ whatsapp: true, whatsappOptIn: { source: 'profile' } });
    expect(await t.app.whatsappSimulator!.inbound(phone, ' Stop ')).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/profile/notifications', headers: { cookie: customer.cookie } });
    expect(after.json().whatsapp).toBe(false);
    expect(after.json().whatsappOptedOutAt).toEqual(expect.any(String));
    expect(await t.app.ctx.preferences.allows(customer.userId, 'whatsapp')).toBe(false);
  });
});

describe('booking notices by WhatsApp', () => {
  it('the payment received and the refund on its way reach a customer who opted in, by their templates, in their language', async () => {
    const phone = uniquePhone();
    const customer = await createCustomer(t, { phone, locale: 'fr' });
    await t.app.inject({ method: 'PUT', url: '/api/profile/notifications', headers: { cookie: customer.cookie }, payload: { whatsapp: true } });
    // Nobody else gardens in Fès (the demo seed and this file): the assignment picks them.
    const pro = await createPro(t, { city: 'fes', category: 'gardening' });
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(4) });
    const total = (await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: customer.cookie } })).json<{ amounts: { total: number } }>().amounts.total;
    expect(total).toBeGreaterThan(0);
    const whatsapp = async () => (await outbox(t.app)).filter((m) => m.to === phone && m.channel === 'whatsapp');
    const reference = booking.id.slice(0, 8).toUpperCase();

    const paid = (await whatsapp()).filter((m) => m.subject === 'khedma_payment_received');
    expect(paid).toHaveLength(1);
    // "Nous avons bien reçu votre paiement de 1 234 MAD pour … (REF)": the booking's total, fr-MA money.
    expect(paid[0]!.text).toMatch(/^Nous avons bien reçu votre paiement de /);
    expect(paid[0]!.text).toContain(`${String(total).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}\u00a0MAD`);
    expect(paid[0]!.text).toContain(reference);

    // The professional declines: refunded in full, and told so on WhatsApp.
    const declined = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/decline`, headers: { cookie: pro.cookie }, payload: {} });
    expect(declined.statusCode, declined.body).toBe(200);
    const refund = (await whatsapp()).filter((m) => m.subject === 'khedma_refund_sent');
    expect(refund).toHaveLength(1);
    expect(refund[0]!.text).toMatch(/^Votre remboursement de /);
    expect(refund[0]!.text).toContain(`${String(total).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}\u00a0MAD`);
    expect(refund[0]!.text).toContain(reference);
  });

  it('a customer who did not opt in gets nothing on WhatsApp, and an unpaid booking cancelled sends no refund', async () => {
    const phone = uniquePhone();
    const customer = await createCustomer(t, { phone });
    const pro = await createPro(t, { city: 'fes', category: 'handyman' });
    const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(5) });
    await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/decline`, headers: { cookie: pro.cookie }, payload: {} });
    expect((await outbox(t.app)).filter((m) => m.to === phone && m.channel === 'whatsapp')).toEqual([]);

    const optedIn = uniquePhone();
    const other = await createCustomer(t, { phone: optedIn });
    await t.app.inject({ method: 'PUT', url: '/api/profile/notifications', headers: { cookie: other.cookie }, payload: { whatsapp: true } });
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: { cookie: other.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(6), startTime: '10:00', endTime: '11:00', location: '3 Rue Fès' },
    });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/bookings/${unpaid.json().id}/cancel`, headers: { cookie: other.cookie }, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await outbox(t.app)).filter((m) => m.to === optedIn && m.channel === 'whatsapp')).toEqual([]);
  });
});

describe('booking reminders', () => {
  it('are scheduled once at confirmation (evening before and two hours before, per channel), and sent once by two instances', async () => {
    const phone = uniquePhone();
    const customer = await createCustomer(t, { phone, locale: 'fr' });
    await t.app.inject({ method: 'PUT', url: '/api/profile/notifications', headers: { cookie: customer.cookie }, payload: { whatsapp: true } });
    const pro = await createPro(t, { city: 'fes', category: 'plumbing' });
    const booking = await createPaidBooking(t, { customer, pro, accept: true });
    const jobs = () => t.database.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.kind, 'booking.reminder'), sql`${scheduledJobs.payload}->>'bookingId' = ${booking.id}`));
    const scheduled = await jobs();
    expect(scheduled).toHaveLength(6);
    // The confirmation itself went by WhatsApp too (opted in), in French.
    const confirmed = (await outbox(t.app)).filter((m) => m.to === phone && m.subject === 'khedma_booking_confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.text).toMatch(/^Votre réservation est confirmée : /);
    // The other instance scheduling the same reminders again adds nothing (dedupe keys).
    const [row] = rowsOf<{ start: Date | string }>(await t.database.db.execute(sql`select scheduled_start as start from bookings where id = ${booking.id}`));
    const start = new Date(row!.start);
    await b.database.db.transaction((tx) => modulesOf(b.app).bookings.reminders.schedule(tx, booking.id, start, new Date()));
    expect(await jobs()).toHaveLength(6);

    const [evening, twoHours] = reminderTimes(start, new Date()).map((r) => r.at);
    const reminders = async () => (await outbox(t.app)).filter((m) => m.to === phone && m.channel === 'whatsapp' && m.subject === 'khedma_booking_reminder');
    await Promise.all([t.app.ctx.jobs.runDueJobs(new Date(evening!.getTime() + 60_000)), b.app.ctx.jobs.runDueJobs(new Date(evening!.getTime() + 60_000))]);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.text).toMatch(/^Rappel : /);
    await Promise.all([t.app.ctx.jobs.runDueJobs(new Date(twoHours!.getTime() + 60_000)), b.app.ctx.jobs.runDueJobs(new Date(twoHours!.getTime() + 60_000))]);
    expect(await reminders()).toHaveLength(2);
    // SMS is off by default: none went; email is on: the evening and two-hour emails.
    expect((await outbox(t.app)).filter((m) => m.to === phone && m.channel === 'sms')).toEqual([]);
    expect((await outbox(t.app)).filter((m) => m.to === customer.email && /Rappel/.test(m.subject ?? ''))).toHaveLength(2);
  });

  it('a booking cancelled after its confirmation gets no reminder', async () => {
    const phone = uniquePhone();
    const customer = await createCustomer(t, { phone });
    await t.app.inject({ method: 'PUT', url: '/api/profile/notifications', headers: { cookie: customer.cookie }, payload: { whatsapp: true, sms: true } });
    // Nobody else paints in Tanger (the demo seed and this file): the assignment picks them.
    const pro = await createPro(t, { city: 'tanger', category: 'painting' });
    const booking = await createPaidBooking(t, { customer, pro, accept: true, date: casablancaDate(6) });
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: customer.cookie }, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 40 * 24 * 3600_000));
    const sent = (await outbox(t.app)).filter((m) => m.to === phone && (m.subject === 'khedma_booking_reminder' || /Reminder/.test(m.text)));
    expect(sent).toEqual([]);
  });
});
