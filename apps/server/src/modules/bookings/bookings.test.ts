import { randomUUID } from 'node:crypto';
import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, localToUtc } from '@khedma/shared';
import { seedId } from '../../db/seed/ids';
import { createAdmin, createCustomer } from '../../test/factories';
import { completedBooking } from '../reviews/reviews.test-helpers';

const seedCity = (slug: string) => seedId(`city:${slug}`);
import {
  as,
  book,
  bookingTestApp,
  counts,
  createBooking,
  dayFromNow,
  errorCode,
  IDS,
  outboxTo,
  paidBooking,
  pay,
  wizardBody,
  type BookingTestApp, releaseHolds } from './bookings.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
  // Youssef's history: one job done and reviewed, for another customer (day 2, a day no test books).
  const earlier = await createCustomer(t);
  const done = await completedBooking(t, { customer: earlier, pro: t.pro, admin: t.admin, day: 2, startTime: '08:00' });
  const review = await t.app.inject(as(earlier, { method: 'POST', url: '/api/reviews', payload: { bookingId: done.id, rating: 5, title: 'Fixed', comment: 'Quick and clean.' } }));
  if (review.statusCode !== 201) throw new Error(`review failed: ${review.statusCode} ${review.body}`);
});
// Holds a test left unpaid end (a customer holds at most 2 at once: migration 0014).
afterEach(() => releaseHolds(t.database));
afterAll(async () => t?.close());

describe('POST /api/bookings/quote', () => {
  it('prices service + add-ons + 15% fee on the server', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/quote',
      payload: { serviceTypeId: IDS.leakRepair, cityId: IDS.casablanca, addOnIds: [IDS.tapCartridge, IDS.sealKit] },
    });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.addOnsTotal).toBe(100);
    expect(q.subtotal).toBe(q.servicePrice + 100);
    expect(q.serviceFee).toBe(Math.floor((q.subtotal * 1500 + 5000) / 10000));
    expect(q.total).toBe(q.subtotal + q.serviceFee);
    expect(q.lines.map((l: { kind: string }) => l.kind)).toEqual(['service', 'addon', 'addon', 'fee']);
    expect(q.currency).toBe('MAD');
  });

  it('accepts a city slug', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings/quote', payload: { serviceTypeId: IDS.leakRepair, citySlug: 'rabat' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses add-ons of another service, unknown service and unknown city with 400', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/quote',
      payload: { serviceTypeId: IDS.leakRepair, cityId: IDS.casablanca, addOnIds: [IDS.fridge] },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.addOnIds).toMatch(/not available for this service/);
    const service = await t.app.inject({ method: 'POST', url: '/api/bookings/quote', payload: { serviceTypeId: t.pro.professionalId, cityId: IDS.casablanca } });
    expect(service.statusCode).toBe(400);
    expect(service.json().error.message).toBe('Service not found');
    const city = await t.app.inject({ method: 'POST', url: '/api/bookings/quote', payload: { serviceTypeId: IDS.leakRepair, cityId: IDS.leakRepair } });
    expect(city.statusCode).toBe(400);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/quote',
      payload: { serviceTypeId: IDS.leakRepair, cityId: IDS.casablanca, addOnIds: [IDS.sealKit, IDS.sealKit] },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('prices an hourly booking: rate x hours + fee', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings/quote/hourly', payload: { professionalId: t.pro.professionalId, durationHours: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ servicePrice: 450, serviceFee: 68, total: 518 });
    const bad = await t.app.inject({ method: 'POST', url: '/api/bookings/quote/hourly', payload: { professionalId: t.pro.professionalId, durationHours: 5 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/bookings/assignment (wizard step 3)', () => {
  it('names the one plumber of Casablanca with real figures', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { startTime: '15:00', endTime: '16:00' }) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.available).toBe(true);
    expect(body.professional.id).toBe(t.pro.professionalId);
    expect(body.professional.firstName).toBe('Youssef');
    expect(body.professional.jobsDone).toBeGreaterThan(0);
    expect(body.professional.reviewsCount).toBeGreaterThan(0);
  });

  it('says nobody is free and offers other times that do have someone', async () => {
    const date = dayFromNow(t.app, 6);
    await book(t.app, t.customer2, { date, startTime: '10:00', endTime: '12:00' });
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date, startTime: '11:00', endTime: '12:00' }) });
    const body = res.json();
    expect(body.available).toBe(false);
    expect(body.code).toBe('NO_PROFESSIONAL_AVAILABLE');
    expect(body.alternatives.length).toBeGreaterThan(0);
    expect(body.alternatives[0].date).toBe(date);
    for (const alt of body.alternatives) {
      const check = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, alt) });
      expect(check.json().available).toBe(true);
    }
  });

  it('has no candidate for a service nobody offers in that city: says so, no placeholder', async () => {
    // Nobody does plumbing in Fès.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/assignment',
      payload: wizardBody(t.app, { cityId: seedCity('fes'), date: dayFromNow(t.app, 7) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: false,
      code: 'NO_PROFESSIONAL_AVAILABLE',
      message: 'No professional is available for this service, city and time. Please choose another time.',
      alternatives: [],
    });
    const create = await createBooking(t.app, t.customer, wizardBody(t.app, { cityId: seedCity('fes'), date: dayFromNow(t.app, 7) }));
    expect(create.statusCode).toBe(409);
    expect(errorCode(create)).toBe('NO_PROFESSIONAL_AVAILABLE');
  });

  it('validates the window: past, beyond 30 days, end before start', async () => {
    const past = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: dayFromNow(t.app, -1) }) });
    expect(past.statusCode).toBe(400);
    const far = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: dayFromNow(t.app, 31) }) });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toMatch(/within the next 30 days/);
    const backwards = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { startTime: '12:00', endTime: '11:00' }) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('End time must be after the start time');
  });
});

