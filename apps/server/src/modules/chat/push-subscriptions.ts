/**
 * A user's browsers for web push (push_subscriptions, one row per device) and the delivery of one
 * notification to all of them (docs/chat.md): a browser the push service says is gone (404/410) is
 * deleted; a failure that may pass (429, 5xx, network) is thrown once every browser was tried, so the
 * durable job that called it runs again later.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../platform/jobs';
import { PushDeliveryError, type PushMessage, type PushOptions, type PushSender } from '../../platform/push';

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export class PushSubscriptions {
  constructor(
    private readonly db: Db,
    private readonly push: PushSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether web push is configured at all (VAPID keys): without it nothing is sent. */
  get enabled(): boolean {
    return this.push.enabled;
  }

  async of(userId: string): Promise<PushSubscriptionRow[]> {
    return rowsOf<PushSubscriptionRow>(await this.db.execute(sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId} order by created_at`));
  }

  /** Sends to every browser of the user; answers how many took it. */
  async sendToUser(userId: string, message: PushMessage, options: PushOptions = {}): Promise<number> {
    return this.sendTo(await this.of(userId), message, options);
  }

  async sendTo(subscriptions: readonly PushSubscriptionRow[], message: PushMessage, options: PushOptions = {}): Promise<number> {
    let sent = 0;
    let retry: PushDeliveryError | null = null;
    for (const s of subscriptions) {
      try {
        const result = await this.push.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, message, options);
        if (result.status === 'gone') await this.db.execute(sql`delete from push_subscriptions where id = ${s.id}`);
        else sent++;
      } catch (err) {
        if (err instanceof PushDeliveryError && err.retryable) retry = err;
        else this.log.warn({ err }, 'push failed');
      }
    }
    // Some browser could not be reached for a reason that may pass: the job runs again later.
    if (retry) throw retry;
    return sent;
  }
}
