/** SQL of booking rows (Drizzle): the insert of a new booking, transitions' locks and updates, reads. */
import type { BookingStatus } from '@khedma/shared';
import type { NoShowParty } from '@khedma/shared/domain/lateness';
import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingPriceLines, bookings, cities, ledgerEntries, payments, professionals, profiles, serviceTypes, users } from '../../db/schema/index';
import { enqueueJobParams, enqueueJobPlaceholderSql, leasedJobParams, leasedJobPlaceholderSql, type EnqueueJob } from '../../platform/jobs';
import { channelAllowedSql } from '../profile';
import type { RealtimeNotification } from '../../platform/realtime';
import { PreparedStatements, ratingSql, reviewCountSql } from './sql';
import { joinBookingView } from './view-query';
import { completeParams, completePlaceholderSql, type StoredAnswer } from './idempotency';

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
  'discountAmount',
  'fixedPrice',
  'addonServices',
  'addressLat',
  'addressLng',
  'addressLandmark',
  'addressFloor',
  'addressDoor',
  'repeatIntervalWeeks',
  'repeatEnd',
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
  /** The realtime event, sent when the statement commits (PGlite; on PostgreSQL it is sent after, CreationDeps.announceAfterCommit). */
  notify?: RealtimeNotification | null;
  /**
   * The creation email's job (Mailer.job), written with the booking leased to this instance if the
   * customer (`userId`) takes email notifications, and run by it after the answer (JobRunner.runLeased).
   */
  email?: { job: EnqueueJob; userId: string; lockedUntil: Date };
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
  /** What the provider confirmed refunding to the customer's payment (whole MAD) and when, last (issue 36). */
  refundedToCard: number;
  refundedToCardAt: Date | null;
  /** Refunds decided and not yet confirmed by the provider (whole MAD). */
  refundPending: number;
  /** Running late, arrival and no-show (issue 41: the lateness module writes booking_attendance). */
  expectedArrival: Date | null;
  arrivedAt: Date | null;
  noShow: NoShowParty | null;
  /** The recurring series this booking is a visit of, else the live one repeating it (docs/recurring.md). */
  series: SeriesLink | null;
}

export type SeriesLink = { id: string; intervalWeeks: number; role: 'visit' | 'repeats' };

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
  refundedToCard: sql<number>`(select coalesce(sum(r.amount), 0)::int from payment_refunds r where r.booking_id = ${bookings.id} and r.status = 'succeeded')`,
  refundedToCardAt: sql<string | null>`(select max(r.refunded_at) from payment_refunds r where r.booking_id = ${bookings.id} and r.status = 'succeeded')`,
  refundPending: sql<number>`(select coalesce(sum(r.amount), 0)::int from payment_refunds r where r.booking_id = ${bookings.id} and r.status = 'pending')`,
  attendance: sql<AttendanceRow | null>`(select json_build_object('expectedArrival', a.expected_arrival_at, 'arrivedAt', a.arrived_at, 'noShow', a.no_show_party) from booking_attendance a where a.booking_id = ${bookings.id})`,
  // The recurring module's tables (docs/recurring.md): a visit's series (one at most: a unique index), else the live
  // series made from this booking (one at most: booking_series_source_live_idx).
  series: sql<SeriesLink | string | null>`coalesce(
    (select json_build_object('id', s.id, 'intervalWeeks', s.interval_weeks, 'role', 'visit') from booking_series_occurrences o join booking_series s on s.id = o.series_id where o.booking_id = ${bookings.id}),
    (select json_build_object('id', s.id, 'intervalWeeks', s.interval_weeks, 'role', 'repeats') from booking_series s where s.source_booking_id = ${bookings.id} and s.status in ('active', 'paused') limit 1))`,
};

type AttendanceRow = { expectedArrival: string | null; arrivedAt: string | null; noShow: NoShowParty | null };

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
  refundedToCard: number | string;
  refundedToCardAt: string | Date | null;
  refundPending: number | string;
  attendance: AttendanceRow | string | null;
  series: SeriesLink | string | null;
};

function attendanceOf(raw: AttendanceRow | string | null): Pick<BookingView, 'expectedArrival' | 'arrivedAt' | 'noShow'> {
  const a = typeof raw === 'string' ? (JSON.parse(raw) as AttendanceRow) : raw;
  return {
    expectedArrival: a?.expectedArrival ? new Date(a.expectedArrival) : null,
    arrivedAt: a?.arrivedAt ? new Date(a.arrivedAt) : null,
    noShow: a?.noShow ?? null,
  };
}

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
  refundedToCard: Number(r.refundedToCard),
  refundedToCardAt: r.refundedToCardAt === null ? null : new Date(r.refundedToCardAt),
  refundPending: Number(r.refundPending),
  ...attendanceOf(r.attendance),
  series: seriesOf(r.series),
});

