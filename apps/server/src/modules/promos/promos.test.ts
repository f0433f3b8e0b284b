/**
 * Promo codes and referrals through the API (docs/promos.md), on PGlite and PostgreSQL: the admins'
 * codes and who may not make them, the discounted quote and its refusals, a booking at the discounted
 * price (the server's, never the client's), the last use raced by two customers, a cancellation giving
 * the use back, the refund of what was paid, the professional paid in full at the release, and the
 * referral credit (and self-referral refused).
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_ACCOUNTS, proLedgerAccount, PROMO_MESSAGES, REFERRAL_CREDIT_MAD } from '@khedma/shared';
import * as s from '../../db/schema/index';
import { payOnSimulator } from '../../test/cmi';
import { afterBookingEnd, casablancaDate, createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { freshIp, startApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let pro: TestPro;
let otherCityPro: TestPro;

beforeAll(async () => {
  t = await startApp();
  admin = await createAdmin(t);
  finance = await createAdmin(t, { roles: ['finance_admin'] });
  pro = await createPro(t, { city: 'fes', category: 'gardening' });
  otherCityPro = await createPro(t, { city: 'tanger', category: 'gardening' });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, remoteAddress: freshIp(), headers: { ...(who ? { cookie: who.cookie } : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

let codeN = 0;
async function createCode(body: Record<string, unknown> = {}) {
  const res = await call(admin, 'POST', '/api/admin/promo-codes', { code: `test${++codeN}`, kind: 'percent', value: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; code: string };
}

// The street address is required (issue 42).
const wizard = (p: TestPro = pro) => ({ serviceTypeId: p.serviceTypeIds[0]!, cityId: p.cityId, location: '12 Rue Ibn Batouta' });
let day = 2;
/** A booking of `pro`'s first service on its own day (so that no two of this file's bookings collide). */
function book(customer: TestUser, extra: Record<string, unknown> = {}, p: TestPro = pro) {
  return call(customer, 'POST', '/api/bookings', { ...wizard(p), date: casablancaDate(day++), startTime: '10:00', endTime: '11:00', ...extra }, { 'idempotency-key': randomUUID() });
}
async function pay(customer: TestUser, bookingId: string) {
  const paid = await payOnSimulator(t.app, { headers: { cookie: customer.cookie } }, bookingId);
  expect(paid.back, paid.initiate.body).not.toBeNull();
}
const quote = (customer: TestUser, body: Record<string, unknown>, p: TestPro = pro) => call(customer, 'POST', '/api/promos/quote', { wizard: wizard(p), ...body });

