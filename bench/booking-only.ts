import { benchBooking } from './booking.bench';

/**
 * `npm run bench:booking`: only the booking-creation figures on the PostgreSQL server in DATABASE_URL
 * (a fresh database is created next to it and dropped afterwards), for iterating on the create path.
 */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/some_database).');
  process.exit(1);
}
const b = await benchBooking('postgres', 3212, { DATABASE_URL: url });
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
if (b.race.created !== 1) {
  console.error(`FAIL: the race created ${b.race.created} bookings, expected exactly 1`);
  process.exitCode = 1;
}
