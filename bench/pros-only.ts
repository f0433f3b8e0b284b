/**
 * The search bench at one size, printed and not written to the report (a before / after in one sitting on a
 * loaded host; the report's figures are the lead's `npm run bench` and `bench/pros-huge.ts`):
 *
 *   PROS_BENCH_REUSE=1 node --import tsx bench/pros-only.ts 1000000 [reviews each]
 *
 * Over HTTP only unless PROS_BENCH_SERVICE=1; PROS_BENCH_ONLY (a regular expression on the query string, e.g.
 * `q=`) keeps some queries; PROS_BENCH_PORT, PROS_BENCH_HTTP_CONNECTIONS and PROS_BENCH_HTTP_SECONDS as for the bench.
 */
import { loadavg } from 'node:os';
import { benchProsSearch, printHttp } from './pros.bench';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(process.argv[2] ?? 100_000);
const reviewsEach = Number(process.argv[3] ?? (size >= 1_000_000 ? 2 : 10));
const only = process.env.PROS_BENCH_ONLY ? new RegExp(process.env.PROS_BENCH_ONLY) : undefined;
console.log(`Load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
const figures = await benchProsSearch(url, size, {
  service: process.env.PROS_BENCH_SERVICE === '1',
  reviewsEach,
  ...(only ? { only: (q: string) => only.test(q) } : {}),
  ...(process.env.PROS_BENCH_PORT ? { port: Number(process.env.PROS_BENCH_PORT) } : {}),
});
if (figures.queries.length > 0) console.table(figures.queries.map((q) => ({ query: q.query, 'p50 ms': q.p50, 'p99 ms': q.p99, total: q.total, 'CPU ms server/pg': `${q.cpuMs?.server} / ${q.cpuMs?.postgres}` })));
printHttp(size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`, figures);
console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
