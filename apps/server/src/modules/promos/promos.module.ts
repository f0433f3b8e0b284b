/**
 * Promo codes and referrals (issue 43, docs/promos.md). Built after bookings and payments, which app.ts
 * hands it: it plugs its discounts into booking creation (the pricing hook `bookings.creation.useDiscounts`), tops up
 * the professional at the escrow release from the promotions account (a ledger hook), and grants
 * referral credit after a referred customer's first completed booking (`booking.completed` -> a job).
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { BookingUseCases } from '../bookings';
import type { PaymentsModule } from '../payments';
import { DiscountsService } from './discounts.service';
import { PromoCodesService } from './codes.service';
import { promoLedgerHook } from './ledger';
import { REFERRAL_REWARD_JOB } from './promos.jobs';
import { PromosRepository } from './promos.repository';
import { promosRoutes } from './promos.routes';
import { ReferralsService } from './referrals.service';

export interface PromoUseCases {
  codes: PromoCodesService;
  discounts: DiscountsService;
  referrals: ReferralsService;
}

export type PromosModule = PromoUseCases & AppModule;

export function createPromosModule(ctx: AppContext, { bookings, payments }: { bookings: BookingUseCases; payments: Pick<PaymentsModule, 'ledger'> }): PromosModule {
  const db = ctx.database.db;
  const repo = new PromosRepository(db);
  const discounts = new DiscountsService(repo, ctx.clock);
  const codes = new PromoCodesService(repo);
  const referrals = new ReferralsService(db, repo, ctx.jobs, ctx.clock);
  bookings.creation.useDiscounts(discounts);
  payments.ledger.onPosted(promoLedgerHook(repo));
  ctx.events.on('booking.completed', ({ tx, bookingId }) => referrals.onCompleted(tx, bookingId));
  ctx.jobs.register(REFERRAL_REWARD_JOB, (job) => referrals.reward(job.payload.bookingId).then(() => undefined));
  const plugin = modulePlugin('promos', async (app) => {
    await app.register(promosRoutes, { codes, discounts, referrals, bookings });
  });
  return { plugin, codes, discounts, referrals };
}
