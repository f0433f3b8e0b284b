import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';
import type { OutboxChannel, OutboxMessage } from '@khedma/shared';
import { coalesce } from '../../platform/coalesce';
import type { OutboxRow, OutboxSink } from '../../platform/outbox-sink';

/** Outside production every email, SMS, push and WhatsApp message is also stored here (docs/README.md contract): the adapters' sink, and GET /api/dev/outbox. */
export class OutboxRepository implements OutboxSink {
  constructor(private readonly db: Db) {}

  /** Messages stored meanwhile go in one INSERT (many booking creates' emails at once under load). */
  private readonly insert = coalesce<OutboxRow>(async (rows) => {
    await this.db.insert(outbox).values(rows.map((msg) => ({ channel: msg.channel, to: msg.to, subject: msg.subject ?? null, text: msg.text, html: msg.html ?? null })));
  });

  add(msg: OutboxRow): Promise<void> {
    return this.insert(msg);
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
