/**
 * Promo codes and referrals (issue 43, docs/promos.md). Registered after bookings and payments: it plugs
 * its discounts into booking creation (the pricing hook `app.bookings.creation.useDiscounts`), tops up
 * the professional at the escrow release from the promotions account (a ledger hook), and grants
 * referral credit after a referred customer's first completed booking (`booking.completed` -> a job).
 */
import { defineModule } from '../../module';
import { DiscountsService } from './discounts.service';
import { PromoCodesService } from './promo-codes.service';
import { promoLedgerHook } from './promo-ledger';
import { REFERRAL_REWARD_JOB } from './promos.jobs';
import { PromosRepository } from './promos.repository';
import { promosRoutes } from './promos.routes';
import { ReferralsService } from './referrals.service';

export interface PromoUseCases {
  codes: PromoCodesService;
  discounts: DiscountsService;
  referrals: ReferralsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    promos: PromoUseCases;
  }
}

export const promosModule = defineModule('promos', async (app, { ctx }) => {
  const db = ctx.database.db;
  const repo = new PromosRepository(db);
  const discounts = new DiscountsService(repo, ctx.clock);
  const codes = new PromoCodesService(repo);
  const referrals = new ReferralsService(db, repo, ctx.jobs, ctx.clock);
  app.bookings.creation.useDiscounts(discounts);
  app.payments.ledger.onPosted(promoLedgerHook(repo));
  ctx.events.on('booking.completed', ({ tx, bookingId }) => referrals.onCompleted(tx, bookingId));
  ctx.jobs.register(REFERRAL_REWARD_JOB, (job) => referrals.reward(job.payload.bookingId).then(() => undefined));
  app.decorate('promos', { codes, discounts, referrals });
  await app.register(promosRoutes, { codes, discounts, referrals, bookings: app.bookings });
});
