/** SQL of the bookings module (Drizzle), nothing else. Every method takes the handle it runs on. */
import { isoToWeekday, type AvailabilitySlot, type BookingStatus, type DayOffRange, type IsoWeekday, type Locale, type WeeklyAvailability } from '@khedma/shared';
import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueueJobParams, enqueueJobPlaceholderSql, type EnqueueJob } from '../../platform/jobs';
import { outboxParams, outboxPlaceholderSql, type OutboxRow } from '../../platform/outbox';
import type { RealtimeNotification } from '../../platform/realtime';
import {
  bookingPriceLines,
  bookings,
  boroughs,
  cities,
  ledgerEntries,
  payments,
  professionalBoroughs,
  professionals,
  professionalServices,
  profiles,
  serviceAddOns,
  serviceTypes,
  users,
} from '../../db/schema/index';
import { claimParams, claimPlaceholderSql, completeParams, completePlaceholderSql, type StoredAnswer } from './idempotency';

export type BookingRecord = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type NewPriceLine = typeof bookingPriceLines.$inferInsert;
/** The columns a new booking is inserted with; the others keep their defaults (see `record`). */
const INSERTED_COLUMNS = [
  'id',
  'userId',
  'professionalId',
  'serviceTypeId',
  'kind',
  'title',
  'description',
  'location',
  'cityId',
  'boroughId',
  'contactPhone',
  'specialRequests',
  'status',
  'paymentStatus',
  'scheduledStart',
  'scheduledEnd',
  'durationMinutes',
  'servicePrice',
  'addonsTotal',
  'serviceFee',
  'totalAmount',
  'fixedPrice',
  'addonServices',
] as const;
export type NewBookingRow = Pick<BookingRecord, (typeof INSERTED_COLUMNS)[number]>;
export type NewLine = Pick<NewPriceLine, 'kind' | 'label' | 'quantity' | 'unitAmount' | 'amount'>;

/** Everything the statement that creates a booking writes (BookingsRepository.insert). */
export interface NewBookingWrite {
  booking: NewBookingRow;
  /** Its created_at and updated_at: the database's clock as text (PoolMember.readAt). */
  at: string;
  lines: NewLine[];
  payment: { method: 'card' | 'bank' | 'mobile'; provider: string; amount: number };
  /** The job that releases the slot if the booking is never paid. */
  job: EnqueueJob;
  /** The answer for the request's Idempotency-Key, stored with the booking. */
  answer?: { userId: string; key: string; answer: StoredAnswer };
  /** The realtime event, sent when the statement commits. */
  notify?: RealtimeNotification | null;
  /** The creation email's outbox row (outside production), written with the booking. */
  outbox?: OutboxRow;
}

/** A professional who could take a booking, with what ranking and the slot check need. */
export interface PoolMember {
  professionalId: string;
  userId: string;
  firstName: string;
  cityId: string;
  hourlyRate: number;
  /** Average of real reviews, null without any. */
  rating: number | null;
  reviewCount: number;
  /** Ranking figures (pickProfessional): 0 when the filter names the professional, since one is not ranked. */
  jobsLast30Days: number;
  jobsDone: number;
  availability: WeeklyAvailability;
  /** Days off ending on or after the window's first day (pros module; see worksAt in the service). */
  daysOff: DayOffRange[];
  /** Pending or confirmed bookings overlapping the window asked for. */
  busy: Array<{ start: Date; end: Date; bookingId: string }>;
  /** The database's clock when this was read (`now()` as text): a booking placed from it is stamped so. */
  readAt: string;
}

export interface PoolFilter {
  professionalId?: string;
  serviceTypeId?: string;
  cityId?: string;
  /** Casablanca: only professionals covering this borough. */
  boroughId?: string | null;
}

/** A booking with what its API answer shows (names, rating, customer). */
export interface BookingView extends BookingRecord {
  proUserId: string;
  proFirstName: string;
  proRating: number | null;
  proReviews: number;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  customerName: string | null;
}

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  locale: Locale;
}

/**
 * professionals.id spelled out: in a single-table select Drizzle renders a column unqualified
 * ("id"), which inside a correlated subquery would bind to the subquery's own table.
 */
