import { desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';
import type { OutboxChannel, OutboxMessage } from '@khedma/shared';
import { channelAllowedSql } from './notification-preferences';

/** One message as the outbox stores it. */
export interface OutboxRow {
  channel: OutboxChannel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  /** A notification to this user: written only if they take it on this channel (written by a statement). */
  userId?: string;
}

/** Outside production every email and SMS is also stored here (docs/README.md contract). */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async add(msg: OutboxRow) {
    await this.db.insert(outbox).values({
      channel: msg.channel,
      to: msg.to,
      subject: msg.subject ?? null,
      text: msg.text,
      html: msg.html ?? null,
    });
  }

  async list(limit = 200): Promise<OutboxMessage[]> {
    const rows = await this.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
    return rows.map((r) => ({
      id: String(r.id),
      channel: r.channel as OutboxChannel,
      to: r.to,
      subject: r.subject ?? null,
      text: r.text,
      html: r.html ?? null,
      created_at: new Date(r.createdAt).toISOString(),
    }));
  }
}

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
