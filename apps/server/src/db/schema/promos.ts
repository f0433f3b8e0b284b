/** Promo codes, booking discounts and referrals (migration 0031, docs/promos.md). */
import { CATEGORIES } from '@khedma/shared/domain/catalog';
import { DISCOUNT_SOURCES, PROMO_KINDS } from '@khedma/shared/domain/promos';
import { boolean, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { citext, createdAt, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { cities } from './geo';

export const promoCodes = pgTable('promo_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Case-insensitive and unique (citext). */
  code: citext('code').notNull().unique('promo_codes_code_unique'),
  kind: text('kind', { enum: PROMO_KINDS }).notNull(),
  value: integer('value').notNull(),
  maxDiscount: integer('max_discount'),
  startsAt: tstz('starts_at'),
  endsAt: tstz('ends_at'),
  firstBookingOnly: boolean('first_booking_only').notNull().default(false),
  cityId: uuid('city_id').references(() => cities.id, { onDelete: 'set null' }),
  category: text('category', { enum: CATEGORIES }),
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  active: boolean('active').notNull().default(true),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A booking's discounts: what the customer did not pay, borne by the platform. */
export const bookingDiscounts = pgTable(
  'booking_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: DISCOUNT_SOURCES }).notNull(),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    code: text('code'),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('booking_discounts_booking_source_unique').on(t.bookingId, t.source),
    index('booking_discounts_promo_idx').on(t.promoCodeId, t.userId),
    index('booking_discounts_user_idx').on(t.userId, t.source),
  ],
);

export const referralAccounts = pgTable(
  'referral_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: citext('code').notNull().unique('referral_accounts_code_unique'),
    referredBy: text('referred_by').references(() => users.id, { onDelete: 'set null' }),
    referredAt: tstz('referred_at'),
    rewardedAt: tstz('rewarded_at'),
    rewardedPhone: text('rewarded_phone'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_accounts_rewarded_phone_idx').on(t.rewardedPhone).where(sql`${t.rewardedPhone} IS NOT NULL`),
    index('referral_accounts_referred_by_idx').on(t.referredBy),
  ],
);

export const referralCredits = pgTable(
  'referral_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    refereeId: text('referee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('referral_credits_once_unique').on(t.userId, t.refereeId)],
);
