/**
 * Promo codes and referral credit (docs/promos.md): the platform's discounts. Pure rules only: whether a
 * code applies, how much it takes off, how credit is spent, and the ledger rows that keep the
 * professional paid as without the discount.
 *
 * Money is whole MAD. A discount comes off what the customer pays (the booking's total); the service
 * price, the add-ons and the service fee stay as quoted, so the professional's share is unchanged and
 * the platform bears the discount (the `promotions` ledger account).
 */
import { LEDGER_ACCOUNTS, proLedgerAccount, assertBalanced } from './escrow';
import type { LedgerEntry } from './escrow';
import { assertMoney } from './pricing';

/** A referral gives the new customer and the referrer this much credit each (PRODUCT.md). */
export const REFERRAL_CREDIT_MAD = 50;

export const PROMO_RULES = {
  /** A card payment cannot be 0: discounts and credit stop at this much left to pay. */
  minimumPayable: 10,
  codeMin: 3,
  codeMax: 32,
  /** Percent codes: 1-100. */
  percentMax: 100,
  /** Amount codes and caps: whole MAD up to this. */
  amountMax: 100_000,
  /** Referral codes are this many characters (A-Z, 2-9 without look-alikes). */
  referralCodeLength: 8,
  /** A new account may say who referred it this long after signing up (and before any booking). */
  referralClaimHours: 72,
} as const;

/** The ledger account that pays for discounts (an expense of the platform; its balance goes negative). */
export const PROMOTIONS_ACCOUNT = 'promotions';

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Where a discount of a booking comes from (booking_discounts.source). */
export const DISCOUNT_SOURCES = ['promo', 'credit'] as const;
export type DiscountSource = (typeof DISCOUNT_SOURCES)[number];

/** Codes are case-insensitive: stored and compared upper-case, trimmed. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/** Why a code does not apply; the web app translates the code, the server answers the English message. */
export const PROMO_REFUSALS = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'wrong_city',
  'wrong_category',
  'first_booking_only',
  'limit_reached',
  'customer_limit_reached',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

export const PROMO_MESSAGES: Readonly<Record<PromoRefusal, string>> = {
  unknown: 'This promo code does not exist',
  inactive: 'This promo code is no longer valid',
  not_started: 'This promo code is not valid yet',
  expired: 'This promo code has expired',
  wrong_city: 'This promo code is not valid in this city',
  wrong_category: 'This promo code is not valid for this service',
  first_booking_only: 'This promo code is for a first booking only',
  limit_reached: 'This promo code has reached its limit',
  customer_limit_reached: 'You have already used this promo code',
};

export const REFERRAL_MESSAGES = {
  unknown: 'This referral link is not valid',
  own: 'You cannot use your own referral link',
  tooLate: 'A referral link can only be used by a new account before its first booking',
  already: 'Your account has already been referred',
} as const;

export interface PromoTerms {
  kind: PromoKind;
  /** Percent (1-100) or MAD. */
  value: number;
  /** Largest discount in MAD; null: no cap. */
  maxDiscount: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  firstBookingOnly: boolean;
  cityId: string | null;
  categoryId: string | null;
  /** Uses in all; null: unlimited. */
  maxUses: number | null;
  /** Uses per customer; null: unlimited. */
  maxUsesPerCustomer: number | null;
  active: boolean;
}

export interface PromoUseContext {
  now: Date;
  cityId: string;
  /** The booked service's category; null for an hourly booking from a professional's page. */
  categoryId: string | null;
  /** The customer has no paid or completed booking yet. */
  isFirstBooking: boolean;
  /** Uses that count now (bookings not cancelled), in all and by this customer. */
  usesTotal: number;
  usesByCustomer: number;
}

