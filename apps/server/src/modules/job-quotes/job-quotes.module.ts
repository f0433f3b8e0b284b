/**
 * Quotes for jobs without a fixed price (issue 43, docs/job-quotes.md): requests, quotes and the
 * acceptance that places a booking through the bookings module (whose use cases app.ts hands it).
 */
import multipart from '@fastify/multipart';
import { JOB_QUOTE_RULES } from '@khedma/shared/domain/job-quotes';
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RateLimiter } from '../../platform/rate-limit';
import { RecipientsRepository } from '../auth';
import { ProfessionalPoolRepository, type BookingUseCases } from '../bookings';
import type { CatalogReference } from '../catalog';
import { EXPIRE_JOB_REQUEST_JOB } from './job-quotes.jobs';
import { JobQuotesRepository } from './job-quotes.repository';
import { jobQuotesRoutes } from './job-quotes.routes';
import { JobQuotesService } from './job-quotes.service';
import { oneFileUpload } from '../../http/single-file';

export function createJobQuotesModule(ctx: AppContext, deps: { catalog: { reference: CatalogReference }; bookings: BookingUseCases }): AppModule {
  const db = ctx.database.db;
  const service = new JobQuotesService({
    db,
    repo: new JobQuotesRepository(db),
    pool: new ProfessionalPoolRepository(db),
    reference: deps.catalog.reference,
    bookings: deps.bookings,
    recipients: new RecipientsRepository(db),
    storage: ctx.storage,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    limiter: new RateLimiter(db, ctx.config.rateLimitScale),
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
  });
  ctx.jobs.register(EXPIRE_JOB_REQUEST_JOB, () => service.expire());
  // An accepted quote's booking expired unpaid (payments): the request is open again, or expired.
  ctx.events.on('payment.expired', ({ bookingId }) => service.onBookingExpired(bookingId));
  const plugin = modulePlugin('job-quotes', async (app) => {
    // Its own scope: the multipart parser and its limits (one photo at a time) apply to these routes only.
    await app.register(async (scope) => {
      await scope.register(multipart, oneFileUpload(JOB_QUOTE_RULES.photoMaxBytes, 2));
      await scope.register(jobQuotesRoutes, { service });
    });
  });
  return { plugin };
}
