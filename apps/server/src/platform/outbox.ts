import { desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';
import type { OutboxChannel, OutboxMessage } from '@khedma/shared';

/** One message as the outbox stores it. */
export interface OutboxRow {
  channel: OutboxChannel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
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
 * the message in its own statement (a CTE): the booking insert writes its creation email so.
 */
export function outboxPlaceholderSql(db: Db, prefix: string): SQL {
  const p = (name: string) => sql.placeholder(`${prefix}${name}`);
  return db
    .insert(outbox)
    .values({ channel: p('Channel'), to: p('To'), subject: p('Subject'), text: p('Text'), html: p('Html') })
    .getSQL();
}

export function outboxParams(row: OutboxRow, prefix: string): Record<string, unknown> {
  return {
    [`${prefix}Channel`]: row.channel,
    [`${prefix}To`]: row.to,
    [`${prefix}Subject`]: row.subject ?? null,
    [`${prefix}Text`]: row.text,
    [`${prefix}Html`]: row.html ?? null,
  };
}
