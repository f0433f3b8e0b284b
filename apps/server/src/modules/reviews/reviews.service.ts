/**
 * Reviews (docs/reviews-and-earnings.md): the customer of a completed booking reviews its professional
 * once; anyone signed in marks a review helpful once; the reviewed professional replies once; admins
 * list the professionals under 3 after 5 reviews. The rating aggregate (professional_ratings) is kept by
 * the database triggers of migration 0007 in the review's own transaction, so search, cards and
 * profile pages read it at once.
 */
import {
  bookingReference,
  can,
  REVIEW_FLAG,
  REVIEW_MESSAGES,
  reviewRefusal,
  type FlaggedProfessionalsResponse,
  type Review,
  type ReviewContext,
  type SessionUser,
} from '@khedma/shared';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { ReviewRow, ReviewsRepository } from './reviews.repository';

const UNIQUE_VIOLATION = '23505';

export function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    bookingId: r.bookingId,
    professionalId: r.professionalId,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    helpfulCount: r.helpfulCount,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

export class ReviewsService {
  constructor(
    private readonly db: Db,
    private readonly repo: ReviewsRepository,
    private readonly clock: Clock,
  ) {}

  /** What /review/:bookingId needs. Only the booking's customer sees it (anyone else: 404). */
  async context(user: SessionUser, bookingId: string): Promise<ReviewContext> {
    const booking = await this.repo.booking(bookingId);
    if (!booking || booking.customerId !== user.id) throw notFound(REVIEW_MESSAGES.bookingNotFound);
    const review = await this.repo.ofBooking(bookingId);
    const refusal = reviewRefusal(booking, user.id, Boolean(review));
    return {
      booking: {
        id: booking.id,
        reference: bookingReference(booking.id),
        title: booking.title,
        service:
          booking.serviceId && booking.serviceName
            ? { id: booking.serviceId, name: { en: booking.serviceName, fr: booking.serviceNameFr ?? booking.serviceName, ar: booking.serviceNameAr ?? booking.serviceName } }
            : null,
        durationMinutes: booking.durationMinutes,
        status: booking.status,
        scheduledStart: booking.scheduledStart.toISOString(),
        professional: { id: booking.professionalId, name: booking.professionalName },
      },
      canReview: refusal === null,
      reason: refusal === 'NOT_COMPLETED' || refusal === 'ALREADY_REVIEWED' ? refusal : null,
      review: review ? toReview(review) : null,
    };
  }

  async create(user: SessionUser, input: { bookingId: string; rating: number; title: string; comment: string | null }): Promise<Review> {
    if (!can(user, 'review:create')) throw forbidden();
    try {
      return await this.db.transaction(async (tx) => {
        const repo = this.repo.with(tx);
        // The booking's row lock queues two reviews of one booking; the unique booking_id is the backstop.
        const booking = await repo.booking(input.bookingId, true);
        const refusal = reviewRefusal(booking ?? null, user.id, Boolean(await repo.ofBooking(input.bookingId)));
        if (refusal === 'NOT_FOUND') throw notFound(REVIEW_MESSAGES.bookingNotFound);
        if (refusal === 'NOT_COMPLETED') throw new AppError('REVIEW_NOT_ALLOWED', REVIEW_MESSAGES.notCompleted);
        if (refusal === 'ALREADY_REVIEWED') throw new AppError('ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed);
        const row = await repo.insert({ ...input, userId: user.id, professionalId: booking!.professionalId });
        return toReview(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed);
      throw err;
    }
  }

  /** "Was this helpful?": once per user; not on one's own review. */
  async helpful(user: SessionUser, reviewId: string): Promise<{ helpfulCount: number; voted: true; message: string }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const review = await repo.byId(reviewId);
      if (!review) throw notFound(REVIEW_MESSAGES.notFound);
      if (review.userId === user.id) throw forbidden(REVIEW_MESSAGES.ownReview);
      const count = await repo.addVote(reviewId, user.id);
      if (count === null) throw new AppError('ALREADY_VOTED', REVIEW_MESSAGES.alreadyVoted);
      return { helpfulCount: count, voted: true as const, message: REVIEW_MESSAGES.feedbackRecorded };
    });
  }

  async myVotes(user: SessionUser, ids: string[]): Promise<{ reviewIds: string[]; replyable: string[]; own: string[] }> {
    const professionalId = await this.repo.professionalOfUser(user.id);
    const [reviewIds, replyable, own] = await Promise.all([
      this.repo.votedAmong(user.id, ids),
      professionalId ? this.repo.unansweredOf(professionalId, ids) : Promise.resolve([]),
      this.repo.writtenBy(user.id, ids),
    ]);
    return { reviewIds, replyable, own };
  }

  /** The reviewed professional's one public reply. */
  async reply(user: SessionUser, reviewId: string, reply: string): Promise<Review> {
    const review = await this.repo.byId(reviewId);
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    const professionalId = await this.repo.professionalOfUser(user.id);
    if (!professionalId || professionalId !== review.professionalId) throw forbidden(REVIEW_MESSAGES.notYourReview);
    const updated = await this.repo.setReply(reviewId, reply, this.clock.now());
    if (!updated) throw new AppError('ALREADY_REPLIED', REVIEW_MESSAGES.alreadyReplied);
    return toReview(updated);
  }

  async flagged(): Promise<FlaggedProfessionalsResponse> {
    const rows = await this.repo.flagged();
    return {
      items: rows.map((r) => ({ ...r, averageRating: Number(r.averageRating), totalReviews: Number(r.totalReviews) })),
      threshold: { belowAverage: REVIEW_FLAG.belowAverage, minReviews: REVIEW_FLAG.minReviews },
    };
  }
}

