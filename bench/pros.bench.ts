/**
 * Professional search (issue 24): the page of GET /api/pros that /search and the finder ask for, on
 * PostgreSQL with 10k and then 100k generated professionals (10 reviews each: 100k and 1M reviews),
 * p50 and p99 of filtered, sorted pages of 12 (with their result count), side by side.
 *
 * The data is generated in SQL in a database of its own (dropped afterwards): the demo seed for the
 * reference data (cities, boroughs, services), then users, professionals, their services and weekly
 * plan, and reviews. The bulk load runs with session_replication_role = replica (no foreign-key or
 * rating triggers: the reviews point at no booking), and the ratings aggregate is then computed once,
 * exactly as migration 0007's backfill does; the triggers keep it up to date from there in the product.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { processCpuMs } from './lib';
import { seedDemo } from '../apps/server/src/db/seed/index';
import { ProsSearchRepository } from '../apps/server/src/modules/pros/search.repository';
import { ProsSearchService } from '../apps/server/src/modules/pros/search.service';
import { proSearchQuerySchema, type ProSearchParams, type ProSearchQuery } from '@khedma/shared/schemas/pros';

export interface ProsSearchFigures {
  professionals: number;
  reviews: number;
  /** p50 / p99 with the search keys (what the product runs), and of the general query on the same data. */
  queries: Array<{
    query: string;
    p50: number;
    p99: number;
    generalP50: number;
    generalP99: number;
    total: number;
    /** CPU milliseconds per search (the product's path): the bench process (the service runs in it) and PostgreSQL's backends. */
    cpuMs?: { server: number; postgres: number | null };
    /** The same path with unnamed statements (parsed and planned on every call, as before issue 40). */
    unnamed?: { p50: number; p99: number; cpuMs: { server: number; postgres: number | null } };
  }>;
  /** The floor: `select 1` over the same pool, timed the same way (what the machine gives any query). */
  floor: { p50: number; p99: number };
}