/** Whether the code applies to this booking; the first reason it does not, in the order a customer fixes them. */
export function promoRefusal(terms: PromoTerms, ctx: PromoUseContext): PromoRefusal | null {
  if (!terms.active) return 'inactive';
  if (terms.startsAt && ctx.now.getTime() < terms.startsAt.getTime()) return 'not_started';
  if (terms.endsAt && ctx.now.getTime() >= terms.endsAt.getTime()) return 'expired';
  if (terms.cityId && terms.cityId !== ctx.cityId) return 'wrong_city';
  if (terms.categoryId && terms.categoryId !== ctx.categoryId) return 'wrong_category';
  if (terms.firstBookingOnly && !ctx.isFirstBooking) return 'first_booking_only';
  if (terms.maxUses !== null && ctx.usesTotal >= terms.maxUses) return 'limit_reached';
  if (terms.maxUsesPerCustomer !== null && ctx.usesByCustomer >= terms.maxUsesPerCustomer) return 'customer_limit_reached';
  return null;
}

/** The most a discount may take off `total`: what leaves the minimum payable (0 when the total is below it). */
export function discountRoom(total: number): number {
  assertMoney(total, 'total');
  return Math.max(0, total - PROMO_RULES.minimumPayable);
}

/**
 * What a code takes off a booking of `total` MAD (service + add-ons + fee): a percentage of the total
 * rounded down to whole MAD, or a fixed amount; never more than the cap, never more than leaves the
 * minimum payable, never below 0.
 */
export function promoDiscount(terms: Pick<PromoTerms, 'kind' | 'value' | 'maxDiscount'>, total: number): number {
  assertMoney(total, 'total');
  assertMoney(terms.value, 'promo value');
  const raw = terms.kind === 'percent' ? Math.floor((total * Math.min(terms.value, PROMO_RULES.percentMax)) / 100) : terms.value;
  const capped = terms.maxDiscount === null ? raw : Math.min(raw, terms.maxDiscount);
  return Math.max(0, Math.min(capped, discountRoom(total)));
}

/** Credit spent on a booking: as much of the balance as fits after the promo, leaving the minimum payable. */
export function creditToSpend(balance: number, total: number, promo: number): number {
  assertMoney(total, 'total');
  return Math.max(0, Math.min(Math.max(0, balance), discountRoom(total) - promo));
}

export interface DiscountLine {
  source: DiscountSource;
  /** The code for a promo; null for credit. */
  code: string | null;
  amount: number;
}

/** What the customer pays after the discounts (the booking's total_amount and payment amount). */
export function payableAfter(total: number, discounts: readonly DiscountLine[]): number {
  const off = discounts.reduce((s, d) => s + d.amount, 0);
  const payable = total - off;
  if (payable < Math.min(total, PROMO_RULES.minimumPayable) || off < 0) throw new RangeError(`Discounts ${off} exceed what ${total} allows`);
  return payable;
}

/**
 * The escrow release of a discounted booking pays the professional from what the customer paid, so it
 * falls short by (at most) the discount: the platform's promotions account tops it up to what the
 * professional would have had without the discount. `expectedPayout` is the professional's share of
 * the service value (subtotal - commission), `paidOut` what the release gave them. Refunds already
 * taken reduce `paidOut` and are not made up: the top-up never exceeds the discount.
 */
export function promoTopUpEntries(
  bookingId: string,
  professionalId: string,
  amounts: { discount: number; expectedPayout: number; paidOut: number },
): LedgerEntry[] {
  const { discount, expectedPayout, paidOut } = amounts;
  assertMoney(discount, 'discount');
  const topUp = Math.max(0, Math.min(discount, expectedPayout - paidOut));
  if (topUp === 0) return [];
  const rows: LedgerEntry[] = [
    { bookingId, account: PROMOTIONS_ACCOUNT, amount: -topUp, kind: 'release' },
    { bookingId, account: proLedgerAccount(professionalId), amount: topUp, kind: 'release' },
  ];
  assertBalanced(rows);
  return rows;
}

/** The ledger accounts a discounted booking touches (for readers of the ledger). */
export const PROMO_LEDGER_ACCOUNTS = { ...LEDGER_ACCOUNTS, promotions: PROMOTIONS_ACCOUNT } as const;

/** A readable, unambiguous referral code (no 0/O, 1/I/L). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function makeReferralCode(random: (n: number) => number[]): string {
  return random(PROMO_RULES.referralCodeLength)
    .map((b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length])
    .join('');
}