function seriesOf(raw: SeriesLink | string | null): SeriesLink | null {
  const s = typeof raw === 'string' ? (JSON.parse(raw) as SeriesLink) : raw;
  return s ? { id: s.id, intervalWeeks: Number(s.intervalWeeks), role: s.role } : null;
}

/** Payment statuses under which a professional sees the booking: once the customer has paid. */
export const PRO_VISIBLE_PAYMENT = ['paid', 'refunded', 'partially_refunded'] as const;


/**
 * The statement of BookingsRepository.insert with placeholders for every value: the booking
 * (placeholders named as its columns), its lines as one JSON array (so that any number of them
 * fits one statement text), the payment, the job, and when asked the answer, the creation email's job
 * and the NOTIFY.
 */
function prepareInsert(db: Db, opts: { answer: boolean; notify: boolean; email: boolean }, name: string) {
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
    // The email's job, only if the customer takes email notifications (docs/notifications.md).
    ...(opts.email ? [db.$with('e', {}).as(leasedJobPlaceholderSql('email', channelAllowedSql(sql`${p('emailUserId')}::text`, 'email')))] : []),
  ];
  return db
    .with(...ctes)
    .select({
      done: opts.notify ? sql`pg_notify(${p('notifyChannel')}, ${p('notifyPayload')})` : sql`1`,
      // The email job's id, when it was written: run by this instance after the answer.
      emailJob: opts.email ? sql<string | null>`(select id from e)` : sql<string | null>`null`,
    })
    .from(sql`(values (1)) as once (n)`)
    .prepare(name);
}

const inserts = new PreparedStatements<ReturnType<typeof prepareInsert>>();

export class BookingsRepository {
  constructor(private readonly db: Db) {}

  /** The same statements inside a transaction. */
  with(tx: Db): BookingsRepository {
    return new BookingsRepository(tx);
  }

