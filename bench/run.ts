import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { benchBooking, type BookingFigures } from './booking.bench';
import { benchCatalog, type CatalogFigures } from './catalog.bench';
import { benchChat } from './chat.bench';
import { floor as chatFloor } from './chat-floor';
import { benchPages } from './page.bench';
import { benchProof, type ProofFigures } from './proof.bench';
import { benchPros } from './pros.bench';
import { benchTravel, printTravel } from './travel.bench';
import { root } from './lib';
import { machineNow, PARTS, readParts, tpcbRatio, writeReport, type Part, type PartFigures, type PartName, type Parts, type QueryFloor, type TpcbFigures } from './report';

/**
 * `npm run bench`: every part, or those named in BENCH_ONLY (or as arguments):
 *   BENCH_ONLY=catalog,booking npm run bench      npm run bench -- proof crash
 * Parts: catalog, booking, search, travel, chat, pages, proof, crash. Each part's figures replace its previous
 * ones in bench/results/latest.json and in the table at the top of bench/README.md (bench/report.ts);
 * the parts not run keep theirs, with their date. The report is written after every part.
 * BENCH_ONLY=report runs nothing and writes the report again (after editing bench/report.ts).
 * PostgreSQL parts use DATABASE_URL, else 127.0.0.1:5432 when it answers, else they are skipped.
 */
const asked = (process.env.BENCH_ONLY ?? process.argv.slice(2).join(','))
  .split(/[\s,]+/)
  .filter(Boolean);
// BENCH_ONLY=report: no part, the report written again from bench/results/latest.json.
const reportOnly = asked.length === 1 && asked[0] === 'report';
for (const name of reportOnly ? [] : asked) {
  if (!(PARTS as readonly string[]).includes(name)) {
    console.error(`Unknown bench part "${name}"; the parts are: ${PARTS.join(', ')}`);
    process.exit(2);
  }
}
const only = new Set<PartName>(reportOnly ? [] : asked.length ? (asked as PartName[]) : PARTS);

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? DEFAULT_PG;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await c.connect();
    await c.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => {});
  }
}
const pgUrl = await postgresUrl();
if (!pgUrl) console.log(`No PostgreSQL at ${process.env.DATABASE_URL ?? DEFAULT_PG}: the PostgreSQL figures are skipped.`);

/** What this run measured (the report keeps the other parts as the last run left them). */
const measured: Parts = {};
let failed = false;

/** Runs one part, records its figures with the date and the machine's load, and writes the report. */
async function part<K extends PartName>(name: K, measure: () => Promise<PartFigures[K] | null>) {
  if (!only.has(name)) return;
  const m = machineNow();
  const date = new Date().toISOString();
  console.log(`\n=== ${name} (load average ${m.load} on ${m.cores} cores) ===`);
  let figures: PartFigures[K] | null;
  try {
    figures = await measure();
  } catch (err) {
    console.error(`The ${name} part failed: ${err instanceof Error ? err.stack : String(err)}`);
    failed = true;
    return;
  }
  if (!figures) return;
  const entry: Part<K> = { date, machine: { cores: m.cores, node: m.node, loadStart: m.load, loadEnd: machineNow().load }, figures };
  (measured as Record<PartName, Part>)[name] = entry as unknown as Part;
  // Read again before writing: another bench run (of other parts) may have written meanwhile.
  const latest = readParts();
  (latest as Record<PartName, Part>)[name] = entry as unknown as Part;
  writeReport(latest);
}

/**
 * Largest resident set of this process's server children (apps/server/src/main.ts) while `fn` runs,
 * sampled from /proc every 250 ms (Linux; null elsewhere).
 */
async function withServerRss<T>(fn: () => Promise<T>): Promise<{ result: T; rssMb: number | null }> {
  let max = 0;
  const sample = () => {
    try {
      for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
        try {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
          if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/src/main.ts')) continue;
          max = Math.max(max, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
        } catch {
          // gone meanwhile
        }
      }
    } catch {
      // no /proc
    }
  };
  const timer = setInterval(sample, 250);
  try {
    const result = await fn();
    return { result, rssMb: max ? Math.round(max / 1024) : null };
  } finally {
    clearInterval(timer);
  }
}

