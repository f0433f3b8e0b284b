/**
 * Unpaid holds (issue 21 item 2, issue 22 item 5; docs/bookings.md Unpaid holds): a customer holds at
 * most MAX_UNPAID_HOLDS unpaid bookings at once, makes bookings at a limited rate per account and per
 * address, and sees each hold with its end and a way to pay it; the dashboard counts holds apart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CREATE_LIMITS, MAX_UNPAID_HOLDS, UNPAID_HOLD_MINUTES } from '@khedma/shared';
import { casablancaDate, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { freshIp, startApp, type TestApp } from '../../test/helpers';
import { counts } from './bookings.test-helpers';
import { payOnSimulator } from '../../test/cmi';

let t: TestApp;
let pro: TestPro;
beforeAll(async () => {
  t = await startApp();
  // The only painter in Fes, working every day: the assignment picks them.
  pro = await createPro(t, { city: 'fes', category: 'painting' });
});
afterAll(() => t?.close());

let slot = 0;
/** A booking request for the next free hour of the pro (each call a later slot, half an hour apart: the travel buffer). */
function nextSlot() {
  const n = slot++;
  const start = 8 * 60 + (n % 7) * 90;
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { date: casablancaDate(3 + Math.floor(n / 7)), startTime: hhmm(start), endTime: hhmm(start + 60) };
}

function create(customer: TestUser, ip = '10.20.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: ip,
    headers: { cookie: customer.cookie, 'idempotency-key': randomUUID() },
    payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, ...nextSlot(), location: '12 Rue Ibnou Sina' },
  });
}

describe('unpaid holds', () => {
  it(`a customer holds at most ${MAX_UNPAID_HOLDS} unpaid bookings; a third is refused and changes nothing; paying frees a place`, async () => {
    const customer = await createCustomer(t);
    const ip = freshIp();
    const held = [];
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) {
      const res = await create(customer, ip);
      expect(res.statusCode, res.body).toBe(201);
      held.push(res.json());
    }
    const before = await counts(t.database, t.app);
    const third = await create(customer, ip);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({ code: 'UNPAID_HOLD_LIMIT', message: expect.stringContaining('waiting for payment') });
    expect(await counts(t.database, t.app)).toEqual(before);

    const { initiate: paid } = await payOnSimulator(t.app, { headers: { cookie: customer.cookie } }, held[0].id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await create(customer, ip)).statusCode).toBe(201);
  });

  it('concurrent requests of one customer cannot get past the limit', async () => {
    const customer = await createCustomer(t);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(customer, ip)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_UNPAID_HOLDS);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
  });

  it('a hold shows when it ends and that its customer may pay it; the dashboard counts it apart', async () => {
    const customer = await createCustomer(t);
    const res = await create(customer, freshIp());
    const b = res.json();
    const ends = Date.parse(b.holdExpiresAt);
    expect(ends - Date.parse(b.createdAt)).toBe(UNPAID_HOLD_MINUTES * 60_000);
    expect(b.canPay).toBe(true);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/bookings/stats', headers: { cookie: customer.cookie } })).json();
    expect(stats).toMatchObject({ total: 0, awaitingPayment: 1, thisMonth: 0 });

    // The professional does not see an unpaid request, and nobody else may pay it.
    const other = await createCustomer(t);
    const stranger = await t.app.inject({ method: 'POST', url: `/api/bookings/${b.id}/pay`, headers: { cookie: other.cookie }, payload: { method: 'card' } });
    expect(stranger.statusCode).toBe(404);

    await payOnSimulator(t.app, { headers: { cookie: customer.cookie } }, b.id);
    const after = (await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: customer.cookie } })).json();
    expect(after).toMatchObject({ holdExpiresAt: null, canPay: false, paymentStatus: 'paid' });
    const stats2 = (await t.app.inject({ method: 'GET', url: '/api/bookings/stats', headers: { cookie: customer.cookie } })).json();
    expect(stats2).toMatchObject({ total: 1, awaitingPayment: 0 });
  });

  it('an ended hold cannot be paid and no longer counts', async () => {
    const customer = await createCustomer(t);
    const b = (await create(customer, freshIp())).json();
    t.app.ctx.clock.set(new Date(Date.now() + (UNPAID_HOLD_MINUTES + 1) * 60_000));
    try {
      await t.app.ctx.jobs.runDueJobs(t.app.ctx.clock.now());
      const after = (await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: customer.cookie } })).json();
      expect(after).toMatchObject({ status: 'cancelled', holdExpiresAt: null, canPay: false });
      const stats = (await t.app.inject({ method: 'GET', url: '/api/bookings/stats', headers: { cookie: customer.cookie } })).json();
      expect(stats.awaitingPayment).toBe(0);
      const late = await t.app.inject({ method: 'POST', url: `/api/bookings/${b.id}/pay`, headers: { cookie: customer.cookie }, payload: { method: 'card' } });
      expect(late.statusCode).toBe(409);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});

describe('booking creation limits', () => {
  it(`one account makes at most ${BOOKING_CREATE_LIMITS.perAccount.limit} bookings an hour: then 429 with Retry-After`, async () => {
    const customer = await createCustomer(t);
    const ip = freshIp();
    for (let i = 0; i < BOOKING_CREATE_LIMITS.perAccount.limit; i++) {
      const res = await create(customer, ip);
      expect(res.statusCode, res.body).toBe(201);
      // Cancelled at once (free while unpaid), so the hold limit is not what stops it.
      const cancelled = await t.app.inject({ method: 'POST', url: `/api/bookings/${res.json().id}/cancel`, headers: { cookie: customer.cookie }, payload: {} });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const over = await create(customer, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });

  it(`one address makes at most ${BOOKING_CREATE_LIMITS.perAddress.limit} bookings an hour, whatever the accounts`, async () => {
    const ip = freshIp();
    let made = 0;
    let customer = await createCustomer(t);
    while (made < BOOKING_CREATE_LIMITS.perAddress.limit) {
      if (made % MAX_UNPAID_HOLDS === 0 && made > 0) customer = await createCustomer(t);
      const res = await create(customer, ip);
      expect(res.statusCode, res.body).toBe(201);
      made++;
    }
    const fresh = await createCustomer(t);
    const over = await create(fresh, ip);
    expect(over.statusCode).toBe(429);
    // Another address is not affected.
    expect((await create(fresh, freshIp())).statusCode).toBe(201);
  });
});
