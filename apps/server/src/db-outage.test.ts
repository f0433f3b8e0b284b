/**
 * Fault test (issue 28): the database goes away and comes back. The real server (main.ts, as production
 * runs it, on PostgreSQL) reaches PostgreSQL through a TCP proxy made here (node:net); the proxy is cut
 * (every connection destroyed, new ones refused, then new ones accepted and left unanswered, as a
 * network partition does) for some seconds, then restored. Checked:
 * - while it is cut: GET /api/health answers 503 in the error contract; requests that need the database
 *   answer 503 UNAVAILABLE with Retry-After and a clear message, never a 500 or a stack trace, and
 *   within a bounded time (DB_CONNECT_TIMEOUT_MS), even when connections hang; the process lives on;
 * - /livez stays 200 all along (an outage is no reason to restart the process) and /readyz is 503 while
 *   it is cut (no traffic to this instance), both 200 after (issue 37);
 * - once it is back, with no restart: health 200, requests (reads and writes) work, the LISTEN
 *   connection is open again, the instance lease is renewed and the job runner takes due jobs again.
 * PostgreSQL only: PGlite runs in process and has no connection to cut.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from './db/connections';
import type { Database } from './db/client';
import { sql } from 'drizzle-orm';
import { rowsOf } from './platform/jobs';
import { createTestDatabase } from './test/db';

const serverUrl = inject('pgServerUrl');
const root = path.resolve(__dirname, '../../..');
const port = 4200 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;
/** What the server is given as its connection timeout, and the bound every answer must meet while cut. */
const CONNECT_TIMEOUT_MS = 2_000;
const QUERY_TIMEOUT_MS = 2_000;
const ANSWER_BOUND_MS = 2 * (CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS);

/**
 * A TCP proxy to PostgreSQL that can be cut: 'open' forwards, 'refuse' has closed its listening socket
 * (ECONNREFUSED), 'blackhole' accepts connections and never answers (a partition).
 */
class CuttableProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  mode: 'open' | 'refuse' | 'blackhole' = 'open';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private readonly pairs = new Set<[net.Socket, net.Socket]>();

  private accept(client: net.Socket) {
    this.track(client);
    if (this.mode === 'blackhole') return; // held open, never answered
    const upstream = net.connect(this.target);
    this.track(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    // One side gone: the other goes too, as a real connection would.
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  }

  private track(s: net.Socket) {
    this.sockets.add(s);
    s.on('error', () => s.destroy());
    s.on('close', () => this.sockets.delete(s));
  }

  /**
   * A partition: the open connections stay open but nothing passes any more (no reset, no end), and
   * new connections are accepted and never answered.
   */
  freeze(): void {
    this.mode = 'blackhole';
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  private destroyAll() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.pairs.clear();
  }

  /** Every connection dropped at once, and no new one accepted. */
  async refuse(): Promise<void> {
    this.mode = 'refuse';
    this.destroyAll();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    this.server = undefined;
  }

  /** Connections accepted again but never answered (what a partition looks like to the client). */
  async blackhole(): Promise<void> {
    this.mode = 'blackhole';
    if (!this.server) await this.start();
  }

  async restore(): Promise<void> {
    this.destroyAll(); // the held ones fail now, as a partition's end resets them
    this.mode = 'open';
    if (!this.server) await this.start();
  }

  async stop(): Promise<void> {
    this.destroyAll();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

let database: Database;
let admin: pg.Client;
/** A connection of the test's own to the test database, around the proxy. */
let direct: pg.Client;
let dbName = '';
let proxy: CuttableProxy;
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createTestDatabase();
  dbName = rowsOf<{ db: string }>(await database.db.execute(sql`select current_database() as db`))[0]!.db;
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const d = new URL(serverUrl);
  d.pathname = `/${dbName}`;
  direct = new pg.Client({ connectionString: d.toString() });
  await direct.connect();
  const target = new URL(serverUrl);
  proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.start();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await proxy?.stop();
  await admin?.end();
  await direct?.end();
  await database?.close();
});

