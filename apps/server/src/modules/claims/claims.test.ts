/**
 * Guarantee claims through the API (docs/claims.md): the report with photos, the professional's answer,
 * the customer's reply, an admin's decision; the escrow release held while a claim is open and let go
 * after; refunds through the ledger (summing to zero after every outcome) and the provider's refund; and
 * everyone who may not.
 */
import { randomUUID } from 'node:crypto';
import { proLedgerAccount, releaseAt } from '@khedma/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestBooking, type TestPro, type TestUser } from '../../test/factories';
import { outbox, startApp, withCookie, type TestApp } from '../../test/helpers';
import { multipartBody } from '../../test/openapi-operations';
import { ledgerOf } from '../bookings/bookings.test-helpers';
import { completedBooking } from '../reviews/reviews.test-helpers';
import { modulesOf } from '../../app';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let finance: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let pro: TestPro;
let otherPro: TestPro;
let png: Buffer;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  admin = await createAdmin(t);
  reviewer = await createAdmin(t, { roles: ['application_reviewer'] });
  finance = await createAdmin(t, { roles: ['finance_admin'] });
  customer = await createCustomer(t, { locale: 'fr' });
  otherCustomer = await createCustomer(t);
  // Nobody else does plumbing in Fès or handyman work in Rabat: the real assignment picks these two.
  pro = await createPro(t, { city: 'fes', category: 'plumbing' });
  otherPro = await createPro(t, { city: 'rabat', category: 'handyman' });
  // The window is the warranty's, at least 48 h: pro's service has none, otherPro's 10 days.
  await t.database.db.update(s.serviceTypes).set({ warrantyDays: 0 }).where(eq(s.serviceTypes.id, pro.serviceTypeIds[0]!));
  await t.database.db.update(s.serviceTypes).set({ warrantyDays: 10 }).where(eq(s.serviceTypes.id, otherPro.serviceTypeIds[0]!));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 20 } } }).png().toBuffer();
});
afterAll(async () => t?.close());
afterEach(() => t.app.ctx.clock.set(null));

