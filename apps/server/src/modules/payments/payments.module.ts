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
import { ESCROW_RELEASE_JOB, EXPIRE_UNPAID_JOB } from './payments.jobs';
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
  const service = new PaymentsService(db, repo, ledger, ctx.payments);
  const escrow = new EscrowService(db, repo, ledger, ctx.events);

  ctx.jobs.register(ESCROW_RELEASE_JOB, async (job) => {
    await escrow.releaseEscrow(job.payload.bookingId, job.now);
  });
  ctx.jobs.register(EXPIRE_UNPAID_JOB, async (job) => escrow.expireUnpaid(job.payload.bookingId));
  // Completed: the escrow is released 48 h later, scheduled in the completion's transaction.
  ctx.events.on('booking.completed', async ({ tx, bookingId, completedAt }) => {
    await ctx.jobs.schedule(ESCROW_RELEASE_JOB, { bookingId }, { dedupeKey: bookingId, runAt: releaseAt(completedAt), db: tx });
  });

  app.decorate('payments', { service, escrow, ledger, repo });
});
