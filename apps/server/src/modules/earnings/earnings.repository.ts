/** SQL of earnings, payouts and receipts: the escrow ledger, the payouts table, a booking's paid facts. */
import { LEDGER_ACCOUNTS, proLedgerAccount, type PayoutLedgerRow } from '@khedma/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookingPriceLines,
  bookings,
  cities,
  ledgerEntries,
  payments,
  payoutBatches,
  payouts,
  professionalApplications,
  professionals,
  profiles,
  serviceAddOns,
  serviceTypes,
} from '../../db/schema/index';

export type PayoutRow = typeof payouts.$inferSelect;

export class EarningsRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): EarningsRepository {
    return new EarningsRepository(tx);
  }

  /** The professional of a user; `lock` holds the row (FOR UPDATE) so two payout requests queue. */
  async professionalOfUser(userId: string, lock = false) {
    const q = this.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async completedJobs(professionalId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.professionalId, professionalId), eq(bookings.status, 'completed')));
    return Number(row?.n ?? 0);
  }

  /** Bookings of the professional whose money the escrow still holds, with their fee and subtotal. */
  async heldBookings(professionalId: string) {
    const held = sql<string>`sum(${ledgerEntries.amount})`;
    return this.db
      .select({ id: bookings.id, held, serviceFee: bookings.serviceFee, subtotal: sql<number>`${bookings.servicePrice} + ${bookings.addonsTotal}` })
      .from(bookings)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.bookingId, bookings.id), eq(ledgerEntries.account, LEDGER_ACCOUNTS.escrow)))
      .where(eq(bookings.professionalId, professionalId))
      .groupBy(bookings.id)
      .having(gt(held, sql`0`));
  }

  /** Every row of the professional's ledger account. */
  async accountEntries(professionalId: string) {
    return this.db
      .select({ amount: ledgerEntries.amount, kind: ledgerEntries.kind, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, proLedgerAccount(professionalId)))
      .orderBy(asc(ledgerEntries.createdAt));
  }

  async balance(professionalId: string): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, proLedgerAccount(professionalId)));
    return Number(row?.sum ?? 0);
  }

  /** The professional's payouts, newest first. */
  async payoutsOf(professionalId: string): Promise<PayoutRow[]> {
    return this.db.select().from(payouts).where(eq(payouts.professionalId, professionalId)).orderBy(desc(payouts.createdAt), desc(payouts.id));
  }

  async insertPayout(professionalId: string, amount: number): Promise<PayoutRow> {
    const [row] = await this.db.insert(payouts).values({ professionalId, amount, status: 'pending' }).returning();
    return row!;
  }

  async lockPayout(id: string): Promise<PayoutRow | undefined> {
    const [row] = await this.db.select().from(payouts).where(eq(payouts.id, id)).for('update');
    return row;
  }

  /** Writes the balanced rows of one paid payout (one INSERT; the deferred trigger re-checks the sum at commit). */
  async postPayout(rows: readonly PayoutLedgerRow[]): Promise<string> {
    const transactionId = randomUUID();
    await this.db.insert(ledgerEntries).values(rows.map((r) => ({ transactionId, bookingId: null, account: r.account, amount: r.amount, kind: r.kind })));
    return transactionId;
  }

  async markPaid(id: string, by: string, at: Date, ledgerTransactionId: string, statementDate: string | null = null): Promise<PayoutRow> {
    const [row] = await this.db
      .update(payouts)
      .set({ status: 'paid', paidAt: at, paidBy: by, ledgerTransactionId, statementDate })
      .where(eq(payouts.id, id))
      .returning();
    return row!;
  }

  /** The payouts of these ids, locked (FOR UPDATE) in id order, so two batches made at once queue. */
  async lockPayouts(ids: readonly string[]): Promise<PayoutRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(payouts).where(inArray(payouts.id, [...ids])).orderBy(asc(payouts.id)).for('update');
  }

  /** The payout a bank reference names, locked. */
  async lockPayoutByReference(reference: string): Promise<PayoutRow | undefined> {
    const [row] = await this.db.select().from(payouts).where(eq(payouts.reference, reference)).for('update');
    return row;
  }

  async insertBatch(values: { number: string; createdBy: string; count: number; total: number; createdAt: Date }) {
    const [row] = await this.db.insert(payoutBatches).values(values).returning();
    return row!;
  }

  async markSent(id: string, v: { batchId: string; reference: string; sentAt: Date; batchRib: string; batchHolder: string }): Promise<void> {
    await this.db
      .update(payouts)
      .set({ status: 'sent', ...v })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')));
  }

  /** Batches newest first, with how many of their payouts are paid. */
  async batches(limit = 50) {
    return this.db
      .select({
        id: payoutBatches.id,
        number: payoutBatches.number,
        createdAt: payoutBatches.createdAt,
        count: payoutBatches.count,
        total: payoutBatches.total,
        // Spelled out: drizzle would write the outer table's columns unqualified inside the subquery.
        paidCount: sql<number>`(select count(*)::int from payouts p where p.batch_id = "payout_batches"."id" and p.status = 'paid')`,
      })
      .from(payoutBatches)
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.number))
      .limit(limit);
  }

  async batch(id: string) {
    const [row] = await this.db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
    return row;
  }

  /** A batch's transfers, in the file's order, with the professional. */
  async batchLines(batchId: string) {
    return this.db
      .select({ id: payouts.id, amount: payouts.amount, status: payouts.status, reference: payouts.reference, rib: payouts.batchRib, holder: payouts.batchHolder, fullName: professionals.fullName })
      .from(payouts)
      .innerJoin(professionals, eq(professionals.id, payouts.professionalId))
      .where(eq(payouts.batchId, batchId))
      .orderBy(asc(payouts.reference));
  }

  /** Payouts for admins (pending oldest first, then sent, then paid newest first), with the professional. */
  async adminList(status?: 'pending' | 'sent' | 'paid') {
    return this.db
      .select({
        id: payouts.id,
        amount: payouts.amount,
        status: payouts.status,
        createdAt: payouts.createdAt,
        paidAt: payouts.paidAt,
        reference: payouts.reference,
        sentAt: payouts.sentAt,
        batchId: payouts.batchId,
        batchNumber: payoutBatches.number,
        professionalId: professionals.id,
        userId: professionals.userId,
        name: professionals.name,
        fullName: professionals.fullName,
        city: cities.name,
      })
      .from(payouts)
      .innerJoin(professionals, eq(professionals.id, payouts.professionalId))
      .leftJoin(cities, eq(cities.id, professionals.cityId))
      .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
      .where(status ? eq(payouts.status, status) : undefined)
      .orderBy(
        sql`case ${payouts.status} when 'pending' then 0 when 'sent' then 1 else 2 end`,
        sql`case when ${payouts.status} = 'pending' then ${payouts.createdAt} end asc`,
        sql`${payouts.sentAt} desc nulls last`,
        desc(payouts.paidAt),
        desc(payouts.id),
      )
      .limit(200);
  }

  /** The bank details of each user's latest approved application (users without one are absent). */
  async approvedBankDetails(userIds: readonly string[]) {
    if (userIds.length === 0) return [];
    const a = professionalApplications;
    return this.db
      .selectDistinctOn([a.userId], { id: a.id, userId: a.userId, bankName: a.bankName, accountHolder: a.accountHolder, bankAccountIban: a.bankAccountIban })
      .from(a)
      .where(and(inArray(a.userId, [...userIds]), eq(a.status, 'approved')))
      .orderBy(a.userId, desc(a.createdAt), desc(a.id));
  }

  /** The user account of a payout's professional; undefined when there is no such payout. */
  async payoutUser(payoutId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: professionals.userId })
      .from(payouts)
      .innerJoin(professionals, eq(professionals.id, payouts.professionalId))
      .where(eq(payouts.id, payoutId));
    return row?.userId;
  }

  async totals() {
    const [row] = await this.db
      .select({
        pending: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'pending'), 0)`,
        sent: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'sent'), 0)`,
        paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'paid'), 0)`,
      })
      .from(payouts);
    return { pending: Number(row?.pending ?? 0), sent: Number(row?.sent ?? 0), paid: Number(row?.paid ?? 0) };
  }

  /** The user account of a professional. */
  async userOfProfessional(professionalId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ userId: professionals.userId }).from(professionals).where(eq(professionals.id, professionalId));
    return row?.userId;
  }

  async completedAt(bookingId: string): Promise<Date | null | undefined> {
    const [row] = await this.db.select({ completedAt: bookings.completedAt }).from(bookings).where(eq(bookings.id, bookingId));
    return row ? row.completedAt : undefined;
  }

  /** What a receipt shows of a booking. */
  async receiptFacts(bookingId: string) {
    const [b] = await this.db
      .select({
        id: bookings.id,
        customerId: bookings.userId,
        title: bookings.title,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        serviceFee: bookings.serviceFee,
        totalAmount: bookings.totalAmount,
        createdAt: bookings.createdAt,
        scheduledStart: bookings.scheduledStart,
        completedAt: bookings.completedAt,
        addonServices: bookings.addonServices,
        serviceName: serviceTypes.name,
        serviceNameFr: serviceTypes.nameFr,
        serviceNameAr: serviceTypes.nameAr,
        cityName: cities.name,
        cityNameFr: cities.nameFr,
        cityNameAr: cities.nameAr,
        professionalName: professionals.name,
        customerName: profiles.fullName,
        customerLocale: profiles.locale,
      })
      .from(bookings)
      .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
      .innerJoin(cities, eq(cities.id, bookings.cityId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId))
      .leftJoin(profiles, eq(profiles.id, bookings.userId))
      .where(eq(bookings.id, bookingId));
    if (!b) return undefined;
    const addonIds = (b.addonServices ?? []).map((a) => a.id).filter(Boolean);
    const [lines, pays, refunds, addons] = await Promise.all([
      this.db.select().from(bookingPriceLines).where(eq(bookingPriceLines.bookingId, bookingId)).orderBy(asc(bookingPriceLines.position)),
      // A payment that went through (refunded later or not).
      this.db.select().from(payments).where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'refunded']))).orderBy(asc(payments.createdAt)),
      this.db
        .select({ amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, LEDGER_ACCOUNTS.customer), eq(ledgerEntries.kind, 'refund')))
        .orderBy(asc(ledgerEntries.createdAt)),
      addonIds.length
        ? this.db.select({ id: serviceAddOns.id, name: serviceAddOns.name, nameFr: serviceAddOns.nameFr, nameAr: serviceAddOns.nameAr }).from(serviceAddOns).where(inArray(serviceAddOns.id, addonIds))
        : Promise.resolve([]),
    ]);
    return { booking: b, lines, payment: pays[0], refunds, addons };
  }
}