  async professionalIdOfUser(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id;
  }

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
    return { ...booking, cancellationFee: null, cancelledBy: null, cancellationReason: null, completedAt: null, completionNotes: null, anonymisedAt: null, createdAt: stamp, updatedAt: stamp };
  }

  /**
   * A new booking with its price lines, its payment row, its job, its Idempotency-Key answer and its
   * creation email's job in ONE statement that commits on its own: data-modifying CTEs share one snapshot and foreign keys
   * are checked at its end, so all of it is written or none (the exclusion constraint refusing the
   * slot included); the realtime NOTIFY in it is sent at that commit, and only then. One round trip
   * where a transaction took five (BEGIN, insert, answer, COMMIT, NOTIFY), and a prepared statement
   * (one per shape: with or without an answer, an event and an email).
   */
  async insert(w: NewBookingWrite): Promise<{ emailJob: string | null }> {
    const shape = `${w.answer ? 1 : 0}${w.notify ? 1 : 0}${w.email ? 1 : 0}`;
    const statement = inserts.get(this.db, shape, () =>
      prepareInsert(this.db, { answer: !!w.answer, notify: !!w.notify, email: !!w.email }, `bookings_insert_${shape}`),
    );
    const [row] = await statement.execute({
      ...w.booking,
      at: w.at,
      lines: JSON.stringify(w.lines.map((l, position) => ({ ...l, position }))),
      paymentMethod: w.payment.method,
      paymentProvider: w.payment.provider,
      paymentAmount: w.payment.amount,
      ...enqueueJobParams(w.job, 'job'),
      ...(w.answer ? completeParams(w.answer.userId, w.answer.key, w.answer.answer, 'answer') : {}),
      ...(w.notify ? { notifyChannel: w.notify.channel, notifyPayload: w.notify.payload } : {}),
      ...(w.email ? { ...leasedJobParams(w.email.job, w.email.lockedUntil, 'email'), emailUserId: w.email.userId } : {}),
    });
    return { emailJob: row?.emailJob ? String(row.emailJob) : null };
  }


  /**
   * The booking a keyless retry of a create already made (its answer was lost to a crash or a
   * dropped connection): the customer's pending booking of the same service or professional, place,
   * time and total, made in the last `withinMinutes`. Undefined when there is none.
   */
  async recentTwin(t: {
    userId: string;
    kind: 'service' | 'hourly';
    serviceTypeId: string | null;
    professionalId?: string;
    cityId: string;
    boroughId: string | null;
    location: string;
    scheduledStart: Date;
    totalAmount: number;
    withinMinutes: number;
  }): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, t.userId),
          eq(bookings.status, 'pending'),
          eq(bookings.kind, t.kind),
          t.serviceTypeId ? eq(bookings.serviceTypeId, t.serviceTypeId) : sql`${bookings.serviceTypeId} is null`,
          t.professionalId ? eq(bookings.professionalId, t.professionalId) : undefined,
          eq(bookings.cityId, t.cityId),
          t.boroughId ? eq(bookings.boroughId, t.boroughId) : sql`${bookings.boroughId} is null`,
          eq(bookings.location, t.location),
          eq(bookings.scheduledStart, t.scheduledStart),
          eq(bookings.totalAmount, t.totalAmount),
          sql`${bookings.createdAt} > now() - make_interval(mins => ${t.withinMinutes})`,
        ),
      )
      .orderBy(desc(bookings.createdAt))
      .limit(1);
    return row?.id;
  }

  async update(id: string, set: Partial<NewBooking>) {
    await this.db
      .update(bookings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(bookings.id, id));
  }

  /**
   * `update` only while the row still has the status and professional the caller decided on (issue 38:
   * an accept and a reassignment racing). PostgreSQL re-checks the WHERE on the newest row version
   * after waiting for a concurrent writer, so of two such updates at most one matches. False: changed.
   */
  async updateIf(id: string, expected: { status: BookingStatus; professionalId: string | null }, set: Partial<NewBooking>): Promise<boolean> {
    const professional = expected.professionalId === null ? sql`${bookings.professionalId} is null` : eq(bookings.professionalId, expected.professionalId);
    const rows = await this.db
      .update(bookings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(bookings.id, id), eq(bookings.status, expected.status), professional))
      .returning({ id: bookings.id });
    return rows.length === 1;
  }

  /** The booking row locked until the end of the transaction (transitions read-check-write under it). */
  async lock(id: string): Promise<BookingRecord | undefined> {
    const [row] = await this.db.select().from(bookings).where(eq(bookings.id, id)).for('update');
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Reads
  // ------------------------------------------------------------------------------------------

  private viewQuery() {
    return joinBookingView(this.db.select(viewColumns).from(bookings).$dynamic());
  }

  async view(id: string): Promise<BookingView | undefined> {
    const [row] = await this.viewQuery().where(eq(bookings.id, id));
    return row ? toView(row as ViewRow) : undefined;
  }

  /** A customer's bookings (newest first) or a professional's (paid ones; pending soonest first). */
  async list(
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
    const rows = await this.viewQuery()
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((r) => toView(r as ViewRow));
  }

  async lines(bookingIds: readonly string[]) {
    if (bookingIds.length === 0) return [];
    return this.db
      .select()
      .from(bookingPriceLines)
      .where(inArray(bookingPriceLines.bookingId, [...bookingIds]))
      .orderBy(asc(bookingPriceLines.bookingId), asc(bookingPriceLines.position));
  }

  /** Dashboard figures: totals, this month (from `monthStart`), completed and pending, money spent. */
  async stats(who: { customerId: string } | { professionalId: string }, monthStart: Date) {
    // Unpaid holds (domain/holds.ts) are counted apart: they are not bookings yet.
    const unpaidHold = sql`(${bookings.status} = 'pending' and ${bookings.paymentStatus} = 'pending')`;
    const scope =
      'customerId' in who
        ? eq(bookings.userId, who.customerId)
        : and(eq(bookings.professionalId, who.professionalId), inArray(bookings.paymentStatus, [...PRO_VISIBLE_PAYMENT]));
    const [row] = await this.db
      .select({
        total: sql<number>`(count(*) filter (where not ${unpaidHold}))::int`,
        awaitingPayment: sql<number>`(count(*) filter (where ${unpaidHold}))::int`,
        thisMonth: sql<number>`(count(*) filter (where not ${unpaidHold} and ${bookings.createdAt} >= ${monthStart.toISOString()}::timestamptz))::int`,
        completed: sql<number>`(count(*) filter (where ${bookings.status} = 'completed'))::int`,
        pending: sql<number>`(count(*) filter (where ${bookings.status} = 'pending' and not ${unpaidHold}))::int`,
      })
      .from(bookings)
      .where(scope);
    let spent = 0;
    if ('customerId' in who) {
      // What left the customer's pocket: minus the customer account's movements on their bookings.
      const [s] = await this.db
        .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .where(and(eq(bookings.userId, who.customerId), eq(ledgerEntries.account, 'customer')));
      spent = -Number(s?.sum ?? 0);
    }
    return {
      total: Number(row?.total ?? 0),
      awaitingPayment: Number(row?.awaitingPayment ?? 0),
      thisMonth: Number(row?.thisMonth ?? 0),
      completed: Number(row?.completed ?? 0),
      pending: Number(row?.pending ?? 0),
      totalSpent: Math.max(0, spent),
    };
  }

}
