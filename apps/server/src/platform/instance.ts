/**
 * This server instance's lease (migration 0017, docs/payments.md "After a crash"): a row in
 * `server_instances` renewed every few seconds while the process lives, removed when it closes.
 * Work an instance claims for a while (a payment attempt, an Idempotency-Key in flight) names the
 * instance, so that a claim left by a process that died (kill -9, a crash, a lost machine) is known
 * for what it is within LEASE_SECONDS, by any instance, instead of waiting out a long fixed timeout;
 * and a claim of a live instance is never taken from it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import { serverInstances } from '../db/schema/system';

/** A lease not renewed for this long belongs to a dead instance. */
export const LEASE_SECONDS = 15;
const RENEW_MS = 4_000;

export class InstanceLease {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes the lease (at start-up, before the instance serves) and renews it until `stop`. */
  async start(): Promise<void> {
    await this.renew();
    this.timer = setInterval(() => {
      this.renew().catch((err: unknown) => this.log.warn({ err }, 'instance lease renewal failed'));
    }, RENEW_MS);
    this.timer.unref();
  }

  /**
   * A named statement: it runs every RENEW_MS, and as an unnamed one it was parsed and planned each time,
   * on PGlite on the server's own thread (3-9 ms of CPU at load 29, issue 40).
   */
  private renewal: { execute(params: { id: string }): Promise<unknown> } | undefined;

  async renew(): Promise<void> {
    this.renewal ??= this.db
      .insert(serverInstances)
      .values({ id: sql.placeholder('id') })
      .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: sql`now()` } })
      .prepare('instance_lease_renew');
    await this.renewal.execute({ id: this.id });
  }

  /** Gives the lease back (a clean shutdown): its claims are recoverable at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.db.execute(sql`delete from server_instances where id = ${this.id}`).catch(() => {});
  }
}

/** SQL true when the instance `owner` (a uuid expression; null: nobody) holds no live lease. */
export function instanceDeadSql(owner: SQL): SQL {
  return sql`not exists (select 1 from server_instances si where si.id = ${owner} and si.seen_at > now() - make_interval(secs => ${LEASE_SECONDS}))`;
}

/** Takes the lease when the app is ready, gives it back when it closes. */
export const instancePlugin: FastifyPluginAsync<{ lease: InstanceLease }> = async (app, { lease }) => {
  app.addHook('onReady', async () => lease.start());
  app.addHook('onClose', async () => lease.stop());
};
(instancePlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
