/** Quotes for jobs without a fixed price (migration 0032, docs/job-quotes.md). */
import { JOB_QUOTE_STATUSES, JOB_REQUEST_STATUSES, type JobQuoteLine } from '@khedma/shared/domain/job-quotes';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { serviceTypes } from './catalog';
import { boroughs, cities } from './geo';
import { professionals } from './professionals';

/** A customer's request for quotes on a service priced "on quote". */
export const jobRequests = pgTable(
  'job_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    boroughId: uuid('borough_id').references(() => boroughs.id),
    description: text('description').notNull(),
    /** The street address: shown to the professional whose quote is accepted, to nobody else. */
    address: text('address').notNull(),
    preferredDates: date('preferred_dates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    status: text('status', { enum: JOB_REQUEST_STATUSES }).notNull().default('open'),
    /** The last day it takes quotes (Casablanca calendar). */
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_requests_status_check', inList(t.status, JOB_REQUEST_STATUSES)),
    check('job_requests_description_check', sql`char_length(${t.description}) BETWEEN 1 AND 2000`),
    check('job_requests_address_check', sql`char_length(${t.address}) BETWEEN 1 AND 200`),
    check('job_requests_preferred_dates_check', sql`cardinality(${t.preferredDates}) <= 3`),
    index('job_requests_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('job_requests_open_idx').on(t.serviceTypeId, t.cityId).where(sql`${t.status} = 'open'`),
  ],
);

export const jobRequestPhotos = pgTable(
  'job_request_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => jobRequests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_request_photos_request_idx').on(t.requestId, t.createdAt)],
);

/** A professional's quote: one per professional and request. */
export const jobQuotes = pgTable(
  'job_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => jobRequests.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<JobQuoteLine[]>().notNull(),
    /** The lines' sum, whole MAD: the accepted booking's service price. */
    subtotal: integer('subtotal').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** The visit proposed, which the booking takes when the quote is accepted. */
    visitStart: tstz('visit_start').notNull(),
    visitEnd: tstz('visit_end').notNull(),
    message: text('message'),
    status: text('status', { enum: JOB_QUOTE_STATUSES }).notNull().default('submitted'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_quotes_status_check', inList(t.status, JOB_QUOTE_STATUSES)),
    check('job_quotes_subtotal_check', sql`${t.subtotal} > 0`),
    check('job_quotes_visit_check', sql`${t.visitEnd} > ${t.visitStart}`),
    unique('job_quotes_one_per_professional').on(t.requestId, t.professionalId),
    uniqueIndex('job_quotes_one_accepted_idx').on(t.requestId).where(sql`${t.status} = 'accepted'`),
    index('job_quotes_professional_idx').on(t.professionalId, t.createdAt.desc()),
  ],
);
