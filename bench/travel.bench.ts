/**
 * Travel-aware assignment and slots (issue 42): on PostgreSQL, in a database made for the run with
 * 10k professionals and 1M bookings (generated in SQL), p50 / p99 and CPU per operation of
 *
 * - an assignment as a booking's creation makes it (creation.service.ts `place`): the pool statement of
 *   pool.repository.ts (a city's candidates for one service with their jobs near the window, one round
 *   trip), then who works then and covers the pin (worksAt, withinServiceRadius) and the travel decision
 *   (freeNear: fitsBetween with every job, nearest among equals), beside the same statement with the
 *   window not widened (margin 0) and the overlap-only decision (rankCandidates of those with no
 *   overlapping job): what assignment did before issue 42;
 * - a professional's day of slots, the professional page's `GET /api/pros/:id/availability` through
 *   ProsService.availability (the service, no HTTP), beside the same service code before issue 42
 *   (window from the day's start, overlap test; written out below, as it was in git before b61c6f4);
 *
 * each timed the same way in the same run with the floor (`select 1` over the same pool), the CPU of the
 * bench process (where the repository and the service run, as in the server) and of the database's
 * PostgreSQL backends (from /proc), and the load average.
 *
 * The data: the demo seed (cities, services), then customers, professionals (seven in ten with a base
 * location and a radius), their city, two services of one category, a week of all-day availability,
 * and 100 bookings each over 34 days (20 past, 14 to come), three a day in three bands that never
 * overlap, nine in ten with a pin within about 5 km of the city's centre; past ones completed (some
 * cancelled), coming ones confirmed or pending (some cancelled); a review for one completed booking in
 * five. Loaded with session_replication_role = replica (no triggers, no foreign-key checks; the
 * exclusion constraint still holds), professional_ratings then filled as its triggers would have kept
 * it (the ranking read's figures), then VACUUM ANALYZE.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  addDays,
  HOUR_MS,
  isDayOff,
  isoToWeekday,
  isWithinAvailability,
  localToUtc,
  proPageTimeOptions,
  rankCandidates,
  startOfLocalDay,
  withinServiceRadius,
  type GeoPoint,
  type IsoWeekday,
  type WeeklyAvailability,
} from '@khedma/shared';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/index';
import { worksAt } from '../apps/server/src/modules/bookings/assignment.service';
import { ProfessionalPoolRepository, type PoolFilter } from '../apps/server/src/modules/bookings/pool.repository';
import { freeNear, pickLazily } from '../apps/server/src/modules/bookings/travel';
import { ProsRepository } from '../apps/server/src/modules/pros/pros.repository';
import { ProsService } from '../apps/server/src/modules/pros/pros.service';
import { backendsCpu as backendsCpuOf, cpuSince } from './lib';

export interface TravelOp {
  p50: number;
  p99: number;
  /** CPU milliseconds per operation: the bench process (repository, domain) and the database's backends. */
  cpuMs: { server: number; postgres: number | null };
}

