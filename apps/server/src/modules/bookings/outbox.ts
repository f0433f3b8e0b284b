/** The booking-created email's outbox row, written by the statement that inserts the booking (bookings.repository.ts). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OutboxRow } from '../../platform/outbox-sink';
import { channelAllowedSql } from '../profile';

/**
 * The INSERT of an outbox row with its values left to the execution of a prepared statement
 * (placeholders named `<prefix>Channel` ...; `outboxParams` gives them), for a caller that writes
 * the message in its own statement (a CTE): the booking insert writes its creation email so. With
 * `<prefix>UserId` set, the row is written only if that user takes email notifications (the send
 * itself checks the preference, docs/chat.md#notification-preferences).
 */
export function outboxPlaceholderSql(_db: Db, prefix: string): SQL {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  const userId = sql`${p('UserId')}::text`;
  return sql`insert into outbox (channel, "to", subject, text, html)
    select ${p('Channel')}, ${p('To')}, ${p('Subject')}, ${p('Text')}, ${p('Html')}
     where ${userId} is null or ${channelAllowedSql(userId, 'email')}`;
}

export function outboxParams(row: OutboxRow, prefix: string): Record<string, unknown> {
  return {
    [`${prefix}Channel`]: row.channel,
    [`${prefix}To`]: row.to,
    [`${prefix}Subject`]: row.subject ?? null,
    [`${prefix}Text`]: row.text,
    [`${prefix}Html`]: row.html ?? null,
    [`${prefix}UserId`]: row.userId ?? null,
  };
}