const PRO_ID = sql.raw('"professionals"."id"');
const ratingSql = sql<string | null>`(select round(avg(r.rating), 2) from reviews r where r.professional_id = ${PRO_ID})`;
const reviewCountSql = sql<number>`(select count(*)::int from reviews r where r.professional_id = ${PRO_ID})`;

const viewColumns = {
  booking: bookings,
  proUserId: professionals.userId,
  proFirstName: professionals.name,
  proRating: ratingSql,
  proReviews: reviewCountSql,
  cityName: cities.name,
  cityNameFr: cities.nameFr,
  cityNameAr: cities.nameAr,
  serviceName: serviceTypes.name,
  serviceNameFr: serviceTypes.nameFr,
  serviceNameAr: serviceTypes.nameAr,
  customerName: sql<string | null>`coalesce(${profiles.fullName}, ${users.name})`,
};

type ViewRow = {
  booking: BookingRecord;
  proUserId: string;
  proFirstName: string;
  proRating: string | number | null;
  proReviews: number;
  cityName: string;
  cityNameFr: string;
  cityNameAr: string;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  customerName: string | null;
};

const toView = (r: ViewRow): BookingView => ({
  ...r.booking,
  proUserId: r.proUserId,
  proFirstName: r.proFirstName,
  proRating: r.proRating === null ? null : Number(r.proRating),
  proReviews: Number(r.proReviews),
  cityName: r.cityName,
  cityNameFr: r.cityNameFr,
  cityNameAr: r.cityNameAr,
  serviceName: r.serviceName,
  serviceNameFr: r.serviceNameFr,
  serviceNameAr: r.serviceNameAr,
  customerName: r.customerName,
});

/** Payment statuses under which a professional sees the booking: once the customer has paid. */
export const PRO_VISIBLE_PAYMENT = ['paid', 'refunded', 'partially_refunded'] as const;

/** A json column as the driver hands it over (parsed by node-postgres, maybe text elsewhere). */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Prepared statements by handle and shape. PostgreSQL parses and plans a named statement once per
 * connection, and Drizzle builds its SQL once, where an ad-hoc query pays both on every call. A
 * transaction is a handle of its own: its statements are prepared again (as before: built per call).
 */
class PreparedStatements<T> {
  private readonly byHandle = new WeakMap<Db, Map<string, T>>();

  get(db: Db, shape: string, prepare: () => T): T {
    let byShape = this.byHandle.get(db);
    if (!byShape) this.byHandle.set(db, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) byShape.set(shape, (statement = prepare()));
    return statement;
  }
}

/**
 * The pool query of one filter shape with placeholders for every value (see BookingsRepository.pool).
 * Overlapping bookings are found through the bookings_no_overlap index: its range expression with
 * a closed window narrows the scan to the window, and the exact half-open test follows.
 *
 * With `claim`, the same read also claims a request's Idempotency-Key (`claimPlaceholderSql`): one
 * statement, committed on its own before the booking is written, so a concurrent retry sees the key
 * in flight exactly as when the claim was a statement of its own. The professionals are then
 * left-joined to a single row, so that the answer says whether the key was claimed even when nobody
 * matches.
 */
