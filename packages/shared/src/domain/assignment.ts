/**
 * Choosing the professional for a wizard booking (docs/bookings.md: real assignment, ties broken by
 * rating, then fewest recent jobs). The database has already kept only candidates who are approved,
 * offer the service in the city, are available in that weekday slot and have no overlapping pending
 * or confirmed booking; this orders what is left.
 *
 * Order:
 * 1. Tier: well rated (average >= 4.0, the green badge) first; then professionals with no reviews
 *    yet; then those rated below 4.0. A newcomer is treated as neutral: behind proven good work,
 *    ahead of proven poor work, so new professionals still get their first jobs.
 * 2. Within a tier, higher average first (compared to the hundredth, so 4.666... and 4.67 tie as
 *    the badge shows them).
 * 3. Fewest jobs in the last 30 days, spreading work across professionals.
 * 4. Nearest first: the distance from the professional's base location to the address's pin (issue 42;
 *    unknown distances after known ones).
 * 5. More reviews first (more evidence behind the same average).
 * 6. Professional id ascending: deterministic whatever order the database returned.
 */
import { RATING_BADGE_THRESHOLDS } from './reviews';

export interface AssignmentCandidate {
  professionalId: string;
  /** Average rating 1-5, null when there is no review. */
  rating: number | null;
  reviewCount: number;
  /** Bookings (pending, confirmed or completed) starting in the last 30 days. */
  jobsLast30Days: number;
  /** Km from the professional's base location to the address (domain/travel.ts distanceToKm); null or absent: unknown. */
  distanceKm?: number | null;
}

/** Known distances first, nearest first, to the hundred metres (so float noise never decides). */
function compareDistance(a?: number | null, b?: number | null): number {
  const ka = a === null || a === undefined ? Number.POSITIVE_INFINITY : Math.round(a * 10);
  const kb = b === null || b === undefined ? Number.POSITIVE_INFINITY : Math.round(b * 10);
  return ka === kb ? 0 : ka < kb ? -1 : 1;
}

/** 0 well rated, 1 unrated, 2 rated below the good threshold. */
export function ratingTier(c: Pick<AssignmentCandidate, 'rating' | 'reviewCount'>): 0 | 1 | 2 {
  if (c.rating === null || !Number.isFinite(c.rating) || c.reviewCount <= 0) return 1;
  return c.rating >= RATING_BADGE_THRESHOLDS.good ? 0 : 2;
}

const hundredths = (rating: number | null) => (rating === null ? 0 : Math.round(rating * 100));

/**
 * The first two keys of the order alone (tier, then average to the hundredth): the rating group. Every
 * run of candidates equal on it, in this order, is a contiguous run of the whole order, whatever their
 * 30-day counts, distances and review counts: lazy assignment (server travel.ts pickLazily) counts the
 * 30-day jobs of the best groups only.
 */
export function compareRatingGroup(a: Pick<AssignmentCandidate, 'rating' | 'reviewCount'>, b: Pick<AssignmentCandidate, 'rating' | 'reviewCount'>): number {
  return ratingTier(a) - ratingTier(b) || hundredths(b.rating) - hundredths(a.rating);
}

/** Sort comparator implementing the order above (negative: `a` is preferred). */
export function compareCandidates(a: AssignmentCandidate, b: AssignmentCandidate): number {
  return (
    compareRatingGroup(a, b) ||
    a.jobsLast30Days - b.jobsLast30Days ||
    compareDistance(a.distanceKm, b.distanceKm) ||
    b.reviewCount - a.reviewCount ||
    (a.professionalId < b.professionalId ? -1 : a.professionalId > b.professionalId ? 1 : 0)
  );
}

/** Candidates best first; the input is not changed. */
export function rankCandidates<T extends AssignmentCandidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(compareCandidates);
}

/** The professional to assign, or null when nobody is free ("no candidate: say so"). */
export function pickProfessional<T extends AssignmentCandidate>(candidates: readonly T[]): T | null {
  return rankCandidates(candidates)[0] ?? null;
}

/** Clients see only a professional's first name (docs/bookings.md): the first word of the full name. */
export function publicFirstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
