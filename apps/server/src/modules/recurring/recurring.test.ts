/**
 * Recurring bookings over the API (docs/recurring.md): a series created once (Idempotency-Key, concurrent
 * retries), its visits made as bookings on the rolling window with 10% off and payable through the hosted
 * payment, skipped, paused, cancelled, declined by the professional, a visit the professional cannot take
 * told and offered, the window job run by two instances at once; and who may NOT.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf, SERVICE_FEE_RATE } from '@khedma/shared';
import { discountedServicePrice, RECURRING_MESSAGES, RECURRING_PAYMENT_DEADLINE_HOURS } from '@khedma/shared/domain/recurring';
import { localToUtc } from '@khedma/shared/domain/time';
import type { SeriesDto } from '@khedma/shared/schemas/recurring';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import * as s from '../../db/schema/index';
import { payOnSimulator } from '../../test/cmi';
import { createAdmin, createCustomer, createPaidBooking, createPro, casablancaDate, type TestPro, type TestUser } from '../../test/factories';
import { freshIp, outbox, startApp, type TestApp } from '../../test/helpers';
import { RECURRING_WINDOW_JOB } from './recurring.jobs';
import { modulesOf } from '../../app';

let t: TestApp;
let second: FastifyInstance;
let customer: TestUser;
let otherCustomer: TestUser;
let pro: TestPro;
let otherPro: TestPro;

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  // A second instance on the same database: its own job runner, the same rows.
  second = await buildApp({ config: testConfig({ dataDir: t.config.dataDir }), database: t.database });
  await second.ready();
  customer = await createCustomer(t, { name: 'Salma Series' });
  otherCustomer = await createCustomer(t, { name: 'Karim Other' });
  // Nobody else does plumbing in Fès: the assignment picks this professional.
  pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Nadia Plumber' });
  otherPro = await createPro(t, { city: 'rabat', category: 'handyman', name: 'Omar Handyman' });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const as = (u: TestUser | null, key?: string) => ({
  ...(u ? { cookie: u.cookie } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
});
const createSeries = (u: TestUser | null, body: unknown, key = randomUUID(), app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/recurring/series', headers: as(u, key), payload: body as Record<string, unknown>, remoteAddress: freshIp() });
const act = (u: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: as(u), remoteAddress: freshIp(), ...(payload ? { payload } : {}) });

async function visitRows(seriesId: string) {
  return t.database.db
    .select({ seq: s.bookingSeriesOccurrences.seq, state: s.bookingSeriesOccurrences.state, reason: s.bookingSeriesOccurrences.reason, booking: s.bookings })
    .from(s.bookingSeriesOccurrences)
    .leftJoin(s.bookings, eq(s.bookings.id, s.bookingSeriesOccurrences.bookingId))
    .where(eq(s.bookingSeriesOccurrences.seriesId, seriesId))
    .orderBy(s.bookingSeriesOccurrences.seq);
}

describe('a weekly series', () => {
  let source: Awaited<ReturnType<typeof createPaidBooking>>;
  let series: SeriesDto;
  const key = randomUUID();

  it('is created once from a booking: the visits of the next 4 weeks are bookings with 10% off, the fee on the discounted price', async () => {
    source = await createPaidBooking(t, { customer, pro, date: casablancaDate(2), startTime: '10:00', endTime: '12:00' });
    const res = await createSeries(customer, { bookingId: source.id, intervalWeeks: 1, end: { kind: 'count', count: 6 } }, key);
    expect(res.statusCode, res.body).toBe(201);
    series = res.json<SeriesDto>();
    expect(series).toMatchObject({ status: 'active', viewerRole: 'customer', intervalWeeks: 1, startTime: '10:00', durationMinutes: 120, firstDate: casablancaDate(9) });
    // Retried with the same key: the same series, nothing new.
    const again = await createSeries(customer, { bookingId: source.id, intervalWeeks: 1, end: { kind: 'count', count: 6 } }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(series.id);
    // Another key for the same booking: it is repeated already.
    expect((await createSeries(customer, { bookingId: source.id, intervalWeeks: 2, end: { kind: 'never' } })).statusCode).toBe(409);

    const rows = await visitRows(series.id);
    // Days 9, 16 and 23 are within 28 days; day 30 is not yet.
    expect(rows.map((r) => [r.seq, r.state, r.booking?.status, r.booking?.paymentStatus])).toEqual([
      [0, 'booked', 'pending', 'pending'],
      [1, 'booked', 'pending', 'pending'],
      [2, 'booked', 'pending', 'pending'],
    ]);
    const [src] = await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, source.id));
    for (const r of rows) {
      const b = r.booking!;
      expect(b.professionalId).toBe(pro.professionalId);
      expect(b.location).toBe(src!.location);
      expect(b.servicePrice).toBe(discountedServicePrice(src!.servicePrice));
      expect(b.serviceFee).toBe(percentOf(b.servicePrice + b.addonsTotal, SERVICE_FEE_RATE));
      expect(b.totalAmount).toBe(b.servicePrice + b.addonsTotal + b.serviceFee);
    }
    // The visit's price lines are stored with it.
    const lines = await t.database.db.select().from(s.bookingPriceLines).where(eq(s.bookingPriceLines.bookingId, rows[0]!.booking!.id));
    expect(lines.map((l) => l.kind)).toEqual(['service', 'fee']);
    // The customer is told each visit is ready to pay; the professional of the new series.
    const mail = await outbox(t.app);
    expect(mail.filter((m) => m.to === customer.email && /Your next visit/.test(m.subject ?? ''))).toHaveLength(3);
    expect(mail.some((m) => m.to === pro.email && /New recurring booking/.test(m.subject ?? ''))).toBe(true);
  });

  it('its visits do not count against the two unpaid wizard holds, and are paid through the hosted payment', async () => {
    // Three unpaid visits, and the customer can still book (and pay) a one-off booking.
    await createPaidBooking(t, { customer, pro, date: casablancaDate(3), startTime: '15:00', endTime: '16:00' });
    const rows = await visitRows(series.id);
    const paid = await payOnSimulator(t.app, { headers: as(customer, randomUUID()) }, rows[0]!.booking!.id);
    expect(paid.initiate.statusCode, paid.initiate.body).toBe(200);
    const [b] = await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, rows[0]!.booking!.id));
    // Paid: confirmed at once, since the professional agreed to the series (no accept to wait for).
    expect(b).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    // As an accept does: the reminders scheduled, and the professional emailed in the payment's transaction.
    const reminders = await t.database.db.select().from(s.scheduledJobs).where(eq(s.scheduledJobs.kind, 'booking.reminder'));
    expect(reminders.filter((j) => (j.payload as { bookingId?: string }).bookingId === b!.id).length).toBeGreaterThan(0);
    const confirmedNotice = await t.database.db.select().from(s.scheduledJobs).where(and(eq(s.scheduledJobs.kind, 'email.send'), eq(s.scheduledJobs.dedupeKey, `recurring:${series.id}:0:visit_confirmed`)));
    expect(confirmedNotice.map((j) => j.status)).toEqual(['done']);
    const mail = await outbox(t.app);
    expect(mail.filter((m) => m.to === pro.email && /Visit confirmed/.test(m.subject ?? ''))).toHaveLength(1);
    expect(mail.some((m) => m.to === customer.email && /confirmed/.test(m.subject ?? '') && m.subject?.startsWith('Booking'))).toBe(true);
    // No request to accept: the professional's list says confirmed, and an accept is refused.
    const proList = (await act(pro, 'GET', '/api/bookings')).json<Array<{ id: string; status: string; canAccept: boolean }>>();
    expect(proList.find((x) => x.id === b!.id)).toMatchObject({ status: 'confirmed', canAccept: false });
    expect((await act(pro, 'POST', `/api/bookings/${b!.id}/accept`)).statusCode).toBe(409);
    // An unpaid visit is not expired 15 minutes on, but at its payment deadline (24 h before its start).
    const job = await t.database.db.select().from(s.scheduledJobs).where(and(eq(s.scheduledJobs.kind, 'booking.expire_unpaid'), eq(s.scheduledJobs.dedupeKey, rows[1]!.booking!.id)));
    expect(job[0]!.runAt.getTime()).toBe(rows[1]!.booking!.scheduledStart.getTime() - RECURRING_PAYMENT_DEADLINE_HOURS * 3_600_000);
    const view = (await act(customer, 'GET', `/api/recurring/series/${series.id}`)).json<SeriesDto>();
    expect(view.occurrences.find((o) => o.seq === 0)!.booking).toMatchObject({ paymentStatus: 'paid', canPay: false });
    expect(view.occurrences.find((o) => o.seq === 1)!.booking).toMatchObject({ paymentStatus: 'pending', canPay: true });
    expect(view.price).toMatchObject({ currency: 'MAD' });
  });

  it('nobody else may read or change it: another customer, another professional (404); its professional reads but does not change (403)', async () => {
    for (const u of [otherCustomer, otherPro]) {
      expect((await act(u, 'GET', `/api/recurring/series/${series.id}`)).statusCode).toBe(404);
      expect((await act(u, 'POST', `/api/recurring/series/${series.id}/occurrences/1/skip`)).statusCode).toBe(404);
      expect((await act(u, 'POST', `/api/recurring/series/${series.id}/cancel`)).statusCode).toBe(404);
    }
    expect((await act(otherCustomer, 'GET', '/api/recurring/series')).json()).toEqual([]);
    expect((await act(null, 'GET', `/api/recurring/series/${series.id}`)).statusCode).toBe(401);
    const asPro = await act(pro, 'GET', `/api/recurring/series/${series.id}`);
    expect(asPro.statusCode).toBe(200);
    expect(asPro.json()).toMatchObject({ viewerRole: 'professional', customer: { name: 'Salma Series' }, price: null });
    expect((await act(pro, 'GET', '/api/recurring/series')).json<SeriesDto[]>().map((x) => x.id)).toContain(series.id);
    expect((await act(pro, 'POST', `/api/recurring/series/${series.id}/occurrences/1/skip`)).statusCode).toBe(403);
    expect((await act(pro, 'POST', `/api/recurring/series/${series.id}/pause`)).statusCode).toBe(403);
    expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/decline`)).statusCode).toBe(403);
    // Repeating somebody else's booking: another customer, or the booking's own professional.
    expect((await createSeries(otherCustomer, { bookingId: source.id, intervalWeeks: 1, end: { kind: 'never' } })).statusCode).toBe(404);
    expect((await createSeries(pro, { bookingId: source.id, intervalWeeks: 1, end: { kind: 'never' } })).statusCode).toBe(404);
    expect((await createSeries(null, { bookingId: source.id, intervalWeeks: 1, end: { kind: 'never' } })).statusCode).toBe(401);
    // Bad input: 400, never 5xx.
    expect((await createSeries(customer, { bookingId: source.id, intervalWeeks: 3, end: { kind: 'never' } })).statusCode).toBe(400);
    expect((await createSeries(customer, { bookingId: source.id, intervalWeeks: 1, end: { kind: 'count', count: 0 } })).statusCode).toBe(400);
    expect((await act(customer, 'POST', `/api/recurring/series/not-a-uuid/pause`)).statusCode).toBe(400);
  });

  it('one visit is skipped (its unpaid booking cancelled free), another not made yet is skipped ahead', async () => {
    const res = await act(customer, 'POST', `/api/recurring/series/${series.id}/occurrences/1/skip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SeriesDto>().occurrences.find((o) => o.seq === 1)).toMatchObject({ state: 'skipped', canSkip: false });
    const rows = await visitRows(series.id);
    expect(rows.find((r) => r.seq === 1)!.booking).toMatchObject({ status: 'cancelled', cancellationFee: 0 });
    // Skipping again changes nothing; a visit beyond the series' end does not exist.
    expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/occurrences/1/skip`)).statusCode).toBe(200);
    expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/occurrences/6/skip`)).statusCode).toBe(404);
    const ahead = await act(customer, 'POST', `/api/recurring/series/${series.id}/occurrences/4/skip`);
    expect(ahead.json<SeriesDto>().occurrences.find((o) => o.seq === 4)).toMatchObject({ state: 'skipped', booking: null });
  });

  it('the window job, run by two instances at once, makes each visit once; a visit whose slot was taken is unavailable and the customer told', async () => {
    // Another customer takes the professional's slot of day 30 (visit 3) before the window reaches it.
    const taken = await createPaidBooking(t, { customer: otherCustomer, pro, date: casablancaDate(30), startTime: '10:00', endTime: '11:00' });
    const later = new Date(Date.now() + 3 * 86_400_000);
    t.app.ctx.clock.set(later);
    second.ctx.clock.set(later);
    try {
      await t.app.ctx.jobs.schedule(RECURRING_WINDOW_JOB, {}, { dedupeKey: 'test-window', runAt: later });
      await second.ctx.jobs.schedule(RECURRING_WINDOW_JOB, {}, { dedupeKey: 'test-window', runAt: later });
      await Promise.all([t.app.ctx.jobs.runDueJobs(later), second.ctx.jobs.runDueJobs(later), modulesOf(second).recurring.series.extend(series.id)]);
      const rows = await visitRows(series.id);
      expect(rows.map((r) => [r.seq, r.state, r.reason])).toEqual([
        [0, 'booked', null],
        [1, 'skipped', null],
        [2, 'booked', null],
        [3, 'unavailable', 'taken'],
        [4, 'skipped', null],
      ]);
      const view = (await act(customer, 'GET', `/api/recurring/series/${series.id}`)).json<SeriesDto>();
      expect(view.occurrences.find((o) => o.seq === 3)).toMatchObject({ state: 'unavailable', reason: 'taken', canSkip: true, canRebook: true });
      const told = (await outbox(t.app)).filter((m) => m.to === customer.email && /cannot come/.test(m.subject ?? ''));
      expect(told).toHaveLength(1);
      // The customer skips it instead.
      expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/occurrences/3/skip`)).json<SeriesDto>().occurrences.find((o) => o.seq === 3)!.state).toBe('skipped');
    } finally {
      t.app.ctx.clock.set(null);
      second.ctx.clock.set(null);
    }
    expect(taken.status).toBe('pending');
  });

  it('is paused, resumed, moved to a new time, then cancelled: unpaid visits are cancelled, the paid one stays', async () => {
    expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/pause`)).json().status).toBe('paused');
    expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/resume`)).json().status).toBe('active');
    const moved = await act(customer, 'PATCH', `/api/recurring/series/${series.id}/time`, { startTime: '14:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await visitRows(series.id);
    // Visit 0 is paid: it keeps 10:00; visit 2 was unpaid: made again at 14:00.
    const v2 = rows.find((r) => r.seq === 2)!;
    expect(v2.state).toBe('booked');
    expect(moved.json<SeriesDto>().occurrences.find((o) => o.seq === 2)!.startTime).toBe('14:00');
    expect(moved.json<SeriesDto>().occurrences.find((o) => o.seq === 0)!.startTime).toBe('10:00');
    expect((await act(customer, 'PATCH', `/api/recurring/series/${series.id}/time`, { startTime: '25:00' })).statusCode).toBe(400);

    const cancelled = await act(customer, 'POST', `/api/recurring/series/${series.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    const after = await visitRows(series.id);
    expect(after.find((r) => r.seq === 0)!.booking!.status).toBe('confirmed'); // paid, confirmed by the series
    expect(after.find((r) => r.seq === 2)!.booking!.status).toBe('cancelled');
    // Cancelled: no new visits, and no more changes.
    expect((await act(customer, 'POST', `/api/recurring/series/${series.id}/pause`)).statusCode).toBe(409);
  });
});

describe('moving a visit before it exists', () => {
  it('stores the new start on the visit; the window creates it then with the same professional, or records it unavailable when the slot is taken', async () => {
    const src = await createPaidBooking(t, { customer, pro, date: casablancaDate(6), startTime: '12:00', endTime: '13:00' });
    const made = await createSeries(customer, { bookingId: src.id, intervalWeeks: 1, end: { kind: 'count', count: 8 } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<SeriesDto>().id;
    const move = (u: TestUser | null, seq: number | string, body: Record<string, unknown>) => act(u, 'POST', `/api/recurring/series/${id}/occurrences/${seq}/move`, body);
    // Visits 0-2 (days 13, 20, 27) are bookings; visit 3 (day 34) and on are planned.
    expect((await visitRows(id)).map((r) => r.seq)).toEqual([0, 1, 2]);

    // Who may not, and what is refused (nothing stored).
    expect((await move(otherCustomer, 3, { date: casablancaDate(33), startTime: '14:00' })).statusCode).toBe(404);
    expect((await move(otherPro, 3, { date: casablancaDate(33), startTime: '14:00' })).statusCode).toBe(404);
    expect((await move(pro, 3, { date: casablancaDate(33), startTime: '14:00' })).statusCode).toBe(403);
    expect((await move(null, 3, { date: casablancaDate(33), startTime: '14:00' })).statusCode).toBe(401);
    const tooFar = await move(customer, 3, { date: casablancaDate(41), startTime: '14:00' });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.fields).toMatchObject({ date: expect.stringContaining('6 days') });
    expect((await move(customer, 3, { date: casablancaDate(33), startTime: '25:00' })).statusCode).toBe(400);
    expect((await move(customer, 3, { date: 'soon', startTime: '14:00' })).statusCode).toBe(400);
    const booked = await move(customer, 0, { date: casablancaDate(14), startTime: '14:00' });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error.message).toMatch(/booked already/);
    expect((await move(customer, 8, { date: casablancaDate(62), startTime: '14:00' })).statusCode).toBe(404);
    expect((await visitRows(id)).map((r) => r.seq)).toEqual([0, 1, 2]);

    // Visit 3 moves to day 30 at 14:00, then again to day 31 at 15:00, then back to day 30 at 14:00; visit 4 (day 41) to day 39 at 16:00.
    expect((await move(customer, 3, { date: casablancaDate(31), startTime: '15:00' })).statusCode).toBe(200);
    let res = await move(customer, 3, { date: casablancaDate(30), startTime: '14:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SeriesDto>().occurrences.find((o) => o.seq === 3)).toMatchObject({ state: 'planned', date: casablancaDate(30), startTime: '14:00', movedFrom: casablancaDate(34), canMove: true, canSkip: true, booking: null });
    res = await move(customer, 4, { date: casablancaDate(39), startTime: '16:00' });
    expect(res.json<SeriesDto>().occurrences.find((o) => o.seq === 4)).toMatchObject({ state: 'planned', date: casablancaDate(39), startTime: '16:00', movedFrom: casablancaDate(41) });
    // The professional sees the moved visits planned at their new time too; the other visits keep theirs.
    const asPro = (await act(pro, 'GET', `/api/recurring/series/${id}`)).json<SeriesDto>();
    expect(asPro.occurrences.find((o) => o.seq === 3)).toMatchObject({ date: casablancaDate(30), startTime: '14:00', canMove: false });
    expect(asPro.occurrences.find((o) => o.seq === 5)).toMatchObject({ state: 'planned', date: casablancaDate(48), startTime: '12:00' });

    // Another customer takes the professional's 14:00 of day 30 meanwhile.
    await createPaidBooking(t, { customer: otherCustomer, pro, date: casablancaDate(30), startTime: '14:00', endTime: '15:00' });
    for (const days of [3, 12]) {
      const later = new Date(Date.now() + days * 86_400_000);
      t.app.ctx.clock.set(later);
      try {
        await t.app.ctx.jobs.schedule(RECURRING_WINDOW_JOB, {}, { dedupeKey: `move-window-${days}`, runAt: later });
        await t.app.ctx.jobs.runDueJobs(later);
      } finally {
        t.app.ctx.clock.set(null);
      }
    }
    const rows = await visitRows(id);
    // Visit 3 reached the window on day 30: its slot is taken, so it is unavailable and the customer told.
    expect(rows.find((r) => r.seq === 3)).toMatchObject({ state: 'unavailable', reason: 'taken', booking: null });
    expect((await outbox(t.app)).filter((m) => m.to === customer.email && /cannot come/.test(m.subject ?? '')).length).toBeGreaterThanOrEqual(2);
    // Visit 4 was created at its moved start, with the same professional, and the series remembers the move.
    const v4 = rows.find((r) => r.seq === 4)!;
    expect(v4.state).toBe('booked');
    expect(v4.booking).toMatchObject({ professionalId: pro.professionalId, status: 'pending', paymentStatus: 'pending' });
    expect(v4.booking!.scheduledStart.getTime()).toBe(localToUtc(casablancaDate(39), '16:00').getTime());
    const view = (await act(customer, 'GET', `/api/recurring/series/${id}`)).json<SeriesDto>();
    expect(view.occurrences.find((o) => o.seq === 4)).toMatchObject({ state: 'booked', movedFrom: casablancaDate(41), canMove: false, date: casablancaDate(39), startTime: '16:00' });
    // Created: moved as a booking from now on.
    expect((await move(customer, 4, { date: casablancaDate(38), startTime: '16:00' })).statusCode).toBe(409);
  });
});

describe("the wizard's Repeat, kept with the booking", () => {
  const book = (u: TestUser, date: string, startTime: string, endTime: string, repeat?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: as(u, randomUUID()),
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date, startTime, endTime, location: '9 Rue Talaa', ...(repeat ? { repeat } : {}) },
    });
  const seriesOf = (bookingId: string) => t.database.db.select().from(s.bookingSeries).where(eq(s.bookingSeries.sourceBookingId, bookingId));

  it('makes the series once, in the transaction that records the payment; an end the series refuses is refused with the booking', async () => {
    const tooLong = await book(customer, casablancaDate(8), '17:00', '18:00', { intervalWeeks: 2, end: { kind: 'date', date: casablancaDate(500) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toHaveProperty(['repeat.end.date']);
    expect((await book(customer, casablancaDate(8), '17:00', '18:00', { intervalWeeks: 3, end: { kind: 'never' } })).statusCode).toBe(400);

    const created = await book(customer, casablancaDate(8), '17:00', '18:00', { intervalWeeks: 2, end: { kind: 'count', count: 3 } });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json<{ id: string }>().id;
    // Unpaid: no series yet.
    expect(await seriesOf(bookingId)).toEqual([]);
    const paid = await payOnSimulator(t.app, { headers: as(customer, randomUUID()) }, bookingId);
    expect(paid.initiate.statusCode).toBe(200);
    const [made, ...more] = await seriesOf(bookingId);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ userId: customer.userId, professionalId: pro.professionalId, intervalWeeks: 2, firstDate: casablancaDate(22), startTime: '17:00', end: { kind: 'count', count: 3 }, status: 'active' });
    // Its first visit (day 22) is booked at once; the professional is told of the new series.
    expect((await visitRows(made!.id)).map((r) => [r.seq, r.state])).toEqual([[0, 'booked']]);
    expect((await outbox(t.app)).some((m) => m.to === pro.email && /New recurring booking/.test(m.subject ?? ''))).toBe(true);
    // The customer reads it in their list (the payment-confirmed screen shows it from there).
    expect((await act(customer, 'GET', '/api/recurring/series')).json<SeriesDto[]>().find((x) => x.sourceBookingId === bookingId)?.id).toBe(made!.id);
    // A second payment attempt or the form's "Book again every ..." does not make another.
    expect((await payOnSimulator(t.app, { headers: as(customer, randomUUID()) }, bookingId)).initiate.statusCode).toBe(200);
    expect((await createSeries(customer, { bookingId, intervalWeeks: 1, end: { kind: 'never' } })).statusCode).toBe(409);
    expect(await seriesOf(bookingId)).toHaveLength(1);
  });

  it('makes no series for a booking that expires unpaid', async () => {
    const created = await book(otherCustomer, casablancaDate(10), '08:00', '09:00', { intervalWeeks: 1, end: { kind: 'never' } });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json<{ id: string }>().id;
    const later = new Date(Date.now() + 3_600_000);
    t.app.ctx.clock.set(later);
    try {
      await t.app.ctx.jobs.runDueJobs(later);
    } finally {
      t.app.ctx.clock.set(null);
    }
    const [b] = await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, bookingId));
    expect(b).toMatchObject({ status: 'cancelled', repeatIntervalWeeks: 1 });
    expect(await seriesOf(bookingId)).toEqual([]);
  });
});

describe('a booking that repeats already (issue 43): its series shown, "Book again every ..." refused', () => {
  type Booking = { id: string; canRepeat: boolean; series: { id: string; intervalWeeks: number; role: string } | null };
  const read = (u: TestUser, id: string) => act(u, 'GET', `/api/bookings/${id}`);

  it('a booking whose wizard Repeat waits for its payment, then its series, then a visit of it: no repeat, the series linked; nobody else learns it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: as(customer, randomUUID()),
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, date: casablancaDate(4), startTime: '14:00', endTime: '15:00', location: '9 Rue Talaa', repeat: { intervalWeeks: 1, end: { kind: 'count', count: 2 } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json<Booking>().id;
    expect(created.json<Booking>()).toMatchObject({ canRepeat: false, series: null });
    // Unpaid: the Repeat makes the series once paid, so the form's series is refused (it would be a second one).
    const early = await createSeries(customer, { bookingId, intervalWeeks: 2, end: { kind: 'never' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(RECURRING_MESSAGES.alreadyRepeating);

    expect((await payOnSimulator(t.app, { headers: as(customer, randomUUID()) }, bookingId)).initiate.statusCode).toBe(200);
    const [made] = await t.database.db.select().from(s.bookingSeries).where(eq(s.bookingSeries.sourceBookingId, bookingId));
    // The booking's answer names the series repeating it, for its customer and its professional.
    const source = await read(customer, bookingId);
    expect(source.json<Booking>()).toMatchObject({ canRepeat: false, series: { id: made!.id, intervalWeeks: 1, role: 'repeats' } });
    expect((await read(pro, bookingId)).json<Booking>()).toMatchObject({ canRepeat: false, series: { id: made!.id, role: 'repeats' } });
    expect((await act(customer, 'GET', '/api/bookings')).json<Booking[]>().find((b) => b.id === bookingId)?.series?.id).toBe(made!.id);
    const again = await createSeries(customer, { bookingId, intervalWeeks: 2, end: { kind: 'never' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(RECURRING_MESSAGES.alreadyRepeating);

    // Its first visit (a week later) is a visit of that series: repeating it would book the same visits twice.
    const [visit] = await visitRows(made!.id);
    const visitId = visit!.booking!.id;
    expect((await read(customer, visitId)).json<Booking>()).toMatchObject({ canRepeat: false, series: { id: made!.id, intervalWeeks: 1, role: 'visit' } });
    const ofVisit = await createSeries(customer, { bookingId: visitId, intervalWeeks: 1, end: { kind: 'never' } });
    expect(ofVisit.statusCode).toBe(409);
    expect(ofVisit.json().error.message).toBe(RECURRING_MESSAGES.isVisit);
    // Paid, its professional reads it too.
    expect((await payOnSimulator(t.app, { headers: as(customer, randomUUID()) }, visitId)).initiate.statusCode).toBe(200);
    expect((await read(pro, visitId)).json<Booking>()).toMatchObject({ canRepeat: false, series: { id: made!.id, role: 'visit' } });
    expect((await createSeries(customer, { bookingId: visitId, intervalWeeks: 2, end: { kind: 'never' } })).statusCode).toBe(409);
    expect(await t.database.db.select().from(s.bookingSeries).where(inArray(s.bookingSeries.sourceBookingId, [bookingId, visitId]))).toHaveLength(1);

    // Another customer or professional: neither booking (404), nor the series id in any answer of theirs; their create is 404.
    for (const u of [otherCustomer, otherPro]) {
      for (const id of [bookingId, visitId]) {
        const res = await read(u, id);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(made!.id);
      }
      expect((await act(u, 'GET', '/api/bookings')).body).not.toContain(made!.id);
    }
    const stranger = await createSeries(otherCustomer, { bookingId: visitId, intervalWeeks: 1, end: { kind: 'never' } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(made!.id);
    // An admin reads bookings but no series (GET /api/recurring/series/{id} is the parties' only).
    const admin = await createAdmin(t);
    expect((await read(admin, visitId)).json<Booking>()).toMatchObject({ canRepeat: false, series: null });

    // Once the series is cancelled its source may be repeated again; a visit stays a visit of it.
    expect((await act(customer, 'POST', `/api/recurring/series/${made!.id}/cancel`)).statusCode).toBe(200);
    expect((await read(customer, bookingId)).json<Booking>()).toMatchObject({ canRepeat: true, series: null });
    expect((await read(customer, visitId)).json<Booking>()).toMatchObject({ canRepeat: false, series: { id: made!.id, role: 'visit' } });
  });

  it('a booking of no series may be repeated', async () => {
    const plain = await createPaidBooking(t, { customer: otherCustomer, pro, date: casablancaDate(5), startTime: '08:00', endTime: '09:00' });
    expect((await read(otherCustomer, plain.id)).json<Booking>()).toMatchObject({ canRepeat: true, series: null });
    expect((await read(pro, plain.id)).json<Booking>()).toMatchObject({ canRepeat: false, series: null });
  });
});

describe('a paid visit that is not confirmed by its series', () => {
  it('waits for the accept when an admin gave it to another professional, as a one-off booking does', async () => {
    const other = await createPro(t, { city: 'fes', category: 'gardening', name: 'Youssef Other' });
    const src = await createPaidBooking(t, { customer: otherCustomer, pro, date: casablancaDate(5), startTime: '16:00', endTime: '17:00' });
    const id = (await createSeries(otherCustomer, { bookingId: src.id, intervalWeeks: 2, end: { kind: 'count', count: 2 } })).json<SeriesDto>().id;
    const [visit] = await visitRows(id);
    // As the admin reassignment writes it (modules/bookings lifecycle reassign): the visit's professional changes.
    await t.database.db.update(s.bookings).set({ professionalId: other.professionalId }).where(eq(s.bookings.id, visit!.booking!.id));
    const paid = await payOnSimulator(t.app, { headers: as(otherCustomer, randomUUID()) }, visit!.booking!.id);
    expect(paid.initiate.statusCode).toBe(200);
    const [b] = await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, visit!.booking!.id));
    expect(b).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    // The professional it now belongs to is asked to accept it, as for any booking; nobody is told it is confirmed.
    const mail = await outbox(t.app);
    expect(mail.some((m) => m.to === other.email && /New booking request/.test(m.subject ?? ''))).toBe(true);
    expect(await t.database.db.select().from(s.scheduledJobs).where(eq(s.scheduledJobs.dedupeKey, `recurring:${id}:0:visit_confirmed`))).toEqual([]);
    const proList = (await act(other, 'GET', '/api/bookings')).json<Array<{ id: string; canAccept: boolean }>>();
    expect(proList.find((x) => x.id === b!.id)).toMatchObject({ canAccept: true });
  });
});

describe('the professional declines a series before its first visit', () => {
  it('declines it: unpaid visits cancelled, paid ones declined with a full refund, the customer told', async () => {
    const src = await createPaidBooking(t, { customer, pro, date: casablancaDate(4), startTime: '08:00', endTime: '09:00' });
    // Two concurrent requests with one key (a retry racing its first attempt): one series.
    const key = randomUUID();
    const body = { bookingId: src.id, intervalWeeks: 2, end: { kind: 'never' } };
    const [a, b] = await Promise.all([createSeries(customer, body, key), createSeries(customer, body, key, second)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const id = a.json<SeriesDto>().id;
    expect(await t.database.db.select().from(s.bookingSeries).where(eq(s.bookingSeries.sourceBookingId, src.id))).toHaveLength(1);
    const rows = await visitRows(id);
    expect(rows.map((r) => r.seq)).toEqual([0]); // day 18; day 32 is beyond the window
    const paid = await payOnSimulator(t.app, { headers: as(customer, randomUUID()) }, rows[0]!.booking!.id);
    expect(paid.initiate.statusCode).toBe(200);

    expect((await act(otherPro, 'POST', `/api/recurring/series/${id}/decline`)).statusCode).toBe(404);
    const res = await act(pro, 'POST', `/api/recurring/series/${id}/decline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', canDecline: false });
    const [visit] = await t.database.db.select().from(s.bookings).where(inArray(s.bookings.id, [rows[0]!.booking!.id]));
    expect(visit).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // The customer sees the visit as unavailable (declined) and is emailed.
    const view = (await act(customer, 'GET', `/api/recurring/series/${id}`)).json<SeriesDto>();
    expect(view.occurrences.find((o) => o.seq === 0)).toMatchObject({ state: 'unavailable', reason: 'declined' });
    expect((await outbox(t.app)).some((m) => m.to === customer.email && /was declined/.test(m.subject ?? ''))).toBe(true);
  });
});
