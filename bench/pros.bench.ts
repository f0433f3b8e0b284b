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
import { backendsCpu as backendsCpuOf, cpuSince, load, processCpuMs, startServer } from './lib';
import { bareInOwnProcess } from './catalog.bench';
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
  /** When these figures were measured, when not with the rest of their part (the 1M run, bench/pros-huge.ts). */
  measuredAt?: string;
  /** Seconds the data took to generate (users, professionals, services, cities, reviews, aggregates, vacuum). */
  generateSeconds?: number;
  /** The same queries over HTTP (`GET /api/pros` of the real server on this database), at each number of connections. */
  http?: ProsHttpFigures[];
}

export interface ProsHttpFigures {
  /** Requests in flight (autocannon connections): 1 is a request's own latency, more is the server under load. */
  connections: number;
  seconds: number;
  queries: Array<{
    query: string;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    /** Answers other than 200 and socket errors (0: every answer was a page). */
    non2xx: number;
    errors: number;
    /** CPU milliseconds per request: the server's process and this database's PostgreSQL backends (/proc). */
    cpuMs: { server: number | null; postgres: number | null };
  }>;
  /** The floor: a bare node:http server in its own process sending the unfiltered page's bytes, loaded the same way. */
  floor: { requestsPerSecond: number; p50: number; p99: number; bytes: number; cpuMsServer: number | null };
  /** The 1-minute load average before and after. */
  loadAverage: [number, number];
}

/** The pages measured: each filtered and sorted, as the two pages ask for them. */
const QUERIES: ProSearchParams[] = [
  { sort: 'rating' },
  { city: 'casablanca', category: 'plumbing', sort: 'rating' },
  { city: 'rabat', minRating: 4, sort: 'reviews' },
  { city: 'marrakech', category: 'cleaning', minRating: 3.5, sort: 'price' },
  { city: 'fes', sort: 'price', page: 3 },
  // 'plumb' names the plumbing services (their category); 'plomb' (until issue 40) matched nothing since
  // the catalogue's French names became 'Débouchage', 'Pose de WC' ..., and measured an empty page.
  { q: 'plumb', city: 'casablanca', sort: 'name' },
  { category: 'electrical', sort: 'location' },
  // A text with a category (issue 40): a first name among the category's professionals (until then the
  // general query, 0.5 s at 1M under load).
  { q: 'nadia', category: 'plumbing', sort: 'rating' },
  // A first name in a city (h-search1m): what /search's text box sends for someone looking for a
  // professional they know, in the default order (1M, before migration 0045: page 188 ms, count 252 ms).
  { q: 'nadia', city: 'casablanca' },
];
const RUNS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Tables the generation fills: their secondary indexes are dropped for the load and built once after it. */
const BULK_TABLES = [
  'users',
  'professionals',
  'professional_services',
  'professional_cities',
  'professional_availability',
  'reviews',
  'professional_ratings',
  'professional_search_keys',
];

/**
 * Generates the professionals in set-based SQL (issue 40: 689 s for 100k and 2,266 s for 1M when every
 * secondary index, the GIN ones included, took each row as it came and every professional was written
 * twice). Each statement fills a table in one pass with generate_series; the indexes that are not
 * constraints are dropped before and built once after (a sorted build instead of millions of random
 * inserts); the search arrays are computed in the professionals' insert (no second copy to vacuum away).
 */