describe('POST /api/bookings', () => {
  it('creates a pending booking with server prices, lines, add-ons, a payment row and an email', async () => {
    const before = await counts(t.database, t.app);
    const res = await createBooking(t.app, t.customer, {
      ...wizardBody(t.app, { date: dayFromNow(t.app, 8), addOnIds: [IDS.tapCartridge] }),
      totalAmount: 1,
      price: 1,
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b.status).toBe('pending');
    expect(b.paymentStatus).toBe('pending');
    expect(b.reference).toBe(b.id.slice(0, 8).toUpperCase());
    expect(b.professional).toMatchObject({ id: t.pro.professionalId, firstName: 'Youssef' });
    expect(b.description).toBe(`${b.title} service booking`);
    expect(b.location).toBe('12 Rue Ibnou Sina');
    expect(b.addOns).toEqual([{ id: IDS.tapCartridge, name: 'Replace a tap cartridge', price: 60 }]);
    expect(b.amounts.total).toBeGreaterThan(1);
    expect(b.amounts.total).toBe(b.amounts.subtotal + b.amounts.serviceFee);
    expect(b.lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(b.amounts.total);
    expect(b.customer).toBeNull();
    expect(b.viewerRole).toBe('customer');
    expect(b.canCancel).toBe(true);
    expect(b.cancellationFeePreview).toBe(0);
    expect(localToUtc(dayFromNow(t.app, 8), '10:00').toISOString()).toBe(b.scheduledStart);
    const after = await counts(t.database, t.app);
    expect(after.bookings - before.bookings).toBe(1);
    expect(after.lines - before.lines).toBe(3);
    expect(after.payments - before.payments).toBe(1);
    // The creation email's job is written by the statement that inserts the booking, and sent after the answer.
    expect(after.outbox - before.outbox).toBe(1);
    const mails = await outboxTo(t.app, t.customer.email);
    expect(mails[0]!.subject).toBe(`Booking ${b.reference} created`);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await counts(t.database, t.app);
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ date: dayFromNow(t.app, -2) }, 400, /future date|Please select/],
      [{ date: dayFromNow(t.app, 0) }, 400, /./],
      [{ date: dayFromNow(t.app, 31) }, 400, /30 days/],
      [{ startTime: '12:00', endTime: '10:00' }, 400, /End time must be after the start time/],
      [{ startTime: '10:00', endTime: '19:00' }, 400, /Maximum booking duration is 8 hours/],
      [{ startTime: '07:00' }, 400, /start time/],
      [{ serviceTypeId: IDS.casablanca }, 400, /Service not found/],
      [{ cityId: IDS.leakRepair }, 400, /City not found/],
      [{ addOnIds: [IDS.fridge] }, 400, /add-on/],
      [{ professionalId: t.pro2.professionalId }, 409, /not available/],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await createBooking(t.app, t.customer, wizardBody(t.app, { date: dayFromNow(t.app, 9), ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await counts(t.database, t.app)).toEqual(before);
  });

  it('is for signed-in users with the booking:create permission only', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: wizardBody(t.app) });
    expect(anon.statusCode).toBe(401);
    const reviewer = await createAdmin(t, { roles: ['application_reviewer'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: wizardBody(t.app, { date: dayFromNow(t.app, 9) }), headers: { cookie: reviewer.cookie } });
    // An application reviewer (admin without booking rights) may not book.
    expect(res.statusCode).toBe(403);
  });

  it('a professional is never assigned their own booking', async () => {
    const res = await createBooking(t.app, t.pro, wizardBody(t.app, { date: dayFromNow(t.app, 10) }));
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('NO_PROFESSIONAL_AVAILABLE');
  });

  it('takes slots of the one plumber that leave the travel buffer; an overlapping or back-to-back one is taken', async () => {
    const date = dayFromNow(t.app, 27);
    const booked = [
      await book(t.app, t.customer, { date, startTime: '10:00', endTime: '11:00' }),
      await book(t.app, t.customer2, { date, startTime: '11:30', endTime: '12:30' }),
      await book(t.app, t.customer2, { date, startTime: '08:30', endTime: '09:30' }),
    ];
    expect(booked.map((b) => b.professional.id)).toEqual([t.pro.professionalId, t.pro.professionalId, t.pro.professionalId]);
    const overlap = await createBooking(t.app, t.customer, wizardBody(t.app, { date, startTime: '10:30', endTime: '11:30' }));
    expect(overlap.statusCode).toBe(409);
    expect(errorCode(overlap)).toBe('SLOT_TAKEN');
    // Issue 42: no time to get from one job to the next (the 15-minute minimum without pins).
    const backToBack = await createBooking(t.app, t.customer, wizardBody(t.app, { date, startTime: '12:30', endTime: '13:30' }));
    expect(backToBack.statusCode).toBe(409);
    expect(errorCode(backToBack)).toBe('SLOT_TAKEN');
  });

  it('answers with the booking as stored: a later read shows the same', async () => {
    const created = await book(t.app, t.customer, { date: dayFromNow(t.app, 28), addOnIds: [IDS.sealKit] });
    const read = await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${created.id}` }));
    expect(read.json()).toEqual(created);
  });
});

describe('Idempotency-Key', () => {
  it('returns the first answer for a retry and creates one booking', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 11), startTime: '09:00', endTime: '10:00' });
    const headers = { 'idempotency-key': 'create-11-a' };
    const before = await counts(t.database, t.app);
    const first = await createBooking(t.app, t.customer, body, headers);
    const second = await createBooking(t.app, t.customer, body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await counts(t.database, t.app)).bookings - before.bookings).toBe(1);
  });

  it('replays a refusal with its status too', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, -3) });
    const headers = { 'idempotency-key': 'create-past' };
    const a = await createBooking(t.app, t.customer, body, headers);
    const b = await createBooking(t.app, t.customer, body, headers);
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual(a.json());
  });

  it('422 for the same key with another body; keys are per user', async () => {
    const headers = { 'idempotency-key': 'create-11-b' };
    const first = await createBooking(t.app, t.customer, wizardBody(t.app, { date: dayFromNow(t.app, 11), startTime: '13:00', endTime: '14:00' }), headers);
    expect(first.statusCode).toBe(201);
    const before = await counts(t.database, t.app);
    const other = await createBooking(t.app, t.customer, wizardBody(t.app, { date: dayFromNow(t.app, 11), startTime: '15:00', endTime: '16:00' }), headers);
    expect(other.statusCode).toBe(422);
    expect(errorCode(other)).toBe('IDEMPOTENCY_MISMATCH');
    expect(await counts(t.database, t.app)).toEqual(before);
    const someoneElse = await createBooking(t.app, t.customer2, wizardBody(t.app, { date: dayFromNow(t.app, 11), startTime: '15:00', endTime: '16:00' }), headers);
    expect(someoneElse.statusCode).toBe(201);
  });

  it('409 while the first request is still in flight', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 12) });
    const first = createBooking(t.app, t.customer, body, { 'idempotency-key': 'create-12' });
    const { requestHash } = await import('./idempotency');
    // A key in flight, as a concurrent request on this live instance leaves it.
    await t.database.db.execute(
      sql`insert into idempotency_keys (key, user_id, request_hash, status, owner)
          values ('held-key', ${t.customer.userId}, ${requestHash('POST /api/bookings', { ...body, addOnIds: [] })}, 'in_flight', ${t.app.ctx.instance.id})`,
    );
    const res = await createBooking(t.app, t.customer, body, { 'idempotency-key': 'held-key' });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect((await first).statusCode).toBe(201);
  });

  it('replays a refusal met after the key was claimed (nobody free at that time)', async () => {
    // Salma cleans in Rabat: the claim rides with the assignment read, which finds nobody.
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 12), professionalId: t.pro2.professionalId });
    const headers = { 'idempotency-key': 'nobody-12' };
    const before = await counts(t.database, t.app);
    const a = await createBooking(t.app, t.customer, body, headers);
    const b = await createBooking(t.app, t.customer, body, headers);
    expect(a.statusCode).toBe(409);
    expect(errorCode(a)).toBe('NO_PROFESSIONAL_AVAILABLE');
    expect(b.statusCode).toBe(409);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await counts(t.database, t.app)).toEqual(before);
    const res = await t.database.db.execute(sql`select status, response_status from idempotency_keys where key = 'nobody-12' and user_id = ${t.customer.userId}`);
    expect((res as unknown as { rows: unknown[] }).rows).toEqual([{ status: 'done', response_status: 409 }]);
  });

  it('takes over a key left in flight by a crash more than 2 minutes ago', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 12), startTime: '15:00', endTime: '16:00' });
    const { requestHash } = await import('./idempotency');
    await t.database.db.execute(
      sql`insert into idempotency_keys (key, user_id, request_hash, status, created_at)
          values ('crashed-key', ${t.customer.userId}, ${requestHash('POST /api/bookings', { ...body, addOnIds: [] })}, 'in_flight', now() - interval '3 minutes')`,
    );
    const before = await counts(t.database, t.app);
    const res = await createBooking(t.app, t.customer, body, { 'idempotency-key': 'crashed-key' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await counts(t.database, t.app)).bookings - before.bookings).toBe(1);
    const again = await createBooking(t.app, t.customer, body, { 'idempotency-key': 'crashed-key' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
  });

  it('takes over at once a key left in flight by an instance that died (its lease lapsed), never one of a live instance', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 14), startTime: '15:00', endTime: '16:00' });
    const { requestHash } = await import('./idempotency');
    const hash = requestHash('POST /api/bookings', { ...body, addOnIds: [] });
    // An instance that renewed its lease 20 s ago (its process was killed), and one that never had one.
    const dead = randomUUID();
    await t.database.db.execute(sql`insert into server_instances (id, seen_at) values (${dead}, now() - interval '20 seconds')`);
    await t.database.db.execute(
      sql`insert into idempotency_keys (key, user_id, request_hash, status, owner) values
          ('killed-key', ${t.customer.userId}, ${hash}, 'in_flight', ${dead}),
          ('lost-key', ${t.customer.userId}, ${hash}, 'in_flight', ${randomUUID()}),
          ('busy-key', ${t.customer.userId}, ${hash}, 'in_flight', ${t.app.ctx.instance.id})`,
    );
    const busy = await createBooking(t.app, t.customer, body, { 'idempotency-key': 'busy-key' });
    expect(busy.statusCode).toBe(409);
    expect(errorCode(busy)).toBe('IDEMPOTENCY_IN_FLIGHT');
    const before = await counts(t.database, t.app);
    const res = await createBooking(t.app, t.customer, body, { 'idempotency-key': 'killed-key' });
    expect(res.statusCode).toBe(201);
    expect((await counts(t.database, t.app)).bookings - before.bookings).toBe(1);
    const again = await createBooking(t.app, t.customer, body, { 'idempotency-key': 'killed-key' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(res.json().id);
    // A key whose instance never held a lease is free too.
    const lost = await createBooking(t.app, t.customer, { ...body, startTime: '17:00', endTime: '18:00' }, { 'idempotency-key': 'lost-key' });
    expect(lost.statusCode).toBe(201);
  });

  it('a retry without a key, its first answer lost, is answered with the booking it made (not SLOT_TAKEN, not a second booking)', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 15), startTime: '10:00', endTime: '11:00' });
    const first = await createBooking(t.app, t.customer, body);
    expect(first.statusCode).toBe(201);
    const before = await counts(t.database, t.app);
    const retry = await createBooking(t.app, t.customer, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await counts(t.database, t.app)).toEqual(before);
    // Not a retry: another time, or another customer, or after the first was cancelled.
    const other = await createBooking(t.app, t.customer2, body);
    expect(other.statusCode).not.toBe(200);
    await t.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${first.json().id}`);
    const anew = await createBooking(t.app, t.customer, body);
    expect(anew.statusCode).toBe(201);
    expect(anew.json().id).not.toBe(first.json().id);
  });

  it('concurrent retries: one booking, every answer is the booking or in flight', async () => {
    const body = wizardBody(t.app, { date: dayFromNow(t.app, 13) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => createBooking(t.app, t.customer, body, { 'idempotency-key': 'burst-13' })));
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
  });
});

