/** Chat per booking: one conversation per booking, messages in it. */
import { MESSAGE_TYPES } from '@khedma/shared/domain/chat';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { users } from './auth';
import { bookings } from './bookings';
import { professionals } from './professionals';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The customer's user id. */
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** professionals.id (the professional's user id is professionals.user_id). */
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Bumped on every message: conversation lists are ordered by it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    // "conversations (customer_id ...)" newest activity first.
    index('conversations_customer_updated_idx').on(t.customerId, t.updatedAt.desc().nullsFirst()),
    // "conversations (... or professional_id)" newest activity first.
    index('conversations_professional_updated_idx').on(t.professionalId, t.updatedAt.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A file message's content is "filename|url". */
    content: text('content').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull().default('text'),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [
    check('messages_type_check', inList(t.messageType, MESSAGE_TYPES)),
    // Empty messages cannot be sent.
    check('messages_content_check', sql`char_length(btrim(${t.content})) > 0`),
    // "messages by conversation ascending".
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    // "count unread per conversation (other sender, read_at null)".
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`${t.readAt} IS NULL`),
  ],
);
