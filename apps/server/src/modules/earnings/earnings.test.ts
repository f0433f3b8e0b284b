import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MINIMUM_AMOUNT, proLedgerAccount } from '@khedma/shared';
import { eq, sql } from 'drizzle-orm';
import { bookings, ledgerEntries, payouts, professionalApplications, sensitiveAccessLog } from '../../db/schema/index';
import { casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestPro, type TestUser } from '../../test/factories';
import { lastMessageTo, startApp, withCookie, type TestApp } from '../../test/helpers';
import { receiptMoney } from './receipt-pdf';
import { completedBooking } from '../reviews/reviews.test-helpers';
import { modulesOf } from '../../app';

let t: TestApp;
let admin: TestUser;
let finance: TestUser;
let reviewer: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let pro: TestPro;
let otherPro: TestPro;

beforeAll(async () => {
  t = await startApp();
  [admin, finance, reviewer] = await Promise.all([createAdmin(t), createAdmin(t, { roles: ['finance_admin'] }), createAdmin(t, { roles: ['application_reviewer'] })]);
  customer = await createCustomer(t, { locale: 'ar' });
  otherCustomer = await createCustomer(t);
  pro = await createPro(t, { city: 'fes', category: 'plumbing' });
  otherPro = await createPro(t, { city: 'rabat', category: 'handyman' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', cookie: string | null, url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(cookie ? withCookie(cookie, { method, url, payload }) : { method, url, payload });
const earnings = async (u: TestUser) => (await call('GET', u.cookie, '/api/earnings')).json();
const db = () => t.database.db;
const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
/** Every ledger transaction sums to zero, and so does the whole ledger. */
async function expectLedgerBalanced() {
  const unbalanced = await rowsOf<{ n: number }>(sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`);
  expect(Number(unbalanced[0]!.n)).toBe(0);
  const [total] = await rowsOf<{ s: string | null }>(sql`select coalesce(sum(amount), 0)::text as s from ledger_entries`);
  expect(Number(total!.s)).toBe(0);
}
/** The escrow release job's work, 48 h after completion. */
async function release(bookingId: string) {
  const [b] = await db().select({ completedAt: bookings.completedAt }).from(bookings).where(eq(bookings.id, bookingId));
  expect(await modulesOf(t.app).payments.escrow.releaseEscrow(bookingId, new Date(b!.completedAt!.getTime() + 48 * 3600_000))).toBe('released');
}

describe('earnings and payouts', () => {
  it('a professional with nothing yet: zeros, and a request below the minimum is refused', async () => {
    const body = await earnings(pro);
    expect(body).toMatchObject({ currency: 'MAD', completedJobs: 0, escrowHeld: 0, released: 0, paidOut: 0, pendingPayouts: 0, balance: 0, requestable: 0, minimumPayout: PAYOUT_MINIMUM_AMOUNT, payouts: [] });
    expect(body.monthly).toHaveLength(6);
    const res = await call('POST', pro.cookie, '/api/payouts');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'PAYOUT_BELOW_MINIMUM', message: `The minimum payout is ${PAYOUT_MINIMUM_AMOUNT} MAD.` });
  });

  it('escrow, release, request, one pending at a time, mark paid: every figure from the ledger, which stays balanced', async () => {
    const b1 = await completedBooking(t, { customer, pro, admin, day: 2 });
    const b2 = await completedBooking(t, { customer, pro, admin, day: 3 });
    const [r1, r2] = await db().select().from(bookings).where(sql`${bookings.id} in (${b1.id}, ${b2.id})`);
    const share = (r: typeof r1) => r!.servicePrice + r!.addonsTotal;
    let e = await earnings(pro);
    expect(e).toMatchObject({ completedJobs: 2, escrowHeld: share(r1) + share(r2), released: 0, balance: 0, requestable: 0 });

    await release(b1.id);
    await release(b2.id);
    e = await earnings(pro);
    const released = share(r1) + share(r2);
    expect(released).toBeGreaterThanOrEqual(PAYOUT_MINIMUM_AMOUNT);
    expect(e).toMatchObject({ escrowHeld: 0, released, balance: released, requestable: released, pendingPayouts: 0 });
    expect(e.monthly.at(-1).amount).toBe(released);

    const requested = await call('POST', pro.cookie, '/api/payouts');
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({ message: 'Payout request submitted successfully!', payout: { amount: released, status: 'pending', paidAt: null } });
    const payoutId = requested.json().payout.id;
    const again = await call('POST', pro.cookie, '/api/payouts');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYOUT_PENDING');
    e = await earnings(pro);
    expect(e).toMatchObject({ pendingPayouts: released, balance: released, requestable: 0, paidOut: 0 });
    expect(e.payouts).toEqual([expect.objectContaining({ id: payoutId, status: 'pending' })]);

    // The admins' list: finance and super admins; pending total = all payouts minus paid ones.
    const list = await call('GET', finance.cookie, '/api/admin/payouts?status=pending');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id: payoutId, amount: released, professional: expect.objectContaining({ id: pro.professionalId }) })]));
    // Beside it, the demo's own request waiting for finance (db/seed/upcoming.ts).
    const others = (list.json().items as Array<{ id: string; amount: number }>).filter((i) => i.id !== payoutId);
    expect(list.json().pendingTotal).toBe(released + others.reduce((sum, i) => sum + i.amount, 0));

    // Who may NOT mark it paid: nothing changes.
    for (const u of [reviewer, pro, customer]) expect((await call('POST', u.cookie, `/api/admin/payouts/${payoutId}/paid`)).statusCode).toBe(403);
    expect((await call('POST', null, `/api/admin/payouts/${payoutId}/paid`)).statusCode).toBe(401);
    expect((await db().select().from(payouts).where(eq(payouts.id, payoutId)))[0]!.status).toBe('pending');

    const before = await modulesOf(t.app).payments.ledger.balance('payouts');
    const paid = await call('POST', finance.cookie, `/api/admin/payouts/${payoutId}/paid`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ id: payoutId, status: 'paid' });
    expect(paid.json().paidAt).not.toBeNull();
    expect(await modulesOf(t.app).payments.ledger.balance(proLedgerAccount(pro.professionalId))).toBe(0);
    expect(await modulesOf(t.app).payments.ledger.balance('payouts')).toBe(before + released);
    const [row] = await db().select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ paidBy: finance.userId });
    // The professional is told, after the commit.
    const mail = await lastMessageTo(t.app, pro.email);
    expect(mail?.subject).toBe(`Your payout of ${receiptMoney(released)} has been sent`);
    const moved = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, row!.ledgerTransactionId!));
    expect(moved.map((m) => [m.account, m.amount, m.kind]).sort()).toEqual([[proLedgerAccount(pro.professionalId), -released, 'payout'], ['payouts', released, 'payout']].sort());
    await expectLedgerBalanced();

    const twice = await call('POST', admin.cookie, `/api/admin/payouts/${payoutId}/paid`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PAYOUT_ALREADY_PAID');
    e = await earnings(pro);
    expect(e).toMatchObject({ released, paidOut: released, pendingPayouts: 0, balance: 0, requestable: 0 });
    expect((await call('POST', pro.cookie, '/api/payouts')).json().error.code).toBe('PAYOUT_BELOW_MINIMUM');
    await expectLedgerBalanced();
  });

  it('two requests at once: one pending payout, the other 409', async () => {
    const b = await completedBooking(t, { customer: otherCustomer, pro: otherPro, admin, day: 4 });
    await release(b.id);
    const [a, c] = await Promise.all([call('POST', otherPro.cookie, '/api/payouts'), call('POST', otherPro.cookie, '/api/payouts')]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([201, 409]);
    expect(await db().select().from(payouts).where(eq(payouts.professionalId, otherPro.professionalId))).toHaveLength(1);
  });

  it('who may NOT read earnings or request payouts: customers and admins 403, signed out 401', async () => {
    for (const u of [customer, admin, finance]) {
      expect((await call('GET', u.cookie, '/api/earnings')).statusCode).toBe(403);
      expect((await call('POST', u.cookie, '/api/payouts')).statusCode).toBe(403);
    }
    expect((await call('GET', null, '/api/earnings')).statusCode).toBe(401);
    expect((await call('POST', null, '/api/payouts')).statusCode).toBe(401);
    for (const u of [reviewer, pro, customer]) expect((await call('GET', u.cookie, '/api/admin/payouts')).statusCode).toBe(403);
    expect((await call('GET', null, '/api/admin/payouts')).statusCode).toBe(401);
    expect((await call('GET', admin.cookie, '/api/admin/payouts?status=late')).statusCode).toBe(400);
    expect((await call('POST', admin.cookie, '/api/admin/payouts/not-an-id/paid')).statusCode).toBe(400);
    expect((await call('POST', admin.cookie, '/api/admin/payouts/00000000-0000-4000-8000-000000000000/paid')).statusCode).toBe(404);
  });
});

describe("a payout's bank details (GET /api/admin/payouts, POST /api/admin/payouts/{id}/reveal)", () => {
  const RIB = '011780000012345678909876';
  let payee: TestPro;
  let payoutId: string;
  let approvedId: string;

  beforeAll(async () => {
    payee = await createPro(t, { city: 'marrakech', category: 'electrical' });
    const apply = (status: 'approved' | 'rejected', iban: string, daysAgo: number) =>
      db()
        .insert(professionalApplications)
        .values({
          userId: payee.userId,
          email: payee.email,
          status,
          fullName: 'Test Payee',
          phoneNumber: '+212612345698',
          bankName: status === 'approved' ? 'CIH Bank' : 'Old Bank',
          accountHolder: 'Test Payee',
          bankAccountIban: iban,
          createdAt: new Date(Date.now() - daysAgo * 86_400_000),
        })
        .returning({ id: professionalApplications.id });
    // An older approved one, the latest approved one, and a newer rejected one: the latest approved counts.
    await apply('approved', '011780000099999999990000', 30);
    [{ id: approvedId }] = (await apply('approved', RIB, 10)) as [{ id: string }];
    await apply('rejected', '011780000011111111111111', 1);
    const [row] = await db().insert(payouts).values({ professionalId: payee.professionalId, amount: 500, status: 'pending' }).returning();
    payoutId = row!.id;
  });

  it('the list shows bank name and holder, and the account masked (last 4 digits); null without an approved application', async () => {
    const items = (await call('GET', finance.cookie, '/api/admin/payouts')).json().items as Array<{ id: string; bank: unknown; professional: { id: string } }>;
    const mine = items.find((i) => i.id === payoutId);
    expect(mine?.bank).toEqual({ bankName: 'CIH Bank', accountHolder: 'Test Payee', account: '0117' + '•'.repeat(16) + '9876' });
    expect(JSON.stringify(items)).not.toContain(RIB);
    // The payouts of the earlier tests are of professionals without an application.
    expect(items.find((i) => i.professional.id === pro.professionalId)?.bank).toBeNull();
  });

  it('a finance admin reveals the full account number, and the reveal is logged against the application', async () => {
    const res = await t.app.inject(withCookie(finance.cookie, { method: 'POST', url: `/api/admin/payouts/${payoutId}/reveal`, headers: { 'user-agent': 'payout-test/1.0' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: RIB });
    const logged = await db().select().from(sensitiveAccessLog).where(eq(sensitiveAccessLog.actorId, finance.userId));
    expect(logged).toEqual([
      expect.objectContaining({ action: 'view_sensitive', tableName: 'professional_applications', recordId: approvedId, accessedFields: ['bankAccountIban'], userAgent: 'payout-test/1.0' }),
    ]);
    // A super admin may too.
    expect((await call('POST', admin.cookie, `/api/admin/payouts/${payoutId}/reveal`)).json()).toEqual({ value: RIB });
  });

  it('who may NOT reveal: signed out 401; customer, professional and reviewer 403, nothing logged; an unknown payout 404', async () => {
    expect((await call('POST', null, `/api/admin/payouts/${payoutId}/reveal`)).statusCode).toBe(401);
    for (const u of [customer, payee, reviewer]) {
      const res = await call('POST', u.cookie, `/api/admin/payouts/${payoutId}/reveal`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(RIB);
      expect(await db().select().from(sensitiveAccessLog).where(eq(sensitiveAccessLog.actorId, u.userId))).toEqual([]);
    }
    expect((await call('POST', finance.cookie, '/api/admin/payouts/00000000-0000-4000-8000-000000000000/reveal')).statusCode).toBe(404);
    expect((await call('POST', finance.cookie, '/api/admin/payouts/not-an-id/reveal')).statusCode).toBe(400);
  });
});

describe('receipts', () => {
  it("the customer's receipt in their language (Arabic here), or another on ?lang=; lines, fee, total, method, reference", async () => {
    const b = await completedBooking(t, { customer, pro, admin, day: 5 });
    const res = await call('GET', customer.cookie, `/api/receipts/${b.id}`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const [row] = await db().select().from(bookings).where(eq(bookings.id, b.id));
    expect(r).toMatchObject({ bookingId: b.id, reference: b.reference, locale: 'ar', total: row!.totalAmount, serviceFee: row!.serviceFee, paymentMethod: 'card', status: 'completed', refunds: [], refundedTotal: 0 });
    expect(r.lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0) + r.serviceFee).toBe(r.total);
    expect(r.city).toBe('فاس');
    expect(r.company.email).toBe(t.config.supportEmail);
    expect((await call('GET', customer.cookie, `/api/receipts/${b.id}?lang=fr`)).json()).toMatchObject({ locale: 'fr', city: 'Fès' });
    // Admins may read any receipt.
    expect((await call('GET', admin.cookie, `/api/receipts/${b.id}`)).statusCode).toBe(200);
    const pdf = await call('GET', customer.cookie, `/api/receipts/${b.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="khedma-receipt-${b.reference}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refunds are on the receipt', async () => {
    const b = await createPaidBooking(t, { customer, pro, date: casablancaDate(6) });
    expect((await call('POST', customer.cookie, `/api/bookings/${b.id}/cancel`)).statusCode).toBe(200);
    const r = (await call('GET', customer.cookie, `/api/receipts/${b.id}`)).json();
    expect(r).toMatchObject({ status: 'cancelled', refundedTotal: b.totalAmount, refunds: [expect.objectContaining({ amount: b.totalAmount })] });
  });

  it('who may NOT read a receipt: another customer and the professional 404, signed out 401; an unpaid booking has none; bad ids 400', async () => {
    const b = await completedBooking(t, { customer, pro, admin, day: 7 });
    for (const u of [otherCustomer, pro]) {
      expect((await call('GET', u.cookie, `/api/receipts/${b.id}`)).statusCode).toBe(404);
      expect((await call('GET', u.cookie, `/api/receipts/${b.id}/pdf`)).statusCode).toBe(404);
    }
    expect((await call('GET', null, `/api/receipts/${b.id}`)).statusCode).toBe(401);
    expect((await call('GET', null, `/api/receipts/${b.id}/pdf`)).statusCode).toBe(401);
    const unpaid = await t.app.inject(
      withCookie(customer.cookie, {
        method: 'POST',
        url: '/api/bookings',
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(8), startTime: '10:00', endTime: '11:00' , location: '12 Rue Ibnou Sina' },
      }),
    );
    expect(unpaid.statusCode).toBe(201);
    expect((await call('GET', customer.cookie, `/api/receipts/${unpaid.json().id}`)).statusCode).toBe(404);
    expect((await call('GET', customer.cookie, `/api/receipts/nope`)).statusCode).toBe(400);
    expect((await call('GET', customer.cookie, `/api/receipts/${b.id}?lang=de`)).statusCode).toBe(400);
  });
});

describe('the journeys’ escrow shortcut (POST /api/dev/bookings/{id}/release-escrow)', () => {
  it('does not exist without TEST_PEOPLE, nor in production', async () => {
    const b = await completedBooking(t, { customer: otherCustomer, pro: otherPro, admin, day: 9 });
    expect((await call('POST', null, `/api/dev/bookings/${b.id}/release-escrow`)).statusCode).toBe(404);
    const prod = await startApp({ testPeople: true, isProduction: true, env: 'production' as const });
    try {
      expect((await prod.app.inject({ method: 'POST', url: `/api/dev/bookings/${b.id}/release-escrow` })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('with TEST_PEOPLE outside production: releases one completed booking, once', async () => {
    const dev = await startApp({ testPeople: true });
    try {
      const c = await createCustomer(dev);
      const p = await createPro(dev, { city: 'fes', category: 'plumbing' });
      const a = await createAdmin(dev);
      const b = await completedBooking(dev, { customer: c, pro: p, admin: a, day: 2 });
      const url = `/api/dev/bookings/${b.id}/release-escrow`;
      expect((await dev.app.inject({ method: 'POST', url })).json()).toEqual({ result: 'released' });
      expect((await dev.app.inject({ method: 'POST', url })).json()).toEqual({ result: 'skipped' });
      expect(await modulesOf(dev.app).payments.ledger.balance(proLedgerAccount(p.professionalId))).toBeGreaterThan(0);
      const open = await createPaidBooking(dev, { customer: c, pro: p, date: casablancaDate(3) });
      expect((await dev.app.inject({ method: 'POST', url: `/api/dev/bookings/${open.id}/release-escrow` })).statusCode).toBe(409);
    } finally {
      await dev.close();
    }
  });
});
