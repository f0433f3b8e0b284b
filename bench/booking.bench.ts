/**
 * Booking creation under load, against the real server (bench/lib.ts startServer):
 *
 * 1. Race: 200 concurrent POST /api/bookings for the one plumber of Casablanca (pro@demo.ma) and the
 *    same slot, from several customers with distinct Idempotency-Keys: exactly one booking must be
 *    created (bookings_no_overlap), every other answer 409 SLOT_TAKEN.
 * 2. Throughput: non-conflicting creates (each to a distinct free 30-minute slot of a professional,
 *    round-robin over every demo professional and within their weekly availability, each with its own
 *    Idempotency-Key), 32 in flight for a few seconds through autocannon, every answer's status
 *    checked: bookings per second, p50 and p99, and the CPU each create cost the server, PostgreSQL
 *    and the bench itself.
 *
 * On PostgreSQL a fresh database is created next to DATABASE_URL's and dropped afterwards, so runs
 * never see each other's bookings.
 */
import {
  addDays,
  isWithinAvailability,
  localDateOf,
  localToUtc,
  minutesToTime,
  timeToMinutes,
  WIZARD_START_TIMES,
  isoToWeekday,
  type IsoWeekday,
  type WeeklyAvailability,
} from '@khedma/shared';
import autocannon from 'autocannon';
import http, { type IncomingHttpHeaders } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import pg from 'pg';
import { seedId } from '../apps/server/src/db/seed/ids';
import { AVAILABILITY_PATTERNS, PROFESSIONALS } from '../apps/server/src/db/seed/people';
import { SERVICES } from '../apps/server/src/db/seed/services';
import { idleRssMb, processCpuMs, rssSampler, startServer } from './lib';

export interface BookingFigures {
  engine: string;
  race: { requests: number; created: number; conflicts: number; other: number; booking: string | null; ms: number };
  throughput: {
    requests: number;
    created: number;
    failed: number;
    seconds: number;
    perSecond: number;
    p50: number;
    p99: number;
    /** CPU milliseconds per request during the run (Linux /proc; PostgreSQL: the database's backends). */
    cpuMsPerRequest: { server: number; postgres: number | null; client: number } | null;
  };
  /**
   * The server's resident set (MB): just after it answered, once idle (bench/lib.ts idleRssMb), and the
   * largest sample during the race and the load (issue 40 on PGlite: idle at most 300, under load 500).
   */
  rssMb?: { afterStart: number | null; idle: number | null; idleSeconds: number; underLoad: number | null };
}

const CUSTOMERS = ['customer@demo.ma', 'customer2@demo.ma', 'sara.benmoussa@demo.ma', 'laila.cherkaoui@demo.ma', 'hicham.elouardi@demo.ma', 'mohamed.ziani@demo.ma'];
const PASSWORD = 'Demo!2345';
const RACE_REQUESTS = 200;
const CONCURRENCY = 32;
/**
 * The measured round (BOOKING_BENCH_SECONDS), after a warm-up round of the same creates that no figure counts
 * (BOOKING_BENCH_WARMUP_CREATES, 15 per connection of the server's pool of 20): each pool connection's first
 * executions of a statement parse it, fill the backend's catalogue caches and plan it five times before its
 * generic plan (docs/bookings.md#create-statements), 12-18 ms of PostgreSQL CPU each instead of 1-2 ms, paid
 * once per connection and not per create. A count, not a time: a loaded host makes fewer creates a second.
 */
const THROUGHPUT_SECONDS = Number(process.env.BOOKING_BENCH_SECONDS ?? 10);
const WARMUP_CREATES = Number(process.env.BOOKING_BENCH_WARMUP_CREATES ?? 300);
/** Customers of the throughput part: twice this many creates fit in the unpaid-hold limit (2 each). */
const LOAD_CUSTOMERS = Number(process.env.BOOKING_BENCH_CUSTOMERS ?? 3000);
/**
 * BOOKING_BENCH_DIAG=1 (PostgreSQL): the trigger functions' time (track_functions=all on the server's
 * connections, pg_stat_user_functions after the measured round) and what the database's backends waited on
 * during it (pg_stat_activity sampled every 20 ms, from a connection outside the bench's database).
 */
const DIAG = process.env.BOOKING_BENCH_DIAG === '1';

