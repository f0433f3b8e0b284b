/**
 * PostgreSQL connections that survive the server dropping them (a restart, a failover,
 * `pg_terminate_backend`): the pool of queries, and the one connection that LISTENs.
 */
import pg from 'pg';
import { isConnectionError, isRetryableTermination, isTimeout } from './errors';

export interface ListenerHealth {
  listening: boolean;
  /** Why not, when not listening (for logs and health; never shown to users). */
  error?: string;
}

/** `application_name` of the listening connection: operators (and the fault tests) can find it. */
export const LISTENER_APPLICATION_NAME = 'khedma-listener';

/**
 * A pg.Pool whose idle connections may be dead without the pool knowing yet: when the server ends
 * sessions, each idle client learns it only when its socket's error is read, so the first queries
 * after a termination would get `57P01` (answered 500 before). Here:
 * - after any sign of a dropped connection, clients that existed then are checked (`select 1`) the
 *   next time they are handed out, and a dead one is discarded for another;
 * - a statement the server refused because it ended the session (nothing ran: see
 *   isRetryableTermination) is run once more on another connection;
 * - whatever still fails is a connection error, which the error handler answers 503.
 */
export class RecoveringPool extends pg.Pool {
  private clientSeq = 0;
  private readonly born = new WeakMap<object, number>();
  /** Clients born at or before this number are suspect until checked in the current generation. */
  private suspectUpTo = 0;
  private generation = 0;
  private readonly checked = new WeakMap<object, number>();
  /** Clients whose connection failed under a statement: dropped when released. */
  private readonly broken = new WeakSet<object>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => {
      this.born.set(client, ++this.clientSeq);
      // Ended by the server or the network (not by us: end() sets _ending first): its siblings may be gone too.
      client.on('end', () => {
        if (!(client as unknown as { _ending?: boolean })._ending) this.suspect();
      });
      // A client checked out when the server ends its connection (pg_terminate_backend, a restart) emits
      // 'error' with nobody listening: an uncaught exception. Its query still fails (and is retried or
      // answered 503); the error itself only makes its siblings suspect.
      client.on('error', () => this.suspect());
      // A statement that failed for a connection reason (a reset, no answer within query_timeout) leaves
      // the client unusable, or still waiting for an answer that may never come: whoever checked it out
      // (drizzle's transactions) releases it normally, so the release itself must drop it (guard()).
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      client.query = ((...a: unknown[]) => {
        const r = query(...a);
        if (r && typeof (r as Promise<unknown>).then === 'function') {
          (r as Promise<unknown>).then(undefined, (err: unknown) => {
            if (isConnectionError(err)) this.broken.add(client);
          });
        }
        return r;
      }) as typeof client.query;
    });
    // An idle client that errors must not crash the process; the pool drops it, and its siblings are suspect.
    this.on('error', () => this.suspect());
    // Drizzle and our code use the promise form; a callback form goes to pg-pool untouched.
    const base = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function' || typeof args[0] === 'object' && args[0] !== null && 'submit' in args[0]) return base.apply(this, args);
      return this.queryRecovering(args[0] as string | pg.QueryConfig, args[1] as unknown[] | undefined);
    }) as pg.Pool['query'];
  }

  private suspect() {
    this.suspectUpTo = this.clientSeq;
    this.generation += 1;
  }

  private needsCheck(client: object) {
    return (this.born.get(client) ?? 0) <= this.suspectUpTo && this.checked.get(client) !== this.generation;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    // pg-pool's own callback-style query comes through here: leave it as it is.
    if (callback) return super.connect(callback);
    return this.connectChecked();
  }

  /** A released client whose connection failed under a statement leaves the pool instead of serving again. */
  private guard(client: pg.PoolClient): pg.PoolClient {
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      if (!err && this.broken.has(client)) {
        this.suspect();
        return release.call(client, new Error('connection failed under a statement'));
      }
      return release.call(client, err);
    };
    return client;
  }

  /** For metrics (platform/metrics.ts): connections handed out, seconds spent waiting for them, waits past the timeout. */
  readonly acquireStats = { acquired: 0, waitSeconds: 0, timeouts: 0 };

  private async acquire(): Promise<pg.PoolClient> {
    const started = performance.now();
    try {
      const client = await super.connect();
      this.acquireStats.acquired += 1;
      this.acquireStats.waitSeconds += (performance.now() - started) / 1000;
      return client;
    } catch (err) {
      if (isTimeout(err)) this.acquireStats.timeouts += 1;
      throw err;
    }
  }

  private async connectChecked(): Promise<pg.PoolClient> {
    const attempts = (this.options.max ?? 10) + 1;
    for (let i = 1; ; i++) {
      const client = this.guard(await this.acquire());
      if (!this.needsCheck(client)) return client;
      const generation = this.generation;
      try {
        await client.query('select 1');
        this.checked.set(client, generation);
        return client;
      } catch (err) {
        client.release(err as Error);
        // A dead connection fails its check at once and the next may be alive; a check that got no
        // answer in time says the server is out of reach, and every other check would wait as long.
        if (i >= attempts || !isConnectionError(err) || isTimeout(err)) throw err;
      }
    }
  }

  private async queryRecovering(config: string | pg.QueryConfig, values: unknown[] | undefined): Promise<pg.QueryResult> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.connect();
      try {
        const result = await client.query(config as pg.QueryConfig, values);
        client.release();
        return result;
      } catch (err) {
        const dead = isConnectionError(err);
        // A dead connection leaves the pool; a statement's own error (a unique violation) does not kill it.
        client.release(dead ? (err as Error) : undefined);
        if (dead) this.suspect();
        if (attempt === 0 && isRetryableTermination(err)) continue;
        throw err;
      }
    }
  }
}

