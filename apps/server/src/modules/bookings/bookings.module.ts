/**
 * Bookings: prices (quote), who takes a booking (assignment), placing it (creation), what happens
 * to it afterwards (lifecycle) and reading it (reads). Built after the catalogue and payments, whose
 * public services app.ts hands it (`catalog.reference`, `payments`). The module is its use cases
 * (BookingUseCases), which app.ts hands to the modules above it.
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { CatalogReference } from '../catalog';
import { PushSubscriptions } from '../chat';
import type { PaymentsModule } from '../payments';
import { RecipientsRepository } from '../auth';
import { AssignmentService } from './assignment.service';
import { BookingAlerts } from './alerts.service';
import type { BookingUseCases } from './use-cases';
import { BookingNotifier } from './notifier';
import { BookingReminders } from './reminders.service';
import { BookingReads } from './reads.service';
import { BookingsRepository } from './bookings.repository';
import './bookings.events';
import { bookingsRoutes } from './bookings.routes';
import { CreationService } from './creation.service';
import { RateLimiter } from '../../platform/rate-limit';
import { IdempotencyStore } from './idempotency';
import { LifecycleService, writePaymentAnnouncement } from './lifecycle.service';
import { ProfessionalPoolRepository } from './pool.repository';
import { QuoteService } from './quote.service';
import { RescheduleOptionsService } from './reschedule-options.service';

export type BookingsModule = BookingUseCases & AppModule;

export function createBookingsModule(ctx: AppContext, { catalog, payments }: { catalog: { reference: CatalogReference }; payments: PaymentsModule }): BookingsModule {
  const db = ctx.database.db;
  const { clock } = ctx;
  const repo = new BookingsRepository(db);
  const pool = new ProfessionalPoolRepository(db);
  const idempotency = new IdempotencyStore(db, ctx.instance.id);
  const reference = catalog.reference;
  const recipients = new RecipientsRepository(db);
  const alerts = new BookingAlerts({
    db,
    repo,
    recipients,
    preferences: ctx.preferences,
    subscriptions: new PushSubscriptions(db, ctx.push, ctx.log),
    push: ctx.push,
    sms: ctx.sms,
    whatsapp: ctx.whatsapp,
    presence: ctx.realtime.presence,
    jobs: ctx.jobs,
    log: ctx.log,
  });
  const reminders = new BookingReminders({
    db,
    repo,
    recipients,
    preferences: ctx.preferences,
    mailer: ctx.mailer,
    sms: ctx.sms,
    whatsapp: ctx.whatsapp,
    jobs: ctx.jobs,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log,
  });
  const notifier = new BookingNotifier(recipients, ctx.mailer, ctx.realtime, ctx.config.publicUrl, ctx.log, alerts);
  const quotes = new QuoteService(reference, pool, clock);
  const reads = new BookingReads(repo, clock);
  const useCases: BookingUseCases = {
    quotes,
    assignment: new AssignmentService(quotes, pool, clock),
    creation: new CreationService({
      db,
      repo,
      pool,
      quotes,
      reference,
      idempotency,
      reads,
      notifier,
      clock,
      providerName: ctx.payments.name,
      limiter: new RateLimiter(db, ctx.config.rateLimitScale),
      announceAfterCommit: !ctx.database.pglite,
    }),
    lifecycle: new LifecycleService({
      db,
      repo,
      pool,
      reads,
      ledger: payments.ledger,
      payments: payments.repo,
      pay: payments.service,
      refunds: payments.refunds,
      publicUrl: ctx.config.publicUrl,
      notifier,
      events: ctx.events,
      clock,
      reminders,
    }),
    reads,
    rescheduleOptions: new RescheduleOptionsService({ repo, pool, clock }),
    reminders,
  };

  // A payment's outcome recorded (the provider's callback or a reconciliation), or an unpaid booking
  // expired (told as a failed payment): both parties told, written in the payments transaction.
  ctx.events.on('payment.settled', async ({ tx, bookingId, outcome, runAfterCommit }) => {
    const view = await repo.with(tx).view(bookingId);
    if (!view) return;
    const announced = await writePaymentAnnouncement(tx, notifier, view, outcome);
    for (const id of [...announced.emailIds, ...announced.alertIds]) runAfterCommit(id);
  });
  ctx.jobs.every('purge-idempotency-keys', 3_600_000, () => idempotency.purge());

  const plugin = modulePlugin('bookings', async (app) => {
    await app.register(bookingsRoutes, { bookings: useCases });
  });
  return { ...useCases, plugin };
}
