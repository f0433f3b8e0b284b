/**
 * A booking change's announcement is written in the change's own transaction (issue 39,
 * docs/notifications.md#email): a change rolled back leaves no email, and one committed has its email
 * job in the same state as the booking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { modulesOf } from '../../app';
import { rowsOf } from '../../platform/jobs';
import { payOnSimulator } from '../../test/cmi';
import { as, book, bookingTestApp, type BookingTestApp } from './bookings.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterAll(async () => t?.close());

/** The email jobs to `to` whose subject matches, with their status. */
async function emailJobs(to: string, subject: RegExp) {
  const rows = rowsOf<{ status: string; subject: string }>(
    await t.database.db.execute(sql`select status, payload->'message'->>'subject' as subject from scheduled_jobs where kind = 'email.send' and payload->'message'->>'to' = ${to}`),
  );
  return rows.filter((r) => subject.test(r.subject));
}

describe('a booking change and its announcement commit together', () => {
  it('a payment whose transaction fails after its announcement leaves no email; recorded again, it is told once', async () => {
    const b = await book(t.app, t.customer);
    const customerEmail = t.customer.email;
    const proEmail = t.pro.email;
    // A failure after the bookings module wrote its announcement, in the same transaction (a crash before the commit).
    const off = t.app.ctx.events.on('payment.settled', () => {
      throw new Error('crash before the commit');
    });
    let paymentId: string;
    try {
      const { initiate } = await payOnSimulator(t.app, as(t.customer, {}), b.id);
      expect(initiate.statusCode).toBe(200);
      paymentId = initiate.json().payment.id as string;
    } finally {
      off();
    }
    const [before] = rowsOf<{ payment_status: string }>(await t.database.db.execute(sql`select payment_status from bookings where id = ${b.id}`));
    expect(before?.payment_status).toBe('pending');
    expect(await emailJobs(customerEmail, /^Payment received/)).toEqual([]);
    expect(await emailJobs(proEmail, /^Nouvelle demande/)).toEqual([]);

    // The provider is asked again (the reconciliation job): recorded now, and told once, in the same transaction.
    expect(await modulesOf(t.app).payments.service.reconcile(paymentId)).toBe('paid');
    const [after] = rowsOf<{ payment_status: string }>(await t.database.db.execute(sql`select payment_status from bookings where id = ${b.id}`));
    expect(after?.payment_status).toBe('paid');
    expect((await emailJobs(customerEmail, /^Payment received/)).map((j) => j.status)).toEqual(['done']);
    expect((await emailJobs(proEmail, /^Nouvelle demande/)).map((j) => j.status)).toEqual(['done']);
  });
});