export interface TravelFigures {
  professionals: number;
  bookings: number;
  /** Pending or confirmed among them (those assignment and slots read). */
  activeBookings: number;
  runs: number;
  /**
   * travel: the lazy assignment (ranking figures of every candidate, then the days of the best ranked
   * few, pickLazily); wholePool: the same decision from the whole pool's days and jobs (before);
   * differing: runs where the two chose different professionals (must be 0).
   */
  assignment: {
    travel: TravelOp;
    wholePool?: TravelOp;
    overlapOnly: TravelOp;
    candidates: number;
    detailsRead?: number;
    /** 30-day counts read beyond those of the ranking read (pickLazily's `counts`), per assignment. */
    countsRead?: number;
    differing?: number;
    assignedTravel: number;
    assignedOverlapOnly: number;
  };
  slots: { travel: TravelOp; overlapOnly: TravelOp; freeTravel: number; freeOverlapOnly: number };
  floor: { p50: number; p99: number };
  generateSeconds: number;
  load: { start: number[]; end: number[] };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// mulberry32: a seeded generator, so that runs ask the same things.
function generator(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function generate(url: string, professionals: number, bookings: number) {
  const perPro = Math.max(1, Math.round(bookings / professionals));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET session_replication_role = replica; SET TIME ZONE 'UTC'");
    await client.query(`INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
      SELECT 'tb-cust-' || g, 'Customer ' || g, 'tb-cust' || g || '@bench.ma', true, now(), now() FROM generate_series(1, 5000) g`);
    await client.query(`INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
      SELECT 'tb-pro-' || g, 'Pro ' || g, 'tb-pro' || g || '@bench.ma', true, now(), now() FROM generate_series(1, $1) g`, [professionals]);
    // Cities in turn (those with an area), a category per professional, valid v4 ids from gen_random_uuid().
    await client.query(`CREATE TABLE tb_pros AS
      SELECT g, gen_random_uuid() AS id, c.id AS city_id, c.center_lat, c.center_lng,
        (ARRAY['plumbing','cleaning','moving','electrical','handyman','painting','gardening','delivery'])[1 + (g / c.n) % 8] AS category
      FROM generate_series(1, $1) g
      CROSS JOIN LATERAL (SELECT id, center_lat, center_lng, count(*) OVER () AS n FROM cities WHERE center_lat IS NOT NULL ORDER BY slug
        OFFSET g % (SELECT count(*) FROM cities WHERE center_lat IS NOT NULL) LIMIT 1) c`, [professionals]);
    await client.query(`INSERT INTO professionals (id, user_id, name, full_name, city_id, city_ids, categories, hourly_rate, status, approved_at, base_lat, base_lng, service_radius_km)
      SELECT id, 'tb-pro-' || g,
        (ARRAY['Youssef','Salma','Karim','Nadia','Omar','Imane','Hamza','Sara','Mehdi','Laila','Rachid','Khadija'])[1 + g % 12],
        'Pro Travel ' || g, city_id, ARRAY[city_id], ARRAY[category], 80 + 10 * (g % 33), 'active', now() - interval '90 days',
        CASE WHEN g % 10 < 7 THEN center_lat + ((abs(hashtext('lat' || g)) % 1000) - 500) / 10000.0 END,
        CASE WHEN g % 10 < 7 THEN center_lng + ((abs(hashtext('lng' || g)) % 1000) - 500) / 10000.0 END,
        CASE WHEN g % 10 < 7 THEN 10 + g % 3 * 10 END
      FROM tb_pros`);
    await client.query(`INSERT INTO professional_cities (professional_id, city_id, position) SELECT id, city_id, 0 FROM tb_pros`);
    await client.query(`INSERT INTO professional_services (professional_id, service_type_id)
      SELECT p.id, s.id FROM tb_pros p
      CROSS JOIN LATERAL (SELECT st.id FROM service_types st WHERE st.is_active AND st.category = p.category ORDER BY st.name LIMIT 2) s
      ON CONFLICT DO NOTHING`);
    await client.query(`INSERT INTO professional_availability (professional_id, weekday, slot) SELECT p.id, d, 'allDay' FROM tb_pros p CROSS JOIN generate_series(1, 7) d`);
    // Bookings: day k / 3 of 34 from 20 days ago, band k % 3 (07:00-09:00, 11:30-13:30, 15:30-17:30
    // starts in half hours, 60-120 min long: the bands never overlap).
    await client.query(`INSERT INTO bookings (id, user_id, professional_id, service_type_id, kind, title, description, location, city_id,
        address_lat, address_lng, status, payment_status, scheduled_start, scheduled_end, duration_minutes, service_price, service_fee, total_amount,
        completed_at, created_at, updated_at)
      SELECT gen_random_uuid(), 'tb-cust-' || (1 + (p.g * 31 + k) % 5000), p.id,
        (SELECT ps.service_type_id FROM professional_services ps WHERE ps.professional_id = p.id ORDER BY ps.service_type_id LIMIT 1),
        'service', 'Bench job', 'Bench job', 'Rue ' || k, p.city_id,
        CASE WHEN h % 10 <> 0 THEN p.center_lat + ((h / 16) % 1000 - 500) / 10000.0 END,
        CASE WHEN h % 10 <> 0 THEN p.center_lng + ((h / 16384) % 1000 - 500) / 10000.0 END,
        CASE WHEN s.start + s.len < now() THEN (CASE WHEN h % 100 < 85 THEN 'completed' ELSE 'cancelled' END)
          ELSE (CASE WHEN h % 100 < 60 THEN 'confirmed' WHEN h % 100 < 85 THEN 'pending' ELSE 'cancelled' END) END,
        CASE WHEN s.start + s.len < now() THEN (CASE WHEN h % 100 < 85 THEN 'paid' ELSE 'refunded' END)
          ELSE (CASE WHEN h % 100 < 60 THEN 'paid' WHEN h % 100 < 85 THEN 'pending' ELSE 'refunded' END) END,
        s.start, s.start + s.len, extract(epoch FROM s.len)::int / 60, 200, 20, 220,
        CASE WHEN s.start + s.len < now() AND h % 100 < 85 THEN s.start + s.len END,
        s.start - interval '3 days', s.start - interval '3 days'
      FROM tb_pros p CROSS JOIN generate_series(0, $1 - 1) k
      CROSS JOIN LATERAL (SELECT abs(hashtext(p.id::text || k)) AS h) hh
      CROSS JOIN LATERAL (SELECT (current_date - 20 + k / 3)::timestamptz
          + (ARRAY[interval '7 hours', interval '11 hours 30 minutes', interval '15 hours 30 minutes'])[1 + k % 3]
          + (hh.h % 5) * interval '30 minutes' AS start,
        (2 + (hh.h / 8) % 3) * interval '30 minutes' AS len) s`, [perPro]);
    await client.query(`INSERT INTO reviews (id, booking_id, user_id, professional_id, rating, created_at)
      SELECT gen_random_uuid(), b.id, b.user_id, b.professional_id, 3 + abs(hashtext(b.id::text)) % 3, b.scheduled_end + interval '1 day'
      FROM bookings b JOIN tb_pros p ON p.id = b.professional_id
      WHERE b.status = 'completed' AND abs(hashtext(b.id::text || 'r')) % 5 = 0`);
    // professional_ratings as its triggers (off while loading) would have kept it: the ranking read's figures.
    await client.query(`INSERT INTO professional_ratings (professional_id, rating_sum, total_reviews, five_star_count, four_star_count, three_star_count, two_star_count, one_star_count)
      SELECT p.id, coalesce(sum(r.rating), 0)::int, count(r.id)::int, (count(*) FILTER (WHERE r.rating = 5))::int, (count(*) FILTER (WHERE r.rating = 4))::int,
        (count(*) FILTER (WHERE r.rating = 3))::int, (count(*) FILTER (WHERE r.rating = 2))::int, (count(*) FILTER (WHERE r.rating = 1))::int
      FROM tb_pros p LEFT JOIN reviews r ON r.professional_id = p.id GROUP BY p.id`);
    await client.query('SET session_replication_role = origin');
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** The professional page's slots as ProsService.availability computed them before issue 42 (git b61c6f4^): overlap only. */
async function slotsOverlapOnly(repo: ProsRepository, id: string, q: { date: string; durationHours: number }, now: Date) {
  if (!(await repo.exists(id))) throw new Error('not found');
  const [slotRows, daysOff] = await Promise.all([repo.slots(id), repo.daysOffOn(id, q.date)]);
  const week: WeeklyAvailability = {};
  for (const s of slotRows) {
    const day = isoToWeekday(s.weekday as IsoWeekday);
    week[day] = [...(week[day] ?? []), s.slot as never];
  }
  const dayOff = isDayOff(daysOff, q.date);
  const busy = await repo.busy(id, startOfLocalDay(q.date), startOfLocalDay(addDays(q.date, 2)));
  return proPageTimeOptions(q.date, now).map(({ time, available }) => {
    if (!available) return { time, available: false };
    if (dayOff) return { time, available: false };
    const start = localToUtc(q.date, time);
    const end = new Date(start.getTime() + q.durationHours * HOUR_MS);
    if (!isWithinAvailability(week, start, end)) return { time, available: false };
    if (busy.some((b) => b.start.getTime() < end.getTime() && b.end.getTime() > start.getTime())) return { time, available: false };
    return { time, available: true };
  });
}

export async function benchTravel(serverUrl: string, professionals = 10_000, bookings = 1_000_000, runs = 1_000): Promise<TravelFigures> {
  const name = `khedma_bench_travel_${process.pid}`;
  const loadStart = loadavg().map((l) => +l.toFixed(2));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // TRAVEL_BENCH_DB=name: measure a database kept by an earlier run (TRAVEL_BENCH_KEEP=1), no generation.
  const reuse = process.env.TRAVEL_BENCH_DB;
  const db = reuse ?? name;
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${db}`);
  }
  const u = new URL(serverUrl);
  u.pathname = `/${db}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolMax: 4 });
  let generateSeconds = 0;
  try {
    if (!reuse) {
      const t0 = performance.now();
      await database.migrate();
      await seedDemo(database.db);
      await generate(u.toString(), professionals, bookings);
      generateSeconds = Math.round((performance.now() - t0) / 1000);
      console.log(`Generated ${professionals} professionals and ${bookings} bookings in ${generateSeconds} s`);
    }
    const q = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    const [counts] = await q<{ p: number; b: number; a: number }>(
      `select (select count(*) from professionals)::int as p, (select count(*) from bookings)::int as b, (select count(*) from bookings where status in ('pending','confirmed'))::int as a`,
    );
    const pairs = await q<{ city_id: string; service_id: string; lat: number; lng: number }>(
      `select distinct p.city_id, ps.service_type_id as service_id, c.center_lat as lat, c.center_lng as lng
       from tb_pros p join professional_services ps on ps.professional_id = p.id join cities c on c.id = p.city_id order by 1, 2`,
    );
    const benchPros = await q<{ id: string; lat: number; lng: number }>(`select p.id, p.center_lat as lat, p.center_lng as lng from tb_pros p order by p.g`);
    const random = generator(42);
    const now = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Casablanca' }).format(now);
    const near = (c: { lat: number; lng: number }): GeoPoint => ({ lat: c.lat + (random() - 0.5) * 0.1, lng: c.lng + (random() - 0.5) * 0.1 });
    const total = runs + 20;
    // Coming days only (1-12 days ahead), starts 08:00-17:00 local in half hours, two hours long.
    const asks = Array.from({ length: total }, () => {
      const pair = pairs[Math.floor(random() * pairs.length)]!;
      const date = addDays(today, 1 + Math.floor(random() * 12));
      const start = localToUtc(date, `${String(8 + Math.floor(random() * 10)).padStart(2, '0')}:${random() < 0.5 ? '00' : '30'}`);
      const filter: PoolFilter = { serviceTypeId: pair.service_id, cityId: pair.city_id };
      return { filter, start, end: new Date(start.getTime() + 2 * HOUR_MS), point: near(pair), pro: benchPros[Math.floor(random() * benchPros.length)]!, date };
    });

    const pool = new ProfessionalPoolRepository(database.db);
    const prosRepo = new ProsRepository(database.db);
    const pros = new ProsService(prosRepo, { now: () => now }, pool);

    const backendsCpu = () => backendsCpuOf(admin, db);
    const measure = async (op: (i: number) => Promise<unknown>): Promise<TravelOp> => {
      for (let i = 0; i < 20; i++) await op(runs + i); // warm: the statements prepared, the caches read
      const times: number[] = [];
      const pg0 = await backendsCpu();
      const server0 = process.cpuUsage();
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await op(i);
        times.push(performance.now() - t);
      }
      const server = process.cpuUsage(server0);
      const postgres = cpuSince(pg0, await backendsCpu());
      times.sort((a, b) => a - b);
      return {
        p50: +percentile(times, 50).toFixed(2),
        p99: +percentile(times, 99).toFixed(2),
        cpuMs: { server: +((server.user + server.system) / 1000 / runs).toFixed(3), postgres: postgres === null ? null : +(postgres / runs).toFixed(3) },
      };
    };

    // The floor first: `select 1` over the same pool, timed the same way.
    const floorOp = await measure(() => database.db.execute(sql`select 1`));
    let candidates = 0;
    let detailsRead = 0;
    let countsRead = 0;
    let assignedTravel = 0;
    let assignedOverlapOnly = 0;
    const lazyChoice: Array<string | null> = [];
    // With travel: what creation.service.ts `place` does (the ranking figures of every candidate, then
    // the days and jobs of the best ranked few: pickLazily).
    const travel = await measure(async (i) => {
      const a = asks[i]!;
      const ranking = await pool.rankingPool(a.filter, now);
      const { chosen } = await pickLazily(
        ranking,
        { start: a.start, end: a.end, point: a.point },
        (ids) => {
          if (i < runs) detailsRead += ids.length;
          return pool.details(a.filter, ids, { from: a.start, to: a.end }, now);
        },
        (p) => worksAt(p, a.start, a.end),
        (ids) => {
          if (i < runs) countsRead += ids.length;
          return pool.jobsLast30Days(ids, now);
        },
      );
      if (i < runs) {
        candidates += ranking.length;
        lazyChoice[i] = chosen?.professionalId ?? null;
        if (chosen) assignedTravel++;
      }
      return chosen;
    });
    // With travel, the whole pool's days and jobs read (as before the lazy path): the same choice.
    let differing = 0;
    const wholePool = await measure(async (i) => {
      const a = asks[i]!;
      const read = await pool.pool(a.filter, { from: a.start, to: a.end }, now);
      const working = read.filter((p) => worksAt(p, a.start, a.end) && withinServiceRadius(p, a.point));
      const chosen = freeNear(working, { start: a.start, end: a.end, point: a.point })[0] ?? null;
      if (i < runs && (chosen?.professionalId ?? null) !== lazyChoice[i]) differing++;
      return chosen;
    });
    // Without travel: the window not widened, overlaps only, no radius, no distance.
    const overlapOnly = await measure(async (i) => {
      const a = asks[i]!;
      const read = await pool.pool(a.filter, { from: a.start, to: a.end }, now, 0);
      const free = read.filter((p) => worksAt(p, a.start, a.end) && !p.busy.some((b) => b.start < a.end && b.end > a.start));
      const chosen = rankCandidates(free)[0] ?? null;
      if (i < runs && chosen) assignedOverlapOnly++;
      return chosen;
    });
    let freeTravel = 0;
    let freeOverlapOnly = 0;
    const slotsTravel = await measure(async (i) => {
      const a = asks[i]!;
      const point = near(a.pro);
      const answer = await pros.availability(a.pro.id, { date: a.date, durationHours: 2, lat: point.lat, lng: point.lng });
      if (i < runs) freeTravel += answer.slots.filter((s) => s.available).length;
    });
    const slotsPlain = await measure(async (i) => {
      const a = asks[i]!;
      const answer = await slotsOverlapOnly(prosRepo, a.pro.id, { date: a.date, durationHours: 2 }, now);
      if (i < runs) freeOverlapOnly += answer.filter((s) => s.available).length;
    });
    return {
      professionals: counts!.p,
      bookings: counts!.b,
      activeBookings: counts!.a,
      runs,
      assignment: {
        travel,
        wholePool,
        overlapOnly,
        candidates: +(candidates / runs).toFixed(1),
        detailsRead: +(detailsRead / runs).toFixed(1),
        countsRead: +(countsRead / runs).toFixed(2),
        differing,
        assignedTravel,
        assignedOverlapOnly,
      },
      slots: { travel: slotsTravel, overlapOnly: slotsPlain, freeTravel: +(freeTravel / runs).toFixed(2), freeOverlapOnly: +(freeOverlapOnly / runs).toFixed(2) },
      floor: { p50: floorOp.p50, p99: floorOp.p99 },
      generateSeconds,
      load: { start: loadStart, end: loadavg().map((l) => +l.toFixed(2)) },
    };
  } finally {
    await database.close();
    // TRAVEL_BENCH_KEEP=1 keeps the database (EXPLAIN ANALYZE by hand, or TRAVEL_BENCH_DB=<name> to measure again).
    if (!process.env.TRAVEL_BENCH_KEEP && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    else console.log(`Database kept: ${db}`);
    await admin.end();
  }
}

/** The figures as a table, with the goals (ratio with / without travel <= 1.5, p99 <= 20 ms). */
export function printTravel(f: TravelFigures) {
  const row = (what: string, o: TravelOp) => ({ what, 'p50 ms': o.p50, 'p99 ms': o.p99, 'CPU ms/op bench process': o.cpuMs.server, 'CPU ms/op PostgreSQL': o.cpuMs.postgres ?? '-' });
  console.log(`\nTravel-aware assignment and slots on PostgreSQL: ${f.professionals} professionals, ${f.bookings} bookings (${f.activeBookings} pending or confirmed), ${f.runs} runs each:`);
  console.table([
    row('assignment, with travel (lazy)', f.assignment.travel),
    ...(f.assignment.wholePool ? [row('assignment, with travel, whole pool read', f.assignment.wholePool)] : []),
    row('assignment, overlap only', f.assignment.overlapOnly),
    row("a day's slots, with travel", f.slots.travel),
    row("a day's slots, overlap only", f.slots.overlapOnly),
  ]);
  const r = travelRatios(f);
  console.log(
    `Candidates ranked per assignment ${f.assignment.candidates}, days and jobs read for ${f.assignment.detailsRead ?? '-'}, 30-day counts read apart for ${f.assignment.countsRead ?? '-'}; ` +
      `lazy and whole-pool choices differ in ${f.assignment.differing ?? '-'} of ${f.runs} (must be 0); assigned ${f.assignment.assignedTravel} of ${f.runs} with travel, ${f.assignment.assignedOverlapOnly} overlap only; ` +
      `free slots per day ${f.slots.freeTravel} with travel, ${f.slots.freeOverlapOnly} overlap only`,
  );
  console.log(`Floor (select 1 over the same pool): p50 ${f.floor.p50} ms, p99 ${f.floor.p99} ms. Load average ${f.load.start.join(' ')} -> ${f.load.end.join(' ')}`);
  console.log(`p99 ratio with / without travel: assignment ${r.assignment}, slots ${r.slots} (goal <= 1.5); p99 with travel: assignment ${f.assignment.travel.p99} ms, slots ${f.slots.travel.p99} ms (goal <= 20 ms)`);
}

export const travelRatios = (f: TravelFigures) => ({
  assignment: +(f.assignment.travel.p99 / Math.max(f.assignment.overlapOnly.p99, 0.001)).toFixed(2),
  slots: +(f.slots.travel.p99 / Math.max(f.slots.overlapOnly.p99, 0.001)).toFixed(2),
});
