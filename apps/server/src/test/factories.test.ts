import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../db/schema/index';
import { createAdmin, createCustomer, createPaidBooking, createPro } from './factories';
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
    // A test database holds no professional: this one is the only plumber in Fès.
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
});