/** The floor beside the booking figures: `select 1` at the same concurrency (32) over a pool, 3 s. */
async function selectOneFloor(url: string): Promise<QueryFloor> {
  const pool = new pg.Pool({ connectionString: url, max: 32 });
  const times: number[] = [];
  const until = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await pool.query('select 1');
        times.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  times.sort((a, b) => a - b);
  const at = (p: number) => +times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(1);
  return { what: '`select 1`, 32 in flight over a pool', perSecond: Math.round(times.length / 3), p50: at(50), p99: at(99) };
}

/**
 * pgbench's TPC-B (its default script: 5 statements in a transaction) on a scratch database of the same
 * PostgreSQL, 32 clients for 20 s: the anchor the booking figures are read against (issue 40), run just
 * before and just after the booking load. Null when pgbench is missing.
 */
function pgbenchTpcb(url: string, seconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 20)): TpcbFigures | null {
  const name = `khedma_pgbench_${process.pid}`;
  const admin = new URL(url);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const psql = (sqlText: string) => spawnSync('psql', [admin.toString(), '-qc', sqlText], { encoding: 'utf8' });
  psql(`drop database if exists ${name}`);
  if (psql(`create database ${name}`).status !== 0) return null;
  try {
    const init = spawnSync('pgbench', ['-i', '-q', target.toString()], { encoding: 'utf8' });
    if (init.status !== 0) {
      console.error(`pgbench -i failed: ${init.stderr.slice(-500)}`);
      return null;
    }
    const load = machineNow().load;
    const run = spawnSync('pgbench', ['-c', '32', '-j', '2', '-T', String(seconds), target.toString()], { encoding: 'utf8' });
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1] ?? /tps = ([\d.]+)/.exec(run.stdout)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]);
    if (run.status !== 0 || !Number.isFinite(tps)) {
      console.error(`pgbench failed: ${run.stderr.slice(-500)}`);
      return null;
    }
    return { tps: Math.round(tps), latencyMs: latency, seconds, load: [load, machineNow().load] };
  } catch {
    return null;
  } finally {
    psql(`drop database if exists ${name} with (force)`);
  }
}

/** A vitest file run on its own (on PostgreSQL when `pgUrl` is given): pass or fail, its tests, seconds. */
function vitestFile(suite: string, file: string, env: Record<string, string>): ProofFigures {
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', file], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = `${run.stdout}\n${run.stderr}`;
  // eslint-disable-next-line no-control-regex
  const tests = /Tests\s+(.+)/.exec(out.replace(/\u001b\[[0-9;]*m/g, ''))?.[1]?.trim() ?? '?';
  if (run.status !== 0) console.error(out.slice(-4000));
  return { suite, passed: run.status === 0, tests, seconds: Math.round((Date.now() - started) / 1000) };
}

await part('catalog', async () => {
  const engines: CatalogFigures[] = [];
  const rssMb: Record<string, number | null> = {};
  for (const [engine, port, env] of [['pglite', 3201, {}], ...(pgUrl ? [['postgres', 3202, { DATABASE_URL: pgUrl }]] : [])] as Array<['pglite' | 'postgres', number, Record<string, string>]>) {
    const { result, rssMb: rss } = await withServerRss(() => benchCatalog(engine, port, env));
    engines.push(result);
    rssMb[engine] = rss;
  }
  console.log('\nCatalogue and service endpoints, 32 connections, each against bare node:http with the same bytes (goal: ratio >= 0.8, p99 <= 20 ms):');
  console.table(
    engines.flatMap((c) =>
      c.endpoints.map((e) => ({
        engine: c.engine,
        endpoint: e.endpoint.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}'),
        coding: e.contentEncoding ?? '-',
        bytes: e.bytes,
        'req/s': e.khedma.requestsPerSecond,
        'p50 ms': e.khedma.p50,
        'p99 ms': e.khedma.p99,
        'same bytes req/s': e.bareWithHeaders?.requestsPerSecond ?? '',
        'same bytes p99 ms': e.bareWithHeaders?.p99 ?? '',
        ratio: e.sameBytesRatio ?? '',
        '3 headers req/s': e.bare.requestsPerSecond,
        'ratio to 3 headers': e.ratio,
        'CPU µs/req (khedma, same bytes)': e.cpuUs ? `${e.cpuUs.khedma ?? '?'}, ${e.cpuUs.sameBytes ?? '?'}` : '-',
        'load avg': e.loadAverage?.join(' → ') ?? '',
        errors: e.khedma.errors + e.khedma.non2xx,
      })),
    ),
  );
  return { engines, rssMb };
});

