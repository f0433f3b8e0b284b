/**
 * Notification preferences (docs/chat.md#notification-preferences): GET/PUT /api/profile/notifications
 * (own only, validated), and every notification job asking them when it runs: booking emails, booking
 * push and SMS, chat push. Account emails are not notifications and stay unconditional.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_EMAIL_JOB } from '../../platform/email';
import { rowsOf } from '../../platform/jobs';
import type { PushMessage, PushResult, PushSender, PushSubscriptionKeys } from '../../platform/push';
import { createTestApp, type TestApp } from '../../test/app';
import { casablancaDate, createCustomer, createPaidBooking, createPro, type TestPro, type TestUser } from '../../test/factories';

/** A push service that records what it is given, and says "gone" (410) for endpoints marked so. */
class RecordingPush implements PushSender {
  readonly enabled = true;
  readonly publicKey = 'test-public-key';
  readonly sent: Array<{ endpoint: string; message: PushMessage }> = [];
  async send(s: PushSubscriptionKeys, message: PushMessage): Promise<PushResult> {
    if (s.endpoint.includes('gone')) return { status: 'gone' };
    this.sent.push({ endpoint: s.endpoint, message });
    return { status: 'sent' };
  }
  to(endpoint: string) {
    return this.sent.filter((p) => p.endpoint === endpoint).map((p) => p.message);
  }
}

const push = new RecordingPush();
let t: TestApp;
let customer: TestUser;
let other: TestUser;
let pro: TestPro;
let day = 3;

beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100 }, { push });
  customer = await createCustomer(t, { name: 'Nadia Alaoui', phone: '+212612345678' });
  other = await createCustomer(t, { name: 'Other Person' });
  pro = await createPro(t, { city: 'marrakech', category: 'electrical', name: 'Karim Electricien' });
}, 60_000);
afterAll(async () => t?.close());

const as = (u: { cookie: string } | null, o: Record<string, unknown>) => (u ? { ...o, headers: { ...(o.headers as object), cookie: u.cookie } } : o) as never;
const getPrefs = (u: { cookie: string } | null) => t.app.inject(as(u, { method: 'GET', url: '/api/profile/notifications' }));
const putPrefs = (u: { cookie: string } | null, payload: unknown) => t.app.inject(as(u, { method: 'PUT', url: '/api/profile/notifications', payload }));
async function set(u: TestUser, payload: Record<string, boolean>) {
  const res = await putPrefs(u, payload);
  expect(res.statusCode).toBe(200);
}
async function outbox(channel: string, to: string) {
  const all = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as Array<{ channel: string; to: string; subject: string | null; text: string }>;
  return all.filter((m) => m.channel === channel && m.to === to);
}
const booking = () => createPaidBooking(t, { customer, pro, date: casablancaDate(day++) });
const accept = (id: string) => t.app.inject(as(pro, { method: 'POST', url: `/api/bookings/${id}/accept` }));
const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
async function subscribe(u: TestUser, endpoint: string) {
  expect((await t.app.inject(as(u, { method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys } }))).statusCode).toBe(204);
}

