/**
 * The creation email of a booking is a durable job written by the statement that inserts the booking
 * (issue 39: one way for every email; docs/bookings.md#create-statements): leased to the instance that
 * wrote it, which sends it after the answer; if that instance dies first, any instance's job loop sends
 * it once the lease has run out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../platform/jobs';
import { as, bookingTestApp, createBooking, outboxTo, releaseHolds, wizardBody, type BookingTestApp } from './bookings.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await releaseHolds(t.database);
});
afterAll(async () => t?.close());

/** The email jobs whose message names the booking (its reference is in the subject). */
async function emailJobs(reference: string) {
  const res = await t.database.db.execute(sql`
    select status, attempts::int as attempts from scheduled_jobs
     where kind = 'email.send' and payload->'message'->>'subject' like ${`%${reference}%`}`);
  return rowsOf<{ status: string; attempts: number }>(res);
}

const book = async (startTime: string, endTime: string) => {
  const res = await createBooking(t.app, t.customer, wizardBody(t.app, { professionalId: t.pro.professionalId, startTime, endTime }), { 'idempotency-key': `email-${startTime}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; reference: string };
};

describe('the creation email of a booking', () => {
  it('goes through its job, written with the booking and run by this instance after the answer', async () => {
    const b = await book('10:00', '11:00');
    await t.app.ctx.jobs.settled();
    // One job, claimed by the statement that wrote it (attempt 1), done by its one run.
    expect(await emailJobs(b.reference)).toEqual([{ status: 'done', attempts: 1 }]);
    const mails = (await outboxTo(t.app, t.customer.email)).filter((m) => m.subject === `Booking ${b.reference} created`);
    expect(mails).toHaveLength(1);
  });

  it('is still sent when the instance dies between the commit and the sending: by a job loop once its lease ran out', async () => {
    // The instance "dies" right after the commit: its own run never happens.
    vi.spyOn(t.app.ctx.jobs, 'runLeased').mockImplementation(() => {});
    const b = await book('13:00', '14:00');
    const subject = `Booking ${b.reference} created`;
    const sent = async () => (await outboxTo(t.app, t.customer.email)).filter((m) => m.subject === subject);
    expect(await sent()).toEqual([]);
    expect(await emailJobs(b.reference)).toEqual([{ status: 'running', attempts: 1 }]);

    // Leased to the dead instance: no loop takes it while the lease lasts ...
    await t.app.ctx.jobs.runDueJobs(new Date(Date.now() + 60_000));
    expect(await sent()).toEqual([]);
    // ... then one does, once.
    const afterLease = new Date(Date.now() + t.app.ctx.jobs.lease + 60_000);
    await t.app.ctx.jobs.runDueJobs(afterLease);
    await t.app.ctx.jobs.runDueJobs(afterLease);
    expect(await sent()).toHaveLength(1);
    expect(await emailJobs(b.reference)).toEqual([{ status: 'done', attempts: 2 }]);
  });

  it('is not written for a customer who turned email notifications off (the statement reads the choice)', async () => {
    const off = await t.app.inject(as(t.customer, { method: 'PUT', url: '/api/profile/notifications', payload: { email: false } }));
    expect(off.statusCode, off.body).toBe(200);
    try {
      const b = await book('16:00', '17:00');
      await t.app.ctx.jobs.settled();
      expect(await emailJobs(b.reference)).toEqual([]);
      expect((await outboxTo(t.app, t.customer.email)).filter((m) => m.subject.includes(b.reference))).toEqual([]);
    } finally {
      expect((await t.app.inject(as(t.customer, { method: 'PUT', url: '/api/profile/notifications', payload: { email: true } }))).statusCode).toBe(200);
    }
  });
});