describe('POST /api/bookings/hourly (from a professional page)', () => {
  it('creates an hourly booking through the same path', async () => {
    const res = await t.app.inject(
      as(t.customer, {
        method: 'POST',
        url: '/api/bookings/hourly',
        payload: {
          professionalId: t.pro.professionalId,
          date: dayFromNow(t.app, 14),
          time: '14:00',
          durationHours: 2,
          location: '12 Rue Jean Jaurès, Maârif',
          contactPhone: '06 12 34 56 78', // typed the Moroccan way (issue 22 item 7)
          specialRequests: 'Ring twice',
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b.kind).toBe('hourly');
    expect(b.amounts).toMatchObject({ servicePrice: 300, serviceFee: 45, total: 345 });
    expect(b.lines[0]).toMatchObject({ kind: 'hourly', quantity: 2, unitAmount: 150 });
    expect(b.durationMinutes).toBe(120);
    expect(b.contactPhone).toBe('+212612345678');
  });

  it('requires a Moroccan phone and the address, and refuses a taken slot', async () => {
    const payload = { professionalId: t.pro.professionalId, date: dayFromNow(t.app, 14), time: '15:00', durationHours: 1, location: 'Maârif', contactPhone: '+33612345678' };
    const phone = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload }));
    expect(phone.statusCode).toBe(400);
    const noAddress = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, contactPhone: '+212612345678', location: ' ' } }));
    expect(noAddress.statusCode).toBe(400);
    // 14:00-16:00 held by the customer: 15:00 is taken for anyone else.
    const blocker = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, time: '14:00', durationHours: 2, contactPhone: '+212612345678' } }));
    expect(blocker.statusCode, blocker.body).toBe(201);
    const taken = await t.app.inject(as(t.customer2, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, contactPhone: '+212612345678' } }));
    expect(taken.statusCode).toBe(409);
    expect(errorCode(taken)).toBe('SLOT_TAKEN');
    const unknown = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, time: '09:00', contactPhone: '+212612345678', professionalId: IDS.leakRepair } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Professional not found');
  });

  it('books in the city the customer chose among the professional\'s cities, and refuses another city', async () => {
    // Youssef works in Casablanca (first) and, for this test, in Rabat too.
    await t.database.db.execute(sql`insert into professional_cities (professional_id, city_id, position) values (${t.pro.professionalId}, ${seedCity('rabat')}, 1)`);
    try {
      const payload = { professionalId: t.pro.professionalId, date: dayFromNow(t.app, 17), durationHours: 1, location: 'Agdal', contactPhone: '+212612345678' };
      const inRabat = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, time: '09:00', cityId: seedCity('rabat') } }));
      expect(inRabat.statusCode, inRabat.body).toBe(201);
      expect(inRabat.json().city.id).toBe(seedCity('rabat'));
      const [stored] = ((await t.database.db.execute(sql`select city_id from bookings where id = ${inRabat.json().id}`)) as unknown as { rows: Array<{ city_id: string }> }).rows;
      expect(stored!.city_id).toBe(seedCity('rabat'));
      // No city named: the first city (what clients sent before professionals had several).
      // Five hours later: Rabat to Casablanca is more than the longest travel time counted (issue 42).
      const first = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, time: '15:00' } }));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().city.id).toBe(IDS.casablanca);
      // A city they do not work in: a clear 400 on the field, nothing stored.
      const [before] = ((await t.database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as { rows: Array<{ n: number }> }).rows;
      const elsewhere = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, time: '16:00', cityId: seedCity('marrakech') } }));
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.message).toBe(BOOKING_MESSAGES.cityNotServed);
      expect(elsewhere.json().error.fields).toMatchObject({ cityId: BOOKING_MESSAGES.cityNotServed });
      const unknownCity = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings/hourly', payload: { ...payload, time: '16:00', cityId: randomUUID() } }));
      expect(unknownCity.statusCode).toBe(400);
      const [after] = ((await t.database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as { rows: Array<{ n: number }> }).rows;
      expect(after!.n).toBe(before!.n);
    } finally {
      await t.database.db.execute(sql`delete from professional_cities where professional_id = ${t.pro.professionalId} and city_id = ${seedCity('rabat')}`);
    }
  });
});

