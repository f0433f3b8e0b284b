/** Recurring bookings (docs/recurring.md): a series repeating a booking, and what became of each of its visits. */
import { OCCURRENCE_STATES, SERIES_STATUSES, UNAVAILABLE_REASONS } from '@khedma/shared/domain/recurring';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { professionals } from './professionals';

/** The end of a series as stored (domain/recurring.ts SeriesEnd). */
export type StoredSeriesEnd = { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'date'; date: string };

/**
 * A series: the customer's booking it repeats (its service, address and add-ons are copied to each
 * visit), the professional, the Casablanca weekday and wall-clock time, the interval and the end.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id),
    sourceBookingId: uuid('source_booking_id')
      .notNull()
      .references(() => bookings.id),
    intervalWeeks: smallint('interval_weeks').notNull(),
    /** Casablanca date of the first visit, 'YYYY-MM-DD'. */
    firstDate: text('first_date').notNull(),
    /** Casablanca wall-clock start, 'HH:mm'. */
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    end: jsonb('end_rule').$type<StoredSeriesEnd>().notNull(),
    status: text('status', { enum: SERIES_STATUSES }).notNull().default('active'),
    /** The create request's Idempotency-Key: a retry answers the same series. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_series_status_check', inList(t.status, SERIES_STATUSES)),
    check('booking_series_interval_check', sql`${t.intervalWeeks} IN (1, 2, 4)`),
    check('booking_series_duration_check', sql`${t.durationMinutes} > 0`),
    uniqueIndex('booking_series_idempotency_idx').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('booking_series_source_live_idx').on(t.sourceBookingId).where(sql`${t.status} IN ('active', 'paused')`),
    index('booking_series_user_idx').on(t.userId),
    index('booking_series_professional_idx').on(t.professionalId),
  ],
);

/** One visit of a series once the rolling job (or the customer) has decided it: booked, skipped, unavailable, rebooked, or moved (not created yet). */
export const bookingSeriesOccurrences = pgTable(
  'booking_series_occurrences',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => bookingSeries.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Casablanca date planned for this visit. */
    plannedDate: text('planned_date').notNull(),
    state: text('state', { enum: OCCURRENCE_STATES }).notNull(),
    reason: text('reason', { enum: UNAVAILABLE_REASONS }),
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The customer moved this visit before it existed: its start (migration 0036); the booking is made then. */
    movedStart: tstz('moved_start'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.seq] }),
    check('booking_series_occurrences_state_check', inList(t.state, OCCURRENCE_STATES)),
    check('booking_series_occurrences_moved_check', sql`${t.state} <> 'moved' OR ${t.movedStart} IS NOT NULL`),
    uniqueIndex('booking_series_occurrences_booking_idx').on(t.bookingId),
  ],
);