function start(): ChildProcess {
  const u = new URL(serverUrl!);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  u.pathname = `/${dbName}`;
  const c = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: u.toString(),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TEST_PEOPLE: '1',
      RATE_LIMIT_SCALE: '1000',
      WEB_DIST: path.join(root, 'no-web-for-outage-test'),
      // The test database is a copy of the template (reference data) and the test makes its own people
      // (TEST_PEOPLE): no demo to seed (a faster start).
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  c.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  c.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return c;
}

interface Answer {
  status: number;
  ms: number;
  body: string;
  json: { error?: { code?: string; message?: string } } | undefined;
  retryAfter: string | null;
}

async function call(pathname: string, init: { method?: string; cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${base}${pathname}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.cookie ? { cookie: init.cookie } : {}), origin: base },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // Far above the bound: a hang shows as a failed bound, not as the test's own time-out.
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.text();
  let json: Answer['json'];
  try {
    json = JSON.parse(body) as Answer['json'];
  } catch {
    json = undefined;
  }
  return { status: res.status, ms: Date.now() - started, body, json, retryAfter: res.headers.get('retry-after') };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number, state?: () => Promise<string>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms${state ? `: ${await state()}` : ''}\n--- server output ---\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const healthy = async () => (await call('/api/health')).status === 200;

/** Every answer while the database is away: 503 in the error contract, quickly, no stack. */
function expectCleanUnavailable(a: Answer, what: string) {
  expect({ what, status: a.status }).toEqual({ what, status: 503 });
  expect(a.json?.error?.code, what).toBe('UNAVAILABLE');
  expect(a.json?.error?.message, what).toMatch(/unavailable|not answering|try again/i);
  expect(a.body, what).not.toMatch(/\bat .+\.(ts|js):\d+|Error:|ECONN|pg_|postgres/i);
  expect(a.ms, `${what} answered in ${a.ms} ms`).toBeLessThan(ANSWER_BOUND_MS);
}