/** Signed-in customers made through POST /api/dev/test-people (TEST_PEOPLE), 25 at a time. */
async function testCustomers(url: string, n: number): Promise<string[]> {
  const origin = `http://localhost:${new URL(url).port}`;
  const cookies: string[] = [];
  while (cookies.length < n) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, n - cookies.length) }, async () => {
        const res = await fetch(`${url}/api/dev/test-people`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ type: 'customer' }) });
        if (res.status !== 201) throw new Error(`test-people: ${res.status} ${await res.text()}`);
        return res.headers.getSetCookie()[0]!.split(';')[0]!;
      }),
    );
    cookies.push(...batch);
  }
  return cookies;
}

async function signIn(url: string, email: string): Promise<string> {
  // better-auth checks the Origin of sign-in requests: the server's PUBLIC_URL (localhost:<port>).
  const origin = `http://localhost:${new URL(url).port}`;
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('khedma.session_token='));
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return cookie.split(';')[0]!;
}

/**
 * One POST /api/bookings (the race) over node:http with a keep-alive agent: the global fetch
 * (undici) cost the bench about 3 ms of CPU per request, on the cores the server runs on.
 */
function create(agent: http.Agent, url: string, cookie: string, body: unknown, key: string): Promise<{ status: number; json: () => Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/bookings`,
      {
        method: 'POST',
        agent,
        // accept-encoding as fetch (and browsers) send it over http: the server compresses as for them.
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-encoding': 'gzip, deflate', cookie, 'idempotency-key': key },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          // Parsed on demand: most answers need their status only.
          const json = () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const body = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
            return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          };
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A job within this of another is checked for travel time by the database (migration 0029): the bench keeps clear of it. */
const NEAR_MS = 4 * 3600_000;

/** The pending and confirmed bookings the demo customers (signed in) hold: the professionals' busy times. */
async function upcomingOf(agent: http.Agent, url: string, cookies: string[]) {
  const out: Array<{ professionalId: string; start: number; end: number }> = [];
  for (const cookie of cookies) {
    const list = await new Promise<Array<{ status: string; scheduledStart: string; scheduledEnd: string; professional: { id: string } | null }>>((resolve, reject) => {
      http
        .get(`${url}/api/bookings`, { agent, headers: { cookie } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as never));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    for (const b of list) {
      if (b.professional && (b.status === 'pending' || b.status === 'confirmed')) {
        out.push({ professionalId: b.professional.id, start: Date.parse(b.scheduledStart), end: Date.parse(b.scheduledEnd) });
      }
    }
  }
  return out;
}

/** Free 30-minute slots of every demo professional (days 3..30, one an hour), interleaved across professionals. */
export function slots(today: string) {
  const perPro = PROFESSIONALS.map((p) => {
    const service = (p.services ? SERVICES.find((s) => s.key === p.services![0]) : SERVICES.find((s) => s.category === p.category))!;
    const week: WeeklyAvailability = {};
    for (const [weekday, slot] of AVAILABILITY_PATTERNS[p.availability]) {
      const day = isoToWeekday(weekday as IsoWeekday);
      week[day] = [...(week[day] ?? []), slot];
    }
    const out: Array<Record<string, string>> = [];
    for (let d = 3; d <= 30; d++) {
      const date = addDays(today, d);
      // On the hour only: a 30-minute job every hour leaves the 15 minutes of travel the database keeps
      // between two jobs of a professional (migration 0029); back-to-back half hours answered 409 SLOT_TAKEN.
      for (const startTime of WIZARD_START_TIMES.filter((t) => t.endsWith(':00'))) {
        const endTime = minutesToTime(timeToMinutes(startTime) + 30);
        const start = localToUtc(date, startTime);
        if (!isWithinAvailability(week, start, new Date(start.getTime() + 30 * 60_000))) continue;
        out.push({
          serviceTypeId: seedId(`service:${service.key}`),
          cityId: seedId(`city:${p.citySlug}`),
          professionalId: seedId(`professional:${p.email}`),
          date,
          startTime,
          endTime,
          location: '12 Rue Ibnou Sina',
        });
      }
    }
    return out;
  });
  const mixed: Array<Record<string, string>> = [];
  for (let i = 0; perPro.some((l) => i < l.length); i++) for (const l of perPro) if (i < l.length) mixed.push(l[i]!);
  return mixed;
}

async function freshPostgres(baseUrl: string) {
  const name = `khedma_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const plain = u.toString();
  // Function timing on the server's own connections only (a superuser setting, given at connect time).
  if (DIAG) u.searchParams.set('options', '-c track_functions=all');
  return {
    url: u.toString(),
    /**
     * BOOKING_BENCH_DIAG: zeroes the database's statistics (the warm-up's function calls), then samples what
     * its backends wait on until `stopSampling`, from a connection to the base database (not counted as the
     * bench database's CPU). `functions` (after the server stopped, so that its backends' counts are flushed):
     * the trigger functions' calls and time.
     */
    async diagnostics() {
      const own = new pg.Client({ connectionString: plain });
      await own.connect();
      await own.query('select pg_stat_reset()');
      await own.end();
      const sampler = new pg.Client({ connectionString: baseUrl });
      await sampler.connect();
      const counts = new Map<string, number>();
      let samples = 0;
      let active = 0;
      let stopped = false;
      const sampling = (async () => {
        while (!stopped) {
          const r = await sampler.query<{ wait: string; n: number }>(
            `select coalesce(wait_event_type || ':' || wait_event, 'running') as wait, count(*)::int as n
               from pg_stat_activity where datname = $1 and state = 'active' group by 1`,
            [name],
          );
          samples++;
          for (const row of r.rows) {
            active += row.n;
            counts.set(row.wait, (counts.get(row.wait) ?? 0) + row.n);
          }
          await new Promise((res) => setTimeout(res, 20));
        }
      })();
      return {
        async stopSampling() {
          stopped = true;
          await sampling;
          await sampler.end();
          return {
            samples,
            meanActive: +(active / Math.max(1, samples)).toFixed(2),
            waits: [...counts].sort((a, b) => b[1] - a[1]).map(([wait, n]) => ({ wait, 'share of active': +(n / Math.max(1, active)).toFixed(3), 'mean backends': +(n / Math.max(1, samples)).toFixed(2) })),
          };
        },
      };
    },
    async functions(requests: number) {
      const a = new pg.Client({ connectionString: plain });
      await a.connect();
      try {
        const r = await a.query<{ funcname: string; calls: string; total_time: number; self_time: number }>(
          'select funcname, calls, total_time, self_time from pg_stat_user_functions order by self_time desc',
        );
        return r.rows.map((row) => ({
          function: row.funcname,
          calls: Number(row.calls),
          'self ms per call': +(row.self_time / Number(row.calls)).toFixed(3),
          'total ms per call': +(row.total_time / Number(row.calls)).toFixed(3),
          'self ms per create': +(row.self_time / Math.max(1, requests)).toFixed(3),
        }));
      } finally {
        await a.end();
      }
    },
    /** Backends connected to this database (the server's pool and listener), for CPU readings. */
    async backends(): Promise<number[]> {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      try {
        const r = await a.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
        return r.rows.map((row) => row.pid);
      } finally {
        await a.end();
      }
    },
    async drop() {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}

export async function benchBooking(engine: 'pglite' | 'postgres', port: number, env: Record<string, string> = {}): Promise<BookingFigures> {
  const fresh = engine === 'postgres' && env.DATABASE_URL ? await freshPostgres(env.DATABASE_URL) : undefined;
  // startServer passes the whole environment on: an empty DATABASE_URL keeps the PGlite run on PGlite
  // even when the shell exports DATABASE_URL.
  const server = await startServer(port, {
    ...env,
    DATABASE_URL: fresh ? fresh.url : '',
    ...(fresh ? { DB_POOL_MAX: '20' } : {}),
    // Sign-ins of six customers and the creates of a thousand, all from one address, whatever the limits.
    RATE_LIMIT_SCALE: '1000',
    // The throughput's customers are made through the development people route (no password hashing).
    TEST_PEOPLE: '1',
    ...(DIAG ? { METRICS_TOKEN: METRICS_TOKEN } : {}),
  }).catch(async (err: unknown) => {
    // A server that does not start leaves no database behind either.
    await fresh?.drop();
    throw err;
  });
  const agent = new http.Agent({ keepAlive: true });
  let diagnosed: { waits: Awaited<ReturnType<Awaited<ReturnType<NonNullable<typeof fresh>['diagnostics']>>['stopSampling']>>; requests: number; pool: { acquired: number; meanWaitMs: number } | null } | undefined;
  try {
    const idle = await idleRssMb(server.pid);
    const rss = rssSampler(server.pid);
    const cookies = await Promise.all(CUSTOMERS.map((e) => signIn(server.url, e)));
    const today = localDateOf(new Date());

    // 1. The race.
    const raceBody = {
      serviceTypeId: seedId('service:leak-repair'),
      cityId: seedId('city:casablanca'),
      date: addDays(today, 2),
      startTime: '10:00',
      endTime: '12:00',
      location: '12 Rue Ibnou Sina',
    };
    const raceStart = performance.now();
    const answers = await Promise.all(
      Array.from({ length: RACE_REQUESTS }, (_, i) => create(agent, server.url, cookies[i % cookies.length]!, raceBody, `race-${i}`)),
    );
    const raceMs = Math.round(performance.now() - raceStart);
    const won = answers.filter((a) => a.status === 201);
    for (const a of answers.filter((x) => x.status !== 201 && x.status !== 409).slice(0, 3)) {
      console.error(`  a racing create answered ${a.status}: ${JSON.stringify(a.json()).slice(0, 300)}`);
    }
    const first = won[0]?.json();
    const booking = first ? `${String(first.reference)} ${String((first.professional as { firstName: string }).firstName)} ${String(first.scheduledStart)}` : null;

    // 2. Throughput of non-conflicting creates. A customer may hold at most two unpaid bookings
    // (migration 0014), so the creates are spread over LOAD_CUSTOMERS customers, two each at most.
    const loadCookies = await testCustomers(server.url, LOAD_CUSTOMERS);
    // Not next to the demo's own upcoming bookings (and the race's): those slots are taken, or too close to
    // a job to leave the travel time, and were answered 409 SLOT_TAKEN, rightly (3 "failed" on 2026-11-29).
    const busy = await upcomingOf(agent, server.url, cookies);
    const queue = slots(today).filter((q) => {
      const start = localToUtc(q.date!, q.startTime!).getTime();
      return !busy.some((b) => b.professionalId === q.professionalId && start < b.end + NEAR_MS && start + 30 * 60_000 > b.start - NEAR_MS);
    });
    let next = 0;
    // One round of creates, `seconds` long, continuing along the slots (the warm-up's never asked again).
    const round = async (length: { seconds: number } | { creates: number }) => {
      let created = 0;
      let failed = 0;
      let answered = 0;
      // autocannon (raw sockets, requests written from prepared buffers) costs the bench far less CPU
      // than a general HTTP client: the server and PostgreSQL share these two cores with it.
      const load = await autocannon({
        url: server.url,
        connections: CONCURRENCY,
        ...('seconds' in length ? { duration: length.seconds } : { amount: length.creates }),
        requests: [
          {
            method: 'POST',
            path: '/api/bookings',
            setupRequest: (req: autocannon.Request) => {
              // About 6 500 slots: more than any run uses. Past them a slot would be asked twice (a replay), so say so.
              if (next === queue.length) console.error('  FAIL: the bench ran out of free slots');
              const i = next++ % queue.length;
              return {
                ...req,
                headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate', cookie: loadCookies[i % loadCookies.length]!, 'idempotency-key': `load-${i}` },
                body: JSON.stringify(queue[i]),
              };
            },
            onResponse: (status: number, body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
              answered++;
              // A replay is no new booking (only possible past the slots, see above).
              if (status === 201 && !headers?.['idempotent-replayed']) created++;
              else {
                failed++;
                if (failed <= 3) console.error(`  a non-conflicting create answered ${status}: ${body.slice(0, 300)}`);
              }
            },
          },
        ],
      });
      return { created, failed, answered, load };
    };
    if (WARMUP_CREATES > 0) {
      const warm = await round({ creates: WARMUP_CREATES });
      if (warm.failed || warm.load.errors || warm.load.timeouts) console.error(`  the warm-up: ${warm.failed} failed, ${warm.load.errors} errors, ${warm.load.timeouts} timeouts`);
    }
    const diag = DIAG && fresh ? await fresh.diagnostics() : undefined;
    const p0 = diag ? await poolMetrics(server.url) : undefined;
    const cpu = await cpuReader(server.pid, fresh);
    const started = performance.now();
    const measured = await round({ seconds: THROUGHPUT_SECONDS });
    const { created, answered, load } = measured;
    let { failed } = measured;
    const seconds = (performance.now() - started) / 1000;
    const cpuMsPerRequest = await cpu.perRequest(answered);
    if (diag) {
      const p1 = await poolMetrics(server.url);
      const pool = p0 && p1 ? { acquired: p1.acquired - p0.acquired, meanWaitMs: +((1000 * (p1.waitSeconds - p0.waitSeconds)) / Math.max(1, p1.acquired - p0.acquired)).toFixed(2) } : null;
      diagnosed = { waits: await diag.stopSampling(), requests: answered, pool };
    }
    const underLoad = rss.stop();
    // Requests that got no answer at all (socket errors, timeouts) failed too.
    failed += load.errors + load.timeouts;
    return {
      engine,
      race: {
        requests: RACE_REQUESTS,
        created: won.length,
        conflicts: answers.filter((a) => a.status === 409).length,
        other: answers.filter((a) => a.status !== 201 && a.status !== 409).length,
        booking,
        ms: raceMs,
      },
      throughput: {
        requests: answered + load.errors + load.timeouts,
        created,
        failed,
        seconds: +seconds.toFixed(1),
        perSecond: Math.round(created / seconds),
        p50: Math.round(load.latency.p50),
        p99: Math.round(load.latency.p99),
        cpuMsPerRequest,
      },
      rssMb: { afterStart: idle.afterStart, idle: idle.idle, idleSeconds: idle.seconds, underLoad },
    };
  } finally {
    agent.destroy();
    await server.stop();
    if (DIAG && fresh && diagnosed) {
      console.log(`Backends of the bench database during the measured round (${diagnosed.waits.samples} samples): ${diagnosed.waits.meanActive} active on average`);
      console.table(diagnosed.waits.waits);
      if (diagnosed.pool) console.log(`Server's pool: ${diagnosed.pool.acquired} connections handed out, mean wait ${diagnosed.pool.meanWaitMs} ms`);
      console.log('Functions during the measured round (track_functions=all; pg_stat_user_functions):');
      console.table(await fresh.functions(diagnosed.requests).catch((err: unknown) => [{ error: String(err) }]));
    }
    await fresh?.drop();
  }
}

const METRICS_TOKEN = 'booking-bench-diagnostics';

/** The server's pool totals (GET /metrics, BOOKING_BENCH_DIAG only): connections handed out and seconds waited for one. */
async function poolMetrics(url: string): Promise<{ acquired: number; waitSeconds: number } | null> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
  if (!res?.ok) return null;
  const text = await res.text();
  const value = (metric: string) => Number(new RegExp(`^${metric} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const out = { acquired: value('khedma_db_pool_acquired_total'), waitSeconds: value('khedma_db_pool_wait_seconds_total') };
  return Number.isFinite(out.acquired) && Number.isFinite(out.waitSeconds) ? out : null;
}

/**
 * CPU used from now until `perRequest` by the server, this process (the client) and, on
 * PostgreSQL on this machine, the backends of the bench's database: the honest figure on a shared
 * machine, where requests per second also depend on what else runs.
 */
async function cpuReader(serverPid: number | undefined, fresh: { backends(): Promise<number[]> } | undefined) {
  const backendsCpu = async (pids: number[]) => new Map(pids.map((pid) => [pid, processCpuMs(pid)] as const));
  const server0 = serverPid === undefined ? undefined : processCpuMs(serverPid);
  const client0 = process.cpuUsage();
  const pg0 = fresh ? await backendsCpu(await fresh.backends()) : undefined;
  return {
    async perRequest(requests: number): Promise<BookingFigures['throughput']['cpuMsPerRequest']> {
      const server1 = serverPid === undefined ? undefined : processCpuMs(serverPid);
      const client = process.cpuUsage(client0);
      let postgres: number | null = null;
      if (fresh && pg0) {
        let sum = 0;
        let readable = false;
        for (const [pid, after] of await backendsCpu(await fresh.backends())) {
          if (after === undefined) continue;
          readable = true;
          // A backend that started during the run counts whole.
          sum += after - (pg0.get(pid) ?? 0);
        }
        postgres = readable ? sum : null;
      }
      if (server0 === undefined || server1 === undefined || requests === 0) return null;
      const per = (ms: number) => +(ms / requests).toFixed(2);
      return { server: per(server1 - server0), postgres: postgres === null ? null : per(postgres), client: per((client.user + client.system) / 1000) };
    },
  };
}
