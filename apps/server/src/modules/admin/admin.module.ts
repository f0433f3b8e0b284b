/**
 * Admin (issue 25, docs/admin.md): the bookings page's list and actions, the application review
 * (masked answers, audited reveals and document views, approve and reject), the platform overview,
 * the sensitive-access log, the contact messages and the deliveries that failed for good. Its booking
 * actions are the bookings module's use cases, and an approval enrols the professional through the
 * professionals' module (both given by app.ts).
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RecipientsRepository } from '../auth';
import type { BookingUseCases } from '../bookings';
import type { ProsModule } from '../pros';
import { AccessLogRepository } from './access-log.repository';
import { AdminBookingsRepository } from './bookings.repository';
import { adminBookingsRoutes } from './bookings.routes';
import { AdminBookingsService } from './bookings.service';
import { FailedJobsService, failedJobsRoutes } from './failed-jobs';
import { ReviewRepository } from './review.repository';
import { reviewRoutes } from './review.routes';
import { ReviewService } from './review.service';

export function createAdminModule(ctx: AppContext, deps: { bookings: BookingUseCases; pros: Pick<ProsModule, 'enrolment'> }): AppModule {
  const db = ctx.database.db;
  const bookings = new AdminBookingsService(new AdminBookingsRepository(db), deps.bookings, ctx.clock);
  const review = new ReviewService({
    db,
    repo: new ReviewRepository(db),
    enrolment: deps.pros.enrolment,
    log: new AccessLogRepository(db),
    storage: ctx.storage,
    mailer: ctx.mailer,
    recipients: new RecipientsRepository(db),
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    logger: ctx.log,
  });
  const failedJobs = new FailedJobsService(db, ctx.jobs, ctx.clock);
  const plugin = modulePlugin('admin', async (app) => {
    await app.register(adminBookingsRoutes, { service: bookings });
    await app.register(reviewRoutes, { review, bookings });
    await app.register(failedJobsRoutes, { service: failedJobs });
  });
  return { plugin };
}
