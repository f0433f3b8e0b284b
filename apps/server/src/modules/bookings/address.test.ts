/**
 * Issue 42: the booking's address (street required, a pin inside the city, landmark, floor, door; the
 * pin shown to the customer and the assigned professional only) and travel-aware assignment (buffers
 * between jobs, nearest first among equals, the buffers holding under racing creates: migration 0029).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, haversineKm, localToUtc, travelMinutes, type GeoPoint } from '@khedma/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { casablancaDate, createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { payOnSimulator } from '../../test/cmi';
import { freshIp } from '../../test/helpers';
import { worksAt } from './assignment.service';
import { ProfessionalPoolRepository } from './pool.repository';
import { freeNear, pickLazily } from './travel';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
// Tangier: no demo professional cleans there, so these professionals are the only candidates.
const TANGER: GeoPoint = { lat: 35.7595, lng: -5.834 };
const NORTH: GeoPoint = { lat: 35.8, lng: -5.834 }; // about 4.5 km north: 15 minutes at 20 km/h
const FAR: GeoPoint = { lat: 35.85, lng: -5.79 }; // about 10.8 km: 35 minutes

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t);
  admin = await createAdmin(t);
}, 60_000);
afterAll(async () => t?.close());

/** A create by `who`, or by a customer of its own (a customer holds at most 2 unpaid bookings). */
const create = async (who: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/bookings', remoteAddress: freshIp(), headers: { cookie: (who ?? (await createCustomer(t))).cookie, 'idempotency-key': randomUUID() }, payload });

/** A wizard booking with `pro` chosen (Tangier has demo professionals of some categories). */
const body = (pro: TestPro, o: Record<string, unknown> = {}) => ({
  professionalId: pro.professionalId,
  serviceTypeId: pro.serviceTypeIds[0],
  cityId: pro.cityId,
  date: casablancaDate(4),
  startTime: '10:00',
  endTime: '11:00',
  location: '11 Boulevard Pasteur',
  ...o,
});

describe('the address', () => {
  let pro: TestPro;
  beforeAll(async () => {
    pro = await createPro(t, { city: 'tanger', category: 'cleaning' });
  });

  it('requires the street address; the pin must be inside the city; both refusals name the field', async () => {
    const missing = await create(customer, body(pro, { location: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ location: 'Please enter the address' });
    const blank = await create(customer, body(pro, { location: '   ' }));
    expect(blank.statusCode).toBe(400);
    const outside = await create(customer, body(pro, { pin: { lat: 33.5731, lng: -7.5898 } }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toMatchObject({ pin: ADDRESS_MESSAGES.pinOutsideCity });
    const badPin = await create(customer, body(pro, { pin: { lat: 123, lng: 0 } }));
    expect(badPin.statusCode).toBe(400);
    const tooLong = await create(customer, body(pro, { floor: 'x'.repeat(21) }));
    expect(tooLong.statusCode).toBe(400);
  });

  it('stores the pin, landmark, floor and door; the customer and the assigned professional see the pin and maps links, an admin and other professionals do not', async () => {
    const created = await create(customer, body(pro, { date: casablancaDate(5), pin: { lat: 35.76123456789, lng: -5.8341 }, landmark: 'Opposite the Lycée Regnault', floor: '3', door: '12B' }));
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json();
    expect(b.location).toBe('11 Boulevard Pasteur');
    expect(b.address).toEqual({
      landmark: 'Opposite the Lycée Regnault',
      floor: '3',
      door: '12B',
      pin: { lat: 35.761235, lng: -5.8341 },
      links: { geo: 'geo:35.761235,-5.8341?q=35.761235,-5.8341', web: 'https://www.google.com/maps?q=35.761235,-5.8341' },
    });
    const paid = await payOnSimulator(t.app, { headers: { cookie: customer.cookie } }, b.id);
    expect(paid.initiate.statusCode, paid.initiate.body).toBe(200);
    expect(paid.back).toBeTruthy();
    const asPro = await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: pro.cookie } });
    expect(asPro.statusCode, asPro.body).toBe(200);
    expect(asPro.json().address.pin).toEqual({ lat: 35.761235, lng: -5.8341 });
    expect(asPro.json().address.links.web).toBe('https://www.google.com/maps?q=35.761235,-5.8341');
    const list = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: { cookie: pro.cookie } });
    expect(list.json().find((x: { id: string }) => x.id === b.id).address.floor).toBe('3');
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: admin.cookie } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().address.pin).toBeNull();
    expect(asAdmin.json().address.links).toBeNull();
    expect(asAdmin.body).not.toContain('35.761235');
    const other = await createPro(t, { city: 'tanger', category: 'moving' });
    const asOther = await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: other.cookie } });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.body).not.toContain('35.761235');
    const stranger = await createCustomer(t);
    const asStranger = await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}`, headers: { cookie: stranger.cookie } });
    expect(asStranger.statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('the hourly booking of a professional page takes the same address fields and checks', async () => {
    const payload = { professionalId: pro.professionalId, date: casablancaDate(6), time: '09:00', durationHours: 1, location: '2 Avenue Mohammed VI', contactPhone: '+212612345678' };
    const outside = await t.app.inject({ method: 'POST', url: '/api/bookings/hourly', remoteAddress: freshIp(), headers: { cookie: customer.cookie }, payload: { ...payload, pin: { lat: 34.02, lng: -6.84 } } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toMatchObject({ pin: ADDRESS_MESSAGES.pinOutsideCity });
    const ok = await t.app.inject({ method: 'POST', url: '/api/bookings/hourly', remoteAddress: freshIp(), headers: { cookie: customer.cookie }, payload: { ...payload, pin: TANGER, door: '4' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().address).toMatchObject({ door: '4', pin: TANGER });
  });
});

describe('travel between jobs', () => {
  it('leaves the travel time between two pins, at least the minimum buffer', async () => {
    const pro = await createPro(t, { city: 'tanger', category: 'gardening' });
    const date = casablancaDate(7);
    const first = await create(null, body(pro, { date, startTime: '10:00', endTime: '11:00', pin: TANGER }));
    expect(first.statusCode, first.body).toBe(201);
    expect(travelMinutes(TANGER, FAR)).toBe(35);
    // 30 minutes after: not enough to cross 10.8 km (35 minutes).
    const tooSoon = await create(null, body(pro, { date, startTime: '11:30', endTime: '12:30', pin: FAR }));
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.code).toBe('SLOT_TAKEN');
    // Next door, 30 minutes is plenty (the 15-minute buffer)...
    const near = await create(null, body(pro, { date, startTime: '11:30', endTime: '12:00', pin: NORTH }));
    expect(near.statusCode, near.body).toBe(201);
    // ...and from there the far pin is 35 minutes away again: 13:00 is fine.
    const later = await create(null, body(pro, { date, startTime: '13:00', endTime: '14:00', pin: FAR }));
    expect(later.statusCode, later.body).toBe(201);
  });

  it('prefers the nearest free professional among equals on rating and fairness', async () => {
    // Painting: no demo professional in Tangier; the two below are the only candidates (none chosen).
    const serviceTypeIds = (await createPro(t, { city: 'tanger', category: 'painting', status: 'suspended' })).serviceTypeIds;
    const west = await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: { base: { lat: 35.76, lng: -5.9 }, radiusKm: 30 } });
    const east = await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: { base: { lat: 35.76, lng: -5.78 }, radiusKm: 30 } });
    const eastAddress = await create(null, body(west, { professionalId: undefined, date: casablancaDate(8), pin: { lat: 35.765, lng: -5.79 } }));
    expect(eastAddress.statusCode, eastAddress.body).toBe(201);
    expect(eastAddress.json().professional.id).toBe(east.professionalId);
    const westAddress = await create(null, body(west, { professionalId: undefined, date: casablancaDate(9), pin: { lat: 35.765, lng: -5.89 } }));
    expect(westAddress.statusCode, westAddress.body).toBe(201);
    expect(westAddress.json().professional.id).toBe(west.professionalId);
    // Out of both radii: nobody.
    const narrow = await createPro(t, { city: 'tanger', category: 'electrical', serviceArea: { base: TANGER, radiusKm: 2 } });
    const outOfReach = await create(null, body(narrow, { date: casablancaDate(8), pin: FAR }));
    expect(outOfReach.statusCode).toBe(409);
    expect(outOfReach.json().error.code).toBe('NO_PROFESSIONAL_AVAILABLE');
    expect(haversineKm(TANGER, FAR)).toBeGreaterThan(2);
  });

  it('lazy assignment reads the next ranked batch when the best ranked are busy, and picks whom the whole ranking picks', async () => {
    // Painting in Tangier (no demo professional): three new ones 0.5, 1 and 1.5 km from the pin rank
    // before the two of the test above (5 and 6 km); the nearest two are busy then.
    const serviceTypeIds = (await createPro(t, { city: 'tanger', category: 'painting', status: 'suspended' })).serviceTypeIds;
    const at = (km: number) => ({ base: { lat: TANGER.lat + km / 111.2, lng: TANGER.lng }, radiusKm: 30 });
    const [first, second, third] = [
      await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: at(0.5) }),
      await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: at(1) }),
      await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: at(1.5) }),
    ];
    const date = casablancaDate(12);
    for (const busy of [first!, second!]) {
      const taken = await create(null, body(busy, { date, startTime: '10:00', endTime: '11:00', pin: TANGER }));
      expect(taken.statusCode, taken.body).toBe(201);
    }
    const start = localToUtc(date, '10:30');
    const end = localToUtc(date, '11:30');
    const job = { start, end, point: TANGER };
    const filter = { serviceTypeId: serviceTypeIds[0], cityId: first!.cityId };
    const pool = new ProfessionalPoolRepository(t.database.db);
    const now = t.app.ctx.clock.now();
    // The whole pool read and ranked, as before the lazy path.
    const whole = freeNear((await pool.pool(filter, { from: start, to: end }, now)).filter((p) => worksAt(p, start, end)), job)[0];
    const reads: string[][] = [];
    const lazy = await pickLazily(
      await pool.rankingPool(filter, now),
      job,
      (ids) => (reads.push(ids), pool.details(filter, ids, { from: start, to: end }, now)),
      (p) => worksAt(p, start, end),
      (ids) => pool.jobsLast30Days(ids, now),
      2,
    );
    expect(whole?.professionalId).toBe(third!.professionalId);
    expect(lazy.chosen?.professionalId).toBe(third!.professionalId);
    expect(lazy.chosen).toMatchObject({ rating: whole!.rating, reviewCount: whole!.reviewCount, jobsLast30Days: whole!.jobsLast30Days, busy: whole!.busy });
    // The first batch was the two busy ones; the second one was needed.
    expect(reads).toEqual([[first!.professionalId, second!.professionalId], [third!.professionalId, expect.any(String)]]);
    // A create (batches of LAZY_BATCH) assigns the same professional.
    const created = await create(null, body(first!, { professionalId: undefined, date, startTime: '10:30', endTime: '11:30', pin: TANGER }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().professional.id).toBe(third!.professionalId);
  });

  it('admin reassignment candidates show their distance to the pin (not the pin); only admins may ask', async () => {
    const serviceTypeIds = (await createPro(t, { city: 'tanger', category: 'moving', status: 'suspended' })).serviceTypeIds;
    const first = await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: { base: TANGER, radiusKm: 30 } });
    const second = await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: { base: FAR, radiusKm: 30 } });
    const made = await create(null, body(first, { date: casablancaDate(11), pin: NORTH }));
    expect(made.statusCode, made.body).toBe(201);
    const url = `/api/admin/bookings/${made.json().id}/candidates`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const candidate = res.json().candidates.find((c: { professionalId: string }) => c.professionalId === second.professionalId);
    expect(candidate.distanceKm).toBe(Math.round(haversineKm(FAR, NORTH) * 10) / 10);
    expect(res.body).not.toContain(String(NORTH.lat));
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    // A professional whose service radius does not reach the pin is no candidate, and the reassignment
    // itself refuses them as the list does.
    const outside = await createPro(t, { city: 'tanger', serviceTypeIds, serviceArea: { base: FAR, radiusKm: 2 } });
    expect(res.json().candidates.some((c: { professionalId: string }) => c.professionalId === outside.professionalId)).toBe(false);
    const reassign = (professionalId: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/bookings/${made.json().id}/reassign`, remoteAddress: freshIp(), headers: { cookie: admin.cookie }, payload: { professionalId, expectedStatus: 'pending' } });
    const refused = await reassign(outside.professionalId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('NO_PROFESSIONAL_AVAILABLE');
    const given = await reassign(second.professionalId);
    expect(given.statusCode, given.body).toBe(200);
  });

  it("the professional page's slots leave travel time around their jobs, from the form's pin when it has one", async () => {
    const pro = await createPro(t, { city: 'tanger', category: 'handyman', serviceTypeIds: [] });
    const date = casablancaDate(12);
    const hourly = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/hourly',
      remoteAddress: freshIp(),
      headers: { cookie: (await createCustomer(t)).cookie },
      payload: { professionalId: pro.professionalId, date, time: '10:00', durationHours: 1, location: '2 Avenue Mohammed VI', contactPhone: '+212612345678', pin: TANGER },
    });
    expect(hourly.statusCode, hourly.body).toBe(201);
    const slots = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `/api/pros/${pro.professionalId}/availability?date=${date}&durationHours=1${query}` })).json().slots as Array<{ time: string; available: boolean }>;
    const at = (list: Array<{ time: string; available: boolean }>, time: string) => list.find((x) => x.time === time)?.available;
    // Without a pin: the 15-minute buffer only; 11:00 starts right at the end of the 10:00 job.
    const plain = await slots();
    expect(at(plain, '11:00')).toBe(false);
    expect(at(plain, '12:00')).toBe(true);
    // From a pin 35 minutes away, 12:00 is still possible (an hour after), 11:30 would not be.
    const far = await slots(`&lat=${FAR.lat}&lng=${FAR.lng}`);
    expect(at(far, '12:00')).toBe(true);
    if (far.some((x) => x.time === '11:30')) expect(at(far, '11:30')).toBe(false);
  });

  it('under racing creates the buffers hold: of two bookings too close to travel between, one is made', async () => {
    const pro = await createPro(t, { city: 'tanger', category: 'electrical' });
    const date = casablancaDate(10);
    const answers = await Promise.all([
      create(null, body(pro, { date, startTime: '10:00', endTime: '11:00', pin: TANGER })),
      create(await createCustomer(t), body(pro, { date, startTime: '11:30', endTime: '12:30', pin: FAR })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    // The database itself refuses a row that leaves no travel time (migration 0029's trigger), whatever the path.
    const made = answers.find((a) => a.statusCode === 201)!.json();
    const insert = t.database.db.execute(sql`insert into bookings (user_id, professional_id, service_type_id, title, description, location, city_id,
      scheduled_start, scheduled_end, duration_minutes, total_amount, status, payment_status, address_lat, address_lng)
      values (${customer.userId}, ${pro.professionalId}, ${pro.serviceTypeIds[0]}, 'x', 'x', 'x', ${pro.cityId},
      ${made.scheduledEnd}::timestamptz + interval '10 minutes', ${made.scheduledEnd}::timestamptz + interval '70 minutes', 60, 0, 'confirmed', 'paid', ${FAR.lat}, ${FAR.lng})`);
    await expect(insert).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });

  it('a reschedule racing a create keeps the buffers too: of the moved booking and the new one, too close to travel between, one is refused', async () => {
    const pro = await createPro(t, { city: 'tanger', category: 'delivery' });
    const owner = await createCustomer(t);
    const date = casablancaDate(11);
    const first = await create(owner, body(pro, { date, startTime: '08:00', endTime: '09:00', pin: TANGER }));
    expect(first.statusCode, first.body).toBe(201);
    // Each alone would be made: the move to 10:00-11:00 (nothing near it) and a booking at 11:30 35 minutes away
    // (the booking is at 08:00 until moved). Together they leave 30 minutes where 35 are needed: whichever reads
    // after the other's commit refuses in the application, and when both read before, the trigger refuses one.
    const [moved, other] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/bookings/${first.json().id}/reschedule`, remoteAddress: freshIp(), headers: { cookie: owner.cookie }, payload: { date, startTime: '10:00', endTime: '11:00' } }),
      create(null, body(pro, { date, startTime: '11:30', endTime: '12:30', pin: FAR })),
    ]);
    // Either wins: the move (200) and the new booking refused, or the new booking (201) and the move refused.
    expect([[200, 409], [409, 201]], `${moved.body} ${other.body}`).toContainEqual([moved.statusCode, other.statusCode]);
    const active = (await t.database.db.execute(sql`select scheduled_start from bookings where professional_id = ${pro.professionalId} and status in ('pending', 'confirmed')`)) as unknown as { rows: unknown[] };
    expect(active.rows).toHaveLength(moved.statusCode === 200 ? 1 : 2);
  });

  it("a reschedule offers and accepts only times that leave travel time from the booking's pin", async () => {
    const pro = await createPro(t, { city: 'tanger', category: 'plumbing' });
    const owner = await createCustomer(t);
    const date = casablancaDate(12);
    // Someone else's job 10:00-11:00 at FAR: 35 minutes from the centre of Tangier.
    expect((await create(null, body(pro, { date, startTime: '10:00', endTime: '11:00', pin: FAR }))).statusCode).toBe(201);
    const mine = await create(owner, body(pro, { date, startTime: '15:00', endTime: '16:00', pin: TANGER }));
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id as string;
    const options = await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/reschedule-options`, headers: { cookie: owner.cookie } });
    expect(options.statusCode, options.body).toBe(200);
    const times = options.json<{ days: Array<{ date: string; startTimes: string[] }> }>().days.find((d) => d.date === date)!.startTimes;
    // 08:00-09:00 and 12:00-13:00 leave an hour; 08:30 and 11:30 leave 30 minutes (the minimum buffer, not the 35 needed).
    expect(times).toEqual(expect.arrayContaining(['08:00', '12:00']));
    expect(times).not.toContain('08:30');
    expect(times).not.toContain('11:30');
    const move = (startTime: string, endTime: string) =>
      t.app.inject({ method: 'POST', url: `/api/bookings/${id}/reschedule`, remoteAddress: freshIp(), headers: { cookie: owner.cookie }, payload: { date, startTime, endTime } });
    expect((await move('11:30', '12:30')).statusCode).toBe(409);
    const moved = await move('12:00', '13:00');
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("a booking without a pin is reckoned at its city's centre, as the database's trigger reckons it", async () => {
    const pro = await createPro(t, { city: 'tanger', category: 'plumbing' });
    const owner = await createCustomer(t);
    const date = casablancaDate(13);
    // Someone else's job 10:00-11:00 at FAR: 35 minutes from the centre of Tangier (TANGER).
    expect((await create(null, body(pro, { date, startTime: '10:00', endTime: '11:00', pin: FAR }))).statusCode).toBe(201);
    // No pin: reckoned at the 15-minute minimum, 11:30 was offered and then refused by the trigger.
    const mine = await create(owner, body(pro, { date, startTime: '15:00', endTime: '16:00' }));
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id as string;
    const options = await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/reschedule-options`, headers: { cookie: owner.cookie } });
    expect(options.statusCode, options.body).toBe(200);
    const times = options.json<{ days: Array<{ date: string; startTimes: string[] }> }>().days.find((d) => d.date === date)!.startTimes;
    expect(times).toContain('12:00');
    expect(times).not.toContain('11:30');
    // A new pinless booking 30 minutes after the far job is refused as a slot taken; an hour after is made.
    const tooSoon = await create(null, body(pro, { date, startTime: '11:30', endTime: '12:00' }));
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.code).toBe('SLOT_TAKEN');
    const later = await create(null, body(pro, { date, startTime: '12:00', endTime: '12:30' }));
    expect(later.statusCode, later.body).toBe(201);
  });

  it('the SQL travel time is the domain one', async () => {
    const pairs: Array<[GeoPoint, GeoPoint]> = [
      [TANGER, TANGER],
      [TANGER, NORTH],
      [TANGER, FAR],
      [TANGER, { lat: 35.7, lng: -5.9 }],
      [{ lat: 33.5731, lng: -7.5898 }, { lat: 34.0209, lng: -6.8416 }],
    ];
    for (const [a, b] of pairs) {
      const res = (await t.database.db.execute(sql`select khedma_travel_minutes(${a.lat}, ${a.lng}, ${b.lat}, ${b.lng}) as m`)) as unknown as { rows: Array<{ m: number }> };
      expect(Number(res.rows[0]!.m), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(travelMinutes(a, b));
    }
    const none = (await t.database.db.execute(sql`select khedma_travel_minutes(null, null, 35.0, -5.0) as m`)) as unknown as { rows: Array<{ m: number }> };
    expect(Number(none.rows[0]!.m)).toBe(travelMinutes(null, { lat: 35, lng: -5 }));
  });
});