describe('GET/PUT /api/profile/notifications', () => {
  it('needs a session', async () => {
    expect((await getPrefs(null)).statusCode).toBe(401);
    expect((await putPrefs(null, { email: false })).statusCode).toBe(401);
  });

  it('answers the defaults until the user chooses: email and push on, SMS off', async () => {
    const res = await getPrefs(other);
    expect(res.statusCode).toBe(200);
    // WhatsApp is off until the user opts in (issue 42).
    expect(res.json()).toMatchObject({ email: true, sms: false, push: true, smsReachable: false, whatsapp: false });
    // The customer has a phone in their profile: SMS can reach them.
    expect((await getPrefs(customer)).json()).toMatchObject({ smsReachable: true });
  });

  it('changes the given channels of the caller only, keeping the others', async () => {
    const res = await putPrefs(other, { sms: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: true, sms: true, push: true });
    expect((await putPrefs(other, { push: false })).json()).toMatchObject({ email: true, sms: true, push: false });
    expect((await getPrefs(other)).json()).toMatchObject({ email: true, sms: true, push: false });
    // Nobody else's choices moved.
    expect((await getPrefs(customer)).json()).toMatchObject({ email: true, sms: false, push: true });
    await set(other, { sms: false, push: true });
  });

  it('refuses bad input with 400 and changes nothing (no user id can be named: own only)', async () => {
    for (const bad of [{}, { email: 'no' }, { email: 1 }, { sms: null }, { email: false, userId: customer.userId }, { marketing: true }, []]) {
      const res = await putPrefs(other, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    expect((await getPrefs(other)).json()).toMatchObject({ email: true, sms: false, push: true });
    expect((await getPrefs(customer)).json()).toMatchObject({ email: true, sms: false, push: true });
  });
});

describe('booking emails respect the email choice', () => {
  it('email off: no booking email to the customer (the professional still gets theirs); on again: sent', async () => {
    await set(customer, { email: false });
    const b = await booking();
    expect(await outbox('email', customer.email)).toEqual([]);
    expect((await outbox('email', pro.email)).some((m) => m.text.includes(b.reference))).toBe(true);
    await set(customer, { email: true });
    expect((await accept(b.id)).statusCode).toBe(200);
    const mails = await outbox('email', customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirmed/);
  });

  it('the email job asks when it runs: turned off after it was queued, it is not sent', async () => {
    const message = { to: customer.email, subject: 'Queued notice', text: 'x' };
    const later = new Date(Date.now() + 60_000);
    await t.app.ctx.jobs.schedule(SEND_EMAIL_JOB, { message, userId: customer.userId }, { runAt: later });
    await set(customer, { email: false });
    await t.app.ctx.jobs.runDueJobs(later);
    expect((await outbox('email', customer.email)).filter((m) => m.subject === 'Queued notice')).toEqual([]);
    await set(customer, { email: true });
    await t.app.ctx.jobs.schedule(SEND_EMAIL_JOB, { message, userId: customer.userId }, { runAt: later });
    await t.app.ctx.jobs.runDueJobs(later);
    expect((await outbox('email', customer.email)).filter((m) => m.subject === 'Queued notice')).toHaveLength(1);
  });

  it('account emails are not notifications: a password reset still goes out with email off', async () => {
    await set(other, { email: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: other.email, redirectTo: '/reset-password' } });
    expect(res.statusCode).toBeLessThan(300);
    expect((await outbox('email', other.email)).length).toBeGreaterThan(0);
    await set(other, { email: true });
  });
});

describe('booking status by web push, per browser, as chosen', () => {
  it('push on: the customer’s browsers get "Booking confirmed" (a gone browser is removed); push off: nothing', async () => {
    const phone = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    const laptop = `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`;
    const gone = `https://fcm.googleapis.com/fcm/send/gone-${crypto.randomUUID()}`;
    for (const e of [phone, laptop, gone]) await subscribe(customer, e);
    const b = await booking();
    expect((await accept(b.id)).statusCode).toBe(200);
    for (const e of [phone, laptop]) {
      expect(push.to(e)).toEqual([expect.objectContaining({ title: 'Booking confirmed', url: '/dashboard/bookings', tag: `booking:${b.id}` })]);
      expect(push.to(e)[0]!.body).toContain(b.reference);
    }
    expect(rowsOf(await t.database.db.execute(sql`select 1 from push_subscriptions where endpoint = ${gone}`))).toHaveLength(0);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from push_subscriptions where user_id = ${customer.userId}`))).toHaveLength(2);

    await set(customer, { push: false });
    const b2 = await booking();
    expect((await accept(b2.id)).statusCode).toBe(200);
    expect(push.to(phone)).toHaveLength(1);
    // Email stays the channel of record meanwhile.
    expect((await outbox('email', customer.email)).some((m) => m.text.includes(b2.reference))).toBe(true);
    await set(customer, { push: true });
  });

  it('the professional hears of a new paid request and of a cancellation by push; the push job asks when it runs', async () => {
    const proPhone = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    await subscribe(pro, proPhone);
    const b = await booking();
    expect(push.to(proPhone).map((m) => m.title)).toEqual(['New booking request']);
    expect(push.to(proPhone)[0]!.url).toBe('/pro-bookings');
    // Turned off between the queueing and the run: a job due later does not push.
    const later = new Date(Date.now() + 60_000);
    await t.app.ctx.jobs.schedule((await import('../bookings/bookings.jobs')).BOOKING_PUSH_JOB, { bookingId: b.id, userId: pro.userId, kind: 'customer_cancelled' }, { runAt: later });
    await set(pro, { push: false });
    await t.app.ctx.jobs.runDueJobs(later);
    expect(push.to(proPhone)).toHaveLength(1);
    await set(pro, { push: true });
    await t.app.ctx.jobs.runDueJobs(later);
    const cancel = await t.app.inject(as(customer, { method: 'POST', url: `/api/bookings/${b.id}/cancel`, payload: { reason: 'plans changed' } }));
    expect(cancel.statusCode).toBe(200);
    expect(push.to(proPhone).map((m) => m.title)).toEqual(['New booking request', 'Booking cancelled']);
  });
});

describe('booking status by SMS, opt-in', () => {
  it('SMS off (the default): none; on: the customer’s phone gets the confirmation; off again: none', async () => {
    const b = await booking();
    expect((await accept(b.id)).statusCode).toBe(200);
    expect(await outbox('sms', '+212612345678')).toEqual([]);

    await set(customer, { sms: true });
    const b2 = await booking();
    expect((await accept(b2.id)).statusCode).toBe(200);
    const sms = await outbox('sms', '+212612345678');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/^Khedma: Booking confirmed\./);
    expect(sms[0]!.text).toContain(b2.reference);

    await set(customer, { sms: false });
    const b3 = await booking();
    expect((await accept(b3.id)).statusCode).toBe(200);
    expect(await outbox('sms', '+212612345678')).toHaveLength(1);
  });

  it('a user without a phone gets no SMS even with SMS on', async () => {
    const noPhone = await createCustomer(t, { name: 'Sans Telephone' });
    await set(noPhone, { sms: true });
    expect((await getPrefs(noPhone)).json()).toMatchObject({ sms: true, smsReachable: false });
    const count = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from outbox where channel = 'sms'`))[0]!.n;
    const before = await count();
    const b = await createPaidBooking(t, { customer: noPhone, pro, date: casablancaDate(day++) });
    expect((await accept(b.id)).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('chat push respects the push choice', () => {
  it('push off: a new message is not pushed; on: it is', async () => {
    const b = await booking();
    const opened = await t.app.inject(as(customer, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: b.id } }));
    const conversationId = opened.json().conversation.id as string;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    await subscribe(pro, endpoint);
    const say = (content: string) => t.app.inject(as(customer, { method: 'POST', url: `/api/chat/conversations/${conversationId}/messages`, payload: { content } }));
    await set(pro, { push: false });
    expect((await say('first')).statusCode).toBe(201);
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 1000));
    expect(push.to(endpoint)).toEqual([]);
    await set(pro, { push: true });
    expect((await say('second')).statusCode).toBe(201);
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 1000));
    expect(push.to(endpoint).map((m) => m.body)).toEqual(['second']);
  });
});
