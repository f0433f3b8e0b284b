/**
 * Payments: hosted payments through the provider (ctx.payments: CMI, or its simulator), the escrow
 * ledger, refunds sent to the provider, the release 48 h after completion, the expiry of unpaid
 * bookings and the daily reconciliation. Built before bookings, which app.ts hands its services
 * (PaymentsModule), and which uses the exports of index.ts; payments never imports bookings: it hears
 * `booking.completed` and says `payment.expired` and, inside the transaction that records a payment,
 * `payment.settled` (platform/events.ts).
 */
import { releaseAt } from '@khedma/shared';
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { EscrowService } from './escrow.service';
import { LedgerRepository } from './ledger.repository';
import './payments.events';
import { ESCROW_RELEASE_JOB, EXPIRE_UNPAID_JOB, PAYMENT_RECONCILE_JOB, PAYMENT_REFUND_JOB } from './payments.jobs';
import { PaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { ReconciliationService } from './reconciliation.service';
import { RefundsService } from './refunds.service';

/** What payments offers the modules above it (bookings, claims, lateness, promos, earnings): its services. */
export interface PaymentsModule extends AppModule {
  service: PaymentsService;
  escrow: EscrowService;
  ledger: LedgerRepository;
  repo: PaymentsRepository;
  refunds: RefundsService;
  reconciliation: ReconciliationService;
}

const DAY_MS = 24 * 3600_000;

export function createPaymentsModule(ctx: AppContext): PaymentsModule {
  const db = ctx.database.db;
  const repo = new PaymentsRepository(db);
  const ledger = new LedgerRepository(db);
  const service = new PaymentsService(db, repo, ledger, ctx.payments, ctx.jobs, ctx.events, ctx.clock, ctx.log);
  const escrow = new EscrowService(db, repo, ledger, ctx.events, ctx.jobs);
  const refunds = new RefundsService(repo, ctx.payments, ctx.jobs, ctx.log, db);
  const reconciliation = new ReconciliationService(db, ctx.payments);

  ctx.jobs.register(ESCROW_RELEASE_JOB, async (job) => {
    await escrow.releaseEscrow(job.payload.bookingId, job.now);
  });
  // A payment whose callback has not come: the provider says what happened (docs/payments.md).
  ctx.jobs.register(PAYMENT_RECONCILE_JOB, async (job) => {
    await service.reconcile(job.payload.paymentId);
  });
  ctx.jobs.register(PAYMENT_REFUND_JOB, async (job) => {
    await refunds.send(job.payload.refundId);
  });
  // An unpaid booking expires, unless its payment went through and its callback was lost.
  ctx.jobs.register(EXPIRE_UNPAID_JOB, async (job) => {
    await service.reconcileBooking(job.payload.bookingId);
    await escrow.expireUnpaid(job.payload.bookingId);
  });
  // Daily: our payments and refunds against the provider's answers, differences listed for finance.
  ctx.jobs.every('payment-reconciliation', DAY_MS, async () => {
    await reconciliation.run(ctx.clock.now());
  });
  // Completed: the escrow is released 48 h later, scheduled in the completion's transaction.
  ctx.events.on('booking.completed', async ({ tx, bookingId, completedAt }) => {
    await ctx.jobs.schedule(ESCROW_RELEASE_JOB, { bookingId }, { dedupeKey: bookingId, runAt: releaseAt(completedAt), db: tx });
  });

  const plugin = modulePlugin('payments', async (app) => {
    // At start-up, every payment awaiting its callback gets its reconciliation job now.
    app.addHook('onReady', async () => {
      await service.recoverClaims().catch((err: unknown) => app.log.warn({ err }, 'payment recovery failed'));
    });
    await app.register(paymentsRoutes({ service, repo, refunds, reconciliation }));
  });
  return { plugin, service, escrow, ledger, repo, refunds, reconciliation };
}
