/** Bookings, their priced lines, and request idempotency. */
import { BOOKING_KINDS, BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, IDEMPOTENCY_STATUSES, BOOKING_LIMITS } from '@khedma/shared/domain/booking-status';
import { PRICE_LINE_KINDS } from '@khedma/shared/domain/pricing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { serviceTypes } from './catalog';
import { boroughs, cities } from './geo';
import { professionals } from './professionals';

/** One chosen add-on as stored on the booking. */
export interface BookingAddon {
  id: string;
  name: string;
  price: number;
}

/**
 * A booking. Overlapping pending/confirmed bookings of one professional are refused by the
 * exclusion constraint bookings_no_overlap (custom migration), so assignment cannot double-book.
 * Money is whole MAD: total_amount = service_price + addons_total + service_fee.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id),
    /** Null for hourly bookings made from a professional's page. */
    serviceTypeId: uuid('service_type_id').references(() => serviceTypes.id),
    kind: text('kind', { enum: BOOKING_KINDS }).notNull().default('service'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The address. */
    location: text('location').notNull(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    boroughId: uuid('borough_id').references(() => boroughs.id),
    /** The address's map pin, landmark, floor and door (issue 42, migration 0029); the pin is both or neither. */
    addressLat: doublePrecision('address_lat'),
    addressLng: doublePrecision('address_lng'),
    addressLandmark: text('address_landmark'),
    addressFloor: text('address_floor'),
    addressDoor: text('address_door'),
    contactPhone: text('contact_phone'),
    specialRequests: text('special_requests'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: BOOKING_PAYMENT_STATUSES }).notNull().default('pending'),
    /** docs/bookings.md's scheduled_date. */
    scheduledStart: tstz('scheduled_start').notNull(),
    scheduledEnd: tstz('scheduled_end').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    servicePrice: integer('service_price').notNull().default(0),
    addonsTotal: integer('addons_total').notNull().default(0),
    serviceFee: integer('service_fee').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    /** Promo code and credit taken off the total (migration 0031, docs/promos.md): the platform bears it. */
    discountAmount: integer('discount_amount').notNull().default(0),
    fixedPrice: boolean('fixed_price').notNull().default(true),
    addonServices: jsonb('addon_services').$type<BookingAddon[]>().notNull().default([]),
    /** The wizard's "Repeat" (migration 0036, docs/recurring.md): the series made when this booking is paid. */
    repeatIntervalWeeks: smallint('repeat_interval_weeks'),
    repeatEnd: jsonb('repeat_end').$type<{ kind: 'never' } | { kind: 'count'; count: number } | { kind: 'date'; date: string }>(),
    cancellationFee: integer('cancellation_fee'),
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancellationReason: text('cancellation_reason'),
    completedAt: tstz('completed_at'),
    /** The admin's optional notes when completing (migration 0010_admin). */
    completionNotes: text('completion_notes'),
    /** Booking history anonymised 2 years after it ended (migration 0027, docs/retention.md). */
    anonymisedAt: tstz('anonymised_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_kind_check', inList(t.kind, BOOKING_KINDS)),
    check('bookings_status_check', inList(t.status, BOOKING_STATUSES)),
    check('bookings_payment_status_check', inList(t.paymentStatus, BOOKING_PAYMENT_STATUSES)),
    check('bookings_title_length_check', sql`char_length(${t.title}) <= ${sql.raw(String(BOOKING_LIMITS.titleMax))}`),
    check(
      'bookings_description_length_check',
      sql`char_length(${t.description}) <= ${sql.raw(String(BOOKING_LIMITS.descriptionMax))}`,
    ),
    check(
      'bookings_location_length_check',
      sql`char_length(${t.location}) <= ${sql.raw(String(BOOKING_LIMITS.locationMax))}`,
    ),
    check(
      'bookings_address_pin_check',
      sql`(${t.addressLat} IS NULL AND ${t.addressLng} IS NULL) OR (${t.addressLat} BETWEEN -90 AND 90 AND ${t.addressLng} BETWEEN -180 AND 180)`,
    ),
    check(
      'bookings_address_lengths_check',
      sql`(${t.addressLandmark} IS NULL OR char_length(${t.addressLandmark}) <= 200) AND (${t.addressFloor} IS NULL OR char_length(${t.addressFloor}) <= 20) AND (${t.addressDoor} IS NULL OR char_length(${t.addressDoor}) <= 20)`,
    ),
    check('bookings_schedule_check', sql`${t.scheduledEnd} > ${t.scheduledStart}`),
    check('bookings_duration_check', sql`${t.durationMinutes} > 0`),
    check(
      'bookings_amounts_check',
      sql`${t.servicePrice} >= 0 AND ${t.addonsTotal} >= 0 AND ${t.serviceFee} >= 0 AND ${t.totalAmount} >= 0`,
    ),
    check('bookings_total_check', sql`${t.totalAmount} = ${t.servicePrice} + ${t.addonsTotal} + ${t.serviceFee} - ${t.discountAmount}`),
    check('bookings_discount_check', sql`${t.discountAmount} >= 0`),
    check('bookings_repeat_check', sql`(${t.repeatIntervalWeeks} IS NULL AND ${t.repeatEnd} IS NULL) OR (${t.repeatIntervalWeeks} IN (1, 2, 4) AND ${t.repeatEnd} IS NOT NULL)`),
    check('bookings_completion_notes_length_check', sql`${t.completionNotes} IS NULL OR char_length(${t.completionNotes}) <= 1000`),
    check('bookings_cancellation_fee_check', sql`${t.cancellationFee} IS NULL OR ${t.cancellationFee} >= 0`),
    check(
      'bookings_service_kind_check',
      sql`${t.kind} <> 'service' OR ${t.serviceTypeId} IS NOT NULL`,
    ),
    // "bookings: select by user_id" (My Bookings, newest first) and the customer's realtime list.
    index('bookings_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // A professional's bookings by date (dashboard, earnings, "fewest recent jobs" tie-break).
    index('bookings_professional_start_idx').on(t.professionalId, t.scheduledStart.desc().nullsFirst()),
    // The assignment pool's fairness counts per candidate (jobs of the last 30 days, jobs done), index-only (migration 0035);
    // also a professional's pending requests by date (the partial index for those was dropped by migration 0042).
    index('bookings_professional_status_start_idx').on(t.professionalId, t.status, t.scheduledStart),
    // "bookings: select all newest first" / admin_booking_view.
    index('bookings_created_idx').on(t.createdAt.desc().nullsFirst()),
    // Escrow release job: completed bookings by completion time.
    index('bookings_completed_idx').on(t.completedAt).where(sql`${t.status} = 'completed'`),
    // The retention job: bookings not anonymised yet, by end (migration 0027).
    index('bookings_to_anonymise_idx').on(t.scheduledEnd).where(sql`${t.anonymisedAt} IS NULL`),
  ],
);

/** The priced lines behind a booking's total (service or hourly, each add-on, the fee). */
export const bookingPriceLines = pgTable(
  'booking_price_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRICE_LINE_KINDS }).notNull(),
    label: text('label').notNull(),
    /** Units (hours for an hourly line, may be 1.5). */
    quantity: numeric('quantity', { precision: 8, scale: 2, mode: 'number' }).notNull().default(1),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('booking_price_lines_kind_check', inList(t.kind, PRICE_LINE_KINDS)),
    check('booking_price_lines_quantity_check', sql`${t.quantity} > 0`),
    check('booking_price_lines_amounts_check', sql`${t.unitAmount} >= 0 AND ${t.amount} >= 0`),
    // Lines of a booking.
    index('booking_price_lines_booking_idx').on(t.bookingId, t.position),
  ],
);

/** Idempotency-Key of mutating requests (e.g. booking creation), per user. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: IDEMPOTENCY_STATUSES }).notNull().default('in_flight'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** The server instance working on the key while in flight (platform/instance.ts, migration 0017). */
    owner: uuid('owner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('idempotency_keys_status_check', inList(t.status, IDEMPOTENCY_STATUSES)),
    // Purge of expired keys.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
