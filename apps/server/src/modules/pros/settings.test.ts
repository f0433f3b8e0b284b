/**
 * /api/pros/me/settings: an approved professional edits about, hourly rate, services, cities with
 * their boroughs, week and days off; search, the profile page and the booking assignment use it at once.
 * Nobody else may: signed out, a customer, an admin without a professional record, another professional.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isoWeekdayOf } from '@khedma/shared';
import { seedId } from '../../db/seed/ids';
import { as, bookingTestApp, dayFromNow, IDS, wizardBody, type BookingTestApp } from '../bookings/bookings.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterAll(async () => t?.close());

const URL = '/api/pros/me/settings';
const borough = (key: string) => seedId(`borough:casablanca:${key}`);
const FES = seedId('city:fes');
const casablanca = (...keys: string[]) => ({ cityId: IDS.casablanca, boroughIds: keys.map(borough) });

function body(overrides: Record<string, unknown> = {}) {
  return {
    about: 'Plombier à Casablanca, fuites et chauffe-eau.',
    hourlyRate: 180,
    skills: ['Chauffe-eau'],
    serviceIds: [IDS.leakRepair, IDS.homeCleaning],
    areas: [{ cityId: IDS.casablanca, boroughIds: [borough('maarif'), borough('anfa')] }],
    availability: { monday: ['allDay'], tuesday: ['morning', 'afternoon'], wednesday: ['evening'], thursday: ['allDay'], friday: ['allDay'], saturday: ['allDay'], sunday: ['allDay'] },
    daysOff: [],
    ...overrides,
  };
}

async function youssefRow() {
  const res = (await t.database.db.execute(sql`select about, hourly_rate, city_id, city_ids::text as cities, updated_at::text as u,
      (select string_agg(borough_id::text, ',' order by borough_id) from professional_boroughs where professional_id = ${t.pro.professionalId}) as boroughs
    from professionals where id = ${t.pro.professionalId}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return res.rows[0];
}

describe('who may edit', () => {
  it('signed out 401; a customer, an admin or a pro user without an approved record 403; nothing changes', async () => {
    const before = await youssefRow();
    const out = await t.app.inject({ method: 'PUT', url: URL, payload: body() });
    expect(out.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const who of [t.customer, t.admin]) {
      const res = await t.app.inject(as(who, { method: 'PUT', url: URL, payload: body() }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only approved professionals have a professional profile.');
      expect((await t.app.inject(as(who, { method: 'GET', url: URL }))).statusCode).toBe(403);
    }
    // A suspended professional is no longer listed and may not edit either.
    await t.database.db.execute(sql`update professionals set status = 'suspended' where id = ${t.pro2.professionalId}`);
    expect((await t.app.inject(as(t.pro2, { method: 'PUT', url: URL, payload: body({ areas: [{ cityId: IDS.rabat }] }) }))).statusCode).toBe(403);
    await t.database.db.execute(sql`update professionals set status = 'active' where id = ${t.pro2.professionalId}`);
    expect(await youssefRow()).toEqual(before);
  });

  it("another professional edits only their own record, whatever id they send", async () => {
    const before = await youssefRow();
    const res = await t.app.inject(
      as(t.pro2, {
        method: 'PUT',
        url: URL,
        payload: {
          ...body({ areas: [{ cityId: IDS.rabat }, { cityId: FES }], hourlyRate: 222, serviceIds: [IDS.homeCleaning] }),
          id: t.pro.professionalId,
          professionalId: t.pro.professionalId,
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: t.pro2.professionalId, hourlyRate: 222, areas: [{ cityId: IDS.rabat, boroughIds: [] }, { cityId: FES, boroughIds: [] }] });
    expect(await youssefRow()).toEqual(before);
    expect((await t.app.inject({ method: 'PUT', url: `/api/pros/${t.pro.professionalId}/settings`, payload: body() })).statusCode).toBe(404);
  });
});

describe('bad input: a clear 400 and nothing stored', () => {
  it.each([
    ['no service', { serviceIds: [] }, 'Please select at least one service'],
    ['an unknown service', { serviceIds: [seedId('service:nope')] }, 'One of the services does not exist'],
    ['a rate under the minimum', { hourlyRate: 10 }, 'Hourly rate must be a whole number of MAD from 50 to 1000'],
    ['a rate with decimals', { hourlyRate: 150.5 }, 'Hourly rate must be a whole number of MAD from 50 to 1000'],
    ['Casablanca without borough', { areas: [casablanca()] }, 'Please select at least one borough'],
    ['Casablanca as a second city without borough', { areas: [{ cityId: FES }, casablanca()] }, 'Please select at least one borough'],
    ['boroughs outside Casablanca', { areas: [{ cityId: IDS.rabat, boroughIds: [borough('maarif')] }] }, 'Boroughs apply only to Casablanca'],
    ["a Casablanca borough given under Fes", { areas: [casablanca('anfa'), { cityId: FES, boroughIds: [borough('maarif')] }] }, 'Boroughs apply only to Casablanca'],
    ['no city', { areas: [] }, 'Please select at least one city (at most 10)'],
    ['the old single-city shape', { areas: undefined, cityId: IDS.casablanca, boroughIds: [borough('anfa')] }, 'Please select at least one city'],
    ['the same city twice', { areas: [casablanca('anfa'), casablanca('maarif')] }, 'Each city once'],
    ['an unknown city', { areas: [casablanca('anfa'), { cityId: seedId('city:nowhere') }] }, 'Please select a city'],
    ['eleven cities', { areas: Array.from({ length: 11 }, (_, i) => ({ cityId: seedId(`city:x${i}`) })) }, 'Please select at least one city (at most 10)'],
    ['an empty week', { availability: {} }, 'Please choose at least one time slot in the week'],
    ['all day with another slot', { availability: { monday: ['allDay', 'morning'] } }, 'All day cannot be combined with another slot of the same day'],
    ['days off ending before they start', { daysOff: [{ startsOn: '2026-12-10', endsOn: '2026-12-01' }] }, 'The last day off must be on or after the first'],
    ['a NUL byte in about', { about: 'a\u0000b' }, 'This text contains characters that are not allowed'],
  ])('%s', async (_label, overrides, message) => {
    const before = await youssefRow();
    const res = await t.app.inject(as(t.pro, { method: 'PUT', url: URL, payload: body(overrides) }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await youssefRow()).toEqual(before);
  });
});

describe('an edit is used at once by the profile, search and the booking assignment', () => {
  it('hourly rate, about, services, boroughs and week', async () => {
    const res = await t.app.inject(as(t.pro, { method: 'PUT', url: URL, payload: body() }));
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await t.app.inject(as(t.pro, { method: 'GET', url: URL }))).json();
    expect(mine).toMatchObject({ id: t.pro.professionalId, hourlyRate: 180, about: body().about, skills: ['Chauffe-eau'], daysOff: [] });
    expect([...mine.serviceIds].sort()).toEqual([IDS.leakRepair, IDS.homeCleaning].sort());
    expect(mine.areas).toHaveLength(1);
    expect(mine.areas[0].cityId).toBe(IDS.casablanca);
    expect([...mine.areas[0].boroughIds].sort()).toEqual([borough('maarif'), borough('anfa')].sort());
    expect(mine.availability.tuesday).toEqual(['morning', 'afternoon']);

    const profile = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}` })).json();
    expect(profile).toMatchObject({ hourlyRate: 180, about: body().about });
    // Search: found as a cleaner now, at the new price.
    const cleaners = (await t.app.inject({ method: 'GET', url: `/api/pros?service=${IDS.homeCleaning}&city=casablanca&sort=price` })).json();
    expect(cleaners.items.find((c: { id: string }) => c.id === t.pro.professionalId)).toMatchObject({ hourlyRate: 180 });
    // Assignment: a Wednesday morning is no longer worked (evening only), a borough no longer covered is refused.
    const wednesday = [2, 3, 4, 5, 6, 7, 8].map((d) => dayFromNow(t.app, d)).find((d) => isoWeekdayOf(d) === 3)!;
    const morning = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: wednesday, startTime: '10:00', endTime: '11:00' }) });
    expect(morning.json()).toMatchObject({ available: false, code: 'NO_PROFESSIONAL_AVAILABLE' });
    const evening = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: wednesday, startTime: '18:00', endTime: '19:00' }) });
    expect(evening.json()).toMatchObject({ available: true, professional: { id: t.pro.professionalId } });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/assignment',
      payload: wizardBody(t.app, { date: wednesday, startTime: '18:00', endTime: '19:00', boroughId: borough('ain-diab') }),
    });
    expect(elsewhere.json()).toMatchObject({ available: false });
  });

  it('days off: no slot on the profile page, no assignment, bookable again the day after', async () => {
    const off = dayFromNow(t.app, 4);
    const after = dayFromNow(t.app, 5);
    const everyDay = { monday: ['allDay'], tuesday: ['allDay'], wednesday: ['allDay'], thursday: ['allDay'], friday: ['allDay'], saturday: ['allDay'], sunday: ['allDay'] };
    const res = await t.app.inject(
      as(t.pro, { method: 'PUT', url: URL, payload: body({ availability: everyDay, daysOff: [{ startsOn: dayFromNow(t.app, 3), endsOn: off }] }) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().daysOff).toEqual([{ startsOn: dayFromNow(t.app, 3), endsOn: off }]);

    const slots = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${off}` })).json().slots;
    expect(slots.every((s: { available: boolean; reason: string }) => !s.available && s.reason === 'DAY_OFF')).toBe(true);
    const next = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${after}` })).json().slots;
    expect(next.some((s: { available: boolean }) => s.available)).toBe(true);

    // Youssef is the only plumber in Casablanca: nobody on his day off, him the day after.
    const none = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: off }) });
    expect(none.json()).toMatchObject({ available: false, code: 'NO_PROFESSIONAL_AVAILABLE' });
    const create = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings', payload: wizardBody(t.app, { date: off }) }));
    expect(create.statusCode).toBe(409);
    const ok = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: after }) });
    expect(ok.json()).toMatchObject({ available: true, professional: { id: t.pro.professionalId } });

    // Removing the days off makes the day bookable again.
    await t.app.inject(as(t.pro, { method: 'PUT', url: URL, payload: body({ availability: everyDay, daysOff: [] }) }));
    const back = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { date: off }) });
    expect(back.json()).toMatchObject({ available: true });
  });
});

describe('a second city: search, the finder, the profile page and the assignment use every city', () => {
  const week = { monday: ['allDay'], tuesday: ['allDay'], wednesday: ['allDay'], thursday: ['allDay'], friday: ['allDay'], saturday: ['allDay'], sunday: ['allDay'] };
  const ids = (res: { json(): { items: Array<{ id: string }> } }) => res.json().items.map((c) => c.id);

  it('Youssef adds Fes (no boroughs there): found in Fes and still in Casablanca, assigned in Fes; removing it undoes all of it', async () => {
    // Nobody offers the leak repair in Fes before.
    const before = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { cityId: FES }) });
    expect(before.json()).toMatchObject({ available: false, code: 'NO_PROFESSIONAL_AVAILABLE' });
    expect(ids(await t.app.inject({ method: 'GET', url: '/api/pros?city=fes&category=plumbing' }))).toEqual([]);

    const res = await t.app.inject(as(t.pro, { method: 'PUT', url: URL, payload: body({ availability: week, areas: [casablanca('maarif', 'anfa'), { cityId: FES }] }) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().areas).toEqual([
      { cityId: IDS.casablanca, boroughIds: expect.arrayContaining([borough('maarif'), borough('anfa')]) },
      { cityId: FES, boroughIds: [] },
    ]);

    // /search: a pro matches a city if any of theirs matches; the card shows the city searched for.
    const inFes = await t.app.inject({ method: 'GET', url: '/api/pros?city=fes&category=plumbing&sort=price' });
    expect(ids(inFes)).toEqual([t.pro.professionalId]);
    expect(inFes.json().items[0]).toMatchObject({ city: { slug: 'fes' }, citiesCount: 2 });
    expect(inFes.json().total).toBe(1);
    const inCasa = await t.app.inject({ method: 'GET', url: '/api/pros?city=casablanca&category=plumbing' });
    expect(ids(inCasa)).toContain(t.pro.professionalId);
    expect(inCasa.json().items.find((c: { id: string }) => c.id === t.pro.professionalId)).toMatchObject({ city: { slug: 'casablanca' } });
    // The finder: its text matches any of the cities' names (Fès in French, فاس in Arabic).
    for (const q of ['Fès', 'فاس']) {
      expect(ids(await t.app.inject({ method: 'GET', url: `/api/pros?q=${encodeURIComponent(q)}&category=plumbing&sort=name` }))).toContain(t.pro.professionalId);
    }
    // The profile page lists both cities with their boroughs.
    const profile = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}` })).json();
    expect(profile.city.slug).toBe('casablanca');
    expect(profile.areas.map((a: { city: { slug: string } }) => a.city.slug)).toEqual(['casablanca', 'fes']);
    expect(profile.areas[0].boroughs.map((b: { id: string }) => b.id).sort()).toEqual([borough('maarif'), borough('anfa')].sort());
    expect(profile.areas[1].boroughs).toEqual([]);

    // Assignment: eligible in Fes (no borough there) and in a Casablanca borough covered, not in one that is not.
    const fes = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { cityId: FES }) });
    expect(fes.json()).toMatchObject({ available: true, professional: { id: t.pro.professionalId } });
    const maarif = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { boroughId: borough('maarif') }) });
    expect(maarif.json()).toMatchObject({ available: true, professional: { id: t.pro.professionalId } });
    const ainDiab = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { boroughId: borough('ain-diab') }) });
    expect(ainDiab.json()).toMatchObject({ available: false });
    // A booking placed in Fes goes to him.
    const booked = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/bookings', payload: wizardBody(t.app, { cityId: FES, date: dayFromNow(t.app, 6) }) }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().professional?.id ?? booked.json().professionalId).toBe(t.pro.professionalId);

    // Fes first, Casablanca second: the order is kept, the first city is the professional's row city.
    const swapped = await t.app.inject(as(t.pro, { method: 'PUT', url: URL, payload: body({ availability: week, areas: [{ cityId: FES }, casablanca('anfa')] }) }));
    expect(swapped.json().areas.map((a: { cityId: string }) => a.cityId)).toEqual([FES, IDS.casablanca]);
    expect((await youssefRow())!.city_id).toBe(FES);
    expect((await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}` })).json().city.slug).toBe('fes');

    // Back to Casablanca alone: gone from Fes everywhere.
    await t.app.inject(as(t.pro, { method: 'PUT', url: URL, payload: body({ availability: week, areas: [casablanca('maarif', 'anfa')] }) }));
    expect(ids(await t.app.inject({ method: 'GET', url: '/api/pros?city=fes&category=plumbing' }))).toEqual([]);
    const after = await t.app.inject({ method: 'POST', url: '/api/bookings/assignment', payload: wizardBody(t.app, { cityId: FES, date: dayFromNow(t.app, 7) }) });
    expect(after.json()).toMatchObject({ available: false });
    expect((await youssefRow())!.city_id).toBe(IDS.casablanca);
  });
});
