import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';
import type { OutboxChannel, OutboxMessage } from '@khedma/shared';
import type { OutboxRow, OutboxSink } from '../../platform/outbox-sink';

/** Outside production every email, SMS, push and WhatsApp message is also stored here (docs/README.md contract): the adapters' sink, and GET /api/dev/outbox. */
export class OutboxRepository implements OutboxSink {
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