describe('reads and who may see what', () => {
  let paid: { id: string };
  let unpaid: { id: string };
  beforeAll(async () => {
    paid = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 15) });
    unpaid = await book(t.app, t.customer, { date: dayFromNow(t.app, 16) });
  });

  it('GET /api/bookings/:id: owner, assigned professional (once paid), admin; others 404; signed out 401', async () => {
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${paid.id}` }))).statusCode).toBe(200);
    const asPro = await t.app.inject(as(t.pro, { method: 'GET', url: `/api/bookings/${paid.id}` }));
    expect(asPro.statusCode).toBe(200);
    expect(asPro.json().customer.name).toBe('Amina Benjelloun');
    expect(asPro.json().viewerRole).toBe('professional');
    expect(asPro.json().canAccept).toBe(true);
    expect((await t.app.inject(as(t.admin, { method: 'GET', url: `/api/bookings/${paid.id}` }))).json().viewerRole).toBe('admin');
    expect((await t.app.inject(as(t.customer2, { method: 'GET', url: `/api/bookings/${paid.id}` }))).statusCode).toBe(404);
    expect((await t.app.inject(as(t.pro2, { method: 'GET', url: `/api/bookings/${paid.id}` }))).statusCode).toBe(404);
    expect((await t.app.inject(as(t.pro, { method: 'GET', url: `/api/bookings/${unpaid.id}` }))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${paid.id}` })).statusCode).toBe(401);
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings/not-a-uuid' }))).statusCode).toBe(400);
  });

  it('GET /api/bookings: mine newest first; the professional sees paid ones; ?status=pending', async () => {
    const mine = (await t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings' }))).json();
    expect(mine[0].id).toBe(unpaid.id);
    const created = mine.map((b: { createdAt: string }) => b.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const other = (await t.app.inject(as(t.customer2, { method: 'GET', url: '/api/bookings' }))).json();
    expect(other.some((b: { id: string }) => b.id === paid.id)).toBe(false);
    const pending = (await t.app.inject(as(t.pro, { method: 'GET', url: '/api/bookings?status=pending' }))).json();
    expect(pending.map((b: { id: string }) => b.id)).toContain(paid.id);
    expect(pending.map((b: { id: string }) => b.id)).not.toContain(unpaid.id);
    expect(pending.every((b: { status: string }) => b.status === 'pending')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings?status=accepted' }))).statusCode).toBe(400);
  });

  it('GET /api/bookings/stats: real figures', async () => {
    const c = (await t.app.inject(as(t.customer, { method: 'GET', url: '/api/bookings/stats' }))).json();
    expect(c.role).toBe('customer');
    expect(c.total).toBeGreaterThanOrEqual(2);
    expect(c.thisMonth).toBeGreaterThanOrEqual(2);
    expect(c.totalSpent).toBeGreaterThan(0);
    const p = (await t.app.inject(as(t.pro, { method: 'GET', url: '/api/bookings/stats' }))).json();
    expect(p.role).toBe('professional');
    expect(p.completed).toBeGreaterThan(0);
    expect(p.pending).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/stats' })).statusCode).toBe(401);
  });

  it('answers that depend on who asks are private, no-store; the public catalogue keeps its caching', async () => {
    const mine = ['/api/bookings', '/api/bookings/stats', `/api/bookings/${paid.id}`, `/api/bookings/${paid.id}/cancellation`];
    for (const url of mine) {
      const byCookie = await t.app.inject(as(t.customer, { method: 'GET', url }));
      expect(byCookie.statusCode, url).toBe(200);
      expect(byCookie.headers['cache-control'], url).toBe('private, no-store');
    }
    const byBearer = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: { authorization: `Bearer ${t.pro.token}` } });
    expect(byBearer.headers['cache-control']).toBe('private, no-store');
    // The refusal too: a 401 cached for a URL would stand in for the answer after signing in.
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings' })).headers['cache-control']).toBe('private, no-store');
    // A route that chose its own header keeps it.
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: '/api/me' }))).headers['cache-control']).toBe('no-store');
    // The catalogue never reads the session: the same public, revalidated copy for everyone, cookie or not.
    const catalogue = await t.app.inject(as(t.customer, { method: 'GET', url: '/api/services?category=plumbing' }));
    expect(catalogue.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(catalogue.headers.etag).toBeTruthy();
  });
});

