/** SQL of recurring bookings (Drizzle): series, their visits, and the booking row each visit becomes. */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingPriceLines, bookings, bookingSeries, bookingSeriesOccurrences, cities, payments, professionals, profiles, serviceTypes, users } from '../../db/schema/index';

export type SeriesRow = typeof bookingSeries.$inferSelect;
export type OccurrenceRow = typeof bookingSeriesOccurrences.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
type NewBooking = typeof bookings.$inferInsert;

/** A series with what its view shows (names of the service, the professional and the customer). */
export interface SeriesView extends SeriesRow {
  proFirstName: string;
  proUserId: string;
  customerName: string | null;
  title: string;
  location: string;
  kind: string;
  serviceTypeId: string | null;
  serviceName: string | null;
  serviceNameFr: string | null;
  serviceNameAr: string | null;
  cityId: string;
  boroughId: string | null;
  addOnIds: string[];
}

export interface OccurrenceWithBooking extends OccurrenceRow {
  booking: Pick<BookingRow, 'id' | 'status' | 'paymentStatus' | 'scheduledStart' | 'totalAmount' | 'cancelledBy' | 'userId' | 'professionalId'> | null;
}

/**
 * The columns of the source booking a visit copies as they are: what was booked and where. Address
 * columns added to bookings later (a map pin, a landmark ...) are copied too, by name
 * (ADDRESS_COLUMN), so the series need not change when the address grows a field.
 */
const COPIED_COLUMNS = new Set(['serviceTypeId', 'kind', 'title', 'description', 'location', 'cityId', 'boroughId', 'contactPhone', 'specialRequests', 'fixedPrice']);
const ADDRESS_COLUMN = /^(address|pin|landmark|lat|lng|lon|latitude|longitude|geo|gps|building|floor|apartment|door|access|directions)/i;

/** The source booking's columns a visit copies (COPIED_COLUMNS and any address column). */
export function copiedColumns(source: BookingRow): Partial<NewBooking> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (COPIED_COLUMNS.has(key) || ADDRESS_COLUMN.test(key)) out[key] = value;
  return out as Partial<NewBooking>;
}

const viewColumns = {
  series: bookingSeries,
  proFirstName: professionals.name,
  proUserId: professionals.userId,
  customerName: sql<string | null>`coalesce(${profiles.fullName}, ${users.name})`,
  title: bookings.title,
  location: bookings.location,
  kind: bookings.kind,
  serviceTypeId: bookings.serviceTypeId,
  serviceName: serviceTypes.name,
  serviceNameFr: serviceTypes.nameFr,
  serviceNameAr: serviceTypes.nameAr,
  cityId: bookings.cityId,
  boroughId: bookings.boroughId,
  addOns: bookings.addonServices,
};

