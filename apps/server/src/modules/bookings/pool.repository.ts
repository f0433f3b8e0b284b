/**
 * The professional pool: approved, active professionals who could take a booking, with their
 * ratings, weekly availability and the bookings that keep them busy, in one statement. Assignment
 * (the wizard's step 3, placing a booking, rescheduling) reads it; so can the professionals'
 * availability (exported by modules/bookings/index.ts).
 */
import { isoToWeekday, RATING_BADGE_THRESHOLDS, TRAVEL_MARGIN_MS, type AvailabilitySlot, type DayOffRange, type GeoPoint, type IsoWeekday, type WeeklyAvailability } from '@khedma/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, cities, professionalBoroughs, professionalCities, professionalRatings, professionals, professionalServices, returnVisitHoldsTime } from '../../db/schema/index';
import { json, PreparedStatements, PRO_ID, ratingSql, reviewCountSql } from './sql';
import { claimParams, claimPlaceholderSql } from './idempotency';

/** A professional who could take a booking, with what ranking and the slot check need. */
export interface PoolMember {
  professionalId: string;
  userId: string;
  firstName: string;
  cityId: string;
  /** Every city they work in, the first first (professional_cities). */
  cityIds: string[];
  hourlyRate: number;
  /** Average of real reviews, null without any. */
  rating: number | null;
  reviewCount: number;
  /** Ranking figures (pickProfessional): 0 when the filter names the professional, since one is not ranked. */
  jobsLast30Days: number;
  jobsDone: number;
  availability: WeeklyAvailability;
  /** Days off ending on or after the window's first day (set by the professional; see worksAt). */
  daysOff: DayOffRange[];
  /**
   * Pending or confirmed bookings overlapping the window asked for widened by the longest travel time
   * (TRAVEL_MARGIN_MS), each with its place: its pin, else its city's centre (issue 42).
   */
  busy: Array<{ start: Date; end: Date; bookingId: string; point: GeoPoint | null }>;
  /** Base location and service radius (null: the whole of their cities). */
  base: GeoPoint | null;
  radiusKm: number | null;
  /** The database's clock when this was read (`now()` as text): a booking placed from it is stamped so. */
  readAt: string;
}

/**
 * A candidate as the ranking read gives it (ProfessionalPoolRepository.rankingPool): rating and review
 * count from professional_ratings (kept by triggers on reviews, migration 0007), and the 30-day count
 * only for the best rating groups (null for the others: travel.ts pickLazily counts them when it gets
 * there, `jobsLast30Days` of the repository). Its `cityIds` are empty and `readAt` is '': the details
 * read gives them for those it reaches.
 */
export type RankingMember = Omit<PoolMember, 'jobsLast30Days'> & { jobsLast30Days: number | null };

export interface PoolFilter {
  professionalId?: string;
  serviceTypeId?: string;
  cityId?: string;
  /** Casablanca: only professionals covering this borough. */
  boroughId?: string | null;
}

/**
 * What a pool read returns for each professional (lazy assignment, issue 42's benchmark):
 * - `full`: everything (ranking figures, weekly slots, days off, jobs near the window);
 * - `ranking`: only what ranking and the service radius need (rating and reviews as
 *   professional_ratings keeps them, base and radius; the jobs in the last 30 days of the candidates
 *   whose rating group starts within the first `counted` rows, null for the others), no slots, days
 *   off, jobs or jobsDone (0): cheap for every candidate;
 * - `details`: the slots, days off and jobs of the professionals named by `ids` (ranking figures 0).
 */
export type PoolRead = 'full' | 'ranking' | 'details';


/**
 * The pool query of one filter shape with placeholders for every value (see ProfessionalPoolRepository.pool).
 * Overlapping bookings are found through the bookings_no_overlap index: its range expression with
 * a closed window narrows the scan to the window, and the exact half-open test follows.
 *
 * With `claim`, the same read also claims a request's Idempotency-Key (`claimPlaceholderSql`): one
 * statement, committed on its own before the booking is written, so a concurrent retry sees the key
 * in flight exactly as when the claim was a statement of its own. The professionals are then
 * left-joined to a single row, so that the answer says whether the key was claimed even when nobody
 * matches.
 */