describe('accept and decline', () => {
  it('only the assigned professional accepts a paid pending request', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 17) });
    const url = `/api/bookings/${b.id}/accept`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject(as(t.customer, { method: 'POST', url }))).statusCode).toBe(403);
    expect((await t.app.inject(as(t.pro2, { method: 'POST', url }))).statusCode).toBe(404);
    const ok = await t.app.inject(as(t.pro, { method: 'POST', url }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('confirmed');
    const again = await t.app.inject(as(t.pro, { method: 'POST', url }));
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('INVALID_TRANSITION');
    const mails = await outboxTo(t.app, t.customer.email);
    expect(mails[0]!.subject).toBe(`Booking ${b.reference} confirmed`);
  });

  it('an unpaid request is not the professional’s yet', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 18) });
    expect((await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }))).statusCode).toBe(404);
  });

  it('decline cancels and refunds in full; French email for the French-speaking customer', async () => {
    const b = await paidBooking(t.app, t.customer2, { date: dayFromNow(t.app, 18), startTime: '14:00', endTime: '15:00' });
    expect((await t.app.inject(as(t.customer2, { method: 'POST', url: `/api/bookings/${b.id}/decline` }))).statusCode).toBe(403);
    const res = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/decline`, payload: { reason: 'Busy' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const mails = await outboxTo(t.app, t.customer2.email);
    expect(mails[0]!.subject).toBe(`Réservation ${b.reference} refusée`);
    expect(mails[0]!.text).toMatch(/Remboursement: \d/);
  });
});

describe('reschedule', () => {
  it('moves a confirmed booking to a free slot 24 h or more ahead; back to pending', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 19) });
    await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    const url = `/api/bookings/${b.id}/reschedule`;
    const payload = { date: dayFromNow(t.app, 20), startTime: '16:00', endTime: '17:30' };
    expect((await t.app.inject(as(t.customer2, { method: 'POST', url, payload }))).statusCode).toBe(404);
    expect((await t.app.inject(as(t.pro, { method: 'POST', url, payload }))).statusCode).toBe(404);
    const soon = await t.app.inject(as(t.customer, { method: 'POST', url, payload: { ...payload, date: dayFromNow(t.app, 1), startTime: '08:00' } }));
    if (soon.statusCode !== 400) expect(soon.statusCode).toBe(409);
    const res = await t.app.inject(as(t.customer, { method: 'POST', url, payload }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', durationMinutes: 90, scheduledStart: localToUtc(payload.date, '16:00').toISOString() });
    const mails = await outboxTo(t.app, t.pro.email);
    expect(mails[0]!.subject).toMatch(new RegExp(`${b.reference}`));
  });

  it('refuses a slot the professional already has', async () => {
    const date = dayFromNow(t.app, 21);
    await book(t.app, t.customer2, { date, startTime: '10:00', endTime: '11:00' });
    const mine = await book(t.app, t.customer, { date, startTime: '12:00', endTime: '13:00' });
    const res = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${mine.id}/reschedule`, payload: { date, startTime: '10:30', endTime: '11:30' } }));
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('SLOT_TAKEN');
  });

  it('refuses within 24 h of the start (and outside the free window after booking)', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 22) });
    t.app.ctx.clock.set(new Date(new Date(b.scheduledStart).getTime() - 5 * 3600_000));
    try {
      const res = await t.app.inject(
        as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/reschedule`, payload: { date: dayFromNow(t.app, 3), startTime: '10:00', endTime: '11:00' } }),
      );
      expect(res.statusCode).toBe(409);
      expect(errorCode(res)).toBe('RESCHEDULE_NOT_ALLOWED');
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});

describe('cancellation by the professional', () => {
  it('is refused within 2 h of the start, allowed before (full refund)', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 23) });
    await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    const start = new Date(b.scheduledStart).getTime();
    t.app.ctx.clock.set(new Date(start - 90 * 60_000));
    try {
      const preview = await t.app.inject(as(t.pro, { method: 'GET', url: `/api/bookings/${b.id}/cancellation` }));
      expect(preview.json()).toMatchObject({ allowed: false, reason: 'PROFESSIONAL_TOO_LATE', actor: 'professional' });
      const late = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }));
      expect(late.statusCode).toBe(409);
      expect(errorCode(late)).toBe('CANCELLATION_NOT_ALLOWED');
      t.app.ctx.clock.set(new Date(start - 3 * 3600_000));
      const ok = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }));
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('final statuses cannot move', async () => {
    const b = await book(t.app, t.customer, { date: dayFromNow(t.app, 24) });
    expect((await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }))).statusCode).toBe(200);
    const again = await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/cancel` }));
    expect(again.statusCode).toBe(409);
    const payAfter = await pay(t.app, t.customer, b.id);
    expect(payAfter.statusCode).toBe(409);
  });
});

