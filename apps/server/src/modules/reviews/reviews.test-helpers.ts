/** Test helpers of reviews and earnings: completed bookings made through the real services. */
import type { SessionUser } from '@khedma/shared';
import { afterBookingEnd, casablancaDate, createPaidBooking, type FactoryApp, type TestBooking, type TestPro, type TestUser } from '../../test/factories';
import { modulesOf } from '../../app';

/** The admin as the bookings service sees it (completing is the admin's action: POST /api/admin/bookings/{id}/complete). */
export function adminSession(admin: TestUser): SessionUser {
  return { id: admin.userId, email: admin.email, name: admin.name, userType: 'admin', adminRoles: ['super_admin'], locale: 'en', emailVerified: true };
}

/** A booking paid, accepted by `pro` and completed by `admin` (the bookings service's complete). */
export async function completedBooking(
  t: FactoryApp,
  o: { customer: TestUser; pro: TestPro; admin: TestUser; day: number; startTime?: string },
): Promise<TestBooking> {
  const startTime = o.startTime ?? '10:00';
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const endTime = `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const b = await createPaidBooking(t, { customer: o.customer, pro: o.pro, accept: true, date: casablancaDate(o.day), startTime, endTime });
  await afterBookingEnd(t, b.id, () => modulesOf(t.app).bookings.lifecycle.complete(adminSession(o.admin), b.id));
  return { ...b, status: 'completed' };
}
