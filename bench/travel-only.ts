/**
 * `npm run bench -- --travel [professionals] [bookings]` (issue 42): travel-aware assignment and a
 * professional's day of slots on PostgreSQL at 10k professionals and 1M bookings by default, beside the
 * same without travel, with the `select 1` floor (bench/travel.bench.ts explains what is timed). Writes
 * the `travel` part of the report (bench/results/latest.json and the table of bench/README.md), as
 * `BENCH_ONLY=travel npm run bench` does. BENCH_TRAVEL_RUNS: operations timed each (default 1000).
 */
import { benchTravel, printTravel } from './travel.bench';
import { machineNow, readParts, writeReport } from './report';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const professionals = Number(process.argv[2] ?? process.env.BENCH_TRAVEL_PROS ?? 10_000);
const bookings = Number(process.argv[3] ?? process.env.BENCH_TRAVEL_BOOKINGS ?? 1_000_000);
const m = machineNow();
const date = new Date().toISOString();
const figures = await benchTravel(url, professionals, bookings, Number(process.env.BENCH_TRAVEL_RUNS ?? 1_000));
printTravel(figures);
// A smaller run than the (arguments) prints without replacing the report's figures.
if (professionals === 10_000 && bookings === 1_000_000) {
  const parts = readParts();
  parts.travel = { date, machine: { cores: m.cores, node: m.node, loadStart: m.load, loadEnd: machineNow().load }, figures };
  writeReport(parts);
  console.log('Written to bench/results/latest.json and bench/README.md.');
}
