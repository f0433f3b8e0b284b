/** Reviews (one per booking) and the professional_ratings aggregate kept from them. */
import { REVIEW_LIMITS } from '@khedma/shared/domain/reviews';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { professionals } from './professionals';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One review per booking. */
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The customer who wrote it. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title'),
    comment: text('comment'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** The professional's one public reply (migration 0011). */
    reply: text('reply'),
    repliedAt: tstz('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'reviews_rating_check',
      sql`${t.rating} BETWEEN ${sql.raw(String(REVIEW_LIMITS.ratingMin))} AND ${sql.raw(String(REVIEW_LIMITS.ratingMax))}`,
    ),
    check('reviews_helpful_count_check', sql`${t.helpfulCount} >= 0`),
    check('reviews_reply_check', sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL)`),
    // "reviews: select by professional_id with optional rating filter and sort" (newest first);
    index('reviews_professional_created_idx').on(t.professionalId, t.createdAt.desc().nullsFirst()),
    index('reviews_professional_rating_idx').on(t.professionalId, t.rating),
  ],
);

/** "Was this helpful?": one vote per user and review (reviews.helpful_count counts them). Migration 0011. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'review_helpful_votes_pk', columns: [t.reviewId, t.userId] }), index('review_helpful_votes_user_idx').on(t.userId)],
);

/**
 * Ratings of every professional, kept up to date by triggers on reviews (migration 0007): one row per
 * professional, created with it. average_rating is generated from rating_sum / total_reviews (0 when
 * there are none: "No reviews yet"), so search sorts and filters on an index instead of scanning reviews.
 */
export const professionalRatings = pgTable(
  'professional_ratings',
  {
    professionalId: uuid('professional_id')
      .primaryKey()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    ratingSum: integer('rating_sum').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    fiveStarCount: integer('five_star_count').notNull().default(0),
    fourStarCount: integer('four_star_count').notNull().default(0),
    threeStarCount: integer('three_star_count').notNull().default(0),
    twoStarCount: integer('two_star_count').notNull().default(0),
    oneStarCount: integer('one_star_count').notNull().default(0),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN "total_reviews" = 0 THEN 0 ELSE round("rating_sum"::numeric / "total_reviews", 2) END`,
      ),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('professional_ratings_rating_idx').on(t.averageRating.desc(), t.totalReviews.desc(), t.professionalId),
    index('professional_ratings_reviews_idx').on(t.totalReviews.desc(), t.averageRating.desc(), t.professionalId),
  ],
);

/**
 * Search keys (migration 0018): one row per listed professional and per (city, category) they cover,
 * plus "any city" (the nil uuid) and "any category" ('') rows, with the sort keys of the
 * search page. Kept by triggers from professionals and professional_ratings, never written by the
 * application; its btree indexes (in the migration: (city_id, category, <order>, professional_id))
 * make the search page's filtered counts index-only scans and its pages one index walk.
 */
export const SEARCH_KEYS_ANY_CITY = '00000000-0000-0000-0000-000000000000';
export const SEARCH_KEYS_ANY_CATEGORY = '';
export const professionalSearchKeys = pgTable('professional_search_keys', {
  professionalId: uuid('professional_id')
    .notNull()
    .references(() => professionals.id, { onDelete: 'cascade' }),
  /** SEARCH_KEYS_ANY_CITY: the row of every city. */
  cityId: uuid('city_id').notNull(),
  /** '' (SEARCH_KEYS_ANY_CATEGORY): the row of every category. */
  category: text('category').notNull(),
  averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }).notNull(),
  totalReviews: integer('total_reviews').notNull(),
  hourlyRate: integer('hourly_rate').notNull(),
  name: text('name').notNull(),
});

/**
 * The first names professionals go by (migration 0045), each once (a rare duplicate is harmless): a text
 * search finds the names that contain the text here, then reads the keys' name index by equality on them.
 * Kept by a trigger on professionals, never written by the application; a name nobody has any more stays.
 */
export const professionalFirstNames = pgTable('professional_first_names', {
  name: text('name').notNull(),
});

/**
 * How many professionals are listed (active and approved): the unfiltered total of the search page
 * (migration 0023), one row kept by a trigger on professionals, instead of a count(*) over every one of
 * them on each search (issue 40). Never written by the application.
 */
export const professionalListedCount = pgTable('professional_listed_count', {
  id: boolean('id').primaryKey().default(true),
  n: integer('n').notNull(),
});

/**
 * The filtered totals of the search page (migration 0037): how many listed professionals each (city or
 * any) x (category or any) x rating floor (the average rating floored to the half star) holds, kept by
 * the search keys' refresh and a delete trigger on professionals; a filtered count sums at most 11 rows.
 * Never written by the application.
 */
export const professionalSearchCounts = pgTable(
  'professional_search_counts',
  {
    cityId: uuid('city_id').notNull(),
    category: text('category').notNull(),
    ratingFloor: numeric('rating_floor', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.category, t.ratingFloor] })],
);