async function generate(url: string, professionals: number, reviewsEach: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string, values?: unknown[]) => {
    const t = performance.now();
    await client.query(text, values);
    console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const indexes = (
      await client.query<{ name: string; def: string }>(
        `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
        [BULK_TABLES],
      )
    ).rows;
    for (const i of indexes) await client.query(`DROP INDEX ${i.name}`);
    await step('users', `INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
      SELECT 'bench-' || g, 'Pro ' || g, 'bench' || g || '@bench.ma', true, now(), now() FROM generate_series(1, $1) g`, [professionals]);
    // First names from a small list, so name searches and sorts meet real duplicates; cities in turn;
    // hourly rates 80-400 in steps of 10; two services of one category each; a second city for a third.
    // Ids: an md5 with the version-4 and RFC variant bits set, as gen_random_uuid() makes them.
    await step('professionals', `CREATE TEMP TABLE bench_pros AS
      WITH c AS (SELECT array_agg(id ORDER BY slug) AS ids FROM cities),
      cat AS (SELECT ARRAY['plumbing','cleaning','moving','electrical','handyman','painting','gardening','delivery'] AS names),
      g AS (SELECT g, overlay(overlay(md5('bench-pro-' || g) placing '4' from 13) placing '8' from 17)::uuid AS id FROM generate_series(1, $1) g)
      SELECT g.g, g.id, c.ids[1 + g.g % cardinality(c.ids)] AS city_id,
        CASE WHEN abs(hashtext(g.id::text)) % 3 = 0 THEN
          (SELECT x FROM unnest(c.ids) x WHERE x <> c.ids[1 + g.g % cardinality(c.ids)] ORDER BY md5(g.id::text || x::text) LIMIT 1) END AS city2,
        cat.names[1 + abs(hashtext(g.id::text)) % 8] AS category
      FROM g, c, cat`, [professionals]);
    await step('professional_services', `INSERT INTO professional_services (professional_id, service_type_id)
      SELECT b.id, s.id FROM bench_pros b
      JOIN LATERAL (SELECT (array_agg(st.id ORDER BY st.name))[1:2] AS ids FROM service_types st WHERE st.is_active AND st.category = b.category) two ON true
      CROSS JOIN unnest(two.ids) s(id)`);
    await step('professional_cities', `INSERT INTO professional_cities (professional_id, city_id, position)
      SELECT id, city_id, 0 FROM bench_pros UNION ALL SELECT id, city2, 1 FROM bench_pros WHERE city2 IS NOT NULL`);
    // The search arrays the triggers keep (off during the bulk load), as migration 0015 computes them.
    await step('professionals', `INSERT INTO professionals (id, user_id, name, full_name, city_id, hourly_rate, status, approved_at, city_ids, categories)
      SELECT b.id, 'bench-' || b.g,
        (ARRAY['Youssef','Salma','Karim','Nadia','Omar','Imane','Hamza','Sara','Mehdi','Laila','Rachid','Khadija'])[1 + b.g % 12],
        'Pro Bench ' || b.g, b.city_id, 80 + 10 * (b.g % 33), 'active', now() - interval '30 days',
        CASE WHEN b.city2 IS NULL THEN ARRAY[b.city_id] ELSE ARRAY[b.city_id, b.city2] END,
        CASE WHEN EXISTS (SELECT 1 FROM professional_services ps WHERE ps.professional_id = b.id) THEN ARRAY[b.category] ELSE '{}' END
      FROM bench_pros b`);
    await step('professional_availability', `INSERT INTO professional_availability (professional_id, weekday, slot)
      SELECT b.id, d, 'allDay' FROM bench_pros b CROSS JOIN generate_series(1, 6) d`);
    // Reviews: ratings leaning to 4-5 with a spread per professional.
    const customer = (await client.query(`SELECT id FROM users WHERE email = 'customer@demo.ma'`)).rows[0].id as string;
    await step('reviews', `INSERT INTO reviews (id, booking_id, user_id, professional_id, rating, created_at)
      SELECT gen_random_uuid(), gen_random_uuid(), $2, b.id,
        greatest(1, least(5, 5 - ((abs(hashtext(b.id::text || r)) % 100) / (15 + abs(hashtext(b.id::text)) % 20)))),
        now() - (r || ' days')::interval
      FROM bench_pros b CROSS JOIN generate_series(1, $1) r`, [reviewsEach, customer]);
    // The aggregate, once (migration 0007's backfill), triggers still off.
    await step('professional_ratings', `INSERT INTO professional_ratings (professional_id, rating_sum, total_reviews, five_star_count, four_star_count, three_star_count, two_star_count, one_star_count)
      SELECT r.professional_id, SUM(r.rating), COUNT(*),
        COUNT(*) FILTER (WHERE r.rating = 5), COUNT(*) FILTER (WHERE r.rating = 4), COUNT(*) FILTER (WHERE r.rating = 3),
        COUNT(*) FILTER (WHERE r.rating = 2), COUNT(*) FILTER (WHERE r.rating = 1)
      FROM reviews r JOIN bench_pros b ON b.id = r.professional_id GROUP BY r.professional_id
      ON CONFLICT (professional_id) DO UPDATE SET rating_sum = EXCLUDED.rating_sum, total_reviews = EXCLUDED.total_reviews,
        five_star_count = EXCLUDED.five_star_count, four_star_count = EXCLUDED.four_star_count, three_star_count = EXCLUDED.three_star_count,
        two_star_count = EXCLUDED.two_star_count, one_star_count = EXCLUDED.one_star_count`);
    await step('professional_ratings (none)', `INSERT INTO professional_ratings (professional_id) SELECT b.id FROM bench_pros b ON CONFLICT DO NOTHING`);
    // The search keys, once (migration 0018's backfill, with the services' rows of migration 0040): the
    // triggers keep them from there in the product.
    await step('professional_search_keys', `INSERT INTO professional_search_keys (professional_id, city_id, category, average_rating, total_reviews, hourly_rate, name)
      SELECT p.id, c.city_id, k.category, r.average_rating, r.total_reviews, p.hourly_rate, p.name
      FROM professionals p JOIN professional_ratings r ON r.professional_id = p.id
      CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS city_id UNION SELECT unnest(p.city_ids)) c
      CROSS JOIN LATERAL (SELECT ''::text AS category UNION SELECT unnest(p.categories)
        UNION SELECT ps.service_type_id::text FROM professional_services ps WHERE ps.professional_id = p.id) k
      WHERE p.user_id LIKE 'bench-%' AND p.status = 'active' AND p.approved_at IS NOT NULL`);
    // The distinct first names (migration 0045), once (its trigger is off during the load).
    await step('professional_first_names', `INSERT INTO professional_first_names (name) SELECT DISTINCT name FROM professionals
      WHERE name NOT IN (SELECT name FROM professional_first_names)`);
    // The filtered counters (migration 0037, kept with the keys by the same refresh), once, from the keys.
    await client.query(`DELETE FROM professional_search_counts`);
    await step('professional_search_counts', `INSERT INTO professional_search_counts (city_id, category, rating_floor, n)
      SELECT city_id, category, search_rating_floor(average_rating), count(*)::int FROM professional_search_keys GROUP BY 1, 2, 3`);
    // The listed count (migration 0023's trigger, off during the load), once.
    await client.query(`UPDATE professional_listed_count SET n = (SELECT count(*) FROM professionals WHERE status = 'active' AND approved_at IS NOT NULL)`);
    await client.query('SET session_replication_role = origin');
    const t = performance.now();
    for (const i of indexes) await client.query(i.def);
    console.log(`  ${indexes.length} indexes: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await step('vacuum analyze', 'VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** Requests in flight for the HTTP figures (PROS_BENCH_HTTP_CONNECTIONS, comma-separated) and seconds per query. */
const HTTP_CONNECTIONS = (process.env.PROS_BENCH_HTTP_CONNECTIONS ?? '1,8').split(',').map(Number).filter((n) => n > 0);
const HTTP_SECONDS = Number(process.env.PROS_BENCH_HTTP_SECONDS ?? 5);

export async function benchProsSearch(
  serverUrl: string,
  professionals: number,
  {
    reviewsEach = 10,
    service: measureService = true,
    port = 3190,
    only,
  }: { reviewsEach?: number; service?: boolean; port?: number; only?: (query: string) => boolean } = {},
): Promise<ProsSearchFigures> {
  // PROS_BENCH_REUSE=1: a database named by its size, kept after the run and used again by the next one
  // when it holds that many generated professionals (migrations newer than it are applied to it).
  const reuse = process.env.PROS_BENCH_REUSE === '1';
  const name = reuse ? `khedma_bench_pros_${professionals}_${reviewsEach}` : `khedma_bench_pros_${process.pid}_${professionals}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = reuse && (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1;
  if (!exists) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolMax: 4 });
  try {
    await database.migrate();
    const generated = exists
      ? ((await database.db.execute(sql`select count(*)::int as n from professionals where user_id like 'bench-%'`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n
      : 0;
    let generateSeconds: number | undefined;
    if (generated === professionals) {
      console.log(`${professionals} professionals: database ${name} used again (PROS_BENCH_REUSE)`);
    } else {
      if (exists) throw new Error(`${name} holds ${generated} generated professionals, not ${professionals}: drop it`);
      await seedDemo(database.db);
      const generateStart = performance.now();
      await generate(u.toString(), professionals, reviewsEach);
      generateSeconds = Math.round((performance.now() - generateStart) / 1000);
      console.log(`${professionals} professionals generated in ${generateSeconds} s`);
    }
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
    const backendsCpu = () => backendsCpuOf(admin, name);
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
      const postgres = cpuSince(pg0, await backendsCpu());
      times.sort((a, b) => a - b);
      const cpuMs = { server: +((server.user + server.system) / 1000 / RUNS).toFixed(2), postgres: postgres === null ? null : +(postgres / RUNS).toFixed(2) };
      return { p50: +percentile(times, 50).toFixed(1), p99: +percentile(times, 99).toFixed(1), answer, cpuMs };
    };
    // And a service filter (the keys' and counters' rows per service, migration 0040), on the service
    // most professionals offer.
    const [popular] = (
      (await database.db.execute(sql`select service_type_id as id from professional_services group by 1 order by count(*) desc, 1 limit 1`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows;
    const every: ProSearchParams[] = [...QUERIES, { service: popular!.id, sort: 'rating' }];
    const measured = every.filter((q) => !only || only(queryString(q)));
    for (const params of measureService ? measured : []) {
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
    const http = await benchHttp(u.toString(), port, backendsCpu, measured);
    return { professionals: count.rows[0]!.p, reviews: count.rows[0]!.r, queries, floor, generateSeconds, http };
  } finally {
    await database.close();
    // PROS_BENCH_KEEP=1 keeps the database (EXPLAIN ANALYZE by hand afterwards); PROS_BENCH_REUSE too.
    if (!process.env.PROS_BENCH_KEEP && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

const queryString = (params: ProSearchParams) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/**
 * The queries over HTTP: the real server (src/main.ts, PostgreSQL mode, no demo seeding: the data is
 * there) on the generated database, each query loaded by autocannon for HTTP_SECONDS at each number of
 * connections, with the CPU per request of the server and of the database's backends, beside a bare
 * node:http server sending the unfiltered page's bytes (the floor). Every answer must be a 200.
 */
async function benchHttp(
  databaseUrl: string,
  port: number,
  backendsCpu: () => Promise<Map<number, number | undefined>>,
  QUERIES: ProSearchParams[],
): Promise<ProsHttpFigures[]> {
  const server = await startServer(port, { DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'error' });
  const out: ProsHttpFigures[] = [];
  try {
    const first = await fetch(`${server.url}/api/pros?${queryString(QUERIES[0]!)}`);
    const body = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`GET /api/pros answered ${first.status}: ${body.toString().slice(0, 300)}`);
    const bare = await bareInOwnProcess(body, first.headers.get('content-type') ?? 'application/json', first.headers.get('etag') ?? '"x"');
    const bareUrl = `http://127.0.0.1:${bare.port}/`;
    try {
      for (const connections of HTTP_CONNECTIONS) {
        const load0 = loadavg()[0]!;
        const queries: ProsHttpFigures['queries'] = [];
        for (const params of QUERIES) {
          const url = `${server.url}/api/pros?${queryString(params)}`;
          const check = await fetch(url);
          if (check.status !== 200) throw new Error(`GET ${url} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
          await load(url, { connections, duration: 1 }); // warm: every connection's statements prepared
          const pg0 = await backendsCpu();
          const server0 = server.pid ? processCpuMs(server.pid) : undefined;
          const r = await load(url, { connections, duration: HTTP_SECONDS });
          const server1 = server.pid ? processCpuMs(server.pid) : undefined;
          const postgres = cpuSince(pg0, await backendsCpu());
          const requests = r.requestsPerSecond * HTTP_SECONDS;
          queries.push({
            query: queryString(params),
            requestsPerSecond: r.requestsPerSecond,
            p50: r.p50,
            p99: r.p99,
            non2xx: r.non2xx,
            errors: r.errors,
            cpuMs: {
              server: server0 === undefined || server1 === undefined ? null : +((server1 - server0) / requests).toFixed(2),
              postgres: postgres === null ? null : +(postgres / requests).toFixed(2),
            },
          });
        }
        await load(bareUrl, { connections, duration: 1 });
        const bare0 = bare.pid ? processCpuMs(bare.pid) : undefined;
        const f = await load(bareUrl, { connections, duration: HTTP_SECONDS });
        const bare1 = bare.pid ? processCpuMs(bare.pid) : undefined;
        out.push({
          connections,
          seconds: HTTP_SECONDS,
          queries,
          floor: {
            requestsPerSecond: f.requestsPerSecond,
            p50: f.p50,
            p99: f.p99,
            bytes: body.length,
            cpuMsServer: bare0 === undefined || bare1 === undefined ? null : +((bare1 - bare0) / (f.requestsPerSecond * HTTP_SECONDS)).toFixed(3),
          },
          loadAverage: [+load0.toFixed(2), +loadavg()[0]!.toFixed(2)],
        });
      }
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
  }
  return out;
}

/** The HTTP figures of one scale, printed as a table per number of connections. */
export function printHttp(label: string, f: ProsSearchFigures) {
  for (const h of f.http ?? []) {
    console.log(`\nGET /api/pros over HTTP at ${label} professionals, ${h.connections} connection(s), ${h.seconds} s per query, load ${h.loadAverage.join(' -> ')}:`);
    console.table(
      h.queries.map((q) => ({
        query: q.query,
        'req/s': q.requestsPerSecond,
        'p50 ms': q.p50,
        'p99 ms': q.p99,
        'CPU ms server/pg': `${q.cpuMs.server} / ${q.cpuMs.postgres}`,
        'non-200/errors': `${q.non2xx}/${q.errors}`,
      })),
    );
    console.log(`Floor: bare node:http sending the same ${h.floor.bytes} bytes: ${h.floor.requestsPerSecond} req/s, p50 ${h.floor.p50} ms, p99 ${h.floor.p99} ms, CPU ${h.floor.cpuMsServer} ms`);
  }
}

/**
 * 10k and 100k side by side (the growth shows), and 1M when PROS_BENCH_HUGE gives its size (opt-in: it
 * takes minutes to generate; PROS_BENCH_HUGE_REVIEWS reviews each, default 2), on the PostgreSQL server
 * in DATABASE_URL or 127.0.0.1:5432. PROS_BENCH_SERVICE=0 leaves out the service-level timings (HTTP only).
 */
export async function benchPros(serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  console.log(`Load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const service = process.env.PROS_BENCH_SERVICE !== '0';
  const small = await benchProsSearch(serverUrl, Number(process.env.PROS_BENCH_SMALL ?? 10_000), { service });
  const large = await benchProsSearch(serverUrl, Number(process.env.PROS_BENCH_LARGE ?? 100_000), { service });
  const hugeSize = Number(process.env.PROS_BENCH_HUGE ?? 0);
  const huge = hugeSize > 0 ? await benchProsSearch(serverUrl, hugeSize, { service, reviewsEach: Number(process.env.PROS_BENCH_HUGE_REVIEWS ?? 2) }) : undefined;
  if (service) {
    console.log(`\nProfessional search on PostgreSQL through the service (one page of 12 with its count; ${RUNS} runs each), ${small.professionals} vs ${large.professionals} professionals, ${small.reviews} vs ${large.reviews} reviews:`);
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
  }
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`);
  printHttp(label(small.professionals), small);
  printHttp(label(large.professionals), large);
  if (huge) printHttp(label(huge.professionals), huge);
  console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const worstHttp = (f: ProsSearchFigures) => Math.max(...(f.http?.[0]?.queries ?? []).map((q) => q.p99));
  console.log(`Worst HTTP p99 at ${HTTP_CONNECTIONS[0]} connection(s): 100k ${worstHttp(large)} ms (goal 20 ms)` + (huge ? `, 1M ${worstHttp(huge)} ms (goal 50 ms)` : ''));
  return { small, large, ...(huge ? { huge } : {}) };
}

// `node --import tsx bench/pros.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchPros();
