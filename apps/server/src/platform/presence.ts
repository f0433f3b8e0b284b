/**
 * Presence ("Online") across server instances (docs/decisions/0012-realtime-contract.md): each
 * instance keeps a row per connected user in `realtime_presence`, with its connection count, and
 * refreshes its rows every heartbeat. A user is online while any row younger than the TTL exists, so
 * an instance that dies without a word stops counting after the TTL. Changes are announced to
 * `presence:<userId>` rooms through the realtime hub (NOTIFY: every instance's sockets hear them).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRESENCE_TTL_SECONDS } from '@khedma/shared/realtime';
import type { Db } from '../db/client';
import { rowsOf } from './jobs';

export interface PresenceOptions {
  ttlSeconds?: number;
  /** Told when a user's presence may have changed (online anywhere or not); the hub publishes it. */
  onChange: (userId: string, online: boolean) => void;
}

export class PresenceTracker {
  readonly instanceId = randomUUID();
  /** Open connections per user on this instance. */
  private readonly local = new Map<string, number>();
  /** Writes run one after another, so a connect and a disconnect of one user keep their order. */
  private queue: Promise<void> = Promise.resolve();
  private readonly ttlSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: PresenceOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds ?? PRESENCE_TTL_SECONDS;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((err: unknown) => this.log.warn({ err }, 'presence update failed'));
    this.queue = next;
    return next;
  }

  /** A connection of `userId` opened on this instance. */
  connected(userId: string): Promise<void> {
    const n = (this.local.get(userId) ?? 0) + 1;
    this.local.set(userId, n);
    return this.enqueue(async () => {
      const count = this.local.get(userId);
      if (!count) return;
      await this.db.execute(sql`
        insert into realtime_presence (instance_id, user_id, connections, seen_at)
        values (${this.instanceId}, ${userId}, ${count}, now())
        on conflict (instance_id, user_id) do update set connections = excluded.connections, seen_at = now()`);
      if (n === 1) this.options.onChange(userId, true);
    });
  }

  /** A connection of `userId` closed on this instance. */
  disconnected(userId: string): Promise<void> {
    const n = (this.local.get(userId) ?? 1) - 1;
    if (n > 0) this.local.set(userId, n);
    else this.local.delete(userId);
    return this.enqueue(async () => {
      const count = this.local.get(userId);
      if (count) {
        await this.db.execute(sql`update realtime_presence set connections = ${count} where instance_id = ${this.instanceId} and user_id = ${userId}`);
        return;
      }
      await this.db.execute(sql`delete from realtime_presence where instance_id = ${this.instanceId} and user_id = ${userId}`);
      if (n <= 0) this.options.onChange(userId, (await this.onlineAmong([userId])).has(userId));
    });
  }

  /** Which of these users have a live connection on any instance. */
  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const rows = rowsOf<{ user_id: string }>(
      await this.db.execute(sql`
        select distinct user_id from realtime_presence
        where user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          and seen_at > now() - make_interval(secs => ${this.ttlSeconds})`),
    );
    return new Set(rows.map((r) => r.user_id));
  }

  async isOnline(userId: string): Promise<boolean> {
    return (await this.onlineAmong([userId])).has(userId);
  }

  /**
   * Refreshes this instance's rows (writing back any another instance swept during a long pause) and
   * removes the rows of instances that stopped refreshing, announcing those users offline.
   */
  heartbeat(): Promise<void> {
    return this.enqueue(async () => {
      const users = [...this.local.entries()];
      if (users.length) {
        const values = sql.join(
          users.map(([userId, count]) => sql`(${this.instanceId}::uuid, ${userId}, ${count}::int, now())`),
          sql`, `,
        );
        await this.db.execute(sql`
          insert into realtime_presence (instance_id, user_id, connections, seen_at) values ${values}
          on conflict (instance_id, user_id) do update set connections = excluded.connections, seen_at = now()`);
      }
      const gone = rowsOf<{ user_id: string }>(
        await this.db.execute(sql`
          delete from realtime_presence where seen_at < now() - make_interval(secs => ${this.ttlSeconds})
          returning user_id`),
      );
      if (gone.length === 0) return;
      const stillOnline = await this.onlineAmong(gone.map((r) => r.user_id));
      for (const userId of new Set(gone.map((r) => r.user_id))) if (!stillOnline.has(userId)) this.options.onChange(userId, false);
    });
  }

  /** This instance stops: its users are offline here at once (not after the TTL). */
  async stop(): Promise<void> {
    const users = [...this.local.keys()];
    this.local.clear();
    await this.enqueue(async () => {
      await this.db.execute(sql`delete from realtime_presence where instance_id = ${this.instanceId}`);
      if (users.length === 0) return;
      const stillOnline = await this.onlineAmong(users);
      for (const userId of users) if (!stillOnline.has(userId)) this.options.onChange(userId, false);
    });
  }
}
