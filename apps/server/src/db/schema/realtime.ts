/** Realtime presence across instances (migration 0009; docs/decisions/0012-realtime-contract.md). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { users } from './auth';

/** One row per (instance, user) with a connection open there, refreshed by the instance's heartbeat. */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: uuid('instance_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connections: integer('connections').notNull(),
    seenAt: tstz('seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'realtime_presence_pk', columns: [t.instanceId, t.userId] }),
    check('realtime_presence_connections_check', sql`${t.connections} > 0`),
    // Is this user online anywhere?
    index('realtime_presence_user_idx').on(t.userId),
  ],
);
