/**
 * Booking creation under load, against the real server (bench/lib.ts startServer):
 *
 * 1. Race: 200 concurrent POST /api/bookings for the one plumber of Casablanca (pro@demo.ma) and the
 *    same slot, from several customers with distinct Idempotency-Keys: exactly one booking must be
 *    created (bookings_no_overlap), every other answer 409 SLOT_TAKEN.
 * 2. Throughput: non-conflicting creates (each to a distinct free 30-minute slot of a professional,
 *    round-robin over every demo professional and within their weekly availability), 32 in flight,
 *    for a few seconds: bookings per second, p50 and p99.
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
import pg from 'pg';
import { seedId } from '../apps/server/src/db/seed/ids';
import { AVAILABILITY_PATTERNS, PROFESSIONALS } from '../apps/server/src/db/seed/people';
import { SERVICES } from '../apps/server/src/db/seed/services';
import { startServer } from './lib';

export interface BookingFigures {
  engine: string;
  race: { requests: number; created: number; conflicts: number; other: number; booking: string | null; ms: number };
  throughput: { requests: number; created: number; failed: number; seconds: number; perSecond: number; p50: number; p99: number };
}

const CUSTOMERS = ['customer@demo.ma', 'customer2@demo.ma', 'sara.benmoussa@demo.ma', 'laila.cherkaoui@demo.ma', 'hicham.elouardi@demo.ma', 'mohamed.ziani@demo.ma'];
const PASSWORD = 'Demo!2345';
const RACE_REQUESTS = 200;
const CONCURRENCY = 32;
const THROUGHPUT_SECONDS = 6;

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

async function create(url: string, cookie: string, body: unknown, key: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, json, ms: performance.now() - started };
}

/** Free 30-minute slots of every demo professional (days 3..30), interleaved across professionals. */
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
      for (const startTime of WIZARD_START_TIMES) {
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
        });
      }
    }
    return out;
  });
  const mixed: Array<Record<string, string>> = [];
  for (let i = 0; perPro.some((l) => i < l.length); i++) for (const l of perPro) if (i < l.length) mixed.push(l[i]!);
  return mixed;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

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
    // Sign-ins of six customers from one address, whatever the limits.
    RATE_LIMIT_SCALE: '100',
  }).catch(async (err: unknown) => {
    // A server that does not start leaves no database behind either.
    await fresh?.drop();
    throw err;
  });
  try {
    const cookies = await Promise.all(CUSTOMERS.map((e) => signIn(server.url, e)));
    const today = localDateOf(new Date());

    // 1. The race.
    const raceBody = {
      serviceTypeId: seedId('service:leak-repair'),
      cityId: seedId('city:casablanca'),
      date: addDays(today, 2),
      startTime: '10:00',
      endTime: '12:00',
    };
    const raceStart = performance.now();
    const answers = await Promise.all(
      Array.from({ length: RACE_REQUESTS }, (_, i) => create(server.url, cookies[i % cookies.length]!, raceBody, `race-${i}`)),
    );
    const raceMs = Math.round(performance.now() - raceStart);
    const won = answers.filter((a) => a.status === 201);
    const booking = won[0]
      ? `${String(won[0].json.reference)} ${String((won[0].json.professional as { firstName: string }).firstName)} ${String(won[0].json.scheduledStart)}`
      : null;

    // 2. Throughput of non-conflicting creates.
    const queue = slots(today);
    const latencies: number[] = [];
    let created = 0;
    let failed = 0;
    let next = 0;
    const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        while (performance.now() < deadline && next < queue.length) {
          const i = next++;
          const r = await create(server.url, cookies[(i + worker) % cookies.length]!, queue[i], `load-${i}`);
          latencies.push(r.ms);
          if (r.status === 201) created++;
          else {
            failed++;
            if (failed <= 3) console.error(`  non-conflicting create ${i} answered ${r.status}: ${JSON.stringify(r.json)}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
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
        requests: latencies.length,
        created,
        failed,
        seconds: +seconds.toFixed(1),
        perSecond: Math.round(created / seconds),
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
      },
    };
  } finally {
    await server.stop();
    await fresh?.drop();
  }
}
