/**
 * What a booking request may add for its discounts (docs/promos.md), spread into the create schemas of
 * schemas/booking.ts; a file of its own so that booking.ts and promos.ts do not import each other.
 */
import { z } from 'zod';
import { PROMO_RULES } from '../domain/promos';

export const discountRequestFields = {
  /** A promo code typed by the customer; checked again by the server when the booking is made. */
  promoCode: z.string().trim().max(PROMO_RULES.codeMax, 'This promo code does not exist').optional(),
  /** Spend the customer's referral credit (default: yes, when there is some). */
  useCredit: z.boolean().optional(),
};
