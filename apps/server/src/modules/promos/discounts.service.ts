/**
 * The discounts of a booking (docs/promos.md): a promo code and the customer's referral credit, priced
 * by the shared rules (domain/promos.ts) from what the server computed, never from the client. `plan`
 * is the bookings module's pricing hook; `claim` re-checks the code's limits under the code's row lock
 * in the transaction that inserts the booking, so two customers racing for the last use cannot both
 * have it; credit is spent under the customer's referral account lock the same way.
 */
import {
  CURRENCY,
  creditToSpend,
  hourlyQuote,
  normalizePromoCode,
  payableAfter,
  PROMO_MESSAGES,
  promoDiscount,
  promoRefusal,
  type DiscountLine,
  type DiscountQuoteRequest,
  type DiscountQuoteResponse,
  type PromoRefusal,
  type Quote,
} from '@khedma/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { BookingUseCases, DiscountProvider, DiscountRequest, PlannedDiscount } from '../bookings';
import { creditBalanceSql, termsOf, type PromoRow, type PromosRepository } from './promos.repository';

export const promoError = (reason: PromoRefusal) => new AppError('PROMO_CODE_INVALID', PROMO_MESSAGES[reason], { promoCode: PROMO_MESSAGES[reason] });

type Evaluated = { ok: true; promo: PromoRow | null; amount: number } | { ok: false; reason: PromoRefusal };

export class DiscountsService implements DiscountProvider {
  constructor(
    private readonly repo: PromosRepository,
    private readonly clock: Clock,
  ) {}

  /** The code's discount for this customer and booking, or why it does not apply (`repo` may be a transaction's). */
  private async evaluate(repo: PromosRepository, req: DiscountRequest, category: string | null, lock: boolean, bookingId?: string): Promise<Evaluated> {
    const code = normalizePromoCode(req.promoCode ?? '');
    if (!code) return { ok: true, promo: null, amount: 0 };
    const promo = await repo.byCode(code, lock);
    if (!promo) return { ok: false, reason: 'unknown' };
    const [uses, isFirstBooking] = await Promise.all([repo.uses(promo.id, req.customerId), repo.isFirstBooking(req.customerId, bookingId)]);
    const reason = promoRefusal(termsOf(promo), {
      now: this.clock.now(),
      cityId: req.cityId,
      categoryId: category,
      isFirstBooking,
      usesTotal: uses.total,
      usesByCustomer: uses.byCustomer,
    });
    if (reason) return { ok: false, reason };
    return { ok: true, promo, amount: promoDiscount(termsOf(promo), req.quote.total) };
  }

  private category(req: DiscountRequest) {
    return req.serviceTypeId ? this.repo.serviceCategory(req.serviceTypeId) : Promise.resolve(null);
  }

  private lines(promo: PromoRow | null, promoAmount: number, credit: number): DiscountLine[] {
    const lines: DiscountLine[] = [];
    if (promo && promoAmount > 0) lines.push({ source: 'promo', code: promo.code, amount: promoAmount });
    if (credit > 0) lines.push({ source: 'credit', code: null, amount: credit });
    return lines;
  }

  creditBalanceSql(customerId: SQL): SQL {
    return creditBalanceSql(customerId);
  }

  async plan(req: DiscountRequest, known: { creditBalance?: number } = {}): Promise<PlannedDiscount | null> {
    // The service's category matters to a promo code only (its terms may name categories).
    const category = normalizePromoCode(req.promoCode ?? '') ? await this.category(req) : null;
    const first = await this.evaluate(this.repo, req, category, false);
    if (!first.ok) throw promoError(first.reason);
    const { balance } =
      req.useCredit === false ? { balance: 0 } : known.creditBalance !== undefined ? { balance: known.creditBalance } : await this.repo.creditBalance(req.customerId);
    const credit = creditToSpend(balance, req.quote.total, first.amount);
    const lines = this.lines(first.promo, first.amount, credit);
    if (lines.length === 0) return null;
    const payable = payableAfter(req.quote.total, lines);
    return {
      lines,
      payable,
      claim: async (tx: Db, bookingId: string) => {
        const repo = this.repo.with(tx);
        if (first.promo) {
          // Under the code's row lock: the uses of every other booking are committed or waiting for us.
          const again = await this.evaluate(repo, req, category, true, bookingId);
          if (!again.ok) throw promoError(again.reason);
          if (again.amount !== first.amount) throw promoError('inactive');
        }
        if (credit > 0) {
          await repo.account(req.customerId, true);
          const now = await repo.creditBalance(req.customerId);
          // Spent meanwhile by another booking: this one is refused rather than made at another price.
          if (now.balance < credit) throw new AppError('CONFLICT', 'Your credit changed. Please check the price and try again.');
        }
        await repo.insertDiscounts(
          lines.map((l) => ({ bookingId, userId: req.customerId, source: l.source, promoCodeId: l.source === 'promo' ? first.promo!.id : null, code: l.code, amount: l.amount })),
        );
      },
    };
  }

  /** A booking's discounts, for its receipt. */
  async of(bookingId: string): Promise<DiscountLine[]> {
    return this.repo.discountsOf(bookingId);
  }

  /** POST /api/promos/quote: the price with the code and credit, and why the code does not apply. */
  async quote(customerId: string, input: DiscountQuoteRequest, bookings: BookingUseCases): Promise<DiscountQuoteResponse> {
    let quote: Quote;
    let cityId: string;
    let serviceTypeId: string | null = null;
    if (input.wizard) {
      const priced = await bookings.quotes.priceWizard(input.wizard);
      quote = priced.quote;
      cityId = priced.city.id;
      serviceTypeId = priced.service.id;
    } else {
      const h = input.hourly!;
      const pro = await bookings.quotes.professional(h.professionalId);
      quote = hourlyQuote({ hourlyRate: pro.hourlyRate, hours: h.durationHours });
      cityId = h.cityId && pro.cityIds.includes(h.cityId) ? h.cityId : pro.cityId;
    }
    const req: DiscountRequest = { customerId, promoCode: input.promoCode, useCredit: input.useCredit, cityId, serviceTypeId, quote };
    const evaluated = await this.evaluate(this.repo, req, await this.category(req), false);
    const promoAmount = evaluated.ok ? evaluated.amount : 0;
    const { balance } = await this.repo.creditBalance(customerId);
    const credit = input.useCredit === false ? 0 : creditToSpend(balance, quote.total, promoAmount);
    const discounts = this.lines(evaluated.ok ? evaluated.promo : null, promoAmount, credit);
    return {
      quote: { lines: quote.lines, servicePrice: quote.servicePrice, addOnsTotal: quote.addOnsTotal, subtotal: quote.subtotal, serviceFee: quote.serviceFee, total: quote.total, currency: CURRENCY },
      discounts,
      payable: payableAfter(quote.total, discounts),
      creditBalance: balance,
      promoError: evaluated.ok ? null : { code: evaluated.reason, message: PROMO_MESSAGES[evaluated.reason] },
      currency: CURRENCY,
    };
  }
}
