/**
 * SQL of one's own account (issue 41): the facts that decide whether it may be closed, the closure
 * itself, and the reads of the data export. Every query is keyed by the signed-in user's id: nothing
 * here takes another person's id from a request.
 */
import { LEDGER_ACCOUNTS, proLedgerAccount } from '@khedma/shared';
import { closedAccountEmail, type ClosureFacts } from '@khedma/shared/domain/retention';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookings,
  conversations,
  emailConfirmations,
  invoices,
  messages,
  notificationPreferences,
  payments,
  payouts,
  professionals,
  profiles,
  pushSubscriptions,
  reviews,
  serviceTypes,
  sessions,
  users,
} from '../../db/schema/index';
import { rowsOf } from '../../platform/jobs';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AccountRow {
  id: string;
  email: string;
  emailVerified: boolean;
  phoneNumber: string | null;
  createdAt: Date;
  closedAt: Date | null;
  userType: string | null;
  fullName: string | null;
  locale: string | null;
}

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async account(userId: string, db: Db | Tx = this.db): Promise<AccountRow | null> {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        phoneNumber: users.phoneNumber,
        createdAt: users.createdAt,
        closedAt: profiles.closedAt,
        userType: profiles.userType,
        fullName: profiles.fullName,
        locale: profiles.locale,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  async professionalId(userId: string, db: Db | Tx = this.db): Promise<string | null> {
    const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.userId, userId)).limit(1);
    return row?.id ?? null;
  }

  /**
   * What stands in the way of a closure, in one statement: active bookings (as customer or as the
   * professional), payments awaiting their provider's answer, refunds on their way, escrow still held on
   * one of the person's bookings, a professional's unpaid balance and payouts requested or sent.
   */
  async closureFacts(userId: string, userType: ClosureFacts['userType'], db: Db | Tx = this.db): Promise<ClosureFacts> {
    const proId = await this.professionalId(userId, db);
    const proAccount = proId ? proLedgerAccount(proId) : null;
    const mine = sql`(b.user_id = ${userId}${proId ? sql` or b.professional_id = ${proId}` : sql``})`;
    const res = await db.execute(sql`
      select
        (select count(*) from bookings b where ${mine} and b.status in ('pending', 'confirmed'))::int as active_bookings,
        ((select count(*) from payments p join bookings b on b.id = p.booking_id where ${mine} and p.status = 'awaiting_callback')
         + (select count(*) from payment_refunds r join bookings b on b.id = r.booking_id where ${mine} and r.status = 'pending')
         + (select count(*) from (
              select le.booking_id from ledger_entries le join bookings b on b.id = le.booking_id
               where ${mine} and le.account = ${LEDGER_ACCOUNTS.escrow}
               group by le.booking_id having sum(le.amount) <> 0) held))::int as payments_in_flight,
        ${proAccount ? sql`coalesce((select sum(amount) from ledger_entries where account = ${proAccount}), 0)::int` : sql`0`} as pro_balance,
        ${proId ? sql`(select count(*) from payouts where professional_id = ${proId} and status in ('pending', 'sent'))::int` : sql`0`} as payouts_in_flight
    `);
    const [r] = rowsOf<{ active_bookings: number; payments_in_flight: number; pro_balance: number; payouts_in_flight: number }>(res);
    return {
      userType,
      activeBookings: Number(r?.active_bookings ?? 0),
      paymentsInFlight: Number(r?.payments_in_flight ?? 0),
      proBalance: Number(r?.pro_balance ?? 0),
      payoutsInFlight: Number(r?.payouts_in_flight ?? 0),
    };
  }

  /** Locks the profile row for the closure's transaction (two closures of one account run one after the other). */
  async lockProfile(tx: Tx, userId: string): Promise<void> {
    await tx.execute(sql`select id from profiles where id = ${userId} for update`);
  }

  /**
   * Closes the account: closed_at set, its sign-in address moved out of the way (the address is free
   * for a new account; the profile keeps it for the retention year), its phone number freed, every
   * session and push subscription ended, any confirmation link dropped, a professional unlisted.
   */
  async close(tx: Tx, userId: string, at: Date): Promise<void> {
    await tx.update(profiles).set({ closedAt: at, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
    await tx.update(users).set({ email: closedAccountEmail(userId), phoneNumber: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
    // Each deleted session NOTIFYs realtime_control: its live connections close on every instance.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
    await tx.update(professionals).set({ status: 'suspended', updatedAt: sql`now()` }).where(eq(professionals.userId, userId));
  }

  // ------------------------------------------------------------------------------------------
  // Export: the person's own rows, and of others only what the person already sees
  // ------------------------------------------------------------------------------------------

  async profileRow(userId: string) {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
    return row ?? null;
  }

  async preferences(userId: string) {
    const [row] = await this.db
      .select({ email: notificationPreferences.email, sms: notificationPreferences.sms, push: notificationPreferences.push })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .limit(1);
    return row ?? null;
  }

  async professionalRow(userId: string) {
    const [row] = await this.db
      .select({
        id: professionals.id,
        name: professionals.name,
        fullName: professionals.fullName,
        about: professionals.about,
        skills: professionals.skills,
        hourlyRate: professionals.hourlyRate,
        status: professionals.status,
        approvedAt: professionals.approvedAt,
        createdAt: professionals.createdAt,
      })
      .from(professionals)
      .where(eq(professionals.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /** Bookings as the customer (everything of them) and as the professional (the customer's first name, as the booking page shows it). */
  async bookings(userId: string, proId: string | null) {
    const customerName = sql<string | null>`(select p.name from profiles p where p.id = ${bookings.userId})`;
    const proName = sql<string | null>`(select pr.name from professionals pr where pr.id = ${bookings.professionalId})`;
    return this.db
      .select({
        id: bookings.id,
        role: sql<'customer' | 'professional'>`case when ${bookings.userId} = ${userId} then 'customer' else 'professional' end`,
        title: bookings.title,
        service: serviceTypes.name,
        description: bookings.description,
        location: bookings.location,
        contactPhone: sql<string | null>`case when ${bookings.userId} = ${userId} then ${bookings.contactPhone} end`,
        specialRequests: bookings.specialRequests,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        scheduledStart: bookings.scheduledStart,
        scheduledEnd: bookings.scheduledEnd,
        servicePrice: bookings.servicePrice,
        addonsTotal: bookings.addonsTotal,
        serviceFee: bookings.serviceFee,
        totalAmount: bookings.totalAmount,
        cancellationFee: bookings.cancellationFee,
        completedAt: bookings.completedAt,
        createdAt: bookings.createdAt,
        professionalName: proName,
        customerName: sql<string | null>`case when ${bookings.userId} = ${userId} then null else ${customerName} end`,
      })
      .from(bookings)
      .leftJoin(serviceTypes, eq(serviceTypes.id, bookings.serviceTypeId))
      .where(proId ? or(eq(bookings.userId, userId), eq(bookings.professionalId, proId)) : eq(bookings.userId, userId))
      .orderBy(desc(bookings.scheduledStart));
  }

  /** The messages the person wrote (never the other side's). */
  async messagesWritten(userId: string) {
    return this.db
      .select({ id: messages.id, bookingId: conversations.bookingId, type: messages.messageType, content: messages.content, createdAt: messages.createdAt })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.senderId, userId))
      .orderBy(asc(messages.createdAt));
  }

  async reviewsWritten(userId: string) {
    return this.db
      .select({ id: reviews.id, bookingId: reviews.bookingId, rating: reviews.rating, title: reviews.title, comment: reviews.comment, reply: reviews.reply, createdAt: reviews.createdAt })
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt));
  }

  /** Reviews of the professional, as their public page shows them (no reviewer's identity). */
  async reviewsReceived(proId: string | null) {
    if (!proId) return [];
    return this.db
      .select({ id: reviews.id, bookingId: reviews.bookingId, rating: reviews.rating, title: reviews.title, comment: reviews.comment, reply: reviews.reply, createdAt: reviews.createdAt })
      .from(reviews)
      .where(eq(reviews.professionalId, proId))
      .orderBy(asc(reviews.createdAt));
  }

  /** The person's payments as a customer. */
  async payments(userId: string) {
    return this.db
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        method: payments.method,
        provider: payments.provider,
        amount: payments.amount,
        refundedAmount: payments.refundedAmount,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(bookings.userId, userId))
      .orderBy(asc(payments.createdAt));
  }

  /** References of the invoices and credit notes issued to the person. */
  async invoices(userId: string) {
    const own = await this.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId));
    if (own.length === 0) return [];
    return this.db
      .select({ number: invoices.number, kind: invoices.kind, bookingId: invoices.bookingId, issuedAt: invoices.issuedAt, totalCents: invoices.totalCents })
      .from(invoices)
      .where(and(inArray(invoices.bookingId, own.map((b) => b.id)), or(isNull(invoices.customerId), eq(invoices.customerId, userId))))
      .orderBy(asc(invoices.issuedAt));
  }

  async payouts(proId: string | null) {
    if (!proId) return [];
    return this.db
      .select({ id: payouts.id, amount: payouts.amount, status: payouts.status, reference: payouts.reference, createdAt: payouts.createdAt, sentAt: payouts.sentAt, paidAt: payouts.paidAt })
      .from(payouts)
      .where(eq(payouts.professionalId, proId))
      .orderBy(asc(payouts.createdAt));
  }
}