/** The pages measured: each filtered and sorted, as the two pages ask for them. */
const QUERIES: ProSearchParams[] = [
  { sort: 'rating' },
  { city: 'casablanca', category: 'plumbing', sort: 'rating' },
  { city: 'rabat', minRating: 4, sort: 'reviews' },
  { city: 'marrakech', category: 'cleaning', minRating: 3.5, sort: 'price' },
  { city: 'fes', sort: 'price', page: 3 },
  { q: 'plomb', city: 'casablanca', sort: 'name' },
  { category: 'electrical', sort: 'location' },
];
const RUNS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function generate(url: string, professionals: number, reviewsEach: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query(`INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
      SELECT 'bench-' || g, 'Pro ' || g, 'bench' || g || '@bench.ma', true, now(), now() FROM generate_series(1, $1) g`, [professionals]);
    // First names from a small list, so name searches and sorts meet real duplicates; cities in turn;
    // hourly rates 80-400 in steps of 10. Ids: an md5 with the version-4 and RFC variant bits set, as
    // gen_random_uuid() makes them (a bare md5 is a valid PostgreSQL uuid but no RFC 9562 one).
    await client.query(`INSERT INTO professionals (id, user_id, name, full_name, city_id, hourly_rate, status, approved_at)
      SELECT overlay(overlay(md5('bench-pro-' || g) placing '4' from 13) placing '8' from 17)::uuid, 'bench-' || g,
        (ARRAY['Youssef','Salma','Karim','Nadia','Omar','Imane','Hamza','Sara','Mehdi','Laila','Rachid','Khadija'])[1 + g % 12],
        'Pro Bench ' || g,
        (SELECT id FROM cities ORDER BY slug OFFSET g % (SELECT count(*) FROM cities) LIMIT 1),
        80 + 10 * (g % 33), 'active', now() - interval '30 days'
      FROM generate_series(1, $1) g`, [professionals]);
    // Two services each, of one category.
    await client.query(`INSERT INTO professional_services (professional_id, service_type_id)
      SELECT p.id, s.id FROM professionals p
      CROSS JOIN LATERAL (
        SELECT st.id FROM service_types st
        WHERE st.is_active AND st.category = (ARRAY['plumbing','cleaning','moving','electrical','handyman','painting','gardening','delivery'])[1 + abs(hashtext(p.id::text)) % 8]
        ORDER BY st.name LIMIT 2) s
      WHERE p.user_id LIKE 'bench-%'
      ON CONFLICT DO NOTHING`);
    // Cities: each professional's first city, and a second one for a third of them (issue 24: several
    // cities; search matches any).
    await client.query(`INSERT INTO professional_cities (professional_id, city_id, position)
      SELECT id, city_id, 0 FROM professionals WHERE user_id LIKE 'bench-%'`);
    await client.query(`INSERT INTO professional_cities (professional_id, city_id, position)
      SELECT p.id, c.id, 1 FROM professionals p
      CROSS JOIN LATERAL (SELECT id FROM cities WHERE id <> p.city_id ORDER BY md5(p.id::text || id::text) LIMIT 1) c
      WHERE p.user_id LIKE 'bench-%' AND abs(hashtext(p.id::text)) % 3 = 0`);
    // The search arrays the triggers keep (off during the bulk load), computed once as migration 0015 does.
    await client.query(`UPDATE professionals p SET
      city_ids = ARRAY(SELECT pc.city_id FROM professional_cities pc WHERE pc.professional_id = p.id ORDER BY pc.position, pc.city_id),
      categories = ARRAY(SELECT DISTINCT st.category FROM professional_services ps JOIN service_types st ON st.id = ps.service_type_id
        WHERE ps.professional_id = p.id AND st.is_active ORDER BY 1)
      WHERE p.user_id LIKE 'bench-%'`);
    await client.query(`INSERT INTO professional_availability (professional_id, weekday, slot)
      SELECT p.id, d, 'allDay' FROM professionals p CROSS JOIN generate_series(1, 6) d WHERE p.user_id LIKE 'bench-%'`);
    // Reviews: ratings leaning to 4-5 with a spread per professional.
    const customer = (await client.query(`SELECT id FROM users WHERE email = 'customer@demo.ma'`)).rows[0].id as string;
    await client.query(`INSERT INTO reviews (id, booking_id, user_id, professional_id, rating, created_at)
      SELECT gen_random_uuid(), gen_random_uuid(), $2, p.id,
        greatest(1, least(5, 5 - ((abs(hashtext(p.id::text || r)) % 100) / (15 + abs(hashtext(p.id::text)) % 20)))),
        now() - (r || ' days')::interval
      FROM professionals p CROSS JOIN generate_series(1, $1) r WHERE p.user_id LIKE 'bench-%'`, [reviewsEach, customer]);
    // The aggregate, once (migration 0007's backfill), triggers still off.
    await client.query(`INSERT INTO professional_ratings (professional_id, rating_sum, total_reviews, five_star_count, four_star_count, three_star_count, two_star_count, one_star_count)
      SELECT p.id, COALESCE(SUM(r.rating), 0), COUNT(r.id),
        COUNT(*) FILTER (WHERE r.rating = 5), COUNT(*) FILTER (WHERE r.rating = 4), COUNT(*) FILTER (WHERE r.rating = 3),
        COUNT(*) FILTER (WHERE r.rating = 2), COUNT(*) FILTER (WHERE r.rating = 1)
      FROM professionals p LEFT JOIN reviews r ON r.professional_id = p.id WHERE p.user_id LIKE 'bench-%' GROUP BY p.id
      ON CONFLICT (professional_id) DO UPDATE SET rating_sum = EXCLUDED.rating_sum, total_reviews = EXCLUDED.total_reviews,
        five_star_count = EXCLUDED.five_star_count, four_star_count = EXCLUDED.four_star_count, three_star_count = EXCLUDED.three_star_count,
        two_star_count = EXCLUDED.two_star_count, one_star_count = EXCLUDED.one_star_count`);
    // The search keys, once (migration 0018's backfill): the triggers keep them from there in the product.
    await client.query(`DELETE FROM professional_search_keys WHERE professional_id IN (SELECT id FROM professionals WHERE user_id LIKE 'bench-%')`);
    await client.query(`INSERT INTO professional_search_keys (professional_id, city_id, category, average_rating, total_reviews, hourly_rate, name)
      SELECT p.id, c.city_id, k.category, r.average_rating, r.total_reviews, p.hourly_rate, p.name
      FROM professionals p JOIN professional_ratings r ON r.professional_id = p.id
      CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS city_id UNION SELECT unnest(p.city_ids)) c
      CROSS JOIN LATERAL (SELECT ''::text AS category UNION SELECT unnest(p.categories)) k
      WHERE p.user_id LIKE 'bench-%' AND p.status = 'active' AND p.approved_at IS NOT NULL`);
    // The listed count (migration 0023's trigger, off during the load), once.
    await client.query(`UPDATE professional_listed_count SET n = (SELECT count(*) FROM professionals WHERE status = 'active' AND approved_at IS NOT NULL)`);
    await client.query('SET session_replication_role = origin');
    // The array UPDATE above left a dead copy of every bench professional: compact the table as a
    // table written row by row would be (a search must not pay for the bench's own bulk update).
    await client.query('VACUUM FULL professionals');
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

export async function benchProsSearch(serverUrl: string, professionals: number, reviewsEach = 10): Promise<ProsSearchFigures> {
  const name = `khedma_bench_pros_${process.pid}_${professionals}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolMax: 4 });
  try {
    await database.migrate();
    await seedDemo(database.db);
    await generate(u.toString(), professionals, reviewsEach);
    const count = (await database.db.execute(sql`select (select count(*) from professionals)::int as p, (select count(*) from reviews)::int as r`)) as unknown as {
      rows: Array<{ p: number; r: number }>;
    };
    const repo = new ProsSearchRepository(database.db);
    const service = new ProsSearchService(repo);
    const queries: ProsSearchFigures['queries'] = [];
    const floorTimes: number[] = [];
    for (let i = 0; i < 20; i++) await database.db.execute(sql`select 1`);
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await database.db.execute(sql`select 1`);
      floorTimes.push(performance.now() - start);
    }
    floorTimes.sort((a, b) => a - b);
    const floor = { p50: +percentile(floorTimes, 50).toFixed(2), p99: +percentile(floorTimes, 99).toFixed(2) };
    /** p50 / p99 of one query, with the search keys (migration 0018) or the general query. */
    /** CPU ms of this database's PostgreSQL backends (the pool's connections), by pid. */
    const backendsCpu = async () => {
      const pids = (await admin.query(`select pid from pg_stat_activity where datname = $1`, [name])).rows.map((r: { pid: number }) => r.pid);
      return new Map(pids.map((pid) => [pid, processCpuMs(pid)] as const));
    };
    const measure = async (q: ProSearchQuery, useSearchKeys: boolean, namedStatements = true) => {
      repo.useSearchKeys = useSearchKeys;
      repo.namedStatements = namedStatements;
      for (let i = 0; i < 20; i++) await service.search(q); // warm
      const times: number[] = [];
      let answer = await service.search(q);
      const pg0 = await backendsCpu();
      const server0 = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        answer = await service.search(q);
        times.push(performance.now() - start);
      }
      const server = process.cpuUsage(server0);
      let postgres: number | null = 0;
      for (const [pid, after] of await backendsCpu()) {
        const before = pg0.get(pid) ?? 0;
        if (after === undefined || postgres === null) postgres = null;
        else postgres += after - before;
      }
      times.sort((a, b) => a - b);
      const cpuMs = { server: +((server.user + server.system) / 1000 / RUNS).toFixed(2), postgres: postgres === null ? null : +(postgres / RUNS).toFixed(2) };
      return { p50: +percentile(times, 50).toFixed(1), p99: +percentile(times, 99).toFixed(1), answer, cpuMs };
    };
    for (const params of QUERIES) {
      const q = proSearchQuerySchema.parse(params);
      const general = await measure(q, false);
      const unnamed = await measure(q, true, false);
      const keys = await measure(q, true);
      // Both paths answer the same (the tests prove it on every page; here on the bench's data).
      if (JSON.stringify(keys.answer) !== JSON.stringify(general.answer)) throw new Error(`search keys and general query differ for ${JSON.stringify(params)}`);
      queries.push({
        query: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString(),
        p50: keys.p50,
        p99: keys.p99,
        generalP50: general.p50,
        generalP99: general.p99,
        total: keys.answer.total,
        cpuMs: keys.cpuMs,
        unnamed: { p50: unnamed.p50, p99: unnamed.p99, cpuMs: unnamed.cpuMs },
      });
    }
    return { professionals: count.rows[0]!.p, reviews: count.rows[0]!.r, queries, floor };
  } finally {
    await database.close();
    // PROS_BENCH_KEEP=1 keeps the database (EXPLAIN ANALYZE by hand afterwards).
    if (!process.env.PROS_BENCH_KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

/** Both scales side by side (the growth shows), on the PostgreSQL server in DATABASE_URL or 127.0.0.1:5432. */
export async function benchPros(serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  console.log(`Load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const small = await benchProsSearch(serverUrl, Number(process.env.PROS_BENCH_SMALL ?? 10_000));
  const large = await benchProsSearch(serverUrl, Number(process.env.PROS_BENCH_LARGE ?? 100_000));
  console.log(`\nProfessional search on PostgreSQL (one page of 12 with its count; ${RUNS} runs each), ${small.professionals} vs ${large.professionals} professionals, ${small.reviews} vs ${large.reviews} reviews:`);
  console.table(
    small.queries.map((s, i) => {
      const l = large.queries[i]!;
      return {
        query: s.query || '(none)',
        '10k p50 ms': s.p50,
        '10k p99 ms': s.p99,
        '100k p50 ms': l.p50,
        '100k p99 ms': l.p99,
        '100k matches': l.total,
        '100k CPU ms server/pg': `${l.cpuMs?.server} / ${l.cpuMs?.postgres}`,
        'unnamed 100k p50/p99, CPU server/pg': `${l.unnamed?.p50} / ${l.unnamed?.p99}, ${l.unnamed?.cpuMs.server} / ${l.unnamed?.cpuMs.postgres}`,
        'general 10k p50/p99': `${s.generalP50} / ${s.generalP99}`,
        'general 100k p50/p99': `${l.generalP50} / ${l.generalP99}`,
      };
    }),
  );
  console.log(`Floor (select 1 over the same pool): 10k p50 ${small.floor.p50} ms, p99 ${small.floor.p99} ms; 100k p50 ${large.floor.p50} ms, p99 ${large.floor.p99} ms`);
  console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const worst = Math.max(...large.queries.map((q) => q.p99));
  console.log(`Worst p99 at 100k: ${worst} ms (target 50 ms: ${worst <= 50 ? 'met' : 'MISSED'})`);
  return { small, large };
}

// `node --import tsx bench/pros.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchPros();