const send = (u: TestUser | null, method: 'GET' | 'POST', url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(u ? withCookie(u.cookie, { method, url, payload }) : { method, url, payload });
const report = (u: TestUser, id: string, body: Record<string, unknown> = { description: 'The tap still leaks after the repair.', request: 'return_visit' }) =>
  send(u, 'POST', `/api/bookings/${id}/claim`, body);
const photo = (u: TestUser, id: string, body = png, filename = 'leak.png') => {
  const m = multipartBody([{ filename, type: 'image/png', body }]);
  return t.app.inject(withCookie(u.cookie, { method: 'POST', url: `/api/bookings/${id}/claim/photos`, payload: m.payload, headers: m.headers }));
};

let day = 2;
/** A completed booking, and the clock put an hour after its completion (restored by `later`). */
async function completed(p: TestPro = pro): Promise<TestBooking & { completedAt: Date }> {
  t.app.ctx.clock.set(null);
  const b = await completedBooking(t, { customer, pro: p, admin, day: day++ });
  const [row] = await t.database.db.select({ completedAt: s.bookings.completedAt }).from(s.bookings).where(eq(s.bookings.id, b.id));
  t.app.ctx.clock.set(new Date(row!.completedAt!.getTime() + HOUR));
  return { ...b, completedAt: row!.completedAt! };
}
const claimRow = async (bookingId: string) => (await t.database.db.select().from(s.claims).where(eq(s.claims.bookingId, bookingId)))[0]!;
const bookingRow = async (id: string) => (await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, id)))[0]!;
const zeroSum = async (id: string) => {
  const l = await ledgerOf(t.database, id);
  expect(l.transactionSums.every((x) => x === 0)).toBe(true);
  expect(l.rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(0);
  return l;
};
const releaseJobs = async (bookingId: string) =>
  t.database.db.select().from(s.scheduledJobs).where(and(eq(s.scheduledJobs.kind, 'escrow.release'), eq(s.scheduledJobs.payload, { bookingId })));

describe('reporting a problem', () => {
  it('the customer reports within the window with photos; the professional is emailed; one open report per booking', async () => {
    const b = await completed();
    const ctx = await send(customer, 'GET', `/api/bookings/${b.id}/claim`);
    expect(ctx.statusCode).toBe(200);
    const until = new Date(b.completedAt.getTime() + 48 * HOUR);
    expect(ctx.json()).toMatchObject({ viewer: 'customer', canOpen: true, claims: [], refundable: b.totalAmount, window: { open: true, until: until.toISOString() } });

    // Who may not: the other customer, the professional, an admin (404: not theirs to report).
    for (const who of [otherCustomer, pro, admin]) expect((await report(who, b.id)).statusCode).toBe(404);
    expect((await send(null, 'POST', `/api/bookings/${b.id}/claim`, { description: 'x'.repeat(20), request: 'return_visit' })).statusCode).toBe(401);
    // Bad input: next to the field.
    const short = await report(customer, b.id, { description: 'bad', request: 'return_visit' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.description).toBeDefined();
    const noAmount = await report(customer, b.id, { description: 'The tap still leaks.', request: 'partial_refund' });
    expect(noAmount.json().error.fields.amount).toBe('Please enter the amount to refund');
    const tooMuch = await report(customer, b.id, { description: 'The tap still leaks.', request: 'partial_refund', amount: b.totalAmount + 1 });
    expect(tooMuch.statusCode).toBe(400);

    const res = await report(customer, b.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'open', request: 'return_visit', photos: [] });
    expect((await report(customer, b.id)).json().error.code).toBe('CLAIM_ALREADY_OPEN');

    // Photos: the chat's rules (images by content), at most 5, the customer's only.
    expect((await photo(otherCustomer, b.id)).statusCode).toBe(404);
    const bad = await photo(customer, b.id, Buffer.from('%PDF-1.4 not a photo'), 'x.png');
    expect(bad.statusCode).toBe(415);
    const withPhoto = await photo(customer, b.id);
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    const url = withPhoto.json().photos[0].url as string;
    expect(url).toMatch(/sig|signature|expires/i);
    const served = await t.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname + new URL(url, 'http://localhost').search });
    expect(served.statusCode).toBe(200);
    for (let i = 1; i < 5; i++) expect((await photo(customer, b.id)).statusCode).toBe(201);
    expect((await photo(customer, b.id)).statusCode).toBe(400);

    await t.app.ctx.jobs.runDueJobs(t.app.ctx.clock.now());
    const mail = (await outbox(t.app)).find((m) => m.to === pro.email && (m.subject ?? '').includes(b.reference));
    expect(mail?.subject).toBe(`A problem was reported on booking ${b.reference}`);
    // Both sides and admins read it; others do not.
    expect((await send(pro, 'GET', `/api/bookings/${b.id}/claim`)).json()).toMatchObject({ viewer: 'professional', canOpen: false, claims: [{ status: 'open' }] });
    expect((await send(admin, 'GET', `/api/bookings/${b.id}/claim`)).json().viewer).toBe('admin');
    expect((await send(otherCustomer, 'GET', `/api/bookings/${b.id}/claim`)).statusCode).toBe(404);
    expect((await send(otherPro, 'GET', `/api/bookings/${b.id}/claim`)).statusCode).toBe(404);
  });

  it('is refused before completion and after the window (with its last day)', async () => {
    const fresh = await createPaidBooking(t, { customer, pro, accept: true, date: casablancaDate(day++) });
    const early = await report(customer, fresh.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'CLAIM_NOT_ALLOWED', message: 'You can report a problem once the service is completed.' });

    const done = await completed();
    t.app.ctx.clock.set(new Date(done.completedAt.getTime() + 48 * HOUR + 1000));
    const late = await report(customer, done.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CLAIM_WINDOW_CLOSED');
    expect(late.json().error.message).toMatch(/^You could report a problem until \d{1,2} [A-Z][a-z]+\.$/);
    expect((await send(customer, 'GET', `/api/bookings/${done.id}/claim`)).json()).toMatchObject({ canOpen: false, window: { open: false } });
  });
});

