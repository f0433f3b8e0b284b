import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bookingNamesIn, type BookingNames } from './bookings.emails';
import { bookingTestApp, outboxTo, paidBooking, type BookingTestApp } from './bookings.test-helpers';

// The server stores a booking's title and location in English (the service's name, the city's name);
// emails, push and SMS go out in the recipient's language and must name the service and city in it too.
describe('bookingNamesIn', () => {
  const names: BookingNames = {
    kind: 'service',
    title: 'Leak Detection & Repair',
    location: 'Casablanca',
    durationMinutes: 120,
    proFirstName: 'Youssef',
    serviceName: 'Leak Detection & Repair',
    serviceNameFr: 'Détection et réparation de fuites',
    serviceNameAr: 'كشف وإصلاح تسربات المياه',
    cityName: 'Casablanca',
    cityNameFr: 'Casablanca',
    cityNameAr: 'الدار البيضاء',
  };

  it("says the service and the city in the recipient's language", () => {
    expect(bookingNamesIn(names, 'en')).toEqual({ title: 'Leak Detection & Repair', location: 'Casablanca' });
    expect(bookingNamesIn(names, 'fr')).toEqual({ title: 'Détection et réparation de fuites', location: 'Casablanca' });
    expect(bookingNamesIn(names, 'ar')).toEqual({ title: 'كشف وإصلاح تسربات المياه', location: 'الدار البيضاء' });
  });

  it('keeps the address the customer typed and names the city after it, once', () => {
    expect(bookingNamesIn({ ...names, location: '12 rue Tarik, Maarif' }, 'ar').location).toBe('12 rue Tarik, Maarif، الدار البيضاء');
    expect(bookingNamesIn({ ...names, location: '12 rue Tarik, Maarif' }, 'fr').location).toBe('12 rue Tarik, Maarif, Casablanca');
    expect(bookingNamesIn({ ...names, location: '12 rue Tarik, Casablanca' }, 'ar').location).toBe('12 rue Tarik, Casablanca');
  });

  it('words an hourly booking in the language', () => {
    const hourly = { ...names, kind: 'hourly', title: '2 hours with Youssef', serviceName: null, serviceNameFr: null, serviceNameAr: null };
    expect(bookingNamesIn(hourly, 'en').title).toBe('2h with Youssef');
    expect(bookingNamesIn(hourly, 'fr').title).toBe('2\u00a0h avec Youssef');
    expect(bookingNamesIn(hourly, 'ar').title).toBe('2\u00a0س مع Youssef');
  });
});

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterAll(async () => t?.close());

describe("booking emails name the service and the city in the recipient's language", () => {
  it('an Arabic customer and the French professional each read their own language', async () => {
    await t.database.db.execute(sql`update profiles set locale = 'ar' where id = ${t.customer.userId}`);
    const b = await paidBooking(t.app, t.customer);
    const customerEmail = (await outboxTo(t.app, t.customer.email)).find((m) => m.text.includes(b.reference));
    expect(customerEmail?.text).toContain('الخدمة: كشف وإصلاح تسربات المياه');
    expect(customerEmail?.text).toContain('العنوان: 12 Rue Ibnou Sina، الدار البيضاء');
    expect(customerEmail?.text).not.toContain('Leak Detection');
    // The professional reads French.
    const proEmail = (await outboxTo(t.app, t.pro.email)).find((m) => m.text.includes(b.reference));
    expect(proEmail?.text).toContain('Service: Détection et réparation de fuites');
  });
});
