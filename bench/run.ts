import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchBooking, type BookingFigures } from './booking.bench';
import { benchCatalog, type CatalogFigures } from './catalog.bench';
import { benchChat } from './chat.bench';
import { benchPages } from './page.bench';
import { benchProof } from './proof.bench';
import { benchPros } from './pros.bench';
import { root } from './lib';

/** `npm run bench`: prints figures and writes bench/results/latest.json. Targets are in bench/README.md. */
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

const catalog: CatalogFigures[] = [];
catalog.push(await benchCatalog('pglite', 3201));
if (process.env.DATABASE_URL) catalog.push(await benchCatalog('postgres', 3202, { DATABASE_URL: process.env.DATABASE_URL }));
results.catalog = catalog;

console.log('\nCatalogue and service endpoints, 32 connections, each against bare node:http with the same bytes (goal: ratio >= 0.8, p99 <= 20 ms):');
console.table(
  catalog.flatMap((c) =>
    c.endpoints.map((e) => ({
      engine: c.engine,
      endpoint: e.endpoint.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}'),
      bytes: e.bytes,
      'req/s': e.khedma.requestsPerSecond,
      'p50 ms': e.khedma.p50,
      'p99 ms': e.khedma.p99,
      'bare req/s': e.bare.requestsPerSecond,
      ratio: e.ratio,
      errors: e.khedma.errors + e.khedma.non2xx,
    })),
  ),
);

const booking: BookingFigures[] = [];
booking.push(await benchBooking('pglite', 3211));
if (process.env.DATABASE_URL) booking.push(await benchBooking('postgres', 3212, { DATABASE_URL: process.env.DATABASE_URL }));
results.booking = booking;

console.log('\nBooking creation: 200 concurrent creates for one slot, then non-conflicting creates (32 in flight):');
console.table(
  booking.map((b) => ({
    engine: b.engine,
    'race created': b.race.created,
    'race 409': b.race.conflicts,
    'race other': b.race.other,
    'race booking': b.race.booking,
    'bookings/s': b.throughput.perSecond,
    'p50 ms': b.throughput.p50,
    'p99 ms': b.throughput.p99,
    failed: b.throughput.failed,
    'CPU ms/create (server, PostgreSQL, bench)': b.throughput.cpuMsPerRequest
      ? `${b.throughput.cpuMsPerRequest.server}, ${b.throughput.cpuMsPerRequest.postgres ?? '-'}, ${b.throughput.cpuMsPerRequest.client}`
      : '-',
  })),
);
for (const b of booking) {
  if (b.race.created !== 1) console.error(`FAIL (${b.engine}): the race created ${b.race.created} bookings, expected exactly 1`);
}

// Professional search at 10k and 100k professionals (PostgreSQL: DATABASE_URL or 127.0.0.1:5432).
results.prosSearch = await benchPros().catch((err: unknown) => {
  console.error(`Professional search bench skipped: ${err instanceof Error ? err.message : String(err)}`);
  return 'skipped';
});

// Chat delivery across two instances on PostgreSQL (DATABASE_URL or 127.0.0.1:5432): bench/chat.bench.ts.
const chat = await benchChat().catch((err: unknown) => {
  console.error(`Chat delivery bench skipped: ${err instanceof Error ? err.message : String(err)}`);
  return null;
});
results.chat = chat ?? 'skipped';
if (chat) {
  console.log('\nChat delivery (customers on instance A send, professionals on B hear; goal p99 <= 100 ms, 0 lost):');
  console.table([{ ...chat, rssMb: `A ${chat.rssMb.a} MB, B ${chat.rssMb.b} MB` }]);
}

// Page weight (first load of /, Playwright in Debian's Chromium) and Lighthouse mobile when installed.
const pages = await benchPages(3203);
results.firstLoad = pages.firstLoad;
results.lighthouse = pages.lighthouse ?? 'lighthouse not installed';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `\nFirst load of /: ${kb(pages.firstLoad.scriptBytes)} of JavaScript in ${pages.firstLoad.scriptRequests} requests ` +
    `(budget ${kb(pages.firstLoad.budget)}: ${pages.firstLoad.withinBudget ? 'within' : 'OVER'}); ${kb(pages.firstLoad.totalBytes)} in all.`,
);
if (pages.lighthouse) {
  console.log('\nLighthouse (mobile):');
  console.table(pages.lighthouse);
}

// Issue 28's proof suites at full size: authorization matrix, fuzzing (FUZZ_RUNS=100), uploads, S3 contract.
const proof = benchProof();
results.proof = proof;
console.log('\nProof suites at full size (goal: all pass):');
console.table(proof);
for (const p of proof) if (!p.passed) console.error(`FAIL: ${p.suite}`);

writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2) + '\n');
console.log('Written to bench/results/latest.json');
