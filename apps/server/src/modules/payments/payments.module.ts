/**
 * Payments: paying a booking through the provider (ctx.payments), the escrow ledger, the release 48 h
 * after completion and the expiry of unpaid bookings. Registered before bookings, which uses
 * `app.payments` (its public services) and the exports of index.ts; payments never imports
 * bookings: it hears `booking.completed` and says `payment.expired` (platform/events.ts).
 */
import { releaseAt } from '@khedma/shared';
import { defineModule } from '../../platform/module';
import { EscrowService } from './escrow.service';
import { LedgerRepository } from './ledger.repository';
import './payments.events';
import { ESCROW_RELEASE_JOB, EXPIRE_UNPAID_JOB, PAYMENT_RECONCILE_JOB } from './payments.jobs';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';

declare module 'fastify' {
  interface FastifyInstance {
    payments: { service: PaymentsService; escrow: EscrowService; ledger: LedgerRepository; repo: PaymentsRepository };
  }
}

export const paymentsModule = defineModule('payments', async (app, { ctx }) => {
  const db = ctx.database.db;
  const repo = new PaymentsRepository(db);
  const ledger = new LedgerRepository(db);
  const service = new PaymentsService(db, repo, ledger, ctx.payments, ctx.instance, ctx.jobs, ctx.events, ctx.clock);
  const escrow = new EscrowService(db, repo, ledger, ctx.events);

  ctx.jobs.register(ESCROW_RELEASE_JOB, async (job) => {
    await escrow.releaseEscrow(job.payload.bookingId, job.now);
  });
  // A payment attempt whose process died: the provider says what happened (docs/payments.md "After a crash").
  ctx.jobs.register(PAYMENT_RECONCILE_JOB, async (job) => {
    await service.reconcile(job.payload.paymentId, job.payload.claim);
  });
  // An unpaid booking expires, unless its payment went through in an attempt left unrecorded.
  ctx.jobs.register(EXPIRE_UNPAID_JOB, async (job) => {
    await service.reconcileBooking(job.payload.bookingId);
    await escrow.expireUnpaid(job.payload.bookingId);
  });
  // At start-up, every attempt left unrecorded by a previous process gets its reconciliation job now.
  app.addHook('onReady', async () => {
    await service.recoverClaims().catch((err: unknown) => app.log.warn({ err }, 'payment claims recovery failed'));
  });
  // Completed: the escrow is released 48 h later, scheduled in the completion's transaction.
  ctx.events.on('booking.completed', async ({ tx, bookingId, completedAt }) => {
    await ctx.jobs.schedule(ESCROW_RELEASE_JOB, { bookingId }, { dedupeKey: bookingId, runAt: releaseAt(completedAt), db: tx });
  });

  app.decorate('payments', { service, escrow, ledger, repo });
});