describe('the database goes away and comes back (PostgreSQL)', () => {
  it('health says so, requests fail cleanly and quickly, and the server recovers by itself', async (ctx) => {
    if (!serverUrl) return ctx.skip('needs PostgreSQL (npm run test:pg): PGlite runs in process and has no connection to cut');
    const t0 = Date.now();
    const phase = (name: string) => process.env.OUTAGE_DEBUG && console.log(`[outage] ${name} at ${Date.now() - t0} ms`);
    child = start();
    await until(healthy, 'healthy at start', 120_000);
    expect((await call('/livez')).status).toBe(200);
    expect((await call('/readyz')).status).toBe(200);
    phase('started');

    const made = await fetch(`${base}/api/dev/test-people`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ type: 'customer' }),
    });
    expect(made.status).toBe(201);
    const cookie = made.headers.get('set-cookie')!.split(';')[0]!;
    expect((await call('/api/me', { cookie })).status).toBe(200);
    // The catalogue list, read twice: kept in memory from then on (http/public-answers.ts).
    for (let i = 0; i < 2; i++) expect((await call('/api/services')).status).toBe(200);

    // The requests a visitor and a customer make, reading and writing; each needs the database.
    const requests: Array<[string, Parameters<typeof call>[1]]> = [
      ['/api/health', {}],
      ['/api/me', { cookie }],
      ['/api/bookings', { cookie }],
      ['/api/pros?city=casablanca', {}],
      ['/api/auth/sign-in/email', { method: 'POST', body: { email: 'nobody@example.ma', password: 'wrong password here' } }],
      ['/api/profile', { method: 'PATCH', cookie, body: { full_name: 'Outage Test' } }],
    ];

    // 1. A partition: the pool's open connections go silent, new ones are accepted and never answered.
    // Answers are bounded all the same (DB_QUERY_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS), also when more
    // requests wait than the pool has connections.
    proxy.freeze();
    const burst = [...requests, ...Array.from({ length: 14 }, (): [string, Parameters<typeof call>[1]] => ['/api/me', { cookie }])];
    const held = await Promise.all(burst.map(([p, init]) => call(p, init)));
    held.forEach((a, i) => expectCleanUnavailable(a, `partition: ${burst[i]![0]}`));

    phase('partition answered');
    // 2. Cut: every connection dropped, new ones refused.
    await proxy.refuse();
    const refused = await Promise.all(requests.map(([p, init]) => call(p, init)));
    refused.forEach((a, i) => expectCleanUnavailable(a, `refused: ${requests[i]![0]}`));
    for (const a of refused.slice(1)) expect(a.retryAfter).toBe('1');
    // Alive, not ready: an orchestrator keeps the process and sends its traffic elsewhere.
    const livezCut = await call('/livez');
    expect(livezCut.status).toBe(200);
    expect(livezCut.ms).toBeLessThan(ANSWER_BOUND_MS);
    const readyzCut = await call('/readyz');
    expectCleanUnavailable(readyzCut, 'refused: /readyz');
    // What needs no database still answers: the kept catalogue.
    const catalogue = await call('/api/services');
    expect(catalogue.status).toBe(200);
    expect(catalogue.ms).toBeLessThan(ANSWER_BOUND_MS);

    phase('refused answered');
    // 3. Connections accepted again but never answered: still bounded.
    await proxy.blackhole();
    const hung = await Promise.all(burst.map(([p, init]) => call(p, init)));
    hung.forEach((a, i) => expectCleanUnavailable(a, `unanswered: ${burst[i]![0]}`));
    expect((await call('/livez')).status).toBe(200);
    expectCleanUnavailable(await call('/readyz'), 'unanswered: /readyz');
    expect(child.exitCode, 'the server process is still running').toBeNull();

    // 4. Back: no restart, the server finds the database again by itself.
    phase('unanswered answered');
    const restoredAt = Date.now();
    await proxy.restore();
    await until(healthy, 'healthy again', 20_000);
    const recoveredMs = Date.now() - restoredAt;
    await until(async () => (await call('/readyz')).status === 200, 'ready again', 20_000);
    expect((await call('/livez')).status).toBe(200);
    expect(child.exitCode).toBeNull();
    expect((await call('/api/me', { cookie })).status).toBe(200);
    const patched = await call('/api/profile', { method: 'PATCH', cookie, body: { full_name: 'Back Again' } });
    expect(patched.status, patched.body).toBe(200);
    expect((await call('/api/me', { cookie })).body).toContain('Back Again');
    expect((await call('/api/pros?city=casablanca')).status).toBe(200);

    phase('healthy again, requests work');
    // The LISTEN connection is open again (health checks it too).
    const listeners = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2`, [dbName, LISTENER_APPLICATION_NAME]);
    expect(listeners.rows[0].n).toBe(1);

    // The instance lease is renewed again (every 4 s).
    const since = (await direct.query(`select now() as t`)).rows[0].t as Date;
    await until(async () => (await direct.query(`select 1 from server_instances where seen_at > $1`, [since])).rowCount === 1, 'lease renewed', 10_000, async () =>
      JSON.stringify((await direct.query(`select id, seen_at, now() from server_instances`)).rows),
    );

    // The job runner takes due jobs again (it polls every 2 s): a job of a kind nobody handles is
    // claimed, tried and put back for later with its error.
    const jobId = randomUUID();
    await direct.query(`insert into scheduled_jobs (id, kind, dedupe_key, run_at, payload) values ($1, 'outage-probe', $2, now(), '{}')`, [jobId, jobId]);
    await until(async () => (await direct.query(`select 1 from scheduled_jobs where id = $1 and attempts >= 1`, [jobId])).rowCount === 1, 'job taken', 10_000);

    phase('lease and jobs resumed');
    // Nothing in the server's output says it crashed or had an unhandled error.
    expect(output).not.toMatch(/uncaught|unhandled/i);
    console.log(`db-outage: healthy again ${recoveredMs} ms after the database came back`);

    const exit = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exit;
    child = undefined;
  }, 240_000);
});
