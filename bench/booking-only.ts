import { benchBooking } from './booking.bench';

/**
 * `npm run bench:booking`: only the booking-creation figures on the PostgreSQL server in DATABASE_URL
 * (a fresh database is created next to it and dropped afterwards), for iterating on the create path;
 * `BENCH_ENGINE=pglite npm run bench:booking`: on the embedded PGlite, with the server's RSS.
 */
const url = process.env.DATABASE_URL;
const pglite = process.env.BENCH_ENGINE === 'pglite';
if (!url && !pglite) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/some_database), or BENCH_ENGINE=pglite.');
  process.exit(1);
}
const b = pglite ? await benchBooking('pglite', 3211) : await benchBooking('postgres', 3212, { DATABASE_URL: url! });
console.table([
  {
    'race created': b.race.created,
    'race 409': b.race.conflicts,
    'race other': b.race.other,
    'bookings/s': b.throughput.perSecond,
    created: b.throughput.created,
    'p50 ms': b.throughput.p50,
    'p99 ms': b.throughput.p99,
    failed: b.throughput.failed,
  },
]);
const cpu = b.throughput.cpuMsPerRequest;
if (cpu) console.log(`CPU per create: server ${cpu.server} ms, PostgreSQL ${cpu.postgres ?? '?'} ms, bench client ${cpu.client} ms`);
if (b.rssMb) {
  const r = b.rssMb;
  console.log(`Server RSS: ${r.afterStart} MB just after the start, ${r.idle} MB idle ${r.idleSeconds} s later, at most ${r.underLoad} MB under the load`);
}
if (b.race.created !== 1) {
  console.error(`FAIL: the race created ${b.race.created} bookings, expected exactly 1`);
  process.exitCode = 1;
}
