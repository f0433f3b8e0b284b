/**
 * Running late, no-shows and suspension (issue 41, docs/lateness.md), through the API on a fresh
 * database: who may, when, what the customer is told, the money (ledger sums to zero, refund through
 * the provider), and who may NOT.
 */
import type { InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, ledgerEntries, paymentRefunds, scheduledJobs, sensitiveAccessLog } from '../../db/schema/index';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestBooking, type TestPro, type TestUser } from '../../test/factories';
import { startApp, withCookie, type TestApp } from '../../test/helpers';
import { uniquePhone } from '../../db/people';
import { bookingReference } from '@khedma/shared';

const MIN = 60_000;

let t: TestApp;
let admin: TestUser;
let financeAdmin: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let pro: TestPro;
let otherPro: TestPro;

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  admin = await createAdmin(t);
  financeAdmin = await createAdmin(t, { roles: ['finance_admin'] });
  customer = await createCustomer(t);
  otherCustomer = await createCustomer(t);
  // Nobody else does plumbing in Fès or handyman work in Rabat: the assignment picks these two.
  pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Latif Lateness' });
  otherPro = await createPro(t, { city: 'rabat', category: 'handyman' });
});
afterAll(async () => t?.close());

const post = (u: TestUser | null, url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(u ? withCookie(u.cookie, { method: 'POST', url, payload }) : { method: 'POST', url, payload });
const get = (u: TestUser | null, url: string) => t.app.inject(u ? withCookie(u.cookie, { method: 'GET', url }) : { method: 'GET', url });

let day = 2;
const confirmed = (): Promise<TestBooking> => createPaidBooking(t, { customer, pro, date: casablancaDate(day++), accept: true });

/** Runs `fn` with the app's clock `minutes` after the booking's start, then puts the clock back. */
async function at<T>(b: TestBooking, minutes: number, fn: () => Promise<T>): Promise<T> {
  const [row] = await t.database.db.select({ start: bookings.scheduledStart }).from(bookings).where(eq(bookings.id, b.id));
  const clock = t.app.ctx.clock;
  const before = clock.frozenAt();
  clock.set(new Date(row!.start.getTime() + minutes * MIN));
  try {
    return await fn();
  } finally {
    clock.set(before);
  }
}

async function ledgerSum(bookingId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` }).from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
  return Number(row!.n);
}

async function ledgerOf(bookingId: string, account: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, account)));
  return Number(row!.n);
}

const outbox = async () => (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json<Array<{ to: string; channel: string; subject: string; text: string }>>();
const lastEmailTo = async (email: string) => (await outbox()).find((m) => m.to === email);

describe('running late', () => {
  it('the professional announces a delay; the customer sees the new time, is emailed, and may cancel free past 30 minutes', async () => {
    const b = await confirmed();
    const res = await at(b, -10, () => post(pro, `/api/bookings/${b.id}/delay`, { delayMinutes: 40 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().attendance).toMatchObject({ expectedArrivalLocalTime: '10:40', arrivedAt: null, canMarkArrived: true, canAnnounceDelay: true });

    const seen = await at(b, -5, () => get(customer, `/api/bookings/${b.id}`));
    expect(seen.json()).toMatchObject({ attendance: { expectedArrivalLocalTime: '10:40', freeCancellation: true, canAnnounceDelay: false }, canCancel: true, cancellationFeePreview: 0 });
    const mail = await lastEmailTo(customer.email);
    expect(mail?.subject).toBe('Your professional is running late');
    expect(mail?.text).toContain('10:40');
    expect(mail?.text).toContain('cancel this booking free of charge');
    // The SMS and push jobs were written with the change (they check the preferences when they run).
    const jobs = await t.database.db.select({ kind: scheduledJobs.kind }).from(scheduledJobs).where(sql`${scheduledJobs.payload}->>'bookingId' = ${b.id}`);
    expect(jobs.map((j) => j.kind)).toEqual(expect.arrayContaining(['lateness.sms', 'lateness.push']));

    // After the start, still free: the cancellation path refunds everything through the ledger.
    const preview = await at(b, 15, () => get(customer, `/api/bookings/${b.id}/cancellation`));
    expect(preview.json()).toMatchObject({ allowed: true, fee: 0, reason: 'PROFESSIONAL_LATE' });
    const cancelled = await at(b, 15, () => post(customer, `/api/bookings/${b.id}/cancel`, {}));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await ledgerSum(b.id)).toBe(0);
  });

  it('a customer who took WhatsApp gets the delay by the khedma_pro_late template, in their language; one who did not gets none', async () => {
    const phone = uniquePhone();
    const onWhatsApp = await createCustomer(t, { phone, locale: 'ar' });
    const optIn = await t.app.inject(withCookie(onWhatsApp.cookie, { method: 'PUT', url: '/api/profile/notifications', payload: { whatsapp: true } }));
    expect(optIn.statusCode, optIn.body).toBe(200);
    // A professional of their own (Tanger electrical: nobody else's), so the suspension test's counts stay Latif's.
    const electrician = await createPro(t, { city: 'tanger', category: 'electrical' });
    const b = await createPaidBooking(t, { customer: onWhatsApp, pro: electrician, date: casablancaDate(day++), accept: true });
    expect((await at(b, -10, () => post(electrician, `/api/bookings/${b.id}/delay`, { delayMinutes: 25 }))).statusCode).toBe(200);
    const late = (await outbox()).filter((m) => m.to === phone && m.channel === 'whatsapp' && m.subject === 'khedma_pro_late');
    expect(late).toHaveLength(1);
    // Arabic, with the new arrival time (10:25 Casablanca) and the booking's reference.
    expect(late[0]!.text).toMatch(/^المهني ديالك معطل شوية/);
    expect(late[0]!.text).toContain('10:25');
    expect(late[0]!.text).toContain(bookingReference(b.id));

    const silentPhone = uniquePhone();
    const notOnWhatsApp = await createCustomer(t, { phone: silentPhone });
    const quiet = await createPaidBooking(t, { customer: notOnWhatsApp, pro: electrician, date: casablancaDate(day++), accept: true });
    expect((await at(quiet, -10, () => post(electrician, `/api/bookings/${quiet.id}/delay`, { delayMinutes: 25 }))).statusCode).toBe(200);
    expect((await outbox()).filter((m) => m.to === silentPhone && m.channel === 'whatsapp')).toEqual([]);
  });

  it('a delay of 30 minutes or less keeps the usual fee, and the professional marks their arrival', async () => {
    const b = await confirmed();
    expect((await at(b, -30, () => post(pro, `/api/bookings/${b.id}/delay`, { delayMinutes: 30 }))).statusCode).toBe(200);
    const preview = await at(b, -20, () => get(customer, `/api/bookings/${b.id}/cancellation`));
    expect(preview.json()).toMatchObject({ allowed: true, reason: 'VERY_LATE_CANCELLATION' });
    const arrived = await at(b, 25, () => post(pro, `/api/bookings/${b.id}/arrived`));
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json().attendance.arrivedAt).not.toBeNull();
    // Arrived: no more delay, no second arrival, and the customer cannot report them absent.
    expect((await at(b, 26, () => post(pro, `/api/bookings/${b.id}/delay`, { delayMinutes: 60 }))).statusCode).toBe(409);
    expect((await at(b, 26, () => post(pro, `/api/bookings/${b.id}/arrived`))).statusCode).toBe(409);
    expect((await at(b, 90, () => post(customer, `/api/bookings/${b.id}/no-show`))).json().error.message).toBe('The professional has already arrived.');
  });

  it('refuses a delay from anyone but the assigned professional, too early, out of bounds, or on a booking not confirmed', async () => {
    const b = await confirmed();
    const delay = (u: TestUser | null, minutes = 20, payload: unknown = { delayMinutes: minutes }) => at(b, -10, () => post(u, `/api/bookings/${b.id}/delay`, payload as InjectOptions['payload']));
    expect((await delay(null)).statusCode).toBe(401);
    expect((await delay(customer)).statusCode).toBe(403);
    expect((await delay(otherCustomer)).statusCode).toBe(404);
    expect((await delay(otherPro)).statusCode).toBe(404);
    expect((await delay(admin)).statusCode).toBe(404);
    expect((await delay(pro, 7)).statusCode).toBe(400);
    expect((await delay(pro, 0)).statusCode).toBe(400);
    expect((await delay(pro, 240)).statusCode).toBe(400);
    expect((await delay(pro, 20, { delayMinutes: 'soon' })).statusCode).toBe(400);
    expect((await at(b, -120, () => post(pro, `/api/bookings/${b.id}/delay`, { delayMinutes: 20 }))).statusCode).toBe(409);
    // An arrival already past.
    expect((await at(b, 30, () => post(pro, `/api/bookings/${b.id}/delay`, { delayMinutes: 20 }))).statusCode).toBe(409);
    // Not yet accepted.
    const pending = await createPaidBooking(t, { customer, pro, date: casablancaDate(day++) });
    expect((await at(pending, -10, () => post(pro, `/api/bookings/${pending.id}/delay`, { delayMinutes: 20 }))).statusCode).toBe(409);
    expect((await post(pro, `/api/bookings/not-a-uuid/delay`, { delayMinutes: 20 })).statusCode).toBe(400);
  });
});

describe('no-shows', () => {
  it('the customer reports the professional absent 30 minutes after the start: full refund through the provider, counted against them, once', async () => {
    const b = await confirmed();
    expect((await at(b, 29, () => post(customer, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(409);
    expect((await at(b, 31, () => post(otherCustomer, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(404);
    expect((await at(b, 31, () => post(otherPro, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(404);
    expect((await at(b, 31, () => post(null, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(401);
    const res = await at(b, 31, () => post(customer, `/api/bookings/${b.id}/no-show`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', attendance: { noShow: 'professional' } });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ cancellationReason: 'no_show_professional', cancellationFee: 0, cancelledBy: customer.userId });
    expect(await ledgerSum(b.id)).toBe(0);
    // The customer paid the total into escrow and got it all back.
    expect(await ledgerOf(b.id, 'customer')).toBe(0);
    expect(await ledgerOf(b.id, 'escrow')).toBe(0);
    // The refund goes back to the card through the provider (the payment.refund job).
    const refunds = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, b.id));
    expect(refunds.map((r) => r.amount)).toEqual([b.totalAmount]);
    expect((await lastEmailTo(pro.email))?.subject).toBe('No-show: your booking is cancelled');
    // Twice: refused.
    expect((await at(b, 32, () => post(customer, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(409);
    expect((await at(b, 32, () => post(pro, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(409);
    // Counted on the admin's view of the professional.
    const view = await get(admin, `/api/admin/professionals/${pro.professionalId}`);
    expect(view.json().counts.noShows).toBeGreaterThanOrEqual(1);
  });

  it('a delay notice covers its time: the 30 minutes count from the announced arrival', async () => {
    const b = await confirmed();
    expect((await at(b, -5, () => post(pro, `/api/bookings/${b.id}/delay`, { delayMinutes: 60 }))).statusCode).toBe(200);
    expect((await at(b, 70, () => post(customer, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(409);
    const opens = (await at(b, 70, () => get(customer, `/api/bookings/${b.id}`))).json().attendance;
    expect(opens).toMatchObject({ canReportNoShow: false });
    expect((await at(b, 91, () => post(customer, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(200);
    expect(await ledgerSum(b.id)).toBe(0);
  });

  it('the professional reports the customer absent after arriving: the under-2 h fee is theirs, the rest refunded', async () => {
    const b = await confirmed();
    // Before arriving, or before the wait: refused.
    expect((await at(b, 20, () => post(pro, `/api/bookings/${b.id}/no-show`))).json().error.message).toBe('Please mark your arrival first.');
    expect((await at(b, -5, () => post(pro, `/api/bookings/${b.id}/arrived`))).statusCode).toBe(200);
    expect((await at(b, 10, () => post(pro, `/api/bookings/${b.id}/no-show`))).statusCode).toBe(409);
    const res = await at(b, 16, () => post(pro, `/api/bookings/${b.id}/no-show`));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    const fee = Math.round((row!.servicePrice + row!.addonsTotal) * 0.5);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'partially_refunded', cancellationReason: 'no_show_customer', cancellationFee: fee });
    expect(await ledgerSum(b.id)).toBe(0);
    expect(await ledgerOf(b.id, `pro:${pro.professionalId}`)).toBe(fee);
    expect(await ledgerOf(b.id, 'customer')).toBe(-fee);
    expect(await ledgerOf(b.id, 'escrow')).toBe(0);
    expect((await lastEmailTo(customer.email))?.subject).toBe('Customer absent: booking cancelled');
    // Not counted against the professional.
    const before = (await get(admin, `/api/admin/professionals/${pro.professionalId}`)).json().counts.noShows;
    expect(before).toBe(2);
  });
});

describe('suspension', () => {
  it('a super_admin suspends a professional: unlisted, no new bookings, told by email, logged; their earnings stay; reinstated after', async () => {
    const upcoming = await confirmed();
    const res = await post(admin, `/api/admin/professionals/${pro.professionalId}/suspend`, { reason: '  Repeated no-shows  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailSent: true, professional: { status: 'suspended', suspensionReason: 'Repeated no-shows' } });
    expect(res.json().professional.upcoming.map((u: { bookingId: string }) => u.bookingId)).toContain(upcoming.id);
    expect((await lastEmailTo(pro.email))?.subject).toBe('Your Khedma professional account is suspended');
    const log = await t.database.db.select().from(sensitiveAccessLog).where(eq(sensitiveAccessLog.recordId, pro.professionalId));
    expect(log.map((l) => l.action)).toEqual(['suspend_professional']);

    // Not listed, not bookable.
    expect((await get(null, `/api/pros/${pro.professionalId}`)).statusCode).toBe(404);
    const search = (await get(null, `/api/pros?q=${encodeURIComponent('Latif')}`)).json();
    expect(JSON.stringify(search)).not.toContain(pro.professionalId);
    await expect(createPaidBooking(t, { customer, pro, date: casablancaDate(day++) })).rejects.toThrow(/409/);
    // What is theirs stays theirs.
    expect((await get(pro, '/api/earnings')).statusCode).toBe(200);
    // Twice: refused.
    expect((await post(admin, `/api/admin/professionals/${pro.professionalId}/suspend`, { reason: 'Again' })).statusCode).toBe(409);

    const back = await post(admin, `/api/admin/professionals/${pro.professionalId}/reinstate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().professional).toMatchObject({ status: 'active', suspensionReason: null });
    expect((await get(null, `/api/pros/${pro.professionalId}`)).statusCode).toBe(200);
    expect((await post(admin, `/api/admin/professionals/${pro.professionalId}/reinstate`)).statusCode).toBe(409);
    const log2 = await t.database.db.select().from(sensitiveAccessLog).where(eq(sensitiveAccessLog.recordId, pro.professionalId));
    expect(log2.map((l) => l.action).sort()).toEqual(['reinstate_professional', 'suspend_professional']);
  });

  it('only a super_admin suspends or reinstates; a reason is required; admins list professionals with their counts', async () => {
    const url = `/api/admin/professionals/${otherPro.professionalId}/suspend`;
    expect((await post(null, url, { reason: 'x' })).statusCode).toBe(401);
    expect((await post(customer, url, { reason: 'x' })).statusCode).toBe(403);
    expect((await post(pro, url, { reason: 'x' })).statusCode).toBe(403);
    expect((await post(financeAdmin, url, { reason: 'x' })).statusCode).toBe(403);
    expect((await post(financeAdmin, `/api/admin/professionals/${otherPro.professionalId}/reinstate`)).statusCode).toBe(403);
    const missing = await post(admin, url, { reason: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please provide a reason for the suspension');
    expect((await post(admin, '/api/admin/professionals/00000000-0000-4000-8000-000000000000/suspend', { reason: 'x' })).statusCode).toBe(404);

    expect((await get(customer, '/api/admin/professionals')).statusCode).toBe(403);
    expect((await get(pro, `/api/admin/professionals/${pro.professionalId}`)).statusCode).toBe(403);
    const list = await get(financeAdmin, '/api/admin/professionals?q=Latif');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([expect.objectContaining({ professionalId: pro.professionalId, counts: { lateness: 3, noShows: 2 } })]);
  });
});
