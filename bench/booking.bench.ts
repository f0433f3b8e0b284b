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
 * Seconds of the throughput load (BENCH_BOOKING_SECONDS, default 6). On a loaded host 6 s makes a few dozen
 * creates, whose CPU per create is mostly the first executions' warm-up: a longer run for comparing changes.
 * A run fits twice BOOKING_BENCH_CUSTOMERS creates (the unpaid-hold limit) and about 6,500 slots.
 */
const THROUGHPUT_SECONDS = Number(process.env.BENCH_BOOKING_SECONDS ?? 6);
/** Customers of the throughput part: twice this many creates fit in the unpaid-hold limit (2 each). */
const LOAD_CUSTOMERS = Number(process.env.BOOKING_BENCH_CUSTOMERS ?? 1500);

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
  return {
    url: u.toString(),
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
    RATE_LIMIT_SCALE: '100',
    // The throughput's customers are made through the development people route (no password hashing).
    TEST_PEOPLE: '1',
  }).catch(async (err: unknown) => {
    // A server that does not start leaves no database behind either.
    await fresh?.drop();
    throw err;
  });
  const agent = new http.Agent({ keepAlive: true });
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
    let created = 0;
    let failed = 0;
    let answered = 0;
    let next = 0;
    const cpu = await cpuReader(server.pid, fresh);
    const started = performance.now();
    // autocannon (raw sockets, requests written from prepared buffers) costs the bench far less CPU
    // than a general HTTP client: the server and PostgreSQL share these two cores with it.
    const load = await autocannon({
      url: server.url,
      connections: CONCURRENCY,
      duration: THROUGHPUT_SECONDS,
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
    const seconds = (performance.now() - started) / 1000;
    const cpuMsPerRequest = await cpu.perRequest(answered);
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
    await fresh?.drop();
  }
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
