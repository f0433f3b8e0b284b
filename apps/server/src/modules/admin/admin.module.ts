/**
 * Admin (issue 25, docs/admin.md): the bookings page's list and actions, the application review
 * (masked answers, audited reveals and document views, approve and reject), the platform overview,
 * the sensitive-access log and the contact messages. Registered after bookings and applications:
 * its booking actions are the bookings module's use cases (`app.bookings`).
 */
import { defineModule } from '../../platform/module';
import { AdminBookingsRepository } from './admin-bookings.repository';
import { adminBookingsRoutes } from './admin-bookings.routes';
import { AdminBookingsService } from './admin-bookings.service';

export const adminModule = defineModule('admin', async (app, { ctx }) => {
  const db = ctx.database.db;
  const bookingsService = new AdminBookingsService(new AdminBookingsRepository(db), app.bookings);
  await app.register(adminBookingsRoutes, { service: bookingsService });
});