describe('the professional answers, the customer replies', () => {
  it('a return visit at a free slot, accepted: resolved, the release held meanwhile then let go, the ledger at zero', async () => {
    const b = await completed();
    expect((await report(customer, b.id)).statusCode).toBe(201);
    // The release job at 48 h writes nothing while the claim is open.
    expect(await modulesOf(t.app).payments.escrow.releaseEscrow(b.id, releaseAt(b.completedAt))).toBe('held');
    expect((await ledgerOf(t.database, b.id)).balance('escrow')).toBe(b.totalAmount);

    const visitDay = casablancaDate(day + 10);
    const answer = (u: TestUser, body: Record<string, unknown>) => send(u, 'POST', `/api/bookings/${b.id}/claim/answer`, body);
    for (const who of [customer, otherPro, admin]) expect((await answer(who, { kind: 'return_visit', date: visitDay, startTime: '10:00' })).statusCode).toBe(404);
    // pro works 08:00-20:00 (the factory's hours): 21:00 is not offered by the wizard's start times anyway.
    const off = await answer(pro, { kind: 'return_visit', date: visitDay, startTime: '21:00' });
    expect(off.statusCode).toBe(400);
    // A slot another booking of theirs takes: refused, as a reschedule would be.
    t.app.ctx.clock.set(null);
    await createPaidBooking(t, { customer: otherCustomer, pro, date: visitDay, startTime: '10:00', endTime: '11:00' });
    t.app.ctx.clock.set(new Date(b.completedAt.getTime() + HOUR));
    const busy = await answer(pro, { kind: 'return_visit', date: visitDay, startTime: '10:00' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('NO_PROFESSIONAL_AVAILABLE');
    const offered = await answer(pro, { kind: 'return_visit', date: visitDay, startTime: '12:00' });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toMatchObject({ status: 'visit_offered', visit: { date: visitDay, startTime: '12:00', endTime: '13:00' } });
    expect((await answer(pro, { kind: 'dispute', reason: 'Changed my mind' })).statusCode).toBe(409);

    const reply = (u: TestUser, body: Record<string, unknown>) => send(u, 'POST', `/api/bookings/${b.id}/claim/reply`, body);
    expect((await reply(pro, { accept: true })).statusCode).toBe(404);
    expect((await reply(otherCustomer, { accept: true })).statusCode).toBe(404);
    const accepted = await reply(customer, { accept: true });
    expect(accepted.json()).toMatchObject({ status: 'resolved', outcome: 'return_visit' });
    // The agreed visit (12:00-13:00) holds the professional's time, with the travel buffer: their page does
    // not offer it, and a booking over it, or too close to travel between, is refused; one after is not.
    t.app.ctx.clock.set(null);
    const slots = (await send(customer, 'GET', `/api/pros/${pro.professionalId}/availability?date=${visitDay}&durationHours=1`)).json<{ slots: Array<{ time: string; available: boolean }> }>().slots;
    const free = new Set(slots.filter((x) => x.available).map((x) => x.time));
    for (const taken of ['11:30', '12:00', '12:30', '13:00']) expect(free.has(taken), taken).toBe(false);
    expect(free.has('14:00')).toBe(true);
    const over = (startTime: string, endTime: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: otherCustomer.cookie, 'idempotency-key': randomUUID() },
        payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: visitDay, startTime, endTime, location: '12 Rue Ibnou Sina' },
      });
    for (const [from, to] of [['12:00', '13:00'], ['13:00', '14:00']] as const) {
      const res = await over(from, to);
      expect(res.statusCode, `${from}: ${res.body}`).toBe(409);
    }
    expect((await over('14:00', '15:00')).statusCode).toBe(201);
    t.app.ctx.clock.set(new Date(b.completedAt.getTime() + HOUR));
    expect(await releaseJobs(b.id)).toHaveLength(2); // the completion's, and the resolution's
    expect(await modulesOf(t.app).payments.escrow.releaseEscrow(b.id, releaseAt(b.completedAt))).toBe('released');
    const l = await zeroSum(b.id);
    expect(l.balance('escrow')).toBe(0);
    // A second report may follow within the window.
    expect((await send(customer, 'GET', `/api/bookings/${b.id}/claim`)).json().canOpen).toBe(true);
  });

  it('a dispute goes to an admin; a partial refund by finance: the ledger, the provider refund, the rest released to the professional', async () => {
    const b = await completed();
    expect((await report(customer, b.id, { description: 'Water everywhere after the visit.', request: 'partial_refund', amount: 50 })).statusCode).toBe(201);
    const disputed = await send(pro, 'POST', `/api/bookings/${b.id}/claim/answer`, { kind: 'dispute', reason: 'The leak comes from another pipe.' });
    expect(disputed.json()).toMatchObject({ status: 'needs_decision', disputeReason: 'The leak comes from another pipe.' });
    await t.app.ctx.jobs.runDueJobs(t.app.ctx.clock.now());
    const toCustomer = (await outbox(t.app)).find((m) => m.to === customer.email && (m.subject ?? '').includes(b.reference));
    expect(toCustomer?.subject).toBe(`Le professionnel conteste votre signalement (${b.reference})`); // her language

    // The admins' list: super and finance admins; a reviewer (and customers) may not.
    expect((await send(reviewer, 'GET', '/api/admin/claims')).statusCode).toBe(403);
    expect((await send(customer, 'GET', '/api/admin/claims')).statusCode).toBe(403);
    const list = await send(finance, 'GET', '/api/admin/claims');
    expect(list.json().items.find((i: { claim: { bookingId: string } }) => i.claim.bookingId === b.id)).toMatchObject({ reference: b.reference, refundable: b.totalAmount });

    const decide = (u: TestUser, body: Record<string, unknown>) =>
      send(u, 'POST', `/api/admin/bookings/${b.id}/claim/${String(body.decision).endsWith('refund') ? 'refund' : 'decision'}`, body);
    expect((await decide(reviewer, { decision: 'partial_refund', amount: 50, reason: 'Shared fault' })).statusCode).toBe(403);
    expect((await decide(pro, { decision: 'partial_refund', amount: 50, reason: 'Shared fault' })).statusCode).toBe(403);
    // Finance decides money, not the rest.
    expect((await decide(finance, { decision: 'reject', reason: 'Not a fault' })).statusCode).toBe(403);
    const above = await decide(finance, { decision: 'partial_refund', amount: b.totalAmount + 1, reason: 'Shared fault' });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.fields.amount).toBe(`The refund cannot be more than ${b.totalAmount} MAD.`);

    const done = await decide(finance, { decision: 'partial_refund', amount: 50, reason: 'Shared fault' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'resolved', outcome: 'partial_refund', refundAmount: 50, refundedAt: null });
    expect((await decide(admin, { decision: 'full_refund', reason: 'again' })).statusCode).toBe(409);
    let l = await zeroSum(b.id);
    expect(l.balance('customer')).toBe(-b.totalAmount + 50);
    expect(l.balance('escrow')).toBe(b.totalAmount - 50);
    expect((await bookingRow(b.id)).paymentStatus).toBe('partially_refunded');

    // The provider's refund (payment.refund), then the customer sees when it reached the card.
    const claim = await claimRow(b.id);
    expect(claim.refundId).not.toBeNull();
    expect(await modulesOf(t.app).payments.refunds.send(claim.refundId!)).toBe('sent');
    const after = (await send(customer, 'GET', `/api/bookings/${b.id}/claim`)).json();
    expect(after.claims[0].refundedAt).not.toBeNull();
    expect(after.refundable).toBe(b.totalAmount - 50);

    // The release goes ahead with what is left: the platform's fee, the rest to the professional.
    expect(await modulesOf(t.app).payments.escrow.releaseEscrow(b.id, releaseAt(b.completedAt))).toBe('released');
    l = await zeroSum(b.id);
    expect(l.balance('escrow')).toBe(0);
    const fee = (await bookingRow(b.id)).serviceFee;
    expect(l.balance(proLedgerAccount(pro.professionalId))).toBe(b.totalAmount - 50 - fee);
  });

  it('a rejected visit goes to an admin, who decides a full refund; the escrow is empty and nothing is released', async () => {
    const b = await completed();
    await report(customer, b.id);
    const visitDay = casablancaDate(day + 12);
    expect((await send(pro, 'POST', `/api/bookings/${b.id}/claim/answer`, { kind: 'return_visit', date: visitDay, startTime: '14:00' })).statusCode).toBe(200);
    const rejected = await send(customer, 'POST', `/api/bookings/${b.id}/claim/reply`, { accept: false, reason: 'I do not trust the repair.' });
    expect(rejected.json()).toMatchObject({ status: 'needs_decision', customerReason: 'I do not trust the repair.' });
    const full = await send(admin, 'POST', `/api/admin/bookings/${b.id}/claim/refund`, { decision: 'full_refund', reason: 'Work not done' });
    expect(full.json()).toMatchObject({ outcome: 'full_refund', refundAmount: b.totalAmount });
    const l = await zeroSum(b.id);
    expect(l.balance('customer')).toBe(0);
    expect(l.balance('escrow')).toBe(0);
    expect((await bookingRow(b.id)).paymentStatus).toBe('refunded');
    expect(await modulesOf(t.app).payments.escrow.releaseEscrow(b.id, releaseAt(b.completedAt))).toBe('skipped');
    // Nothing is left to refund.
    await report(customer, b.id, { description: 'Still leaking, again.', request: 'full_refund' });
    await send(pro, 'POST', `/api/bookings/${b.id}/claim/answer`, { kind: 'dispute', reason: 'Already refunded.' });
    expect((await send(admin, 'POST', `/api/admin/bookings/${b.id}/claim/refund`, { decision: 'partial_refund', amount: 1, reason: 'x'.repeat(10) })).statusCode).toBe(400);
    expect((await send(admin, 'POST', `/api/admin/bookings/${b.id}/claim/decision`, { decision: 'reject', reason: 'Already refunded in full.' })).json().outcome).toBe('rejected');
    await zeroSum(b.id);
  });

  it('within a longer warranty, after the release: the refund is taken back from the professional, the ledger at zero', async () => {
    const b = await completed(otherPro);
    expect(await modulesOf(t.app).payments.escrow.releaseEscrow(b.id, releaseAt(b.completedAt))).toBe('released');
    t.app.ctx.clock.set(new Date(b.completedAt.getTime() + 5 * 24 * HOUR));
    expect((await report(customer, b.id, { description: 'The shelf fell down.', request: 'full_refund' })).statusCode).toBe(201);
    await send(otherPro, 'POST', `/api/bookings/${b.id}/claim/answer`, { kind: 'dispute', reason: 'It was overloaded.' });
    const res = await send(finance, 'POST', `/api/admin/bookings/${b.id}/claim/refund`, { decision: 'partial_refund', amount: 40, reason: 'Half the fault' });
    expect(res.statusCode, res.body).toBe(200);
    const l = await zeroSum(b.id);
    expect(l.balance('customer')).toBe(-b.totalAmount + 40);
    const fee = (await bookingRow(b.id)).serviceFee;
    expect(l.balance(proLedgerAccount(otherPro.professionalId))).toBe(b.totalAmount - fee - 40);
    // After the 10 days: closed.
    t.app.ctx.clock.set(new Date(b.completedAt.getTime() + 10 * 24 * HOUR + 1000));
    expect((await report(customer, b.id)).json().error.code).toBe('CLAIM_WINDOW_CLOSED');
  });
});
