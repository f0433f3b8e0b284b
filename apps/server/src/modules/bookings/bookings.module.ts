/**
 * Wires the booking capability: repositories, the payment provider, services, job handlers and
 * routes (bookings and payments). Registered once in app.ts after jobsPlugin and realtimePlugin.
 * `app.bookings` exposes the services to tests (freeze the clock, make the demo provider fail,
 * complete a booking as an admin).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { createPaymentProvider, type PaymentProvider } from '../../platform/payments';
import { CatalogRepository } from '../catalog/catalog.repository';
import { CATALOG_CHANNEL } from '../catalog/catalog.service';
import { LedgerRepository } from '../payments/ledger.repository';
import { paymentsRoutes } from '../payments/payments.routes';
import { PaymentsService } from '../payments/payments.service';
import { BookingEvents } from './booking-events';
import { BookingsRepository } from './bookings.repository';
import { bookingsRoutes } from './bookings.routes';
import { BookingService, JOB_ESCROW_RELEASE, JOB_EXPIRE_UNPAID } from './bookings.service';
import { IdempotencyStore } from './idempotency';
import { ReferenceCache } from './reference-cache';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: { service: BookingService; payments: PaymentsService; provider: PaymentProvider; ledger: LedgerRepository };
  }
}

export const bookingsModule: FastifyPluginAsync<{ ctx: AppContext; provider?: PaymentProvider }> = async (app, { ctx, provider: given }) => {
  const db = ctx.database.db;
  const repo = new BookingsRepository();
  const ledger = new LedgerRepository();
  const provider = given ?? createPaymentProvider(ctx.config);
  const idempotency = new IdempotencyStore(db);
  // Catalogue facts cached per instance, dropped when any instance changes the catalogue.
  const cache = new ReferenceCache();
  const unlisten = await ctx.database.listen(CATALOG_CHANNEL, () => cache.clear());
  app.addHook('onClose', async () => unlisten());
  const events = new BookingEvents(db, repo, ctx.email, app.realtime, ctx.config.publicUrl, app.log);
  const service = new BookingService({
    db,
    repo,
    ledger,
    catalog: new CatalogRepository(db),
    idempotency,
    events,
    cache,
    clock: app.clock,
    jobs: app.jobs,
    provider,
    log: app.log,
  });
  const payments = new PaymentsService(db, repo, ledger, provider, events, service);

  app.jobs.register(JOB_ESCROW_RELEASE, async (job) => {
    await service.releaseEscrow(String(job.payload.bookingId), job.now);
  });
  app.jobs.register(JOB_EXPIRE_UNPAID, async (job) => service.expireUnpaid(String(job.payload.bookingId)));
  app.jobs.every('purge-idempotency-keys', 3_600_000, () => idempotency.purge());

  app.decorate('bookings', { service, payments, provider, ledger });
  await app.register(bookingsRoutes, { bookings: service });
  await app.register(paymentsRoutes, { payments });
};
(bookingsModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
