/**
 * Prometheus metrics (prom-client), off unless configured (docs/deployment.md, "Monitoring"):
 * - METRICS_TOKEN: GET /metrics on the main port, for `Authorization: Bearer <token>` only (401 otherwise);
 * - METRICS_PORT: a separate listener (METRICS_HOST, default 127.0.0.1) serving GET /metrics without a
 *   token, for a scraper on a private network.
 *
 * One registry per process (what Prometheus scrapes is a process). Counters are incremented where things
 * happen (`metrics.bookingsCreated.inc()`: one call, easy to keep when code moves); values that belong to
 * an app instance (open sockets, database pool, job queue) are read at scrape time from the sources each
 * app registers (`addMetricsSource`), so that tests running several apps in one process stay correct.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import client from 'prom-client';
import type { Database, PoolStats } from '../db/client';
import { sendError } from '../http/error-handler';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'khedma_' });

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new client.Counter<L>({ name, help, labelNames, registers: [registry] });

/** What an app instance reports at scrape time. */
export interface MetricsSource {
  /** Open WebSocket connections. */
  sockets?: () => number;
  /** The database: its pool (PostgreSQL), the job queue's depth and age. */
  database?: Database;
}
const sources = new Set<MetricsSource>();
/** Registers an app's source; returns its removal (onClose). */
export function addMetricsSource(source: MetricsSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}
const sum = (f: (s: MetricsSource) => number | undefined) => [...sources].reduce((n, s) => n + (f(s) ?? 0), 0);

export const metrics = {
  httpDuration: new client.Histogram<'method' | 'route' | 'status_code'>({
    name: 'khedma_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code, and how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  jobRuns: counter('khedma_job_runs_total', 'Job attempts by kind and outcome (done, retried, failed: failed for good)', ['kind', 'outcome']),
  jobDuration: new client.Histogram<'kind'>({
    name: 'khedma_job_duration_seconds',
    help: 'How long job attempts took, by kind',
    labelNames: ['kind'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  }),
  wsConnectionsOpened: counter('khedma_ws_connections_opened_total', 'WebSocket connections accepted'),
  wsMessages: counter('khedma_ws_messages_total', 'WebSocket frames by direction (in: from clients, out: to clients)', ['direction']),
  bookingsCreated: counter('khedma_bookings_created_total', 'Bookings created'),
  payments: counter('khedma_payments_total', 'Payment attempts by outcome (paid, failed, refunded)', ['outcome']),
  refunds: counter('khedma_refunds_total', 'Refunds on cancellation by kind (full, partial, none: the fee kept it all)', ['kind']),
};

new client.Gauge({
  name: 'khedma_ws_connections',
  help: 'Open WebSocket connections',
  registers: [registry],
  collect() {
    this.set(sum((s) => s.sockets?.()));
  },
});
const pool = (f: (p: PoolStats) => number) => sum((s) => {
  const stats = s.database?.poolStats?.();
  return stats ? f(stats) : 0;
});
new client.Gauge<'state'>({
  name: 'khedma_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total: open, idle: open and free, max: DB_POOL_MAX)',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    this.set({ state: 'total' }, pool((p) => p.total));
    this.set({ state: 'idle' }, pool((p) => p.idle));
    this.set({ state: 'max' }, pool((p) => p.max));
  },
});
new client.Gauge({
  name: 'khedma_db_pool_waiting',
  help: 'Requests waiting for a free PostgreSQL pool connection now',
  registers: [registry],
  collect() {
    this.set(pool((p) => p.waiting));
  },
});
/** Totals kept by the pool itself (db/connections.ts), reported as counters. */
const poolCounter = (name: string, help: string, f: (p: PoolStats) => number) =>
  new client.Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pool(f));
    },
  });
poolCounter('khedma_db_pool_acquired_total', 'PostgreSQL pool connections handed out', (p) => p.acquired);
poolCounter('khedma_db_pool_wait_seconds_total', 'Seconds spent waiting for a PostgreSQL pool connection (divide by acquired for the mean wait)', (p) => p.waitSeconds);
poolCounter('khedma_db_pool_wait_timeouts_total', 'Waits for a PostgreSQL connection that ran past DB_CONNECT_TIMEOUT_MS (answered 503)', (p) => p.timeouts);
const queueDepth = new client.Gauge<'kind' | 'status'>({
  name: 'khedma_job_queue_depth',
  help: 'Jobs in the queue by kind and status (pending: due or not; running; failed: for an operator)',
  labelNames: ['kind', 'status'],
  registers: [registry],
});
const queueAge = new client.Gauge<'kind'>({
  name: 'khedma_job_queue_oldest_due_seconds',
  help: 'How long the oldest due pending job of each kind has been waiting (0: none due)',
  labelNames: ['kind'],
  registers: [registry],
});

/** The job queue's figures, read from the database at scrape time (one query; none if it does not answer). */
async function readQueue(): Promise<void> {
  queueDepth.reset();
  queueAge.reset();
  const database = [...sources].find((s) => s.database)?.database;
  if (!database) return;
  try {
    const res = (await database.db.execute(sql`
        select kind, status, count(*)::int as n,
               extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now()))::float8 as age
          from scheduled_jobs where status in ('pending', 'running', 'failed') group by kind, status`)) as unknown as { rows?: Array<{ kind: string; status: string; n: number; age: number | null }> };
    const rows = res.rows ?? [];
    for (const r of rows) {
      queueDepth.set({ kind: r.kind, status: r.status }, Number(r.n));
      if (r.status === 'pending') queueAge.set({ kind: r.kind }, Math.max(0, Number(r.age ?? 0)));
    }
  } catch {
    // The database is away: the queue's figures are left out of this scrape (the rest still goes out).
  }
}

export async function renderMetrics(): Promise<string> {
  await readQueue();
  return registry.metrics();
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export interface MetricsOptions {
  token?: string;
  port?: number;
  host: string;
  source: MetricsSource;
}

/**
 * Latency of every request Fastify answers (by route template, e.g. /api/bookings/:id, so ids do not
 * make series; unmatched URLs as one "unmatched"), GET /metrics behind the token, and the separate port.
 */
export const metricsPlugin: FastifyPluginAsync<MetricsOptions> = async (app, opts) => {
  const removeSource = addMetricsSource(opts.source);
  app.addHook('onClose', async () => removeSource());
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (opts.token) {
    const token = opts.token;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!tokenMatches(req.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, 401, 'UNAUTHENTICATED', 'A bearer token is required for metrics.');
      }
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return renderMetrics();
    });
  }
  if (opts.port !== undefined) await listenSeparately(app, opts.port, opts.host);
};
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** METRICS_PORT: a plain listener that only serves GET /metrics; started with the app, closed with it. */
async function listenSeparately(app: FastifyInstance, port: number, host: string) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Only GET /metrics is served here.' } }));
      return;
    }
    renderMetrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    app.log.info(`metrics on http://${host}:${(server.address() as { port: number }).port}/metrics`);
  });
  app.decorate('metricsServer', server);
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(() => r(undefined)));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** METRICS_PORT's listener (tests read its port). */
    metricsServer?: http.Server;
  }
}
