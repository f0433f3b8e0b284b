/** Reviews (one per booking) and the professional_ratings view built from them. */
import { LIMITS } from '@khedma/shared/domain/constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, pgView, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
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
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'reviews_rating_check',
      sql`${t.rating} BETWEEN ${sql.raw(String(LIMITS.ratingMin))} AND ${sql.raw(String(LIMITS.ratingMax))}`,
    ),
    check('reviews_helpful_count_check', sql`${t.helpfulCount} >= 0`),
    // "reviews: select by professional_id with optional rating filter and sort" (newest first);
    // also feeds the professional_ratings view.
    index('reviews_professional_created_idx').on(t.professionalId, t.createdAt.desc().nullsFirst()),
    index('reviews_professional_rating_idx').on(t.professionalId, t.rating),
  ],
);

/**
 * Ratings of every professional from real reviews (custom migration 0002). average_rating is 0
 * and total_reviews 0 when there are none ("No reviews yet").
 */
export const professionalRatings = pgView('professional_ratings', {
  professionalId: uuid('professional_id').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  averageRating: numeric('average_rating', { mode: 'number' }).notNull(),
  totalReviews: integer('total_reviews').notNull(),
  fiveStarCount: integer('five_star_count').notNull(),
  fourStarCount: integer('four_star_count').notNull(),
  threeStarCount: integer('three_star_count').notNull(),
  twoStarCount: integer('two_star_count').notNull(),
  oneStarCount: integer('one_star_count').notNull(),
}).existing();