interface ChannelHandler {
  onMessage: (payload: string) => void;
  onRestored: () => void;
}

export interface ListenerOptions {
  /** Reconnection backoff: the first wait and the longest. */
  baseMs?: number;
  maxMs?: number;
  /** Longest wait for the connection to open. */
  connectTimeoutMs?: number;
  /**
   * Every this many ms the connection is asked `select 1` (answer within connectTimeoutMs): a
   * connection gone silent (a partition) is otherwise not noticed, since a listener sends nothing.
   */
  heartbeatMs?: number;
}

/**
 * The one connection of an instance that LISTENs. When it drops, it is reopened with exponential
 * backoff (with jitter, so instances do not all come back at once), every channel is LISTENed again,
 * and each handler's `onRestored` runs: NOTIFYs sent meanwhile were lost and the handlers must catch up.
 */
export class ListenerConnection {
  private client: pg.Client | undefined;
  private opening: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Set<ChannelHandler>>();
  private lost = false;
  private lastError: string | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly backoff: Required<ListenerOptions>;

  constructor(
    private readonly url: string,
    options: ListenerOptions = {},
  ) {
    this.backoff = { baseMs: 200, maxMs: 10_000, connectTimeoutMs: 5_000, heartbeatMs: 10_000, ...options };
  }

  health(): ListenerHealth {
    return this.lost ? { listening: false, error: this.lastError ?? 'reconnecting' } : { listening: true };
  }

  async listen(channel: string, onMessage: (payload: string) => void, onRestored: () => void): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    const handler: ChannelHandler = { onMessage, onRestored };
    set.add(handler);
    try {
      const c = await this.ensure();
      if (first) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      // Lost meanwhile: the reconnection LISTENs to every channel in the map. Otherwise a real failure.
      if (!this.lost) {
        set.delete(handler);
        if (set.size === 0) this.channels.delete(channel);
        throw err;
      }
    }
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.channels.get(channel) === set) {
        this.channels.delete(channel);
        await this.client?.query(`UNLISTEN ${channel}`).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }

  private ensure(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.opening ??= this.open().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async open(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: this.backoff.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on('notification', (msg) => {
      if (this.client !== c) return;
      for (const h of [...(this.channels.get(msg.channel) ?? [])]) h.onMessage(msg.payload ?? '');
    });
    c.on('error', (err) => this.onLost(c, err.message));
    c.on('end', () => this.onLost(c, 'connection ended'));
    try {
      await c.connect();
      for (const channel of this.channels.keys()) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await c.end().catch(() => {});
      throw new Error('listener closed');
    }
    this.client = c;
    this.startHeartbeat(c);
    return c;
  }

  private startHeartbeat(c: pg.Client) {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      if (this.client !== c) return;
      c.query({ text: 'select 1', query_timeout: this.backoff.connectTimeoutMs } as pg.QueryConfig).catch((err: Error) => this.onLost(c, `heartbeat: ${err.message}`));
    }, this.backoff.heartbeatMs);
    this.heartbeat.unref();
  }

  private onLost(c: pg.Client, reason: string) {
    if (this.client !== c || this.closed) return;
    this.client = undefined;
    this.lost = true;
    this.lastError = reason;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    // A silent connection would wait for its end forever: destroyed instead (pg's end() on a dead socket).
    c.end().catch(() => {});
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.timer) return;
    const exp = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => void this.reconnect(), exp / 2 + (exp / 2) * Math.random());
    this.timer.unref();
  }

  private async reconnect() {
    this.timer = undefined;
    if (this.closed) return;
    try {
      await this.ensure();
    } catch (err) {
      this.lastError = (err as Error).message;
      this.scheduleReconnect();
      return;
    }
    this.attempt = 0;
    this.lost = false;
    this.lastError = undefined;
    for (const set of [...this.channels.values()]) {
      for (const h of [...set]) {
        try {
          h.onRestored();
        } catch {
          // one handler's failure must not keep the others behind
        }
      }
    }
  }
}