function preparePool(db: Db, filter: PoolFilter, name: string, claim?: SQL, read: PoolRead = 'full', extras?: ClaimExtras): PreparedPool {
  const p = sql.placeholder;
  const conditions: SQL[] = [eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`];
  if (filter.professionalId) conditions.push(sql`${professionals.id} = ${p('professionalId')}`);
  // The ids as one text parameter (comma-separated): the same on PostgreSQL and PGlite.
  if (read === 'details') conditions.push(sql`${professionals.id} = any(string_to_array(${p('ids')}, ',')::uuid[])`);
  // Any of the professional's cities (professional_cities; its boroughs are checked below).
  if (filter.cityId) {
    conditions.push(sql`exists (select 1 from ${professionalCities} pc where pc.professional_id = ${PRO_ID} and pc.city_id = ${p('cityId')})`);
  }
  if (filter.serviceTypeId) {
    conditions.push(sql`exists (select 1 from ${professionalServices} ps where ps.professional_id = ${PRO_ID} and ps.service_type_id = ${p('serviceTypeId')})`);
  }
  if (filter.boroughId) {
    conditions.push(sql`exists (select 1 from ${professionalBoroughs} pb where pb.professional_id = ${PRO_ID} and pb.borough_id = ${p('boroughId')})`);
  }
  const from = sql`${p('from')}::timestamptz`;
  const ranked = !filter.professionalId && read !== 'details';
  const detailed = read !== 'ranking';
  const to = sql`${p('to')}::timestamptz`;
  const jobsLast30Days = sql<number>`(select count(*)::int from bookings b where b.professional_id = ${PRO_ID}
      and b.status in ('pending', 'confirmed', 'completed')
      and b.scheduled_start >= ${p('since')}::timestamptz and b.scheduled_start < ${p('now')}::timestamptz)`;
  // The ranking read's rating group (shared compareRatingGroup: tier, then the average to the
  // hundredth, which average_rating is, numeric(3, 2)); rank(): the position of the group's first row.
  const ratingGroupStart = sql`rank() over (order by case when ${professionalRatings.totalReviews} = 0 then 1
      when ${professionalRatings.averageRating} >= ${sql.raw(String(RATING_BADGE_THRESHOLDS.good))} then 0 else 2 end,
      ${professionalRatings.averageRating} desc)`;
  // One round trip: ratings, recent jobs, weekly slots and overlapping bookings as JSON columns.
  const fields = {
    professionalId: professionals.id,
    userId: professionals.userId,
    firstName: professionals.name,
    cityId: professionals.cityId,
    // The ranking read leaves out what details reads again for the few it reaches (their cities and the
    // clock): fewer values to parse for every candidate.
    cityIds: detailed ? professionals.cityIds : sql<string[]>`null`,
    hourlyRate: professionals.hourlyRate,
    // The full read counts reviews afresh (the lazy path's tests and bench compare the two choices); the
    // ranking read takes professional_ratings' row, the same figures kept by its triggers; details none.
    rating:
      read === 'full'
        ? ratingSql
        : read === 'details'
          ? sql<string | null>`null`
          : sql<string | null>`case when ${professionalRatings.totalReviews} = 0 then null else ${professionalRatings.averageRating} end`,
    reviewCount: read === 'full' ? reviewCountSql : read === 'details' ? sql<number>`0` : sql<number>`${professionalRatings.totalReviews}`,
    // Ranking figures: not counted when the professional is chosen (a pool of one is not ranked). The
    // ranking read counts the best rating groups' only (the others: pickLazily asks when it gets there).
    jobsLast30Days: !ranked
      ? sql<number>`0`
      : detailed
        ? jobsLast30Days
        : sql<number | null>`case when ${ratingGroupStart} <= ${p('counted')}::int then ${jobsLast30Days} end`,
    jobsDone:
      ranked && detailed ? sql<number>`(select count(*)::int from bookings b where b.professional_id = ${PRO_ID} and b.status = 'completed')` : sql<number>`0`,
    slots: !detailed ? sql<unknown>`null` : sql<unknown>`(select coalesce(json_agg(json_build_array(a.weekday, a.slot)), '[]'::json)
      from professional_availability a where a.professional_id = ${PRO_ID})`,
    daysOff: !detailed ? sql<unknown>`null` : sql<unknown>`(select coalesce(json_agg(json_build_array(d.starts_on, d.ends_on)), '[]'::json)
      from professional_days_off d where d.professional_id = ${PRO_ID} and d.ends_on >= (${from} - interval '1 day')::date)`,
    // Pending and confirmed bookings, and guarantee claims' return visits at the claimed booking's place
    // (issue 41; a visit's id stands where a booking's would, and never matches the booking being moved).
    busy: !detailed ? sql<unknown>`null` : sql<unknown>`(select coalesce(json_agg(j.job), '[]'::json) from (
      select json_build_array(b.id, b.scheduled_start, b.scheduled_end,
        coalesce(b.address_lat, bc.center_lat), coalesce(b.address_lng, bc.center_lng)) as job
      from bookings b join cities bc on bc.id = b.city_id where b.professional_id = ${PRO_ID} and b.status in ('pending', 'confirmed')
      and tstzrange(b.scheduled_start, b.scheduled_end) && tstzrange(${from}, ${to}, '[]')
      and b.scheduled_start < ${to} and b.scheduled_end > ${from}
      union all
      select json_build_array(claims.id, claims.visit_start, claims.visit_end,
        coalesce(vb.address_lat, vc.center_lat), coalesce(vb.address_lng, vc.center_lng))
      from claims join bookings vb on vb.id = claims.booking_id join cities vc on vc.id = vb.city_id
      where claims.professional_id = ${PRO_ID} and ${returnVisitHoldsTime}
      and claims.visit_start < ${to} and claims.visit_end > ${from}) j)`,
    baseLat: professionals.baseLat,
    baseLng: professionals.baseLng,
    radiusKm: professionals.serviceRadiusKm,
    readAt: detailed ? sql<string>`now()` : sql<string>`null`,
  };
  const ratings = eq(professionalRatings.professionalId, professionals.id);
  if (!claim) {
    const q = db
      .select({ ...fields, claimed: sql<number | null>`null` })
      .from(professionals)
      .$dynamic();
    return (detailed ? q : q.innerJoin(professionalRatings, ratings)).where(and(...conditions)).prepare(name);
  }
  const claimed = db.$with('claim', {}).as(claim);
  const more = (extras?.ctes ?? []).map((c) => db.$with(c.name, {}).as(c.body));
  // Left-joined, the professional's columns are typed nullable: the row without one is dropped by claimAndPool.
  const claimed_ = db
    .with(claimed, ...more)
    .select({ ...fields, claimed: sql<number | null>`(select count(*)::int from ${claimed})`, ...extras?.columns })
    .from(sql`(values (1)) as once (n)`)
    .leftJoin(professionals, and(...conditions))
    .$dynamic();
  return (detailed ? claimed_ : claimed_.leftJoin(professionalRatings, ratings)).prepare(name) as unknown as PreparedPool;
}

interface PreparedPool {
  execute(params: Record<string, unknown>): Promise<Array<PoolRow & { claimed: number | null } & Record<string, unknown>>>;
}

/**
 * More work for the statement that claims an Idempotency-Key and reads the pool (the create's limits,
 * the customer's credit): CTEs after the claim (they may read it as `claim`) and columns, with the
 * values of their placeholders. `shape` names the SQL: the same shape, the same statement.
 */
export interface ClaimExtras {
  shape: string;
  ctes: Array<{ name: string; body: SQL }>;
  columns: Record<string, SQL>;
  params: Record<string, unknown>;
}

const poolShape = (filter: PoolFilter, read: PoolRead = 'full') =>
  [filter.professionalId, filter.serviceTypeId, filter.cityId, filter.boroughId].map((v) => (v ? 1 : 0)).join('') + (read === 'full' ? '' : `_${read}`);

/**
 * The ranking read counts the 30-day jobs of the rating groups starting within this many rows: pickLazily's
 * first chunk (16 and the rest of the last group) with room for a few outside the service radius.
 */
export const RANKING_COUNTED = 24;

const thirtyDaysBefore = (now: Date) => new Date(now.getTime() - 30 * 24 * 3600_000);

function poolParams(filter: PoolFilter, window: { from: Date; to: Date }, now: Date, marginMs = TRAVEL_MARGIN_MS, ids?: readonly string[], counted = RANKING_COUNTED) {
  const since = thirtyDaysBefore(now);
  return {
    counted,
    ids: ids?.join(','),
    professionalId: filter.professionalId,
    serviceTypeId: filter.serviceTypeId,
    cityId: filter.cityId,
    boroughId: filter.boroughId,
    since: since.toISOString(),
    now: now.toISOString(),
    // Widened: a booking up to the longest travel time away can still be in the way (issue 42).
    from: new Date(window.from.getTime() - marginMs).toISOString(),
    to: new Date(window.to.getTime() + marginMs).toISOString(),
  };
}

interface PoolRow {
  professionalId: string;
  userId: string;
  firstName: string;
  cityId: string;
  cityIds: string[] | null;
  hourlyRate: number;
  rating: string | number | null;
  reviewCount: number;
  jobsLast30Days: number | null;
  jobsDone: number;
  slots: unknown;
  daysOff: unknown;
  busy: unknown;
  baseLat: number | null;
  baseLng: number | null;
  radiusKm: number | null;
  readAt: string | null;
}

function toPoolMember(r: PoolRow): PoolMember {
  return toMember(r) as PoolMember;
}

function toMember(r: PoolRow): RankingMember {
  const availability: WeeklyAvailability = {};
  for (const [weekday, slot] of json<Array<[number, AvailabilitySlot]>>(r.slots ?? [])) {
    const day = isoToWeekday(weekday as IsoWeekday);
    availability[day] = [...(availability[day] ?? []), slot];
  }
  return {
    professionalId: r.professionalId,
    userId: r.userId,
    firstName: r.firstName,
    cityId: r.cityId,
    cityIds: r.cityIds ?? [],
    hourlyRate: r.hourlyRate,
    rating: r.rating === null ? null : Number(r.rating),
    reviewCount: Number(r.reviewCount),
    jobsLast30Days: r.jobsLast30Days === null ? null : Number(r.jobsLast30Days),
    jobsDone: Number(r.jobsDone),
    availability,
    daysOff: json<Array<[string, string]>>(r.daysOff ?? []).map(([startsOn, endsOn]) => ({ startsOn, endsOn })),
    busy: json<Array<[string, string, string, number | null, number | null]>>(r.busy ?? []).map(([bookingId, start, end, lat, lng]) => ({
      bookingId,
      start: new Date(start),
      end: new Date(end),
      point: lat === null || lng === null ? null : { lat: Number(lat), lng: Number(lng) },
    })),
    base: r.baseLat === null || r.baseLng === null ? null : { lat: Number(r.baseLat), lng: Number(r.baseLng) },
    radiusKm: r.radiusKm === null ? null : Number(r.radiusKm),
    readAt: r.readAt === null ? '' : String(r.readAt),
  };
}

const poolQueries = new PreparedStatements<PreparedPool>();
const countQueries = new PreparedStatements<{ execute(params: Record<string, unknown>): Promise<Array<{ id: string | null; n: number }>> }>();
const claimPoolQueries = new PreparedStatements<PreparedPool>();

export class ProfessionalPoolRepository {
  constructor(private readonly db: Db) {}

  /** The same reads inside a transaction. */
  with(tx: Db): ProfessionalPoolRepository {
    return new ProfessionalPoolRepository(tx);
  }

  /**
   * Where a booking is reckoned to be for travel and service areas: its pin, else its city's centre, as
   * this pool places the other jobs and migration 0034's trigger places every booking. A pinless booking
   * reckoned at the 15-minute minimum instead was let through here and then refused by the trigger (409).
   */
  async placeOf(b: { addressLat: number | null; addressLng: number | null; cityId: string }): Promise<GeoPoint | null> {
    if (b.addressLat !== null && b.addressLng !== null) return { lat: b.addressLat, lng: b.addressLng };
    const [c] = await this.db.select({ lat: cities.centerLat, lng: cities.centerLng }).from(cities).where(eq(cities.id, b.cityId));
    return c && c.lat !== null && c.lng !== null ? { lat: Number(c.lat), lng: Number(c.lng) } : null;
  }

  /**
   * Approved, active professionals matching the filter, with their ratings, recent jobs, weekly
   * availability and their pending/confirmed bookings overlapping [from, to) widened by `marginMs`
   * (the longest travel time; the travel bench passes 0 for its overlap-only comparison). One round
   * trip whatever the number of professionals; the caller checks slots and ranks (domain functions).
   */
  async pool(filter: PoolFilter, window: { from: Date; to: Date }, now: Date, marginMs = TRAVEL_MARGIN_MS): Promise<PoolMember[]> {
    const rows = await this.poolQuery(filter).execute(poolParams(filter, window, now, marginMs));
    return rows.map(toPoolMember);
  }

  /**
   * The filter's professionals with only what ranking and the service radius need (PoolRead
   * `ranking`: no availability, days off or jobs, `busy` empty): the first step of a lazy assignment
   * (travel.ts pickLazily), which reads `details` for the best ranked few only.
   */
  async rankingPool(filter: PoolFilter, now: Date, counted = RANKING_COUNTED): Promise<RankingMember[]> {
    const rows = await this.poolQuery(filter, 'ranking').execute(poolParams(filter, { from: now, to: now }, now, 0, undefined, counted));
    return rows.map(toMember);
  }

  /**
   * The jobs (pending, confirmed or completed bookings) starting in the 30 days before `now` of the
   * professionals named, as the pool reads count them (the ranking's fairness figure): for pickLazily,
   * when it reaches rating groups the ranking read did not count. Index-only on migration 0035's
   * bookings (professional_id, status, scheduled_start).
   */
  async jobsLast30Days(ids: readonly string[], now: Date): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const db = this.db;
    const p = sql.placeholder;
    const statement = countQueries.get(db, 'jobs30', () =>
      db
        .select({ id: bookings.professionalId, n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(
            sql`${bookings.professionalId} = any(string_to_array(${p('ids')}, ',')::uuid[])`,
            sql`${bookings.status} in ('pending', 'confirmed', 'completed')`,
            sql`${bookings.scheduledStart} >= ${p('since')}::timestamptz and ${bookings.scheduledStart} < ${p('now')}::timestamptz`,
          ),
        )
        .groupBy(bookings.professionalId)
        .prepare('bookings_pool_jobs30'),
    );
    const rows = await statement.execute({ ids: ids.join(','), since: thirtyDaysBefore(now).toISOString(), now: now.toISOString() });
    const counts = new Map<string, number>(ids.map((id) => [id, 0]));
    for (const r of rows) if (r.id) counts.set(r.id, Number(r.n));
    return counts;
  }

  /**
   * Weekly slots, days off and jobs near the window (widened by the longest travel time) of the
   * professionals named (still approved, active and matching the filter), for `pickLazily`; their
   * ranking figures are null and 0 (the `rankingPool` read has them).
   */
  async details(filter: PoolFilter, ids: readonly string[], window: { from: Date; to: Date }, now: Date): Promise<PoolMember[]> {
    if (ids.length === 0) return [];
    const rows = await this.poolQuery(filter, 'details').execute(poolParams(filter, window, now, TRAVEL_MARGIN_MS, ids));
    return rows.map(toPoolMember);
  }

  /**
   * `pool`, and in the same statement the claim of a request's Idempotency-Key (IdempotencyStore):
   * `claimed` is false when the key was there already (IdempotencyStore.begin then says why).
   */
  async claimAndPool(
    claim: { userId: string; key: string; hash: string; owner: string },
    filter: PoolFilter,
    window: { from: Date; to: Date },
    now: Date,
    read: PoolRead = 'full',
    extras?: ClaimExtras,
  ): Promise<{ claimed: boolean; pool: RankingMember[]; extras: Record<string, unknown> }> {
    const shape = poolShape(filter, read) + (extras ? `_${extras.shape}` : '');
    const db = this.db;
    const statement = claimPoolQueries.get(db, shape, () => preparePool(db, filter, `bookings_claim_pool_${shape}`, claimPlaceholderSql(db, 'claim'), read, extras));
    const rows = await statement.execute({ ...poolParams(filter, window, now), ...claimParams(claim, 'claim'), ...extras?.params });
    const first = rows[0] ?? {};
    const columns = Object.fromEntries(Object.keys(extras?.columns ?? {}).map((k) => [k, (first as Record<string, unknown>)[k]]));
    return { claimed: Number(rows[0]?.claimed ?? 0) > 0, pool: rows.filter((r) => r.professionalId !== null).map(toMember), extras: columns };
  }

  /**
   * The pool query for the filter's shape (which of its fields are set), prepared: it runs on every
   * create and preview, and planning its six subqueries cost more than running them.
   */
  private poolQuery(filter: PoolFilter, read: PoolRead = 'full') {
    const shape = poolShape(filter, read);
    const db = this.db;
    return poolQueries.get(db, shape, () => preparePool(db, filter, `bookings_pool_${shape}`, undefined, read));
  }
}