function preparePool(db: Db, filter: PoolFilter, name: string, claim?: SQL): PreparedPool {
  const p = sql.placeholder;
  const conditions: SQL[] = [eq(professionals.status, 'active'), sql`${professionals.approvedAt} is not null`];
  if (filter.professionalId) conditions.push(sql`${professionals.id} = ${p('professionalId')}`);
  if (filter.cityId) conditions.push(sql`${professionals.cityId} = ${p('cityId')}`);
  if (filter.serviceTypeId) {
    conditions.push(sql`exists (select 1 from ${professionalServices} ps where ps.professional_id = ${PRO_ID} and ps.service_type_id = ${p('serviceTypeId')})`);
  }
  if (filter.boroughId) {
    conditions.push(sql`exists (select 1 from ${professionalBoroughs} pb where pb.professional_id = ${PRO_ID} and pb.borough_id = ${p('boroughId')})`);
  }
  const from = sql`${p('from')}::timestamptz`;
  const ranked = !filter.professionalId;
  const to = sql`${p('to')}::timestamptz`;
  // One round trip: ratings, recent jobs, weekly slots and overlapping bookings as JSON columns.
  const fields = {
    professionalId: professionals.id,
    userId: professionals.userId,
    firstName: professionals.name,
    cityId: professionals.cityId,
    hourlyRate: professionals.hourlyRate,
    rating: ratingSql,
    reviewCount: reviewCountSql,
    // Ranking figures: not counted when the professional is chosen (a pool of one is not ranked).
    jobsLast30Days: ranked
      ? sql<number>`(select count(*)::int from bookings b where b.professional_id = ${PRO_ID}
      and b.status in ('pending', 'confirmed', 'completed')
      and b.scheduled_start >= ${p('since')}::timestamptz and b.scheduled_start < ${p('now')}::timestamptz)`
      : sql<number>`0`,
    jobsDone: ranked ? sql<number>`(select count(*)::int from bookings b where b.professional_id = ${PRO_ID} and b.status = 'completed')` : sql<number>`0`,
    slots: sql<unknown>`(select coalesce(json_agg(json_build_array(a.weekday, a.slot)), '[]'::json)
      from professional_availability a where a.professional_id = ${PRO_ID})`,
    daysOff: sql<unknown>`(select coalesce(json_agg(json_build_array(d.starts_on, d.ends_on)), '[]'::json)
      from professional_days_off d where d.professional_id = ${PRO_ID} and d.ends_on >= (${from} - interval '1 day')::date)`,
    busy: sql<unknown>`(select coalesce(json_agg(json_build_array(b.id, b.scheduled_start, b.scheduled_end)), '[]'::json)
      from bookings b where b.professional_id = ${PRO_ID} and b.status in ('pending', 'confirmed')
      and tstzrange(b.scheduled_start, b.scheduled_end) && tstzrange(${from}, ${to}, '[]')
      and b.scheduled_start < ${to} and b.scheduled_end > ${from})`,
    readAt: sql<string>`now()`,
  };
  if (!claim) {
    return db
      .select({ ...fields, claimed: sql<number | null>`null` })
      .from(professionals)
      .where(and(...conditions))
      .prepare(name);
  }
  const claimed = db.$with('claim', {}).as(claim);
  // Left-joined, the professional's columns are typed nullable: the row without one is dropped by claimAndPool.
  return db
    .with(claimed)
    .select({ ...fields, claimed: sql<number | null>`(select count(*)::int from ${claimed})` })
    .from(sql`(values (1)) as once (n)`)
    .leftJoin(professionals, and(...conditions))
    .prepare(name) as unknown as PreparedPool;
}

interface PreparedPool {
  execute(params: Record<string, unknown>): Promise<Array<PoolRow & { claimed: number | null }>>;
}

/**
 * The statement of BookingsRepository.insert with placeholders for every value: the booking
 * (placeholders named as its columns), its lines as one JSON array (so that any number of them
 * fits one statement text), the payment, the job, and when asked the answer, the outbox row of the
 * creation email and the NOTIFY.
 */
function prepareInsert(db: Db, opts: { answer: boolean; notify: boolean; outbox: boolean }, name: string) {
  const p = sql.placeholder;
  const at = sql`${p('at')}::timestamptz`;
  const values = Object.fromEntries(INSERTED_COLUMNS.map((column) => [column, p(column)])) as Record<(typeof INSERTED_COLUMNS)[number], Placeholder>;
  const statement = (query: SQLWrapper) => query.getSQL();
  const ctes = [
    db.$with('b', {}).as(statement(db.insert(bookings).values({ ...values, createdAt: at, updatedAt: at }))),
    db.$with('p', {}).as(
      statement(db.insert(payments).values({ bookingId: p('id'), method: p('paymentMethod'), provider: p('paymentProvider'), amount: p('paymentAmount') })),
    ),
    db.$with('l', {}).as(sql`insert into ${bookingPriceLines} (booking_id, position, kind, label, quantity, unit_amount, amount)
      select ${p('id')}::uuid, x.position, x.kind, x.label, x.quantity, x."unitAmount", x.amount
      from jsonb_to_recordset(${p('lines')}::jsonb) as x(position smallint, kind text, label text, quantity numeric, "unitAmount" integer, amount integer)`),
    db.$with('j', {}).as(enqueueJobPlaceholderSql('job')),
    ...(opts.answer ? [db.$with('a', {}).as(completePlaceholderSql(db, 'answer'))] : []),
    ...(opts.outbox ? [db.$with('o', {}).as(outboxPlaceholderSql(db, 'outbox'))] : []),
  ];
  return db
    .with(...ctes)
    .select({ done: opts.notify ? sql`pg_notify(${p('notifyChannel')}, ${p('notifyPayload')})` : sql`1` })
    .from(sql`(values (1)) as once (n)`)
    .prepare(name);
}