await part('booking', async () => {
  const engines: BookingFigures[] = [];
  const rssMb: Record<string, number | null> = {};
  const floor = pgUrl ? await selectOneFloor(pgUrl) : null;
  let tpcb: PartFigures['booking']['tpcb'] = null;
  for (const [engine, port, env] of [['pglite', 3211, {}], ...(pgUrl ? [['postgres', 3212, { DATABASE_URL: pgUrl }]] : [])] as Array<['pglite' | 'postgres', number, Record<string, string>]>) {
    // pgbench TPC-B just before and after the PostgreSQL booking load (issue 40's anchor).
    const before = engine === 'postgres' && pgUrl ? pgbenchTpcb(pgUrl) : null;
    const { result, rssMb: rss } = await withServerRss(() => benchBooking(engine, port, env));
    const after = before && pgUrl ? pgbenchTpcb(pgUrl) : null;
    if (before && after) tpcb = { before, after };
    engines.push(result);
    rssMb[engine] = rss;
  }
  console.log('\nBooking creation: 200 concurrent creates for one slot, then non-conflicting creates (32 in flight):');
  console.table(
    engines.map((b) => ({
      engine: b.engine,
      'race created': b.race.created,
      'race 409': b.race.conflicts,
      'race other': b.race.other,
      'bookings/s': b.throughput.perSecond,
      'p50 ms': b.throughput.p50,
      'p99 ms': b.throughput.p99,
      failed: b.throughput.failed,
      'CPU ms/create (server, PostgreSQL, bench)': b.throughput.cpuMsPerRequest
        ? `${b.throughput.cpuMsPerRequest.server}, ${b.throughput.cpuMsPerRequest.postgres ?? '-'}, ${b.throughput.cpuMsPerRequest.client}`
        : '-',
    })),
  );
  if (floor) console.log(`Floor: ${floor.what}: ${floor.perSecond}/s, p50 ${floor.p50} ms, p99 ${floor.p99} ms`);
  if (tpcb) {
    const pgCreates = engines.find((e) => e.engine === 'postgres')?.throughput.perSecond ?? 0;
    console.log(
      `pgbench TPC-B (32 clients, ${tpcb.before.seconds} s): ${tpcb.before.tps} tps before (load ${tpcb.before.load.join('-')}), ${tpcb.after.tps} tps after (load ${tpcb.after.load.join('-')}); ` +
        `creates/s on PostgreSQL ${pgCreates} = ${tpcbRatio(pgCreates, tpcb)} of their mean (goal >= 0.3)`,
    );
  }
  for (const b of engines) {
    if (b.rssMb) console.log(`Server RSS (${b.engine}): ${b.rssMb.afterStart} MB just after the start, ${b.rssMb.idle} MB idle ${b.rssMb.idleSeconds} s later, at most ${b.rssMb.underLoad} MB under the load${b.engine === 'pglite' ? ' (goal: idle <= 300, under load <= 500)' : ''}`);
    if (b.race.created !== 1) console.error(`FAIL (${b.engine}): the race created ${b.race.created} bookings, expected exactly 1`);
  }
  return { engines, rssMb, floor, tpcb };
});

// Professional search at 10k and 100k professionals, through the service and over HTTP (bench/pros.bench.ts prints its own tables).
// The 1M figures (bench/pros-huge.ts, run by hand: tens of minutes) are kept unless this run measured 1M.
await part('search', async () => {
  if (!pgUrl) return null;
  const figures = await benchPros(pgUrl);
  const huge = figures.huge ?? readParts().search?.figures.huge;
  return huge ? { ...figures, huge } : figures;
});

