/**
 * Public reads of a professional (SPEC.md §2 Professional profile, PRODUCT.md §1 real figures):
 * the profile page, its reviews and the booking panel's free slots.
 *
 * Privacy: clients see a professional's first name only (SPEC.md §5 "Clients see only the first
 * name"; professionals.name holds it), never the full name, phone or email.
 */
import { z } from 'zod';
import { CATEGORIES } from '../domain/catalog';
import { BOOKING_RULES, WEEKDAYS } from '../domain/constants';
import { localizedTextSchema } from './catalog';
import { bookingDateField } from './booking';
import { DEFAULT_DURATION_HOURS, DURATION_CHOICES_HOURS } from '../domain/schedule';

export const PROS_MESSAGES = { notFound: 'Professional not found' } as const;

export const proIdParamsSchema = z.object({ id: z.uuid(PROS_MESSAGES.notFound) });

const rating = z.number().min(0).max(5).nullable();

export const ratingBreakdownSchema = z
  .object({ 5: z.number().int(), 4: z.number().int(), 3: z.number().int(), 2: z.number().int(), 1: z.number().int() })
  .meta({ id: 'RatingBreakdown' });

export const proProfileSchema = z
  .object({
    id: z.uuid(),
    /** First name only (SPEC §5). */
    name: z.string(),
    avatarUrl: z.string().nullable(),
    /** An approved (vetted) professional: the verified tick. */
    verified: z.boolean(),
    city: z.object({ id: z.uuid(), slug: z.string(), name: localizedTextSchema }),
    /** Whole MAD per hour. */
    hourlyRate: z.number().int().nonnegative(),
    about: z.string().nullable(),
    skills: z.array(z.string()),
    services: z.array(z.object({ id: z.uuid(), category: z.enum(CATEGORIES), name: localizedTextSchema })),
    /** Average of real reviews; null when there are none ("No reviews yet"). */
    rating,
    reviewsCount: z.number().int().nonnegative(),
    jobsDone: z.number().int().nonnegative(),
    /** Weekdays with at least one availability slot, Monday first (the panel's "available days"). */
    availableDays: z.array(z.enum(WEEKDAYS)),
    memberSince: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProProfile' });
export type ProProfile = z.infer<typeof proProfileSchema>;

export const proReviewsQuerySchema = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional(),
  sort: z.enum(['newest', 'highest', 'lowest', 'helpful']).default('newest'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ProReviewsQuery = z.infer<typeof proReviewsQuerySchema>;

export const proReviewSchema = z
  .object({
    id: z.uuid(),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    comment: z.string().nullable(),
    helpfulCount: z.number().int().nonnegative(),
    /** The reviewer's first name. */
    author: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProReview' });

export const proReviewsResponseSchema = z
  .object({
    rating,
    reviewsCount: z.number().int().nonnegative(),
    breakdown: ratingBreakdownSchema,
    reviews: z.array(proReviewSchema),
  })
  .meta({ id: 'ProReviews' });
export type ProReviewsResponse = z.infer<typeof proReviewsResponseSchema>;

export const proAvailabilityQuerySchema = z.object({
  date: bookingDateField,
  /** How long the booking would last (the /booking duration choice). */
  durationHours: z.coerce
    .number()
    .refine((h) => DURATION_CHOICES_HOURS.includes(h), 'Please select a duration')
    .default(DEFAULT_DURATION_HOURS),
});
export type ProAvailabilityQuery = z.infer<typeof proAvailabilityQuerySchema>;

export const proAvailabilityResponseSchema = z
  .object({
    date: z.string(),
    durationHours: z.number(),
    /** The professional page slots (09:00 ... 17:00), each free or not, with why not. */
    slots: z.array(
      z.object({
        time: z.string(),
        available: z.boolean(),
        /** TOO_SOON_OR_OUT_OF_RANGE (under 2 h away, past, beyond 30 days), NOT_WORKING, BOOKED. */
        reason: z.enum(['TOO_SOON_OR_OUT_OF_RANGE', 'NOT_WORKING', 'BOOKED']).nullable(),
      }),
    ),
  })
  .meta({ id: 'ProAvailability', description: `Slots ${BOOKING_RULES.proPageSlots.join(', ')}` });
export type ProAvailabilityResponse = z.infer<typeof proAvailabilityResponseSchema>;
