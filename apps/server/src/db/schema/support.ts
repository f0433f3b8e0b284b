/** Support tickets and their messages (docs/support.md; migration 0025_support_tickets). */
import { SUPPORT_AUTHOR_ROLES, SUPPORT_CATEGORIES, SUPPORT_SOURCES, SUPPORT_STATUSES } from '@khedma/shared/domain/support';
import { LOCALES } from '@khedma/shared/domain/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { citext, createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { contactMessages } from './system';

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that opened it; null for a visitor of the contact form (known by `email`). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: citext('email').notNull(),
    /** The language of the person's emails. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    source: text('source', { enum: SUPPORT_SOURCES }).notNull().default('app'),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Since when support owes an answer (open); null otherwise. */
    waitingSince: tstz('waiting_since'),
    firstAnsweredAt: tstz('first_answered_at'),
    resolvedAt: tstz('resolved_at'),
    closedAt: tstz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('support_tickets_status_check', inList(t.status, SUPPORT_STATUSES)),
    check('support_tickets_category_check', inList(t.category, SUPPORT_CATEGORIES)),
    check('support_tickets_source_check', inList(t.source, SUPPORT_SOURCES)),
    check('support_tickets_locale_check', inList(t.locale, LOCALES)),
    index('support_tickets_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    index('support_tickets_queue_idx').on(t.status, t.waitingSince),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: SUPPORT_AUTHOR_ROLES }).notNull(),
    /** Support's internal note: never returned by the person's API. */
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull().default(''),
    /** A private file of the storage (support/<ticketId>/<file>), served through signed URLs. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_messages_author_role_check', inList(t.authorRole, SUPPORT_AUTHOR_ROLES)),
    check('support_messages_internal_check', sql`NOT ${t.internal} OR ${t.authorRole} = 'support'`),
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt),
  ],
);