const poolShape = (filter: PoolFilter) => [filter.professionalId, filter.serviceTypeId, filter.cityId, filter.boroughId].map((v) => (v ? 1 : 0)).join('');

function poolParams(filter: PoolFilter, window: { from: Date; to: Date }, now: Date) {
  const since = new Date(now.getTime() - 30 * 24 * 3600_000);
  return {
    professionalId: filter.professionalId,
    serviceTypeId: filter.serviceTypeId,
    cityId: filter.cityId,
    boroughId: filter.boroughId,
    since: since.toISOString(),
    now: now.toISOString(),
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  };
}

interface PoolRow {
  professionalId: string;
  userId: string;
  firstName: string;
  cityId: string;
  hourlyRate: number;
  rating: string | number | null;
  reviewCount: number;
  jobsLast30Days: number;
  jobsDone: number;
  slots: unknown;
  daysOff: unknown;
  busy: unknown;
  readAt: string;
}

function toPoolMember(r: PoolRow): PoolMember {
  const availability: WeeklyAvailability = {};
  for (const [weekday, slot] of json<Array<[number, AvailabilitySlot]>>(r.slots)) {
    const day = isoToWeekday(weekday as IsoWeekday);
    availability[day] = [...(availability[day] ?? []), slot];
  }
  return {
    professionalId: r.professionalId,
    userId: r.userId,
    firstName: r.firstName,
    cityId: r.cityId,
    hourlyRate: r.hourlyRate,
    rating: r.rating === null ? null : Number(r.rating),
    reviewCount: Number(r.reviewCount),
    jobsLast30Days: Number(r.jobsLast30Days),
    jobsDone: Number(r.jobsDone),
    availability,
    daysOff: json<Array<[string, string]>>(r.daysOff).map(([startsOn, endsOn]) => ({ startsOn, endsOn })),
    busy: json<Array<[string, string, string]>>(r.busy).map(([bookingId, start, end]) => ({ bookingId, start: new Date(start), end: new Date(end) })),
    readAt: String(r.readAt),
  };
}

export class BookingsRepository {
  // ------------------------------------------------------------------------------------------
  // Reference data
  // ------------------------------------------------------------------------------------------

  async service(db: Db, id: string) {
    const [row] = await db
      .select({ id: serviceTypes.id, name: serviceTypes.name, nameFr: serviceTypes.nameFr, nameAr: serviceTypes.nameAr, basePrice: serviceTypes.basePrice })
      .from(serviceTypes)
      .where(and(eq(serviceTypes.id, id), eq(serviceTypes.isActive, true)));
    return row;
  }

  async city(db: Db, by: { id?: string; slug?: string }) {
    const where = by.id ? eq(cities.id, by.id) : sql`lower(${cities.slug}) = lower(${by.slug ?? ''})`;
    const [row] = await db
      .select({ id: cities.id, slug: cities.slug, name: cities.name, nameFr: cities.nameFr, nameAr: cities.nameAr })
      .from(cities)
      .where(and(where, eq(cities.isActive, true)));
    return row;
  }

  async borough(db: Db, id: string) {
    const [row] = await db.select({ id: boroughs.id, cityId: boroughs.cityId }).from(boroughs).where(eq(boroughs.id, id));
    return row;
  }

  /** Active add-ons of the service. */
  async addOns(db: Db, serviceTypeId: string) {
    return db
      .select({ id: serviceAddOns.id, name: serviceAddOns.name, price: serviceAddOns.price })
      .from(serviceAddOns)
      .where(and(eq(serviceAddOns.serviceTypeId, serviceTypeId), eq(serviceAddOns.isActive, true)));
  }

  async professionalIdOfUser(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id;
  }

