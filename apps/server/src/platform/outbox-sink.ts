/**
 * Outside production every email, SMS, push and WhatsApp message is also stored in the outbox (docs/README.md
 * contract): the adapters write each message to this sink. The store is the dev module's
 * (modules/dev/outbox.repository.ts, which owns the table and GET /api/dev/outbox); app.ts hands it to
 * AppContext, so platform/ never imports a module.
 */
import type { OutboxChannel } from '@khedma/shared';

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

/** Where adapters put their copy of a message, outside production. */
export interface OutboxSink {
  add(msg: OutboxRow): Promise<void>;
}
