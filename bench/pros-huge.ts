/**
 * The search bench at 1M professionals alone (issue 40: p99 over HTTP at most 50 ms), added to the
 * report's search part beside its 10k and 100k figures (which it keeps). Generating 1M professionals
 * takes tens of minutes on this machine, so `npm run bench` leaves it out:
 *
 *   node --import tsx bench/pros-huge.ts            # 1M, 2 reviews each (PROS_BENCH_HUGE, PROS_BENCH_HUGE_REVIEWS)
 *
 * Over HTTP only: the service-level comparison with the general query would take hours at 1M.
 */
import { loadavg } from 'node:os';
import { benchProsSearch } from './pros.bench';
import { readParts, writeReport } from './report';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(process.env.PROS_BENCH_HUGE ?? 1_000_000);
console.log(`Load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
// PROS_BENCH_PORT: the server's port (default 3190), when another session's server holds it.
const huge = await benchProsSearch(url, size, {
  service: false,
  reviewsEach: Number(process.env.PROS_BENCH_HUGE_REVIEWS ?? 2),
  ...(process.env.PROS_BENCH_PORT ? { port: Number(process.env.PROS_BENCH_PORT) } : {}),
});
huge.measuredAt = new Date().toISOString();
console.log(JSON.stringify(huge.http, null, 1));
const parts = readParts();
if (!parts.search) throw new Error('no search part in bench/results/latest.json: run BENCH_ONLY=search npm run bench first');
parts.search.figures.huge = huge;
writeReport(parts);
console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
