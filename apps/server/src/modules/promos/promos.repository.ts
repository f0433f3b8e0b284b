/** SQL of promo codes, booking discounts and referral credit (docs/promos.md). */
import type { PromoTerms } from '@khedma/shared';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingDiscounts, bookings, promoCodes, referralAccounts, referralCredits, serviceTypes, users } from '../../db/schema/index';

/** Referral credit a customer earned, and spent on bookings not cancelled (SQL of a user id: a value or a placeholder). */
const earnedSql = (userId: SQL) => sql`(select coalesce(sum(amount), 0)::int from ${referralCredits} where user_id = ${userId})`;
const spentSql = (userId: SQL) => sql`(select coalesce(sum(d.amount), 0)::int from ${bookingDiscounts} d join ${bookings} b on b.id = d.booking_id
  where d.user_id = ${userId} and d.source = 'credit' and b.status <> 'cancelled')`;

/** A customer's credit balance (earned less spent, at least 0) as one SQL value, for statements that read it with other work. */
export const creditBalanceSql = (userId: SQL) => sql`greatest(0, ${earnedSql(userId)} - ${spentSql(userId)})`;

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromo = typeof promoCodes.$inferInsert;
export type NewDiscount = typeof bookingDiscounts.$inferInsert;

/** Rows of a raw statement, as either driver hands them over. */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** A booking "counts" for uses and spent credit unless it was cancelled (a cancellation gives them back). */
const notCancelled = sql`${bookings.status} <> 'cancelled'`;

export function termsOf(p: PromoRow): PromoTerms {
  return {
    kind: p.kind,
    value: p.value,
    maxDiscount: p.maxDiscount,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    firstBookingOnly: p.firstBookingOnly,
    cityId: p.cityId,
    categoryId: p.category,
    maxUses: p.maxUses,
    maxUsesPerCustomer: p.maxUsesPerCustomer,
    active: p.active,
  };
}

export class PromosRepository {
  constructor(readonly db: Db) {}

  with(tx: Db): PromosRepository {
    return new PromosRepository(tx);
  }

  // ---- promo codes ----------------------------------------------------------------------------

  async create(row: NewPromo): Promise<PromoRow | undefined> {
    const [created] = await this.db.insert(promoCodes).values(row).onConflictDoNothing().returning();
    return created;
  }

  async list(): Promise<Array<PromoRow & { uses: number }>> {
    const rows = await this.db
      .select({
        promo: promoCodes,
        uses: sql<number>`(select count(*)::int from ${bookingDiscounts} d join ${bookings} b on b.id = d.booking_id where d.promo_code_id = "promo_codes"."id" and b.status <> 'cancelled')`,
      })
      .from(promoCodes)
      .orderBy(desc(promoCodes.createdAt));
    return rows.map((r) => ({ ...r.promo, uses: Number(r.uses) }));
  }

  async byId(id: string): Promise<PromoRow | undefined> {
    const [row] = await this.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    return row;
  }