  async recipients(db: Db, userIds: readonly string[]): Promise<Recipient[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: users.id, email: users.email, userName: users.name, fullName: profiles.fullName, name: profiles.name, locale: profiles.locale })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, [...userIds]));
    return rows.map((r) => ({ userId: r.userId, email: r.email, name: r.name ?? r.fullName ?? r.userName, locale: (r.locale ?? 'en') as Locale }));
  }

  // ------------------------------------------------------------------------------------------
  // Assignment
  // ------------------------------------------------------------------------------------------

  /**
   * Approved, active professionals matching the filter, with their ratings, recent jobs, weekly
   * availability and their pending/confirmed bookings overlapping [from, to). One round trip
   * whatever the number of professionals; the caller checks slots and ranks (domain functions).
   */
  async pool(db: Db, filter: PoolFilter, window: { from: Date; to: Date }, now: Date): Promise<PoolMember[]> {
    const rows = await this.poolQuery(db, filter).execute(poolParams(filter, window, now));
    return rows.map(toPoolMember);
  }

  /**
   * `pool`, and in the same statement the claim of a request's Idempotency-Key (IdempotencyStore):
   * `claimed` is false when the key was there already (IdempotencyStore.begin then says why).
   */
  async claimAndPool(
    db: Db,
    claim: { userId: string; key: string; hash: string },
    filter: PoolFilter,
    window: { from: Date; to: Date },
    now: Date,
  ): Promise<{ claimed: boolean; pool: PoolMember[] }> {
    const shape = poolShape(filter);
    const statement = this.claimPoolQueries.get(db, shape, () => preparePool(db, filter, `bookings_claim_pool_${shape}`, claimPlaceholderSql(db, 'claim')));
    const rows = await statement.execute({ ...poolParams(filter, window, now), ...claimParams(claim.userId, claim.key, claim.hash, 'claim') });
    return { claimed: Number(rows[0]?.claimed ?? 0) > 0, pool: rows.filter((r) => r.professionalId !== null).map(toPoolMember) };
  }

  /**
   * The pool query for the filter's shape (which of its fields are set), prepared: it runs on every
   * create and preview, and planning its six subqueries cost more than running them.
   */
  private poolQuery(db: Db, filter: PoolFilter) {
    const shape = poolShape(filter);
    return this.poolQueries.get(db, shape, () => preparePool(db, filter, `bookings_pool_${shape}`));
  }

  private readonly poolQueries = new PreparedStatements<PreparedPool>();
  private readonly claimPoolQueries = new PreparedStatements<PreparedPool>();

  // ------------------------------------------------------------------------------------------
  // Writes
  // ------------------------------------------------------------------------------------------

  /**
   * The row a new booking will be once inserted at `at` (the database's clock, as text; see
   * PoolMember.readAt), known before the insert so that its answer can be stored by the insert.
   */
  record(booking: NewBookingRow, at: string): BookingRecord {
    // Read back, the column would be mapped the same way (drizzle's timestamptz mapping).
    const stamp = new Date(at);
    return { ...booking, cancellationFee: null, cancelledBy: null, cancellationReason: null, completedAt: null, createdAt: stamp, updatedAt: stamp };
  }

  /**
   * A new booking with its price lines, its payment row, its job, its Idempotency-Key answer and its
   * creation email's outbox row in ONE statement that commits on its own: data-modifying CTEs share one snapshot and foreign keys
   * are checked at its end, so all of it is written or none (the exclusion constraint refusing the
   * slot included); the realtime NOTIFY in it is sent at that commit, and only then. One round trip
   * where a transaction took five (BEGIN, insert, answer, COMMIT, NOTIFY), and a prepared statement
   * (one per shape: with or without an answer, an event and an outbox row).
   */
  async insert(db: Db, w: NewBookingWrite): Promise<void> {
    const shape = `${w.answer ? 1 : 0}${w.notify ? 1 : 0}${w.outbox ? 1 : 0}`;
    const statement = this.inserts.get(db, shape, () =>
      prepareInsert(db, { answer: !!w.answer, notify: !!w.notify, outbox: !!w.outbox }, `bookings_insert_${shape}`),
    );
    await statement.execute({
      ...w.booking,
      at: w.at,
      lines: JSON.stringify(w.lines.map((l, position) => ({ ...l, position }))),
      paymentMethod: w.payment.method,
      paymentProvider: w.payment.provider,
      paymentAmount: w.payment.amount,
      ...enqueueJobParams(w.job, 'job'),
      ...(w.answer ? completeParams(w.answer.userId, w.answer.key, w.answer.answer, 'answer') : {}),
      ...(w.notify ? { notifyChannel: w.notify.channel, notifyPayload: w.notify.payload } : {}),
      ...(w.outbox ? outboxParams(w.outbox, 'outbox') : {}),
    });
  }

  private readonly inserts = new PreparedStatements<ReturnType<typeof prepareInsert>>();

  async update(db: Db, id: string, set: Partial<NewBooking>) {
    await db
      .update(bookings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(bookings.id, id));
  }

  /** The booking row locked until the end of the transaction (transitions read-check-write under it). */
  async lock(db: Db, id: string): Promise<BookingRecord | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Reads
  // ------------------------------------------------------------------------------------------

  private viewQuery(db: Db) {
    return db
      .select(viewColumns)
      .from(bookings)
      .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
      .innerJoin(cities, eq(cities.id, bookings.cityId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId));
  }

  async view(db: Db, id: string): Promise<BookingView | undefined> {
    const [row] = await this.viewQuery(db).where(eq(bookings.id, id));
    return row ? toView(row as ViewRow) : undefined;
  }

  /** A customer's bookings (newest first) or a professional's (paid ones; pending soonest first). */
  async list(
    db: Db,
    who: { customerId: string } | { professionalId: string },
    query: { status?: BookingStatus; limit: number; offset: number },
  ): Promise<BookingView[]> {
    const conditions: SQL[] = [];
    if ('customerId' in who) conditions.push(eq(bookings.userId, who.customerId));
    else conditions.push(eq(bookings.professionalId, who.professionalId), inArray(bookings.paymentStatus, [...PRO_VISIBLE_PAYMENT]));
    if (query.status) conditions.push(eq(bookings.status, query.status));
    const order =
      'professionalId' in who && query.status === 'pending'
        ? [asc(bookings.scheduledStart), asc(bookings.id)]
        : [desc(bookings.createdAt), desc(bookings.id)];
    const rows = await this.viewQuery(db)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((r) => toView(r as ViewRow));
  }

  async lines(db: Db, bookingIds: readonly string[]) {
    if (bookingIds.length === 0) return [];
    return db
      .select()
      .from(bookingPriceLines)
      .where(inArray(bookingPriceLines.bookingId, [...bookingIds]))
      .orderBy(asc(bookingPriceLines.bookingId), asc(bookingPriceLines.position));
  }

  /** Dashboard figures: totals, this month (from `monthStart`), completed and pending, money spent. */
  async stats(db: Db, who: { customerId: string } | { professionalId: string }, monthStart: Date) {
    const scope =
      'customerId' in who
        ? eq(bookings.userId, who.customerId)
        : and(eq(bookings.professionalId, who.professionalId), inArray(bookings.paymentStatus, [...PRO_VISIBLE_PAYMENT]));
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        thisMonth: sql<number>`(count(*) filter (where ${bookings.createdAt} >= ${monthStart.toISOString()}::timestamptz))::int`,
        completed: sql<number>`(count(*) filter (where ${bookings.status} = 'completed'))::int`,
        pending: sql<number>`(count(*) filter (where ${bookings.status} = 'pending'))::int`,
      })
      .from(bookings)
      .where(scope);
    let spent = 0;
    if ('customerId' in who) {
      // What left the customer's pocket: minus the customer account's movements on their bookings.
      const [s] = await db
        .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .where(and(eq(bookings.userId, who.customerId), eq(ledgerEntries.account, 'customer')));
      spent = -Number(s?.sum ?? 0);
    }
    return {
      total: Number(row?.total ?? 0),
      thisMonth: Number(row?.thisMonth ?? 0),
      completed: Number(row?.completed ?? 0),
      pending: Number(row?.pending ?? 0),
      totalSpent: Math.max(0, spent),
    };
  }

  /** Payment rows of a booking, newest first. */
  async payments(db: Db, bookingId: string) {
    return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.createdAt));
  }

  /** Mark the succeeded payment refunded (a full refund). */
  async markPaymentsRefunded(db: Db, bookingId: string) {
    await db
      .update(payments)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  }
}

