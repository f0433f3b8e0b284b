/**
 * `npm run bench -- --travel [professionals] [bookings]` (issue 42): the cost of travel-aware assignment
 * and of a professional's day of slots, beside the same decisions without travel (overlap only), at
 * 10k professionals and 1M bookings by default. It times the decision the server makes once the pool is
 * read (pool.repository.ts reads a city's candidates and their jobs near the window in one statement;
 * the SQL read is the same with or without travel, but for the window widened by the longest travel
 * time), on data made in memory: the candidates of one city and service with their jobs of the day.
 * Prints p50/p99 per operation, CPU per operation and the load average beside.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fitsBetween, freeWithTravel, PRO_PAGE_TIMES, rankCandidates, type GeoPoint, type PlacedJob, type TravelCandidate } from '@khedma/shared';

const PROS = Number(process.argv[2] ?? process.env.BENCH_TRAVEL_PROS ?? 10_000);
const BOOKINGS = Number(process.argv[3] ?? process.env.BENCH_TRAVEL_BOOKINGS ?? 1_000_000);
const DAYS = 30;
const OPS = Number(process.env.BENCH_TRAVEL_OPS ?? 5_000);
const CITIES: GeoPoint[] = [
  { lat: 33.5731, lng: -7.5898 },
  { lat: 34.0209, lng: -6.8416 },
  { lat: 31.6295, lng: -7.9811 },
  { lat: 34.0331, lng: -5.0003 },
  { lat: 35.7595, lng: -5.834 },
  { lat: 30.4278, lng: -9.5981 },
  { lat: 33.8935, lng: -5.5473 },
];
const SERVICES = 10;

// mulberry32: a small seeded generator, so that runs compare.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const near = (c: GeoPoint, km: number): GeoPoint => ({ lat: c.lat + ((random() - 0.5) * 2 * km) / 111, lng: c.lng + ((random() - 0.5) * 2 * km) / 92 });
const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 11, 1, 6);

interface Pro extends TravelCandidate {
  city: number;
  service: number;
  /** Jobs by day (0-29), sorted by start. */
  days: Array<Array<PlacedJob & { bookingId: string }>>;
}

const made = performance.now();
const pros: Pro[] = Array.from({ length: PROS }, (_, i) => {
  const city = i % CITIES.length;
  return {
    professionalId: `p${i}`,
    rating: random() < 0.2 ? null : 3 + random() * 2,
    reviewCount: Math.floor(random() * 50),
    jobsLast30Days: Math.floor(random() * 20),
    base: near(CITIES[city]!, 10),
    radiusKm: random() < 0.5 ? null : 15,
    busy: [],
    city,
    service: Math.floor(i / CITIES.length) % SERVICES,
    days: Array.from({ length: DAYS }, () => []),
  };
});
// Bookings: 30- to 120-minute jobs between 06:00 and 22:00, placed where they fit (as the product would).
let placed = 0;
for (let n = 0; n < BOOKINGS; n++) {
  const pro = pros[Math.floor(random() * PROS)]!;
  const day = Math.floor(random() * DAYS);
  const start = T0 + day * DAY_MS + Math.floor(random() * 32) * 30 * 60_000;
  const job = { bookingId: `b${n}`, start: new Date(start), end: new Date(start + (1 + Math.floor(random() * 4)) * 30 * 60_000), point: random() < 0.9 ? near(CITIES[pro.city]!, 12) : null };
  const list = pro.days[day]!;
  if (list.some((b) => b.start < job.end && b.end > job.start)) continue;
  list.push(job);
  placed++;
}
for (const p of pros) for (const d of p.days) d.sort((a, b) => a.start.getTime() - b.start.getTime());
const byPool = new Map<string, Pro[]>();
for (const p of pros) {
  const key = `${p.city}:${p.service}`;
  byPool.set(key, [...(byPool.get(key) ?? []), p]);
}
console.log(`${PROS} professionals, ${placed} bookings placed of ${BOOKINGS} asked (overlaps skipped), made in ${((performance.now() - made) / 1000).toFixed(1)} s`);

function measure(name: string, op: (i: number) => unknown) {
  for (let i = 0; i < 200; i++) op(i); // warm up
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const load = os.loadavg()[0]!;
  for (let i = 0; i < OPS; i++) {
    const t = performance.now();
    op(i);
    times.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { name, p50: +q(0.5).toFixed(3), p99: +q(0.99).toFixed(3), cpuPerOpMs: +((used.user + used.system) / 1000 / OPS).toFixed(3), load: `${load.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}` };
}

const asks = Array.from({ length: OPS + 200 }, () => {
  const city = Math.floor(random() * CITIES.length);
  const day = Math.floor(random() * DAYS);
  const start = T0 + day * DAY_MS + Math.floor(random() * 28) * 30 * 60_000;
  return { pool: byPool.get(`${city}:${Math.floor(random() * SERVICES)}`) ?? [], day, job: { start: new Date(start), end: new Date(start + 60 * 60_000), point: near(CITIES[city]!, 12) } };
});
const withBusy = (p: Pro, day: number) => ({ ...p, busy: [...(p.days[day - 1] ?? []), ...p.days[day]!, ...(p.days[day + 1] ?? [])] });

const assignTravel = measure('assignment, with travel', (i) => {
  const a = asks[i]!;
  return freeWithTravel(a.pool.map((p) => withBusy(p, a.day)), a.job)[0];
});
const assignPlain = measure('assignment, overlap only', (i) => {
  const a = asks[i]!;
  return rankCandidates(a.pool.map((p) => withBusy(p, a.day)).filter((p) => !p.busy.some((b) => b.start < a.job.end && b.end > a.job.start)))[0];
});
const slotsOf = (travel: boolean) => (i: number) => {
  const a = asks[i]!;
  const pro = withBusy(a.pool[i % Math.max(1, a.pool.length)] ?? pros[0]!, a.day);
  return PRO_PAGE_TIMES.map((time) => {
    const start = new Date(T0 + a.day * DAY_MS + (Number(time.slice(0, 2)) - 6) * 3_600_000);
    const job = { start, end: new Date(start.getTime() + 2 * 3_600_000), point: travel ? a.job.point : null };
    return travel ? fitsBetween(pro.busy, job) : !pro.busy.some((b) => b.start < job.end && b.end > job.start);
  });
};
const slotsTravel = measure("a professional's day of slots, with travel", slotsOf(true));
const slotsPlain = measure("a professional's day of slots, overlap only", slotsOf(false));
console.table([assignTravel, assignPlain, slotsTravel, slotsPlain]);
const ratio = (a: { p99: number }, b: { p99: number }) => +(a.p99 / Math.max(b.p99, 0.001)).toFixed(2);
console.log(
  `p99 ratio with/without travel: assignment ${ratio(assignTravel, assignPlain)}, slots ${ratio(slotsTravel, slotsPlain)} (goal <= 1.5); ` +
    `p99 assignment ${assignTravel.p99} ms, slots ${slotsTravel.p99} ms (goal <= 20 ms); ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
);
