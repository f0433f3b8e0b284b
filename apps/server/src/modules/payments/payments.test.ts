import { randomUUID } from 'node:crypto';
import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf, proLedgerAccount, UNPAID_HOLD_MINUTES, type SessionUser } from '@khedma/shared';
import { sql } from 'drizzle-orm';
import type { DemoPaymentProvider } from '../../platform/payments';
import {
  as,
  book,
  bookingTestApp,
  counts,
  createBooking,
  dayFromNow,
  errorCode,
  IDS,
  ledgerOf,
  outboxTo,
  paidBooking,
  pay,
  wizardBody,
  type BookingTestApp, releaseHolds } from '../bookings/bookings.test-helpers';

let t: BookingTestApp;
let admin: SessionUser;
beforeAll(async () => {
  t = await bookingTestApp();
  admin = { id: t.admin.userId, email: 'admin@demo.ma', name: 'Imane Sefrioui', userType: 'admin', adminRoles: ['super_admin'], locale: 'en', emailVerified: true } as SessionUser;
});
// Holds a test left unpaid end (the demo customers hold at most 2 at once: migration 0014).
afterEach(() => releaseHolds(t.database));
afterAll(async () => t?.close());

const balance = async (account: string) => t.app.payments.ledger.balance(account);

describe('POST /api/bookings/:id/pay', () => {
  it('success: payment succeeded, booking paid, the total held in escrow with balanced rows', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 5) });
    const res = await pay(t.app, t.customer, b.id, 'bank');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment).toMatchObject({ method: 'bank', status: 'succeeded', amount: b.amounts.total, demo: true });
    expect(body.booking).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    const ledger = await ledgerOf(t.database, b.id);
    expect(ledger.rows.map((r) => [r.account, Number(r.amount), r.kind])).toEqual(
      expect.arrayContaining([
        ['customer', -b.amounts.total, 'hold'],
        ['escrow', b.amounts.total, 'hold'],
      ]),
    );
    expect(ledger.transactionSums).toEqual([0]);
    expect(ledger.balance('escrow')).toBe(b.amounts.total);
    expect((await outboxTo(t.app, 'pro@demo.ma'))[0]!.subject).toMatch(/^Nouvelle demande de réservation/);
    expect((await outboxTo(t.app, 'customer@demo.ma'))[0]!.subject).toBe(`Payment received for booking ${b.reference}`);
  });

  it('paying twice is 409; someone else’s booking is 404; signed out 401; unknown method 400', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 6) });
    const twice = await pay(t.app, t.customer, b.id);
    expect(twice.statusCode).toBe(409);
    expect(errorCode(twice)).toBe('ALREADY_PAID');
    const other = await book(t.app, t.customer, { date: dayFromNow(t.app, 7) });
    expect((await pay(t.app, t.customer2, other.id)).statusCode).toBe(404);
    expect((await pay(t.app, t.pro, other.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/bookings/${other.id}/pay`, payload: { method: 'card' } })).statusCode).toBe(401);
    const cash = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${other.id}/pay`, payload: { method: 'cash' } }));
    expect(cash.statusCode).toBe(400);
    expect(cash.json().error.message).toBe('Please choose a payment method');
  });

  it('two payments at once: one charge, the other 409', async () => {
    const provider = t.app.ctx.payments as DemoPaymentProvider;
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 8) });
    provider.delayMs = 150;
    try {
      const [a, c] = await Promise.all([pay(t.app, t.customer, b.id), pay(t.app, t.customer, b.id)]);
      expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
    } finally {
      provider.delayMs = 0;
    }
    expect((await ledgerOf(t.database, b.id)).rows).toHaveLength(2);
  });

  it('failure: the SPEC message per method, payment failed, booking cancelled, no money moved, slot free again', async () => {
    const date = dayFromNow(t.app, 9);
    const messages: Record<string, string> = {
      card: 'Card payment failed. Please try again.',
      bank: 'Bank payment failed. Please try again.',
      mobile: 'Mobile payment failed. Please try again.',
    };
    for (const method of ['card', 'bank', 'mobile']) {
      const b = await book(t.app, t.customer, { date });
      const res = method === 'mobile' ? (((t.app.ctx.payments as DemoPaymentProvider).failNext(), await pay(t.app, t.customer, b.id, method))) : await pay(t.app, t.customer, b.id, method, 'failure');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'PAYMENT_FAILED', message: messages[method] });
      const after = (await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}` }))).json();
      expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect((await ledgerOf(t.database, b.id)).rows).toHaveLength(0);
      const rows = await t.database.db.execute(sql`select status, failure_reason from payments where booking_id = ${b.id}`);
      expect((rows as unknown as { rows: Array<{ status: string }> }).rows[0]!.status).toBe('failed');
    }
  });
});

describe('customer cancellation: the fee in the ledger', () => {
  it('25% of the service value between 24 h and 2 h: fee to the professional, the rest refunded, balanced', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 10), addOnIds: [IDS.tapCartridge] });
    await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    const proBefore = await balance(proLedgerAccount(IDS.youssef));
    t.app.ctx.clock.set(new Date(new Date(b.scheduledStart).getTime() - 10 * 3600_000));
    try {
      const fee = percentOf(b.amounts.subtotal, 0.25);
      const preview = (await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}/cancellation` }))).json();
      expect(preview).toEqual({ allowed: true, fee, refund: b.amounts.total - fee, feeRate: 0.25, reason: 'LATE_CANCELLATION', actor: 'customer', currency: 'MAD' });
      const shown = (await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}` }))).json();
      expect(shown.cancellationFeePreview).toBe(fee);
      const res = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/cancel`, payload: { reason: 'Plans changed' } }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'partially_refunded', amounts: { cancellationFee: fee } });
      const ledger = await ledgerOf(t.database, b.id);
      expect(ledger.transactionSums).toEqual([0, 0]);
      expect(ledger.balance('escrow')).toBe(0);
      expect(ledger.balance('customer')).toBe(-fee);
      expect(ledger.balance(proLedgerAccount(IDS.youssef))).toBe(fee);
      expect(await balance(proLedgerAccount(IDS.youssef))).toBe(proBefore + fee);
      const mail = (await outboxTo(t.app, 'customer@demo.ma'))[0]!;
      expect(mail.subject).toBe(`Booking ${b.reference} cancelled`);
      expect(mail.text).toContain('Cancellation fee:');
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('50% under 2 h; free 24 h or more ahead; free while pending', async () => {
    const late = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 11) });
    await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${late.id}/accept` }));
    const free = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 12) });
    await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${free.id}/accept` }));
    const pending = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 13) });
    t.app.ctx.clock.set(new Date(new Date(late.scheduledStart).getTime() - 60 * 60_000));
    try {
      const res = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${late.id}/cancel` }));
      expect(res.json().amounts.cancellationFee).toBe(percentOf(late.amounts.subtotal, 0.5));
      expect((await ledgerOf(t.database, late.id)).transactionSums).toEqual([0, 0]);
    } finally {
      t.app.ctx.clock.set(null);
    }
    t.app.ctx.clock.set(new Date(new Date(free.scheduledStart).getTime() - 30 * 3600_000));
    try {
      const res = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${free.id}/cancel` }));
      expect(res.json()).toMatchObject({ paymentStatus: 'refunded', amounts: { cancellationFee: 0 } });
      expect((await ledgerOf(t.database, free.id)).balance('customer')).toBe(0);
    } finally {
      t.app.ctx.clock.set(null);
    }
    const p = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${pending.id}/cancel` }));
    expect(p.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amounts: { cancellationFee: 0 } });
  });

  it('someone else cannot cancel: other customer 404, other professional 404', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 14) });
    const before = await counts(t.database);
    expect((await t.app.inject(as(t.customer2, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }))).statusCode).toBe(404);
    expect((await t.app.inject(as(t.pro2, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }))).statusCode).toBe(404);
    expect((await t.app.inject(as(t.customer2, { method: 'GET', url: `/api/bookings/${b.id}/cancellation` }))).statusCode).toBe(404);
    expect(await counts(t.database)).toEqual(before);
  });
});

describe('escrow release (scheduled job, 48 h after completion)', () => {
  it('moves the held money to the professional after 48 h, once', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 15), addOnIds: [IDS.sealKit] });
    await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    const completedAt = new Date(new Date(b.scheduledEnd).getTime() + 30 * 60_000);
    t.app.ctx.clock.set(completedAt);
    try {
      // Customers and professionals cannot complete; the service method is the admin's.
      const done = await t.app.bookings.lifecycle.complete(admin, b.id);
      expect(done).toMatchObject({ status: 'completed', rebook: { professionalId: IDS.youssef, serviceTypeId: IDS.leakRepair } });
    } finally {
      t.app.ctx.clock.set(null);
    }
    const pro = proLedgerAccount(IDS.youssef);
    const before = { pro: await balance(pro), platform: await balance('platform'), escrow: await balance('escrow') };

    // 47 h later other jobs may run (unpaid bookings expiring), but not this release.
    await t.app.ctx.jobs.runDueJobs(new Date(completedAt.getTime() + 47 * 3600_000));
    expect(await balance(pro)).toBe(before.pro);

    const due = await t.app.ctx.jobs.runDueJobs(new Date(completedAt.getTime() + 48 * 3600_000));
    expect(due.done).toBeGreaterThanOrEqual(1);
    expect(await balance(pro)).toBe(before.pro + b.amounts.subtotal);
    expect(await balance('platform')).toBe(before.platform + b.amounts.serviceFee);
    expect(await balance('escrow')).toBe(before.escrow - b.amounts.total);
    const ledger = await ledgerOf(t.database, b.id);
    expect(ledger.transactionSums).toEqual([0, 0]);
    expect(ledger.balance('escrow')).toBe(0);

    // Running again (or a duplicate job) releases nothing more.
    await t.app.ctx.jobs.runDueJobs(new Date(completedAt.getTime() + 96 * 3600_000));
    await t.app.payments.escrow.releaseEscrow(b.id, new Date(completedAt.getTime() + 96 * 3600_000));
    expect(await balance(pro)).toBe(before.pro + b.amounts.subtotal);
    const jobs = await t.database.db.execute(sql`select status from scheduled_jobs where kind = 'escrow.release' and dedupe_key = ${b.id}`);
    expect((jobs as unknown as { rows: Array<{ status: string }> }).rows).toEqual([{ status: 'done' }]);
  });

  it('an unpaid booking is cancelled by the system when its hold ends (UNPAID_HOLD_MINUTES), freeing the slot', async () => {
    const date = dayFromNow(t.app, 16);
    const b = await book(t.app, t.customer, { date });
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 10 * 60_000));
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}` }))).json().status).toBe('pending');
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + (UNPAID_HOLD_MINUTES + 1) * 60_000));
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}` }))).json().status).toBe('cancelled');
    expect((await createBooking(t.app, t.customer2, wizardBody(t.app, { date }))).statusCode).toBe(201);
  });
});

describe('after a crash mid-payment (issue 21 item 7): claims of dead processes, the provider asked', () => {
  /** The payment row of a booking. */
  const paymentOf = async (bookingId: string) => {
    const res = await t.database.db.execute(sql`select id, status, provider_ref, amount from payments where booking_id = ${bookingId}`);
    return (res as unknown as { rows: Array<{ id: string; status: string; provider_ref: string | null; amount: number }> }).rows[0]!;
  };
  /**
   * What a process killed between the provider's answer and our record leaves: the payment claimed
   * by an instance without a live lease (renewed `leaseAgo` ago, then killed), the claim `claimAgo`
   * old, and, when `charged`, the provider's record of the charge.
   */
  const crashMidPayment = async (bookingId: string, opts: { charged: boolean; claimAgo?: string; live?: boolean }) => {
    const instance = opts.live ? t.app.ctx.instance.id : randomUUID();
    if (!opts.live) await t.database.db.execute(sql`insert into server_instances (id, seen_at) values (${instance}, now() - interval '20 seconds')`);
    const claim = `claim:${instance}:${randomUUID()}`;
    const p = await paymentOf(bookingId);
    await t.database.db.execute(
      sql`update payments set provider_ref = ${claim}, updated_at = now() - ${opts.claimAgo ?? '5 seconds'}::interval where id = ${p.id}`,
    );
    if (opts.charged) {
      const charged = await t.app.ctx.payments.charge({ paymentId: p.id, bookingId, amount: p.amount, method: 'card' });
      expect(charged.ok).toBe(true);
    }
    return { paymentId: p.id, claim };
  };
  const statusOf = async (id: string) => (await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${id}` }))).json();

  it('the customer’s retry is answered paid at once (not "already in progress"), charged once, the ledger balanced', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 20) });
    await crashMidPayment(b.id, { charged: true });
    const res = await pay(t.app, t.customer, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.paymentStatus).toBe('paid');
    const ledger = await ledgerOf(t.database, b.id);
    expect(ledger.rows).toHaveLength(2);
    expect(ledger.transactionSums).toEqual([0]);
    expect(ledger.balance('escrow')).toBe(b.amounts.total);
    const charges = await t.database.db.execute(sql`select count(*)::int as n from demo_provider_charges where payment_id = ${(await paymentOf(b.id)).id}`);
    expect((charges as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('nobody comes back: at start-up the attempt is reconciled with the provider, recorded paid and told to both parties', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 21) });
    await crashMidPayment(b.id, { charged: true });
    await t.app.payments.service.recoverClaims();
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 1000));
    expect(await statusOf(b.id)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect((await paymentOf(b.id)).status).toBe('succeeded');
    expect((await ledgerOf(t.database, b.id)).balance('escrow')).toBe(b.amounts.total);
    expect((await outboxTo(t.app, 'customer@demo.ma')).some((m) => m.subject === `Payment received for booking ${b.reference}`)).toBe(true);
    // Run again (a job may run twice): nothing more is written.
    await t.app.payments.service.recoverClaims();
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 60_000));
    expect((await ledgerOf(t.database, b.id)).rows).toHaveLength(2);
  });

  it('the provider never got the charge: the claim is released, the booking still payable', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 22) });
    const { paymentId, claim } = await crashMidPayment(b.id, { charged: false });
    expect(await t.app.payments.service.reconcile(paymentId, claim)).toBe('released');
    expect(await paymentOf(b.id)).toMatchObject({ status: 'pending', provider_ref: null });
    expect(await statusOf(b.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect((await pay(t.app, t.customer, b.id)).statusCode).toBe(200);
  });

  it('an attempt of a live instance is left alone: the retry is told it is in progress, the reconciliation waits', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 23) });
    const { paymentId, claim } = await crashMidPayment(b.id, { charged: false, live: true });
    const res = await pay(t.app, t.customer, b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('A payment for this booking is already in progress.');
    await expect(t.app.payments.service.reconcile(paymentId, claim)).rejects.toThrow(/in progress/);
    expect((await paymentOf(b.id)).provider_ref).toBe(claim);
  });

  it('an unpaid hold ending does not cancel a booking whose payment went through in an unrecorded attempt', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 24) });
    await crashMidPayment(b.id, { charged: true, claimAgo: '3 minutes' });
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + (UNPAID_HOLD_MINUTES + 1) * 60_000));
    expect(await statusOf(b.id)).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect((await ledgerOf(t.database, b.id)).balance('escrow')).toBe(b.amounts.total);
  });
});