  /** The code, case-insensitively (citext). `lock`: FOR UPDATE, so that uses are counted one claim at a time. */
  async byCode(code: string, lock = false): Promise<PromoRow | undefined> {
    const q = this.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async setActive(id: string, active: boolean): Promise<PromoRow | undefined> {
    const [row] = await this.db.update(promoCodes).set({ active, updatedAt: sql`now()` }).where(eq(promoCodes.id, id)).returning();
    return row;
  }

  /** Uses that count now: bookings not cancelled that carry the code, in all and by this customer. */
  async uses(promoId: string, userId: string): Promise<{ total: number; byCustomer: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        byCustomer: sql<number>`count(*) filter (where ${bookingDiscounts.userId} = ${userId})::int`,
      })
      .from(bookingDiscounts)
      .innerJoin(bookings, eq(bookings.id, bookingDiscounts.bookingId))
      .where(and(eq(bookingDiscounts.promoCodeId, promoId), notCancelled));
    return { total: Number(row?.total ?? 0), byCustomer: Number(row?.byCustomer ?? 0) };
  }

  /** No paid (or completed) booking yet, other than `except`: a first booking. */
  async isFirstBooking(userId: string, except?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          except ? ne(bookings.id, except) : undefined,
          sql`(${bookings.status} = 'completed' or (${bookings.status} <> 'cancelled' and ${bookings.paymentStatus} <> 'pending' and ${bookings.paymentStatus} <> 'failed'))`,
        ),
      );
    return Number(row?.n ?? 0) === 0;
  }

  async serviceCategory(serviceTypeId: string): Promise<string | null> {
    const [row] = await this.db.select({ category: serviceTypes.category }).from(serviceTypes).where(eq(serviceTypes.id, serviceTypeId));
    return row?.category ?? null;
  }

  async insertDiscounts(rows: NewDiscount[]): Promise<void> {
    if (rows.length) await this.db.insert(bookingDiscounts).values(rows);
  }

  async discountsOf(bookingId: string): Promise<Array<{ source: 'promo' | 'credit'; code: string | null; amount: number }>> {
    return this.db
      .select({ source: bookingDiscounts.source, code: bookingDiscounts.code, amount: bookingDiscounts.amount })
      .from(bookingDiscounts)
      .where(eq(bookingDiscounts.bookingId, bookingId))
      // In the order they were taken off: the promo code, then the credit.
      .orderBy(sql`${bookingDiscounts.source} = 'promo' desc`);
  }

  // ---- referral credit ------------------------------------------------------------------------

  /** Credit granted minus credit spent on bookings not cancelled. */
  async creditBalance(userId: string): Promise<{ balance: number; earned: number }> {
    const res = await this.db.execute(sql`select ${earnedSql(sql`${userId}`)} as earned, ${spentSql(sql`${userId}`)} as spent`);
    const [row] = rowsOf<{ earned: number | string; spent: number | string }>(res);
    const earned = Number(row?.earned ?? 0);
    return { balance: Math.max(0, earned - Number(row?.spent ?? 0)), earned };
  }

  async account(userId: string, lock = false) {
    const q = this.db.select().from(referralAccounts).where(eq(referralAccounts.userId, userId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async accountByCode(code: string) {
    const [row] = await this.db.select().from(referralAccounts).where(eq(referralAccounts.code, code));
    return row;
  }

  /** The customer's referral account, made with `code` when they have none (a code taken already: undefined). */
  async ensureAccount(userId: string, code: string) {
    await this.db.insert(referralAccounts).values({ userId, code }).onConflictDoNothing();
    return this.account(userId);
  }

  async setReferrer(userId: string, referrerId: string): Promise<boolean> {
    const rows = await this.db
      .update(referralAccounts)
      .set({ referredBy: referrerId, referredAt: sql`now()` })
      .where(and(eq(referralAccounts.userId, userId), sql`${referralAccounts.referredBy} is null`))
      .returning({ userId: referralAccounts.userId });
    return rows.length === 1;
  }

  async referralCounts(userId: string): Promise<{ referred: number; rewarded: number }> {
    const [row] = await this.db
      .select({ referred: sql<number>`count(*)::int`, rewarded: sql<number>`count(${referralAccounts.rewardedAt})::int` })
      .from(referralAccounts)
      .where(eq(referralAccounts.referredBy, userId));
    return { referred: Number(row?.referred ?? 0), rewarded: Number(row?.rewarded ?? 0) };
  }

  async user(userId: string) {
    const [row] = await this.db
      .select({ id: users.id, createdAt: users.createdAt, phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  async bookingCount(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.userId, userId));
    return Number(row?.n ?? 0);
  }

  async booking(id: string) {
    const [row] = await this.db
      .select({
        id: bookings.id,
        userId: bookings.userId,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        contactPhone: bookings.contactPhone,
        professionalId: bookings.professionalId,
        servicePrice: bookings.servicePrice,
        addonsTotal: bookings.addonsTotal,
      })
      .from(bookings)
      .where(eq(bookings.id, id));
    return row;
  }

  /** Completed bookings of the customer other than `except` (a first completed booking has none). */
  async completedBefore(userId: string, except: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), eq(bookings.status, 'completed'), ne(bookings.id, except)));
    return Number(row?.n ?? 0);
  }

  /** Marks the referral rewarded for `phone` (null: none known); false when that phone earned one already. */
  async markRewarded(userId: string, phone: string | null): Promise<boolean> {
    const res = await this.db.execute(sql`
      update ${referralAccounts} set rewarded_at = now(), rewarded_phone = ${phone}
      where user_id = ${userId} and rewarded_at is null
        and (${phone}::text is null or not exists (select 1 from ${referralAccounts} o where o.rewarded_phone = ${phone}))
      returning user_id`);
    return rowsOf(res).length === 1;
  }

  async grantCredit(rows: Array<{ userId: string; amount: number; refereeId: string; bookingId: string }>): Promise<void> {
    await this.db.insert(referralCredits).values(rows).onConflictDoNothing();
  }
}