describe("Morocco's clock change of 2026-09-20 (IANA 2026d+, shipped with the product; issue 20)", () => {
  // 2026-09-20 02:00 +01 -> 01:00 +00, and no change after (IANA 2025c, Node 20.20's own data, had Morocco
  // at +01 with Ramadan switches on 2027-02-07 and 2027-03-14).
  it('stores the UTC instant of the Casablanca wall clock on each side of the change', async () => {
    const cases: Array<[string, string, string]> = [
      ['2026-09-19', '10:00', '2026-09-19T09:00:00.000Z'], // +01 before the change
      ['2026-09-20', '10:00', '2026-09-20T10:00:00.000Z'], // +00 from that morning
      ['2027-02-07', '10:00', '2027-02-07T10:00:00.000Z'], // +00: no Ramadan switch any more
      ['2027-03-14', '10:00', '2027-03-14T10:00:00.000Z'], // +00
    ];
    for (const [date, time, utc] of cases) {
      // The booking horizon is 30 days: stand a few days before each date.
      t.app.ctx.clock.set(new Date(Date.parse(`${date}T12:00:00Z`) - 5 * 86_400_000));
      try {
        const b = await book(t.app, t.customer2, { date, startTime: time, endTime: '11:00' });
        expect(b.scheduledStart, date).toBe(utc);
        // The wall clock the customer chose comes back as it was chosen, on both sides of the change.
        expect(b.local, date).toEqual({ date, startTime: time, endTime: '11:00' });
        expect(new Date(b.scheduledEnd).getTime() - new Date(b.scheduledStart).getTime()).toBe(3600_000);
        const assigned = await t.app.inject(
          as(t.customer2, { method: 'GET', url: `/api/bookings/${b.id}` }),
        );
        expect(assigned.json().professional.id).toBe(t.pro.professionalId);
      } finally {
        t.app.ctx.clock.set(null);
        await releaseHolds(t.database);
      }
    }
  });

  it('"tomorrow" is read on the Casablanca calendar: 23:30 UTC on 19 Sep 2026 is already 00:30 on the 20th there', async () => {
    t.app.ctx.clock.set(new Date('2026-09-19T23:30:00Z')); // 00:30 on 20 Sep in Casablanca (+01 until 01:00 UTC)
    try {
      const today = await createBooking(t.app, t.customer2, wizardBody(t.app, { date: '2026-09-20', startTime: '14:00', endTime: '15:00' }));
      expect(today.statusCode).toBe(400);
      const tomorrow = await createBooking(t.app, t.customer2, wizardBody(t.app, { date: '2026-09-21', startTime: '10:00', endTime: '11:00' }));
      expect(tomorrow.statusCode).toBe(201);
      expect(tomorrow.json().scheduledStart).toBe('2026-09-21T10:00:00.000Z');
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});

describe('who may not use each route', () => {
  it('signed out: 401 on every signed-in route; strangers: 404; wrong role: 403; nothing changes', async () => {
    const b = await paidBooking(t.app, t.customer, { date: dayFromNow(t.app, 25) });
    const before = await counts(t.database, t.app);
    const routes: Array<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }> = [
      { method: 'POST', url: '/api/bookings', payload: wizardBody(t.app) },
      { method: 'POST', url: '/api/bookings/hourly', payload: { professionalId: t.pro.professionalId, date: dayFromNow(t.app, 3), time: '09:00', location: 'x', contactPhone: '+212612345678' } },
      { method: 'GET', url: '/api/bookings' },
      { method: 'GET', url: '/api/bookings/stats' },
      { method: 'GET', url: `/api/bookings/${b.id}` },
      { method: 'GET', url: `/api/bookings/${b.id}/cancellation` },
      { method: 'POST', url: `/api/bookings/${b.id}/accept` },
      { method: 'POST', url: `/api/bookings/${b.id}/decline` },
      { method: 'POST', url: `/api/bookings/${b.id}/cancel` },
      { method: 'POST', url: `/api/bookings/${b.id}/reschedule`, payload: { date: dayFromNow(t.app, 26), startTime: '10:00', endTime: '11:00' } },
      { method: 'POST', url: `/api/bookings/${b.id}/pay`, payload: { method: 'card' } },
    ];
    for (const r of routes) {
      const res = await t.app.inject(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(errorCode(res)).toBe('UNAUTHENTICATED');
    }
    // Another customer: the booking does not exist for them (accept/decline: not a professional).
    for (const r of routes.slice(4)) {
      const res = await t.app.inject(as(t.customer2, r));
      const expected = r.url.endsWith('/accept') || r.url.endsWith('/decline') ? 403 : 404;
      expect(res.statusCode, `customer2 ${r.method} ${r.url}`).toBe(expected);
    }
    // Another professional: 404 everywhere on this booking.
    for (const r of routes.slice(4)) {
      const res = await t.app.inject(as(t.pro2, r));
      expect(res.statusCode, `pro2 ${r.method} ${r.url}`).toBe(404);
    }
    // The owner may not take the professional's actions.
    expect((await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/accept` }))).statusCode).toBe(403);
    expect((await t.app.inject(as(t.customer, { method: 'POST', url: `/api/bookings/${b.id}/decline` }))).statusCode).toBe(403);
    // The professional may not move or pay it.
    expect((await t.app.inject(as(t.pro, routes[9]!))).statusCode).toBe(404);
    expect((await t.app.inject(as(t.pro, routes[10]!))).statusCode).toBe(404);
    expect(await counts(t.database, t.app)).toEqual(before);
    expect((await t.app.inject(as(t.customer, { method: 'GET', url: `/api/bookings/${b.id}` }))).json()).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
  });
});

describe('OpenAPI', () => {
  it('documents every booking route with its security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/bookings', '/api/bookings/{id}/accept', '/api/bookings/{id}/pay', '/api/pros/{id}', '/api/bookings/quote']) {
      expect(doc.paths[p], p).toBeTruthy();
    }
    expect(doc.paths['/api/bookings'].post.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
  });
});
