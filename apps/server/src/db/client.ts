import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import path from 'node:path';
import { serverRoot } from '../paths';
import { ListenerConnection, RecoveringPool, type ListenerHealth } from './connections';
import { PglitePreparedStatements, useNamedStatements } from './pglite-prepared';

export type { ListenerHealth } from './connections';
import * as schema from './schema/index';

/** The Drizzle handle every repository receives. PGlite and node-postgres look the same through it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Schema = typeof schema;

export const MIGRATIONS_FOLDER = path.join(serverRoot, 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (drizzle-orm's migrator; drizzle-kit's own fails on PGlite). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. On PostgreSQL the listening connection
   * can drop (server restart, failover, `pg_terminate_backend`): it is reopened with backoff and LISTENs
   * again, and since notifications sent meanwhile are lost, `onRestored` is then called (default: the
   * handler once with an empty payload, i.e. "something may have changed").
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /** Whether this instance hears NOTIFY now (health reports it). */
  listenerHealth(): ListenerHealth;
  /** NOTIFY through PostgreSQL so that every instance on the same database hears it. */
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<boolean>;
  /** PostgreSQL only: the pool's use now and its waits so far (metrics). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
  /** PGlite only: the raw instance (tests dump it as a template). */
  pglite?: PGlite;
  /** PGlite only: the named statements Drizzle's `.prepare(name)` statements run as (pglite-prepared.ts). */
  pgliteStatements?: PglitePreparedStatements;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
  acquired: number;
  waitSeconds: number;
  timeouts: number;
}

export interface ListenOptions {
  /** Called after the listening connection was lost and is back (notifications may have been missed). */
  onRestored?: () => void;
}


export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, an embedded PGlite is opened. */
  databaseUrl?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (test templates). */
  loadDataDir?: Blob | File;
  poolMax?: number;
  /**
   * PGlite: a small instance for tests (8 MB of shared buffers instead of 128 MB). PostgreSQL
   * initialises its whole shared memory at every start: at 128 MB that was about 1 s of CPU for
   * each test file's database, more than the tests of most files (decision 0003).
   */
  lean?: boolean;
  /** PostgreSQL: longest wait for a connection (new, or free in the pool), in ms. Default 5 s. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: longest wait for one statement's answer, in ms; past it the connection is dropped
   * (a partition leaves it silent). Default: none (tests and benches that load big data); main.ts sets it.
   */
  queryTimeoutMs?: number;
}

/** Start parameters of a lean PGlite: PGlite's own defaults and small shared memory. */
const LEAN_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'max_connections=5'];
/**
 * The embedded server's (`npm start` without DATABASE_URL): 16 MB of shared buffers instead of 128 MB
 * (issue 40, PGlite memory). PGlite on the demo data held 490 MB of RSS with 128 MB and 340 MB with 32 MB;
 * the booking bench on PGlite made 50-51 creates/s at 10.5-10.75 ms of server CPU per create either way
 * (2026-11-28, two alternating runs each). 16 MB (2026-11-29, with the allocator settings of
 * scripts/lib.mjs): idle 296-299 MB against 315-328 MB at 32 MB, the same creates/s (38) and CPU per
 * create (10.4-11.8 ms at load 20). The WebAssembly memory PostgreSQL touched is never given back, so
 * each buffer used once stays resident; the operating system's page cache still holds the data files.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  // LISTEN takes an identifier, not a parameter: only simple names reach SQL.
  if (!CHANNEL_RE.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts);
}

async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    startParams: opts.lean ? LEAN_START_PARAMS : EMBEDDED_START_PARAMS,
    extensions: { pg_trgm, btree_gist, citext },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // Parsed once and planned as PostgreSQL plans a named statement, not at every execution (issue 40).
  const statements = new PglitePreparedStatements(client);
  useNamedStatements(db, client, statements);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pgliteStatements: statements,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async listen(channel, onMessage) {
      checkChannel(channel);
      // In process: there is no connection to lose, so nothing to restore.
      const unsub = await client.listen(channel, onMessage);
      return async () => unsub();
    },
    listenerHealth: () => ({ listening: !client.closed }),
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, opts: OpenDatabaseOptions): Promise<Database> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5_000;
  const pool = new RecoveringPool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    application_name: 'khedma',
    // No JIT compilation: the assignment pool's plan (a city's candidates, each with seven subqueries)
    // costs past jit_above_cost and was compiled on every run, 150-170 ms of a 650 ms statement at 10k
    // professionals and 1M bookings (bench/travel.bench.ts, issue 42); short OLTP statements gain nothing from it.
    options: '-c jit=off',
    // Idle connections kept 5 minutes (pg's default: 10 s). Each connection prepares the hot statements
    // (a booking create's claim and write, the session read) once, then plans each five times before its
    // generic plan (PostgreSQL's plan cache): a connection closed after 10 s without work paid all of that
    // again on its next request (issue 40). allowExitOnIdle: a script's process still ends once its work is done.
    idleTimeoutMillis: 300_000,
    allowExitOnIdle: true,
    // Bounded waits (the database gone away must give a 503, not a request that hangs): connecting,
    // or waiting for a free connection, and each statement when a timeout is given.
    connectionTimeoutMillis: connectTimeoutMs,
    ...(opts.queryTimeoutMs ? { query_timeout: opts.queryTimeoutMs } : {}),
    // A peer that vanished without closing (a partition) is found by TCP keepalive, not only by a query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One dedicated connection carries every LISTEN of this instance, reopened when it drops.
  const listener = new ListenerConnection(url, { connectTimeoutMs });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates while the others wait on an advisory lock.
      // Its own connection, without the statement timeout: a migration may rightly take minutes.
      const client = new pg.Client({ connectionString: url, application_name: 'khedma-migrate', connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
      client.on('error', () => {}); // a drop fails the statement under way, which throws
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(7355608)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(7355608)').catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async listen(channel, onMessage, options) {
      checkChannel(channel);
      return listener.listen(channel, onMessage, options?.onRestored ?? (() => onMessage('')));
    },
    listenerHealth: () => listener.health(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.poolMax ?? 10, ...pool.acquireStats }),
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
