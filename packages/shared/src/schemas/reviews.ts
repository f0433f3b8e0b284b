/**
 * Reviews (docs/reviews-and-earnings.md): writing one for a completed booking, "Was this helpful?",
 * the professional's one public reply, and the admins' list of low-rated professionals.
 */
import { z } from 'zod';
import { REVIEW_LIMITS } from '../domain/reviews';
import { isPlainText, isSingleLineText, VALIDATION_MESSAGES } from '../domain/validation';
import { localizedTextSchema } from './catalog';

export const REVIEW_MESSAGES = {
  rating: `Please choose a rating from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} stars`,
  title: 'Please enter a title',
  titleMax: `Title must be at most ${REVIEW_LIMITS.titleMax} characters`,
  commentMax: `Comment must be at most ${REVIEW_LIMITS.commentMax} characters`,
  reply: 'Please enter a reply',
  replyMax: `Reply must be at most ${REVIEW_LIMITS.replyMax} characters`,
  notFound: 'Review not found',
  bookingNotFound: 'Booking not found',
  notCompleted: 'You can review a booking once it is completed.',
  alreadyReviewed: 'You have already reviewed this booking.',
  alreadyVoted: 'You have already marked this review as helpful.',
  ownReview: 'You cannot vote on your own review.',
  alreadyReplied: 'You have already replied to this review.',
  notYourReview: 'Only the reviewed professional can reply.',
  /** SPEC §8. */
  feedbackRecorded: 'Your feedback has been recorded',
} as const;

const ratingField = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(REVIEW_LIMITS.ratingMin, REVIEW_MESSAGES.rating)
  .max(REVIEW_LIMITS.ratingMax, REVIEW_MESSAGES.rating);

export const reviewIdParamsSchema = z.object({ id: z.guid() });
export const reviewBookingParamsSchema = z.object({ bookingId: z.guid() });

export const createReviewRequestSchema = z
  .object({
    bookingId: z.guid(),
    rating: ratingField,
    title: z
      .string({ error: REVIEW_MESSAGES.title })
      .trim()
      .min(1, REVIEW_MESSAGES.title)
      .max(REVIEW_LIMITS.titleMax, REVIEW_MESSAGES.titleMax)
      .refine(isSingleLineText, VALIDATION_MESSAGES.singleLine),
    comment: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.commentMax, REVIEW_MESSAGES.commentMax)
      .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters)
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'CreateReviewRequest' });
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

export const replyRequestSchema = z
  .object({
    reply: z
      .string({ error: REVIEW_MESSAGES.reply })
      .trim()
      .min(1, REVIEW_MESSAGES.reply)
      .max(REVIEW_LIMITS.replyMax, REVIEW_MESSAGES.replyMax)
      .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters),
  })
  .meta({ id: 'ReviewReplyRequest' });

export const reviewSchema = z
  .object({
    id: z.guid(),
    bookingId: z.guid(),
    professionalId: z.guid(),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    comment: z.string().nullable(),
    helpfulCount: z.number().int().nonnegative(),
    reply: z.string().nullable(),
    repliedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** What /review/:bookingId shows: the booking, whether the signed-in customer may review it, the review once written. */
export const reviewContextSchema = z
  .object({
    booking: z.object({
      id: z.guid(),
      reference: z.string(),
      /** The stored title, in English; clients show `service` in the reader's language when there is one. */
      title: z.string(),
      /** A catalogue booking's service (null for an hourly booking). */
      service: z.object({ id: z.guid(), name: localizedTextSchema }).nullable(),
      /** An hourly booking is called "2h with Youssef" in the reader's language. */
      durationMinutes: z.number().int().positive(),
      status: z.string(),
      scheduledStart: z.iso.datetime({ offset: true }),
      professional: z.object({ id: z.guid(), name: z.string() }),
    }),
    canReview: z.boolean(),
    /** Why not: the booking is not completed yet, or it has its review already. */
    reason: z.enum(['NOT_COMPLETED', 'ALREADY_REVIEWED']).nullable(),
    review: reviewSchema.nullable(),
  })
  .meta({ id: 'ReviewContext' });
export type ReviewContext = z.infer<typeof reviewContextSchema>;

export const helpfulResponseSchema = z
  .object({ helpfulCount: z.number().int().nonnegative(), voted: z.literal(true), message: z.string() })
  .meta({ id: 'HelpfulVote' });

/** Among the given reviews: those the signed-in user marked helpful, those they may answer (as the reviewed professional, unanswered), and those they wrote. */
export const myVotesQuerySchema = z.object({
  ids: z
    .string()
    .max(50 * 37)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.guid()).max(50)),
});
export const myVotesResponseSchema = z
  .object({ reviewIds: z.array(z.guid()), replyable: z.array(z.guid()), own: z.array(z.guid()) })
  .meta({ id: 'ReviewsViewerState' });
export type ReviewsViewerState = z.infer<typeof myVotesResponseSchema>;

export const flaggedProfessionalSchema = z
  .object({
    professionalId: z.guid(),
    name: z.string(),
    fullName: z.string(),
    city: z.string().nullable(),
    status: z.string(),
    averageRating: z.number(),
    totalReviews: z.number().int(),
  })
  .meta({ id: 'FlaggedProfessional' });
export const flaggedProfessionalsResponseSchema = z
  .object({ items: z.array(flaggedProfessionalSchema), threshold: z.object({ belowAverage: z.number(), minReviews: z.number().int() }) })
  .meta({ id: 'FlaggedProfessionals' });
export type FlaggedProfessionalsResponse = z.infer<typeof flaggedProfessionalsResponseSchema>;