describe('promo codes: the admins', () => {
  it('a super admin creates a code (stored upper case) and lists it; the same code in other letters is 409', async () => {
    const res = await call(admin, 'POST', '/api/admin/promo-codes', { code: ' welcome10 ', kind: 'percent', value: 10, maxDiscount: 30 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'WELCOME10', kind: 'percent', value: 10, maxDiscount: 30, active: true, uses: 0 });
    const dup = await call(admin, 'POST', '/api/admin/promo-codes', { code: 'Welcome10', kind: 'amount', value: 20 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('PROMO_CODE_EXISTS');
    const list = await call(admin, 'GET', '/api/admin/promo-codes');
    expect(list.json().map((p: { code: string }) => p.code)).toContain('WELCOME10');
  });

  it('bad input is 400 next to its field (a percentage over 100, an end before the start, a code with spaces)', async () => {
    const over = await call(admin, 'POST', '/api/admin/promo-codes', { code: 'OVER', kind: 'percent', value: 150 });
    expect(over.statusCode).toBe(400);
    const dates = await call(admin, 'POST', '/api/admin/promo-codes', { code: 'DATES', kind: 'amount', value: 20, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' });
    expect(dates.statusCode).toBe(400);
    const spaces = await call(admin, 'POST', '/api/admin/promo-codes', { code: 'A B C', kind: 'amount', value: 20 });
    expect(spaces.statusCode).toBe(400);
  });

  it('who may NOT: signed out 401; a customer, a professional and a finance admin 403 (nothing created)', async () => {
    const customer = await createCustomer(t);
    const body = { code: 'NOTALLOWED', kind: 'amount', value: 50 };
    expect((await call(null, 'POST', '/api/admin/promo-codes', body)).statusCode).toBe(401);
    for (const who of [customer, pro, finance]) {
      expect((await call(who, 'POST', '/api/admin/promo-codes', body)).statusCode).toBe(403);
      expect((await call(who, 'GET', '/api/admin/promo-codes')).statusCode).toBe(403);
    }
    expect(await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, 'NOTALLOWED'))).toEqual([]);
  });

  it('deactivated, a code no longer applies; activated again, it does', async () => {
    const code = await createCode({ kind: 'amount', value: 20 });
    const customer = await createCustomer(t);
    expect((await call(admin, 'POST', `/api/admin/promo-codes/${code.id}/deactivate`)).json().active).toBe(false);
    expect((await quote(customer, { promoCode: code.code })).json().promoError.code).toBe('inactive');
    expect((await call(customer, 'POST', `/api/admin/promo-codes/${code.id}/activate`)).statusCode).toBe(403);
    await call(admin, 'POST', `/api/admin/promo-codes/${code.id}/activate`);
    expect((await quote(customer, { promoCode: code.code })).json().promoError).toBeNull();
  });
});

describe('promo codes: the customer', () => {
  it('the quote shows the discount line and the new total; case does not matter; the cap holds', async () => {
    const customer = await createCustomer(t);
    const code = await createCode({ value: 50, maxDiscount: 25 });
    const res = await quote(customer, { promoCode: code.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.discounts).toEqual([{ source: 'promo', code: code.code, amount: Math.min(25, Math.floor(q.quote.total / 2)) }]);
    expect(q.payable).toBe(q.quote.total - q.discounts[0].amount);
  });

  it('why a code does not apply: unknown, not yet, expired, another city, another category (each message next to the field)', async () => {
    const customer = await createCustomer(t);
    const future = await createCode({ startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const past = await createCode({ startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' });
    const tanger = await createCode({ cityId: otherCityPro.cityId });
    const plumbing = await createCode({ category: 'plumbing' });
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE', 'unknown'],
      [future.code, 'not_started'],
      [past.code, 'expired'],
      [tanger.code, 'wrong_city'],
      [plumbing.code, 'wrong_category'],
    ];
    for (const [c, reason] of cases) {
      const q = await quote(customer, { promoCode: c });
      expect(q.json().promoError, c).toEqual({ code: reason, message: PROMO_MESSAGES[reason as keyof typeof PROMO_MESSAGES] });
      const booked = await book(customer, { promoCode: c });
      expect(booked.statusCode).toBe(400);
      expect(booked.json().error).toMatchObject({ code: 'PROMO_CODE_INVALID', fields: { promoCode: PROMO_MESSAGES[reason as keyof typeof PROMO_MESSAGES] } });
    }
    // The Tanger code applies in Tanger.
    expect((await quote(customer, { promoCode: tanger.code }, otherCityPro)).json().promoError).toBeNull();
    expect(await db().select().from(s.bookings).where(eq(s.bookings.userId, customer.userId))).toEqual([]);
  });

  it('a booking with a code costs the server-computed discount (a client discount is ignored); paid, then first-booking-only refuses the next', async () => {
    const customer = await createCustomer(t);
    const first = await createCode({ kind: 'amount', value: 40, firstBookingOnly: true });
    const res = await book(customer, { promoCode: first.code, discount: 9999, totalAmount: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    const [row] = await db().select().from(s.bookings).where(eq(s.bookings.id, b.id));
    expect(row!.totalAmount).toBe(row!.servicePrice + row!.addonsTotal + row!.serviceFee - 40);
    const [payment] = await db().select().from(s.payments).where(eq(s.payments.bookingId, b.id));
    expect(payment!.amount).toBe(row!.totalAmount);
    expect(await db().select({ amount: s.bookingDiscounts.amount, source: s.bookingDiscounts.source }).from(s.bookingDiscounts).where(eq(s.bookingDiscounts.bookingId, b.id))).toEqual([
      { amount: 40, source: 'promo' },
    ]);
    await pay(customer, b.id);
    const again = await quote(customer, { promoCode: first.code });
    expect(again.json().promoError.code).toBe('first_booking_only');
  });

  it('a per-customer limit: the second use by the same customer is refused, another customer may', async () => {
    const [a, b] = [await createCustomer(t), await createCustomer(t)];
    const code = await createCode({ kind: 'amount', value: 15, maxUsesPerCustomer: 1 });
    expect((await book(a, { promoCode: code.code })).statusCode).toBe(201);
    const second = await book(a, { promoCode: code.code });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields.promoCode).toBe(PROMO_MESSAGES.customer_limit_reached);
    expect((await book(b, { promoCode: code.code })).statusCode).toBe(201);
  });

  it('two customers racing for the last use: exactly one booking has it, the other is refused and not made', async () => {
    const code = await createCode({ kind: 'amount', value: 30, maxUses: 1 });
    const racers = await Promise.all([createCustomer(t), createCustomer(t), createCustomer(t), createCustomer(t)]);
    const answers = await Promise.all(racers.map((c) => book(c, { promoCode: code.code })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().error.fields.promoCode).toBe(PROMO_MESSAGES.limit_reached);
    const uses = await db().select().from(s.bookingDiscounts).where(eq(s.bookingDiscounts.promoCodeId, code.id));
    expect(uses).toHaveLength(1);
    const made = await Promise.all(racers.map((c) => db().select().from(s.bookings).where(eq(s.bookings.userId, c.userId))));
    expect(made.flat()).toHaveLength(1);
  });

  it('a cancelled booking gives its use back, and its refund is what was paid, never more', async () => {
    const code = await createCode({ kind: 'amount', value: 50, maxUses: 1 });
    const [a, b] = [await createCustomer(t), await createCustomer(t)];
    const made = await book(a, { promoCode: code.code });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    await pay(a, id);
    const [row] = await db().select().from(s.bookings).where(eq(s.bookings.id, id));
    expect((await quote(b, { promoCode: code.code })).json().promoError.code).toBe('limit_reached');
    const cancelled = await call(a, 'POST', `/api/bookings/${id}/cancel`, { reason: 'plans changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunds = await db().select().from(s.paymentRefunds).where(eq(s.paymentRefunds.bookingId, id));
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(row!.totalAmount);
    const ledger = await db().select().from(s.ledgerEntries).where(eq(s.ledgerEntries.bookingId, id));
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect(ledger.filter((e) => e.account === LEDGER_ACCOUNTS.customer).reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect((await quote(b, { promoCode: code.code })).json().promoError).toBeNull();
  });

  it('the professional is paid as without the discount: the release is topped up from the promotions account; the ledger sums to zero', async () => {
    const customer = await createCustomer(t);
    const code = await createCode({ kind: 'percent', value: 100, maxDiscount: 1000 });
    const made = await book(customer, { promoCode: code.code });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    await pay(customer, id);
    await call(pro, 'POST', `/api/bookings/${id}/accept`);
    const done = await afterBookingEnd(t, id, () => call(admin, 'POST', `/api/admin/bookings/${id}/complete`, {}));
    expect(done.statusCode, done.body).toBe(200);
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 60 * 86_400_000));
    const [row] = await db().select().from(s.bookings).where(eq(s.bookings.id, id));
    const ledger = await db().select().from(s.ledgerEntries).where(eq(s.ledgerEntries.bookingId, id));
    const sum = (account: string) => ledger.filter((e) => e.account === account).reduce((a, e) => a + e.amount, 0);
    const discount = row!.servicePrice + row!.addonsTotal + row!.serviceFee - row!.totalAmount;
    expect(discount).toBeGreaterThan(0);
    expect(sum(proLedgerAccount(pro.professionalId))).toBe(row!.servicePrice + row!.addonsTotal);
    // The promotions account pays what the professional lacks; the fee the customer did not pay is the rest.
    expect(sum('promotions') + sum(LEDGER_ACCOUNTS.platform)).toBe(row!.serviceFee - discount);
    expect(sum('promotions')).toBeLessThan(0);
    expect(sum(LEDGER_ACCOUNTS.customer)).toBe(-row!.totalAmount);
    expect(sum(LEDGER_ACCOUNTS.escrow)).toBe(0);
    expect(ledger.reduce((a, e) => a + e.amount, 0)).toBe(0);
    // The receipt shows the discount.
    const receipt = await call(customer, 'GET', `/api/receipts/${id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().discounts).toEqual([{ source: 'promo', code: code.code, amount: discount }]);
  });
});

describe('referrals', () => {
  it('a customer has a link; a new account claims it; own link, a second claim and a stranger code are refused', async () => {
    const referrer = await createCustomer(t);
    const me = (await call(referrer, 'GET', '/api/referrals/me')).json();
    expect(me.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(me.path).toBe(`/r/${me.code}`);
    expect((await call(referrer, 'POST', '/api/referrals/claim', { code: me.code })).json().error.message).toBe('You cannot use your own referral link');
    const friend = await createCustomer(t);
    expect((await call(friend, 'POST', '/api/referrals/claim', { code: 'ZZZZZZZZ' })).statusCode).toBe(409);
    expect((await call(friend, 'POST', '/api/referrals/claim', { code: me.code.toLowerCase() })).statusCode).toBe(200);
    expect((await call(friend, 'POST', '/api/referrals/claim', { code: me.code })).statusCode).toBe(409);
    expect((await call(null, 'GET', '/api/referrals/me')).statusCode).toBe(401);
  });

  it("the friend's first completed, paid booking gives both 50 MAD, once; the credit comes off the next booking by itself", async () => {
    const referrer = await createCustomer(t);
    const friend = await createCustomer(t);
    const { code } = (await call(referrer, 'GET', '/api/referrals/me')).json();
    expect((await call(friend, 'POST', '/api/referrals/claim', { code })).statusCode).toBe(200);
    const made = await book(friend);
    const id = made.json().id as string;
    await pay(friend, id);
    await call(pro, 'POST', `/api/bookings/${id}/accept`);
    expect((await call(referrer, 'GET', '/api/referrals/me')).json().creditBalance).toBe(0);
    const done = await afterBookingEnd(t, id, () => call(admin, 'POST', `/api/admin/bookings/${id}/complete`, {}));
    expect(done.statusCode, done.body).toBe(200);
    // The job runs at the completion's time (the clock was past the booking's end).
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 30 * 86_400_000));
    for (const u of [referrer, friend]) {
      const sum = (await call(u, 'GET', '/api/referrals/me')).json();
      expect(sum.creditBalance).toBe(REFERRAL_CREDIT_MAD);
    }
    expect((await call(referrer, 'GET', '/api/referrals/me')).json()).toMatchObject({ referred: 1, rewarded: 1 });
    // Spent automatically on the referrer's next booking.
    const q = (await quote(referrer, {})).json();
    expect(q.discounts).toEqual([{ source: 'credit', code: null, amount: REFERRAL_CREDIT_MAD }]);
    const next = await book(referrer);
    expect(next.statusCode).toBe(201);
    expect(next.json().amounts).toMatchObject({ total: q.payable, discount: REFERRAL_CREDIT_MAD });
    expect((await call(referrer, 'GET', '/api/referrals/me')).json().creditBalance).toBe(0);
    // Cancelled, the credit comes back.
    expect((await call(referrer, 'POST', `/api/bookings/${next.json().id}/cancel`, { reason: 'changed' })).statusCode).toBe(200);
    expect((await call(referrer, 'GET', '/api/referrals/me')).json().creditBalance).toBe(REFERRAL_CREDIT_MAD);
    // A second completion earns nothing more.
    expect(await db().select().from(s.referralCredits).where(and(eq(s.referralCredits.refereeId, friend.userId)))).toHaveLength(2);
  });

  it('an account too old or with bookings already cannot claim a link', async () => {
    const referrer = await createCustomer(t);
    const { code } = (await call(referrer, 'GET', '/api/referrals/me')).json();
    const booked = await createCustomer(t);
    expect((await book(booked)).statusCode).toBe(201);
    const res = await call(booked, 'POST', '/api/referrals/claim', { code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('A referral link can only be used by a new account before its first booking');
  });
});
