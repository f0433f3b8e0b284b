/**
 * Recurring bookings (docs/recurring.md, issue 43): a series repeating a booking with the same
 * professional; its visits are created as bookings on a rolling window by a durable job. Built after
 * bookings, whose use cases app.ts hands it (prices, cancellation, the wizard's creation for another
 * professional).
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RecipientsRepository } from '../auth';
import { ProfessionalPoolRepository, type BookingUseCases } from '../bookings';
import { RECURRING_NOTICE_JOB, RECURRING_SERIES_JOB, RECURRING_WINDOW_JOB } from './recurring.jobs';
import { recurringRoutes } from './recurring.routes';
import { SeriesRepository } from './series.repository';
import { SeriesService } from './series.service';

export interface RecurringModule extends AppModule {
  series: SeriesService;
}

const HOUR_MS = 3_600_000;

export function createRecurringModule(ctx: AppContext, { bookings }: { bookings: BookingUseCases }): RecurringModule {
  const db = ctx.database.db;
  const series = new SeriesService({
    db,
    repo: new SeriesRepository(db),
    pool: new ProfessionalPoolRepository(db),
    bookings,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    recipients: new RecipientsRepository(db),
    clock: ctx.clock,
    providerName: ctx.payments.name,
    publicUrl: ctx.config.publicUrl,
  });
  ctx.jobs.register(RECURRING_WINDOW_JOB, () => series.extendAll());
  ctx.jobs.register(RECURRING_SERIES_JOB, (job) => series.extend(job.payload.seriesId));
  ctx.jobs.register(RECURRING_NOTICE_JOB, (job) => series.sendNotice(job.payload));
  // A paid visit of a series is confirmed in the payment's own transaction (docs/recurring.md).
  ctx.events.on('payment.succeeded', ({ tx, bookingId, at, runAfterCommit }) => series.onVisitPaid(tx, bookingId, at, runAfterCommit));
  // Every instance offers the hourly window job; the dedupe key (the hour) lets one of them enqueue it, and the queue runs it once.
  ctx.jobs.every('recurring-window', HOUR_MS, async () => {
    const now = ctx.clock.now();
    await ctx.jobs.schedule(RECURRING_WINDOW_JOB, {}, { dedupeKey: `window:${now.toISOString().slice(0, 13)}`, runAt: now });
  });
  const plugin = modulePlugin('recurring', async (app) => {
    await app.register(recurringRoutes, { series });
  });
  return { plugin, series };
}
