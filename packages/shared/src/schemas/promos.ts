/**
 * Promo codes and referrals (docs/promos.md): the admins' codes, the discount a customer sees before
 * booking, the fields a booking request carries, and the customer's referral link and credit.
 */
import { z } from 'zod';
import { CATEGORIES } from '../domain/catalog';
import { CURRENCY } from '../domain/constants';
import { DISCOUNT_SOURCES, PROMO_CODE_PATTERN, PROMO_KINDS, PROMO_RULES, PROMO_REFUSALS, normalizePromoCode } from '../domain/promos';
import { hourlyQuoteRequestSchema, quoteRequestSchema, quoteResponseSchema } from './booking';
import { discountRequestFields } from './discount-fields';

export { discountRequestFields };

export const PROMO_FORM_MESSAGES = {
  code: `Please enter a code of ${PROMO_RULES.codeMin} to ${PROMO_RULES.codeMax} letters, digits, - or _`,
  value: 'Please enter a whole number above 0',
  percent: `Please enter a percentage from 1 to ${PROMO_RULES.percentMax}`,
  dates: 'The end must be after the start',
  limit: 'Please enter a whole number above 0, or leave it empty',
  duplicate: 'A promo code with this name exists already',
  notFound: 'Promo code not found',
} as const;

const codeField = z
  .string({ error: PROMO_FORM_MESSAGES.code })
  .trim()
  .min(PROMO_RULES.codeMin, PROMO_FORM_MESSAGES.code)
  .max(PROMO_RULES.codeMax, PROMO_FORM_MESSAGES.code)
  .transform(normalizePromoCode)
  .refine((c) => PROMO_CODE_PATTERN.test(c), PROMO_FORM_MESSAGES.code);

const positiveInt = (message: string) => z.number({ error: message }).int(message).min(1, message).max(PROMO_RULES.amountMax, message);
const optionalLimit = positiveInt(PROMO_FORM_MESSAGES.limit).nullish();

/** POST /api/admin/promo-codes. */
export const createPromoCodeRequestSchema = z
  .object({
    code: codeField,
    kind: z.enum(PROMO_KINDS),
    value: positiveInt(PROMO_FORM_MESSAGES.value),
    maxDiscount: optionalLimit,
    startsAt: z.iso.datetime({ offset: true }).nullish(),
    endsAt: z.iso.datetime({ offset: true }).nullish(),
    firstBookingOnly: z.boolean().default(false),
    cityId: z.guid().nullish(),
    category: z.enum(CATEGORIES).nullish(),
    maxUses: optionalLimit,
    maxUsesPerCustomer: optionalLimit,
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && p.value > PROMO_RULES.percentMax) ctx.addIssue({ code: 'custom', path: ['value'], message: PROMO_FORM_MESSAGES.percent });
    if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: PROMO_FORM_MESSAGES.dates });
  })
  .meta({ id: 'CreatePromoCodeRequest' });
export type CreatePromoCodeRequest = z.input<typeof createPromoCodeRequestSchema>;

export const promoCodeSchema = z
  .object({
    id: z.guid(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    value: z.number().int(),
    maxDiscount: z.number().int().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    firstBookingOnly: z.boolean(),
    cityId: z.string().nullable(),
    category: z.enum(CATEGORIES).nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerCustomer: z.number().int().nullable(),
    active: z.boolean(),
    /** Bookings not cancelled that used it. */
    uses: z.number().int().nonnegative(),
    createdAt: z.string(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCodeDto = z.infer<typeof promoCodeSchema>;
export const promoCodeListSchema = z.array(promoCodeSchema);
export const promoCodeIdParamsSchema = z.object({ id: z.guid() });

/** POST /api/promos/quote: the booking's price with the code and credit, before booking. */
export const discountQuoteRequestSchema = z
  .object({
    wizard: quoteRequestSchema.optional(),
    hourly: hourlyQuoteRequestSchema.extend({ cityId: z.guid().optional() }).optional(),
    ...discountRequestFields,
  })
  .refine((r) => (r.wizard === undefined) !== (r.hourly === undefined), { message: 'Please choose a service', path: ['wizard'] })
  .meta({ id: 'DiscountQuoteRequest' });
export type DiscountQuoteRequest = z.infer<typeof discountQuoteRequestSchema>;

export const discountLineSchema = z.object({ source: z.enum(DISCOUNT_SOURCES), code: z.string().nullable(), amount: z.number().int().nonnegative() });
export type DiscountLineDto = z.infer<typeof discountLineSchema>;

export const discountQuoteResponseSchema = z
  .object({
    quote: quoteResponseSchema,
    discounts: z.array(discountLineSchema),
    /** What the customer pays: the quote's total minus the discounts. */
    payable: z.number().int().nonnegative(),
    /** The customer's credit before this booking. */
    creditBalance: z.number().int().nonnegative(),
    /** Why the code does not apply (the booking would be refused with it); null when it applies or none was given. */
    promoError: z.object({ code: z.enum(PROMO_REFUSALS), message: z.string() }).nullable(),
    currency: z.literal(CURRENCY),
  })
  .meta({ id: 'DiscountQuote' });
export type DiscountQuoteResponse = z.infer<typeof discountQuoteResponseSchema>;

/** GET /api/referrals/me: the customer's link, credit and referrals. */
export const referralSummarySchema = z
  .object({
    code: z.string(),
    /** Path of the link; the web app prefixes its origin. */
    path: z.string(),
    creditBalance: z.number().int().nonnegative(),
    creditEarned: z.number().int().nonnegative(),
    referred: z.number().int().nonnegative(),
    rewarded: z.number().int().nonnegative(),
    /** Whether this account may still say who referred it. */
    canClaim: z.boolean(),
    referredBy: z.boolean(),
  })
  .meta({ id: 'ReferralSummary' });
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** POST /api/referrals/claim: a new account says whose link it came from. */
export const referralClaimRequestSchema = z
  .object({ code: z.string().trim().min(1).max(32) })
  .meta({ id: 'ReferralClaimRequest' });
export const referralClaimResponseSchema = z.object({ referred: z.literal(true) });