// Travel-aware assignment and a day's slots at 10k professionals and 1M bookings (bench/travel.bench.ts).
await part('travel', async () => {
  if (!pgUrl) return null;
  const figures = await benchTravel(pgUrl, 10_000, 1_000_000, Number(process.env.BENCH_TRAVEL_RUNS ?? 1_000));
  printTravel(figures);
  return figures;
});

// Chat delivery across two instances on PostgreSQL, then the same shape against a bare echo server.
await part('chat', async () => {
  if (!pgUrl) return null;
  const app = await benchChat(pgUrl);
  const floor = await chatFloor('echo', 3231);
  console.log('\nChat delivery (customers on instance A send, professionals on B hear; goal p99 <= 100 ms, 0 lost), and the echo floor:');
  console.table([{ ...app, rssMb: `A ${app.rssMb.a} MB, B ${app.rssMb.b} MB` }, floor]);
  return { app, floor };
});

// Page weight (first load of each public page, long tasks under a 4x CPU slowdown, Playwright in Debian's
// Chromium) and Lighthouse mobile.
await part('pages', async () => {
  // FIRST_LOAD_PORT: the server's port, LIGHTHOUSE_CHROME_PORT the browsers' (this and the next), for a host shared with other runs.
  const pages = await benchPages(Number(process.env.FIRST_LOAD_PORT ?? 3203));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nFirst loads (benchmark index before and after: ${pages.benchmarkIndex?.join(', ')}):`);
  console.table(
    (pages.firstLoads ?? [pages.firstLoad]).map((f) => ({
      page: f.url,
      javascript: `${kb(f.scriptBytes)} in ${f.scriptRequests} requests`,
      budget: `${kb(f.budget)}: ${f.withinBudget ? 'within' : 'OVER'}`,
      all: kb(f.totalBytes),
      longTasks: `${f.longTasks?.join(' ') || 'none'} (x${f.cpuSlowdown})`,
      withoutScripts: f.longTasksWithoutScripts?.join(' ') || 'none',
    })),
  );
  if (pages.lighthouse) console.table(pages.lighthouse);
  return pages;
});

// The fault tests on PostgreSQL at full size: kill -9 during 1,000 booking creations, the database away and back.
await part('crash', async () => {
  if (!pgUrl) return null;
  const bookings = Number(process.env.CRASH_BOOKINGS ?? 1000);
  const env = { TEST_DATABASE_URL: pgUrl, CRASH_BOOKINGS: String(bookings) };
  const suites = [
    vitestFile(`kill -9 during ${bookings} concurrent booking creations, then payments (\`apps/server/src/crash.test.ts\`)`, 'apps/server/src/crash.test.ts', env),
    vitestFile('the database away and back (`apps/server/src/db-outage.test.ts`)', 'apps/server/src/db-outage.test.ts', env),
  ];
  console.table(suites);
  return { bookings, suites };
});

// Issue 28's proof suites at full size: authorization matrix, fuzzing (FUZZ_RUNS=100), uploads, S3 contract.
// BENCH_PROOF=fuzz (or matrix, uploads, storage-s3): only those suites; the others keep their last result.
await part('proof', async () => {
  const filter = (process.env.BENCH_PROOF ?? '').split(',').filter(Boolean);
  const now = new Date().toISOString();
  const fresh = benchProof(filter).map((f) => ({ ...f, measured: now }));
  const previous = filter.length ? (readParts().proof?.figures ?? []) : [];
  const proof = [...previous.filter((p) => !fresh.some((f) => f.suite === p.suite)), ...fresh];
  console.log('\nProof suites at full size (goal: all pass):');
  console.table(proof);
  return proof;
});

const report = writeReport({ ...readParts(), ...measured });
console.log('\nReport (bench/results/latest.json, and the table at the top of bench/README.md):');
console.table(report.rows.map((r) => ({ figure: r.figure.slice(0, 70), value: r.value.slice(0, 60), goal: r.goal, met: r.met, date: r.date.slice(0, 16) })));
for (const r of report.rows) if (r.met === 'no' && (r.part === 'proof' || r.part === 'crash' || r.figure.startsWith('Booking race'))) failed = true;
process.exitCode = failed ? 1 : 0;
