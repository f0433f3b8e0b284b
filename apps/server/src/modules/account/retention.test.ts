/**
 * The retention sweep (docs/retention.md, the privacy page's periods), run as its durable job with the
 * clock moved forward: closed accounts deleted after 1 year, booking history anonymised after 2 years,
 * invoices stripped of the customer's identity after 7 years, complaint records deleted after 10 years.
 */
import { ANONYMISED_TEXT, DELETED_ACCOUNT_NAME } from '@khedma/shared/domain/retention';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, bookings, contactMessages, invoices, ledgerEntries, messages, profiles, reviews, scheduledJobs, users } from '../../db/schema/index';
import { createAdmin, createCustomer, createPro } from '../../test/factories';
import { startApp, withCookie, type TestApp } from '../../test/helpers';
import { completedBooking } from '../reviews/reviews.test-helpers';
import { RETENTION_SWEEP_JOB } from './account.jobs';
import { ANONYMISED_CUSTOMER } from './retention.repository';
import { modulesOf } from '../../app';

let t: TestApp;
beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
});
afterEach(() => t.app.ctx.clock.set(null));
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** Moves the clock to `at` and runs the day's sweep as the job loop would (enqueue, then due jobs). */
async function sweepAt(at: Date) {
  t.app.ctx.clock.set(at);
  await modulesOf(t.app).account.retention.enqueueDaily(at);
  await t.app.ctx.jobs.runDueJobs(at);
}

describe('retention sweep', () => {
  it('is one job a day, however many instances ask', async () => {
    const at = new Date(Date.now() + 3 * YEAR);
    const first = await modulesOf(t.app).account.retention.enqueueDaily(at);
    const second = await modulesOf(t.app).account.retention.enqueueDaily(new Date(at.getTime() + 60_000));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const rows = await t.database.db.select().from(scheduledJobs).where(and(eq(scheduledJobs.kind, RETENTION_SWEEP_JOB.kind), eq(scheduledJobs.dedupeKey, at.toISOString().slice(0, 10))));
    expect(rows).toHaveLength(1);
    await t.app.ctx.jobs.runDueJobs(at);
  });

  it('applies each rule at its period, and not a day before', async () => {
    const customer = await createCustomer(t, { name: 'Retained Customer' });
    const admin = await createAdmin(t);
    const pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Kept Pro' });
    const b = await completedBooking(t, { customer, pro, admin, day: 3 });
    await t.database.db.update(bookings).set({ specialRequests: 'Code 1234 at the gate', contactPhone: '+212612345678' }).where(eq(bookings.id, b.id));
    // A review, a message, an invoice, a support request.
    await t.app.inject(withCookie(customer.cookie, { method: 'POST', url: '/api/reviews', payload: { bookingId: b.id, rating: 5, title: 'Great work', comment: 'Fixed the sink fast' } }));
    const conv = await t.app.inject(withCookie(customer.cookie, { method: 'POST', url: '/api/chat/conversations', payload: { bookingId: b.id } }));
    const convId = conv.json().conversation.id as string;
    await t.app.inject(withCookie(customer.cookie, { method: 'POST', url: `/api/chat/conversations/${convId}/messages`, payload: { content: 'My door code is 1234' } }));
    await t.database.db.insert(contactMessages).values({ name: 'Old Complaint', email: 'old@example.ma', message: 'A complaint' });
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    const end = booking!.scheduledEnd.getTime();

    // The day before 2 years: nothing changes.
    await sweepAt(new Date(end + 2 * YEAR - 2 * DAY));
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, b.id)))[0]!.anonymisedAt).toBeNull();

    // After 2 years: the booking keeps dates, status and amounts; address, phone and free text go; its chat's text too.
    await sweepAt(new Date(end + 2 * YEAR + 2 * DAY));
    const [anon] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(anon).toMatchObject({ location: ANONYMISED_TEXT, description: ANONYMISED_TEXT, contactPhone: null, specialRequests: null, status: 'completed', totalAmount: booking!.totalAmount });
    expect(anon!.anonymisedAt).not.toBeNull();
    const msgs = await t.database.db.select({ content: messages.content }).from(messages).where(eq(messages.conversationId, convId));
    expect(msgs.map((m) => m.content)).toEqual(msgs.map(() => ANONYMISED_TEXT));
    // The account itself is not closed: untouched.
    expect((await t.database.db.select().from(profiles).where(eq(profiles.id, customer.userId)))[0]!.fullName).toBe('Retained Customer');

    // After 7 years: the invoice keeps number and amounts, loses the customer's identity; the ledger is whole.
    const [invoiceBefore] = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    const ledgerBefore = await t.database.db.select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(amount), 0)::int` }).from(ledgerEntries).where(eq(ledgerEntries.bookingId, b.id));
    await sweepAt(new Date(end + 7 * YEAR + 3 * DAY));
    if (invoiceBefore) {
      const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceBefore.id));
      expect(inv).toMatchObject({ number: invoiceBefore.number, totalCents: invoiceBefore.totalCents, customerName: ANONYMISED_CUSTOMER, customerId: null, customerIce: null });
    }
    const ledgerAfter = await t.database.db.select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(amount), 0)::int` }).from(ledgerEntries).where(eq(ledgerEntries.bookingId, b.id));
    expect(ledgerAfter).toEqual(ledgerBefore);

    // After 10 years: the support request is gone.
    expect((await t.database.db.select().from(contactMessages).where(eq(contactMessages.name, 'Old Complaint'))).length).toBe(1);
    await sweepAt(new Date(Date.now() + 10 * YEAR + 3 * DAY));
    expect((await t.database.db.select().from(contactMessages).where(eq(contactMessages.name, 'Old Complaint'))).length).toBe(0);

    // The review keeps its rating for the professional's average.
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, b.id));
    expect(review?.rating).toBe(5);
  });

  it("a closed account's data is deleted one year after the closure, and not before", async () => {
    const customer = await createCustomer(t, { name: 'Leaving Soon', phone: '+212611223344' });
    const closed = await t.app.inject(withCookie(customer.cookie, { method: 'POST', url: '/api/account/close', payload: { confirmEmail: customer.email } }));
    expect(closed.statusCode, closed.body).toBe(200);
    const closedAt = new Date(closed.json().closedAt as string).getTime();

    await sweepAt(new Date(closedAt + YEAR - 2 * DAY));
    const [kept] = await t.database.db.select().from(profiles).where(eq(profiles.id, customer.userId));
    expect(kept).toMatchObject({ fullName: 'Leaving Soon', email: customer.email, dataDeletedAt: null });

    await sweepAt(new Date(closedAt + YEAR + 2 * DAY));
    const [gone] = await t.database.db.select().from(profiles).where(eq(profiles.id, customer.userId));
    expect(gone).toMatchObject({ fullName: DELETED_ACCOUNT_NAME, name: DELETED_ACCOUNT_NAME, email: null, phone: null, location: null, aboutMe: null, avatarUrl: null });
    expect(gone!.dataDeletedAt).not.toBeNull();
    const [u] = await t.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(u).toMatchObject({ name: DELETED_ACCOUNT_NAME, phoneNumber: null });
    expect(u!.email).not.toContain(customer.email.split('@')[0]!);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, customer.userId))).toHaveLength(0);

    // A second sweep changes nothing more.
    await sweepAt(new Date(closedAt + YEAR + 3 * DAY));
    const [again] = await t.database.db.select().from(profiles).where(eq(profiles.id, customer.userId));
    expect(again!.dataDeletedAt).toEqual(gone!.dataDeletedAt);
  });
});
