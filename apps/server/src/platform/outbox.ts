import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';
import type { OutboxMessage } from '@khedma/shared';

/** Outside production every email and SMS is also stored here (PRODUCT.md contract). */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async add(msg: { channel: 'email' | 'sms'; to: string; subject?: string | null; text: string; html?: string | null }) {
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
      channel: r.channel as 'email' | 'sms',
      to: r.to,
      subject: r.subject ?? null,
      text: r.text,
      html: r.html ?? null,
      created_at: new Date(r.createdAt).toISOString(),
    }));
  }
}
