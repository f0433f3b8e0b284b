import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, professionalApplications } from '../../db/schema/index';
import { casablancaDate, createCustomer, createPaidBooking, createPro } from '../../test/factories';
import { startApp, type TestApp } from '../../test/helpers';

/** POST /api/dev/test-people: the browser journeys' people, never in production nor without TEST_PEOPLE. */
describe('test people (development only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ testPeople: true });
  });
  afterAll(() => t?.close());

  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

  it('makes a signed-in customer whose cookie opens their own session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload: { type: 'customer', locale: 'ar' } });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Salma Bennani', password: expect.any(String) });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(res.headers['set-cookie']) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: body.email, userType: 'customer', emailVerified: true });
    expect(me.json().profile).toMatchObject({ locale: 'ar' });
    // The password given back signs in through the real form too.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.9.9.9', payload: { email: body.email, password: body.password } });
    expect(signIn.statusCode).toBe(200);
  });

  it('makes professionals with their services and admins with their roles', async () => {
    const pro = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload: { type: 'pro', city: 'rabat', category: 'cleaning' } });
    expect(pro.statusCode, pro.body).toBe(201);
    expect(pro.json().serviceTypeIds.length).toBeGreaterThan(0);
    const proMe = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(pro.headers['set-cookie']) } });
    expect(proMe.json().user.userType).toBe('pro');

    const admin = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload: { type: 'admin', roles: ['finance_admin'] } });
    const adminMe = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(admin.headers['set-cookie']) } });
    expect(adminMe.json().user.adminRoles).toEqual(['finance_admin']);
  });

  it("makes professionals in the journeys' own cities, which only exist where this route does", async () => {
    const pro = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload: { type: 'pro', city: 'agadir', category: 'moving' } });
    expect(pro.statusCode, pro.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: '/api/cities' });
    expect(served.json().map((c: { name: { en: string } }) => c.name.en)).toEqual(expect.arrayContaining(['Agadir', 'Meknes']));
  });

  it("a professional's bank details make an approved application, the one their payouts go to", async () => {
    const bank = { bankName: 'CIH Bank', accountHolder: 'Omar Payout', account: '011780000012345678901111' };
    const pro = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload: { type: 'pro', city: 'rabat', category: 'cleaning', bank } });
    expect(pro.statusCode, pro.body).toBe(201);
    const rows = await t.database.db.select().from(professionalApplications).where(eq(professionalApplications.userId, pro.json().userId));
    expect(rows).toEqual([expect.objectContaining({ status: 'approved', bankName: bank.bankName, accountHolder: bank.accountHolder, bankAccountIban: bank.account })]);
  });

  it('refuses what it cannot make, changing nothing', async () => {
    for (const payload of [{ type: 'root' }, { type: 'customer', city: 'atlantis' }, { type: 'admin', roles: ['god'] }, { type: 'customer', role: 'admin' }, { type: 'pro', bank: { bankName: 'CIH Bank', accountHolder: 'X Y', account: 'not a rib!' } }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('moves a booking five weeks back so that a journey can complete it (issue 38)', async () => {
    const customer = await createCustomer(t);
    const pro = await createPro(t, { city: 'tanger', category: 'gardening' });
    const b = await createPaidBooking(t, { customer, pro, date: casablancaDate(3) });
    const [before] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    const res = await t.app.inject({ method: 'POST', url: `/api/dev/test-bookings/${b.id}/happened` });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(before!.scheduledStart.getTime() - after!.scheduledStart.getTime()).toBe(35 * 86_400_000);
    expect(after!.scheduledEnd.getTime() - after!.scheduledStart.getTime()).toBe(before!.scheduledEnd.getTime() - before!.scheduledStart.getTime());
    expect(after!.scheduledEnd.getTime()).toBeLessThan(Date.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/test-bookings/00000000-0000-4000-8000-000000000000/happened' })).statusCode).toBe(404);
  });
});

describe('test people are off unless asked for', () => {
  it('answers 404 without TEST_PEOPLE, and in production', async () => {
    for (const overrides of [{}, { testPeople: true, isProduction: true, env: 'production' as const }]) {
      const t = await startApp(overrides);
      try {
        const res = await t.app.inject({ method: 'POST', url: '/api/dev/test-people', payload: { type: 'admin' } });
        expect(res.statusCode).toBe(404);
        expect((await t.app.inject({ method: 'POST', url: '/api/dev/test-bookings/00000000-0000-4000-8000-000000000000/happened' })).statusCode).toBe(404);
      } finally {
        await t.close();
      }
    }
  });
});
