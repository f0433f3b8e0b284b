/**
 * PUT /api/pros/me/service-area (issue 42, docs/professionals.md "Base location"): an approved
 * professional sets or clears their base location and service radius; the base must be inside one of
 * their cities; the radius within ADDRESS_LIMITS; the settings read it back and assignment uses it at
 * once. Nobody else may: signed out, a customer, an admin; another professional changes only their own.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, ADDRESS_FIELD_MESSAGES } from '@khedma/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { casablancaDate, createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { freshIp } from '../../test/helpers';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
let pro: TestPro;
let other: TestPro;
const URL = '/api/pros/me/service-area';
// Fes: centre 34.0331, -5.0003, radius 15 km (migration 0029's city areas).
const FES_BASE = { lat: 34.04, lng: -5.01 };
const RABAT = { lat: 34.0209, lng: -6.8416 };

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t);
  admin = await createAdmin(t);
  pro = await createPro(t, { city: 'fes', category: 'gardening' });
  other = await createPro(t, { city: 'fes', category: 'moving' });
}, 60_000);
afterAll(async () => t?.close());

const put = (who: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, remoteAddress: freshIp(), headers: who ? { cookie: who.cookie } : {}, payload: payload as Record<string, unknown> });

async function row(professionalId: string) {
  const res = (await t.database.db.execute(
    sql`select base_lat, base_lng, service_radius_km from professionals where id = ${professionalId}`,
  )) as unknown as { rows: Array<{ base_lat: number | null; base_lng: number | null; service_radius_km: number | null }> };
  return res.rows[0]!;
}

describe('the service area', () => {
  it('signed out 401; a customer or an admin 403; nothing changes', async () => {
    const before = await row(pro.professionalId);
    expect((await put(null, { base: FES_BASE, radiusKm: 10 })).statusCode).toBe(401);
    for (const who of [customer, admin]) {
      const res = await put(who, { base: FES_BASE, radiusKm: 10 });
      expect(res.statusCode).toBe(403);
    }
    expect(await row(pro.professionalId)).toEqual(before);
    expect(before).toEqual({ base_lat: null, base_lng: null, service_radius_km: null });
  });

  it('a professional sets theirs (rounded to 6 decimals), reads it in their settings, and clears it; another professional only ever changes their own', async () => {
    const set = await put(pro, { base: { lat: 34.040000123, lng: -5.01 }, radiusKm: 12 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ base: FES_BASE, radiusKm: 12 });
    expect(await row(pro.professionalId)).toEqual({ base_lat: 34.04, base_lng: -5.01, service_radius_km: 12 });
    const settings = await t.app.inject({ method: 'GET', url: '/api/pros/me/settings', headers: { cookie: pro.cookie } });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().serviceArea).toEqual({ base: FES_BASE, radiusKm: 12 });

    // The other professional's call is about the other professional: the first one's stays.
    const theirs = await put(other, { base: null, radiusKm: null });
    expect(theirs.statusCode).toBe(200);
    const theirsSet = await put(other, { base: { lat: 34.03, lng: -5.0 }, radiusKm: 5 });
    expect(theirsSet.statusCode).toBe(200);
    expect(await row(pro.professionalId)).toEqual({ base_lat: 34.04, base_lng: -5.01, service_radius_km: 12 });
    expect(await row(other.professionalId)).toEqual({ base_lat: 34.03, base_lng: -5, service_radius_km: 5 });

    const cleared = await put(pro, { base: null, radiusKm: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ base: null, radiusKm: null });
    expect(await row(pro.professionalId)).toEqual({ base_lat: null, base_lng: null, service_radius_km: null });
  });

  it('bad input is 400 and changes nothing: radius out of limits or not whole, one without the other, bad coordinates', async () => {
    await put(pro, { base: FES_BASE, radiusKm: 8 });
    const bad: Array<[unknown, string]> = [
      [{ base: FES_BASE, radiusKm: ADDRESS_LIMITS.serviceRadiusKmMin - 1 }, ADDRESS_FIELD_MESSAGES.radius],
      [{ base: FES_BASE, radiusKm: ADDRESS_LIMITS.serviceRadiusKmMax + 1 }, ADDRESS_FIELD_MESSAGES.radius],
      [{ base: FES_BASE, radiusKm: 2.5 }, ADDRESS_FIELD_MESSAGES.radius],
      [{ base: FES_BASE, radiusKm: '10' }, ADDRESS_FIELD_MESSAGES.radius],
      [{ base: FES_BASE, radiusKm: null }, ADDRESS_MESSAGES.serviceAreaIncomplete],
      [{ base: null, radiusKm: 10 }, ADDRESS_MESSAGES.serviceAreaIncomplete],
      [{ base: { lat: 95, lng: -5 }, radiusKm: 10 }, ADDRESS_FIELD_MESSAGES.latitude],
      [{ base: { lat: 34 }, radiusKm: 10 }, ADDRESS_FIELD_MESSAGES.longitude],
      [{}, ''],
    ];
    for (const [payload, message] of bad) {
      const res = await put(pro, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(JSON.stringify(res.json().error), JSON.stringify(payload)).toContain(message);
    }
    expect(await row(pro.professionalId)).toEqual({ base_lat: 34.04, base_lng: -5.01, service_radius_km: 8 });
  });

  it('a base outside every city of theirs is refused with a clear message on `base`', async () => {
    const res = await put(pro, { base: RABAT, radiusKm: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ADDRESS_MESSAGES.baseOutsideCities);
    expect(res.json().error.fields).toEqual({ base: ADDRESS_MESSAGES.baseOutsideCities });
    expect(await row(pro.professionalId)).toEqual({ base_lat: 34.04, base_lng: -5.01, service_radius_km: 8 });
  });

  it('assignment uses it at once: an address outside the radius is not theirs', async () => {
    const narrow = await createPro(t, { city: 'fes', category: 'painting' });
    const set = await put(narrow, { base: { lat: 34.0331, lng: -5.0003 }, radiusKm: 2 });
    expect(set.statusCode).toBe(200);
    const far = await createCustomer(t);
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: { cookie: far.cookie, 'idempotency-key': randomUUID() },
      payload: { professionalId: narrow.professionalId, serviceTypeId: narrow.serviceTypeIds[0], cityId: narrow.cityId, date: casablancaDate(6), startTime: '10:00', endTime: '11:00', location: '3 Rue Test', pin: { lat: 34.1, lng: -5.0003 } },
    });
    expect(outside.statusCode, outside.body).toBe(409);
    const near = await createCustomer(t);
    const inside = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: freshIp(),
      headers: { cookie: near.cookie, 'idempotency-key': randomUUID() },
      payload: { professionalId: narrow.professionalId, serviceTypeId: narrow.serviceTypeIds[0], cityId: narrow.cityId, date: casablancaDate(6), startTime: '10:00', endTime: '11:00', location: '3 Rue Test', pin: { lat: 34.04, lng: -5.0003 } },
    });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json().professional.id).toBe(narrow.professionalId);
  });

  it('leaving every city the base was in clears the base location with the settings', async () => {
    const mover = await createPro(t, { city: 'fes', category: 'cleaning' });
    expect((await put(mover, { base: FES_BASE, radiusKm: 10 })).statusCode).toBe(200);
    const current = (await t.app.inject({ method: 'GET', url: '/api/pros/me/settings', headers: { cookie: mover.cookie } })).json();
    const rabatId = (await t.app.inject({ method: 'GET', url: '/api/cities' })).json().find((c: { slug: string }) => c.slug === 'rabat').id;
    const { id: _id, name: _name, serviceArea: _area, ...rest } = current;
    // Keeping Fes (second) keeps the base.
    const both = await t.app.inject({ method: 'PUT', url: '/api/pros/me/settings', headers: { cookie: mover.cookie }, payload: { ...rest, areas: [{ cityId: rabatId, boroughIds: [] }, ...current.areas] } });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().serviceArea).toEqual({ base: FES_BASE, radiusKm: 10 });
    const rabatOnly = await t.app.inject({ method: 'PUT', url: '/api/pros/me/settings', headers: { cookie: mover.cookie }, payload: { ...rest, areas: [{ cityId: rabatId, boroughIds: [] }] } });
    expect(rabatOnly.statusCode, rabatOnly.body).toBe(200);
    expect(rabatOnly.json().serviceArea).toEqual({ base: null, radiusKm: null });
    expect(await row(mover.professionalId)).toEqual({ base_lat: null, base_lng: null, service_radius_km: null });
  });
});
