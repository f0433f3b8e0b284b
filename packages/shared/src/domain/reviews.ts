/**
 * Reviews (docs/reviews-and-earnings.md): who may write one, the rating badge, the low-rating flag and
 * the aggregate kept per professional (professional_ratings, maintained by database triggers; this is
 * the same computation, from scratch, for tests and for the web app).
 */

/** Rating badge colours: green at 4 or more, yellow at 3 or more, red below. */
export const RATING_BADGE_THRESHOLDS = { good: 4, fair: 3 } as const;

/** Lengths of a review's text and of the professional's reply; the rating's range; the average below which a professional may be suspended. */
export const REVIEW_LIMITS = {
  titleMax: 100,
  commentMax: 1000,
  replyMax: 1000,
  ratingMin: 1,
  ratingMax: 5,
  /** Professionals whose average falls below this may be suspended. */
  suspensionRatingThreshold: 3,
} as const;

/** A professional whose average is under `belowAverage` after at least `minReviews` reviews is flagged to admins. */
export const REVIEW_FLAG = { belowAverage: REVIEW_LIMITS.suspensionRatingThreshold, minReviews: 5 } as const;

export const RATING_STARS = [5, 4, 3, 2, 1] as const;
export type Star = (typeof RATING_STARS)[number];

/** Rating badge colour (SPEC §9): green at 4 or more, yellow at 3 or more, red below. */
export type RatingBadge = 'good' | 'fair' | 'poor';
export function ratingBadge(average: number): RatingBadge {
  if (average >= RATING_BADGE_THRESHOLDS.good) return 'good';
  if (average >= RATING_BADGE_THRESHOLDS.fair) return 'fair';
  return 'poor';
}

export function isFlagged(average: number, totalReviews: number): boolean {
  return totalReviews >= REVIEW_FLAG.minReviews && average < REVIEW_FLAG.belowAverage;
}

export interface RatingAggregate {
  totalReviews: number;
  ratingSum: number;
  /** Rounded to 2 decimals, as numeric(3, 2) stores it; 0 without reviews. */
  averageRating: number;
  breakdown: Record<Star, number>;
}

/** The aggregate of a list of star ratings, computed from scratch. */
export function aggregateRatings(ratings: readonly number[]): RatingAggregate {
  const breakdown: Record<Star, number> = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  let sum = 0;
  for (const r of ratings) {
    if (!Number.isInteger(r) || r < REVIEW_LIMITS.ratingMin || r > REVIEW_LIMITS.ratingMax) throw new RangeError(`rating ${r} is not 1-5`);
    breakdown[r as Star] += 1;
    sum += r;
  }
  return { totalReviews: ratings.length, ratingSum: sum, averageRating: roundHalfUp2(sum, ratings.length), breakdown };
}

/** sum / total rounded half up to 2 decimals with integer arithmetic (no binary rounding error). */
function roundHalfUp2(sum: number, total: number): number {
  if (total === 0) return 0;
  const thousandths = Math.floor((sum * 1000) / total); // truncated
  const rounded = Math.floor((thousandths + 5) / 10);
  return rounded / 100;
}

export type ReviewRefusal = 'NOT_FOUND' | 'NOT_COMPLETED' | 'ALREADY_REVIEWED';

/**
 * Whether `userId` may review the booking: only its customer (anyone else: not found, so the booking's
 * existence is not revealed), only once it is completed, and only once.
 */
export function reviewRefusal(
  booking: { customerId: string; status: string } | null,
  userId: string,
  hasReview: boolean,
): ReviewRefusal | null {
  if (!booking || booking.customerId !== userId) return 'NOT_FOUND';
  if (booking.status !== 'completed') return 'NOT_COMPLETED';
  if (hasReview) return 'ALREADY_REVIEWED';
  return null;
}
