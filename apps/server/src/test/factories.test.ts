import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../db/schema/index';
import { createAdmin, createCustomer, createPaidBooking, createPro, retireProfessionals } from './factories';
import { startApp, withCookie, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

const me = async (cookie: string) => (await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/me' }))).json();

describe('test factories', () => {
  it('a customer is confirmed and signed in', async () => {
    const customer = await createCustomer(t, { locale: 'fr' });
    const body = await me(customer.cookie);
    expect(body.user).toMatchObject({ email: customer.email, userType: 'customer', locale: 'fr' });
    expect(body.permissions).not.toContain('admin:access');
  });

  it('an admin holds the roles asked for', async () => {
    const admin = await createAdmin(t, { roles: ['finance_admin'] });
    expect((await me(admin.cookie)).permissions).toContain('admin:access');
  });

  it("a professional in a city and category nobody else covers is the one the real assignment picks; a paid booking holds the money in escrow", async () => {
    // Fes has no plumber in the demo seed.
    const pro = await createPro(t, { city: 'fes', category: 'plumbing' });
    const customer = await createCustomer(t);
    const booking = await createPaidBooking(t, { customer, pro, accept: true });
    expect(booking).toMatchObject({ professionalId: pro.professionalId, status: 'confirmed', paymentStatus: 'paid' });
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(rows.map((r) => [r.account, r.amount, r.kind])).toEqual(
      expect.arrayContaining([
        ['customer', -booking.totalAmount, 'hold'],
        ['escrow', booking.totalAmount, 'hold'],
      ]),
    );
  });

  it('retireProfessionals leaves no other active professional of a city and category: the one made after is the only one', async () => {
    const before = await createPro(t, { city: 'marrakech', category: 'painting' });
    const elsewhere = await createPro(t, { city: 'marrakech', category: 'electrical' });
    await retireProfessionals(t, { city: 'marrakech', category: 'painting' });
    const only = await createPro(t, { city: 'marrakech', category: 'painting' });
    const status = async (id: string) =>
      ((await t.database.db.execute(sql`select status from professionals where id = ${id}`)) as unknown as { rows: Array<{ status: string }> }).rows[0]!.status;
    expect(await status(before.professionalId)).toBe('suspended');
    expect(await status(elsewhere.professionalId)).toBe('active');
    const painters = (await t.app.inject({ method: 'GET', url: '/api/pros?city=marrakech&category=painting' })).json();
    expect(painters.items.map((c: { id: string }) => c.id)).toEqual([only.professionalId]);
    const booking = await createPaidBooking(t, { customer: await createCustomer(t), pro: only });
    expect(booking.professionalId).toBe(only.professionalId);
  });
});