export class SeriesRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): SeriesRepository {
    return new SeriesRepository(tx);
  }

  async booking(id: string): Promise<BookingRow | undefined> {
    const [row] = await this.db.select().from(bookings).where(eq(bookings.id, id));
    return row;
  }

  async professionalIdOfUser(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    return row?.id;
  }

  async byKey(userId: string, key: string): Promise<SeriesRow | undefined> {
    const [row] = await this.db.select().from(bookingSeries).where(and(eq(bookingSeries.userId, userId), eq(bookingSeries.idempotencyKey, key)));
    return row;
  }

  async liveOfSource(bookingId: string): Promise<SeriesRow | undefined> {
    const [row] = await this.db
      .select()
      .from(bookingSeries)
      .where(and(eq(bookingSeries.sourceBookingId, bookingId), inArray(bookingSeries.status, ['active', 'paused'])));
    return row;
  }

  /** The series a booking is a visit of (booked, or a visit rebooked with another professional), if any. */
  async seriesOfVisit(bookingId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: bookingSeriesOccurrences.seriesId }).from(bookingSeriesOccurrences).where(eq(bookingSeriesOccurrences.bookingId, bookingId));
    return row?.id;
  }

  async insert(row: typeof bookingSeries.$inferInsert): Promise<SeriesRow> {
    const [created] = await this.db.insert(bookingSeries).values(row).returning();
    return created!;
  }

  async update(id: string, set: Partial<Pick<SeriesRow, 'status' | 'startTime'>>): Promise<void> {
    await this.db.update(bookingSeries).set({ ...set, updatedAt: new Date() }).where(eq(bookingSeries.id, id));
  }

  /** The series row locked for this transaction: the rolling job and the customer's changes take turns. */
  async lock(id: string): Promise<SeriesRow | undefined> {
    const [row] = await this.db.select().from(bookingSeries).where(eq(bookingSeries.id, id)).for('update');
    return row;
  }

  async activeIds(): Promise<string[]> {
    const rows = await this.db.select({ id: bookingSeries.id }).from(bookingSeries).where(eq(bookingSeries.status, 'active'));
    return rows.map((r) => r.id);
  }

  private viewQuery() {
    return this.db
      .select(viewColumns)
      .from(bookingSeries)
      .innerJoin(bookings, eq(bookings.id, bookingSeries.sourceBookingId))
      .innerJoin(professionals, eq(professionals.id, bookingSeries.professionalId))
      .innerJoin(users, eq(users.id, bookingSeries.userId))
      .leftJoin(profiles, eq(profiles.id, bookingSeries.userId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId))
      .leftJoin(cities, eq(cities.id, bookings.cityId));
  }

  async view(id: string): Promise<SeriesView | undefined> {
    const [row] = await this.viewQuery().where(eq(bookingSeries.id, id));
    return row ? toView(row) : undefined;
  }

  /** The series of a customer or of a professional, newest first. */
  async list(party: { userId?: string; professionalId?: string }): Promise<SeriesView[]> {
    const conditions = [];
    if (party.userId) conditions.push(eq(bookingSeries.userId, party.userId));
    if (party.professionalId) conditions.push(eq(bookingSeries.professionalId, party.professionalId));
    if (conditions.length === 0) return [];
    const rows = await this.viewQuery()
      .where(or(...conditions))
      .orderBy(desc(bookingSeries.createdAt))
      .limit(100);
    return rows.map(toView);
  }

  async occurrences(seriesId: string): Promise<OccurrenceWithBooking[]> {
    const rows = await this.db
      .select({
        occurrence: bookingSeriesOccurrences,
        booking: {
          id: bookings.id,
          status: bookings.status,
          paymentStatus: bookings.paymentStatus,
          scheduledStart: bookings.scheduledStart,
          totalAmount: bookings.totalAmount,
          cancelledBy: bookings.cancelledBy,
          userId: bookings.userId,
          professionalId: bookings.professionalId,
        },
      })
      .from(bookingSeriesOccurrences)
      .leftJoin(bookings, eq(bookings.id, bookingSeriesOccurrences.bookingId))
      .where(eq(bookingSeriesOccurrences.seriesId, seriesId))
      .orderBy(asc(bookingSeriesOccurrences.seq));
    return rows.map((r) => ({ ...r.occurrence, booking: r.booking?.id ? r.booking : null }));
  }

  async occurrence(seriesId: string, seq: number): Promise<OccurrenceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(bookingSeriesOccurrences)
      .where(and(eq(bookingSeriesOccurrences.seriesId, seriesId), eq(bookingSeriesOccurrences.seq, seq)));
    return row;
  }

  async recordOccurrence(row: typeof bookingSeriesOccurrences.$inferInsert): Promise<void> {
    await this.db
      .insert(bookingSeriesOccurrences)
      .values(row)
      .onConflictDoUpdate({
        target: [bookingSeriesOccurrences.seriesId, bookingSeriesOccurrences.seq],
        set: { state: row.state, reason: row.reason ?? null, bookingId: row.bookingId ?? null, updatedAt: new Date() },
      });
  }

  /** A visit not created yet moved by the customer (state moved, its new start): created at that start. */
  async recordMove(row: { seriesId: string; seq: number; plannedDate: string; movedStart: Date }): Promise<void> {
    await this.db
      .insert(bookingSeriesOccurrences)
      .values({ ...row, state: 'moved' })
      .onConflictDoUpdate({
        target: [bookingSeriesOccurrences.seriesId, bookingSeriesOccurrences.seq],
        set: { state: 'moved', reason: null, bookingId: null, movedStart: row.movedStart, updatedAt: new Date() },
        // Only a visit not created yet (moved again); a decided one is the service's refusal.
        setWhere: sql`${bookingSeriesOccurrences.state} = 'moved'`,
      });
  }

  async deleteOccurrence(seriesId: string, seq: number): Promise<void> {
    await this.db.delete(bookingSeriesOccurrences).where(and(eq(bookingSeriesOccurrences.seriesId, seriesId), eq(bookingSeriesOccurrences.seq, seq)));
  }

  /**
   * A visit's booking: unpaid (the customer pays it as it comes due), its price lines and payment row.
   * The transaction-local setting tells the unpaid-hold trigger that this is a series visit (migration 0030).
   */
  async insertVisit(row: NewBooking & { id: string }, lines: Array<{ kind: string; label: string; quantity: number; unitAmount: number; amount: number }>, payment: { provider: string; amount: number }): Promise<void> {
    await this.db.execute(sql`select set_config('khedma.series_occurrence', 'on', true)`);
    await this.db.insert(bookings).values(row);
    await this.db.execute(sql`select set_config('khedma.series_occurrence', 'off', true)`);
    if (lines.length) {
      await this.db.insert(bookingPriceLines).values(lines.map((l, position) => ({ ...l, kind: l.kind as never, bookingId: row.id, position })));
    }
    await this.db.insert(payments).values({ bookingId: row.id, method: 'card', provider: payment.provider, amount: payment.amount });
  }

  /**
   * The series and occurrence a booking is a visit of (state booked, rebooked ... as recorded), or
   * undefined for a booking that is no series' visit. Read, not locked: the caller holds the booking's lock.
   */
  async visitOf(bookingId: string): Promise<{ series: SeriesRow; occurrence: OccurrenceRow } | undefined> {
    const [row] = await this.db
      .select({ series: bookingSeries, occurrence: bookingSeriesOccurrences })
      .from(bookingSeriesOccurrences)
      .innerJoin(bookingSeries, eq(bookingSeries.id, bookingSeriesOccurrences.seriesId))
      .where(eq(bookingSeriesOccurrences.bookingId, bookingId));
    return row;
  }

  /** A paid visit confirmed by the system (docs/recurring.md): only from pending, with its professional. */
  async confirmVisit(bookingId: string, professionalId: string): Promise<boolean> {
    const rows = await this.db
      .update(bookings)
      .set({ status: 'confirmed', updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'paid'), eq(bookings.professionalId, professionalId)))
      .returning({ id: bookings.id });
    return rows.length > 0;
  }

  /** A visit's unpaid booking cancelled by the system (the series changed): nothing was paid, nothing is due. */
  async cancelUnpaid(bookingId: string, reason: string): Promise<boolean> {
    const rows = await this.db
      .update(bookings)
      .set({ status: 'cancelled', cancellationReason: reason, cancellationFee: 0, updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'pending')))
      .returning({ id: bookings.id });
    return rows.length > 0;
  }
}

type ViewRowOf = { series: SeriesRow; addOns: Array<{ id: string }> | null } & Omit<SeriesView, keyof SeriesRow | 'addOnIds'>;

function toView(r: ViewRowOf): SeriesView {
  const { series, addOns, ...rest } = r;
  return { ...series, ...rest, addOnIds: (addOns ?? []).map((a) => a.id) };
}
