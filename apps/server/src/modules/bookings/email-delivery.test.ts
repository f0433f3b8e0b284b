import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EmailMessage, EmailSender } from '../../platform/email';
import { rowsOf } from '../../platform/jobs';
import { as, bookingTestApp, paidBooking, type BookingTestApp } from './bookings.test-helpers';

/** An SMTP server that is down until `up` is set: every send throws meanwhile. */
class FlakySender implements EmailSender {
  up = false;
  attempts = 0;
  readonly sent: EmailMessage[] = [];
  async send(message: EmailMessage) {
    this.attempts++;
    if (!this.up) throw new Error('SMTP unavailable');
    this.sent.push(message);
  }
}

const sender = new FlakySender();
let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp({ email: sender });
});
afterAll(async () => t?.close());

async function emailJobs() {
  const res = await t.database.db.execute(sql`select status, attempts from scheduled_jobs where kind = 'email.send' order by id`);
  return rowsOf<{ status: string; attempts: number }>(res);
}

describe('emails after a commit are durable jobs', () => {
  it('a failing sender does not fail the booking; the emails are retried and eventually sent', async () => {
    const b = await paidBooking(t.app, t.customer);
    const accepted = await t.app.inject(as(t.pro, { method: 'POST', url: `/api/bookings/${b.id}/accept` }));
    expect(accepted.statusCode).toBe(200);
    // Each email was tried at once and failed: nothing sent, every one waiting for a retry.
    expect(sender.sent).toEqual([]);
    expect(sender.attempts).toBeGreaterThanOrEqual(4); // created, paid, new request, confirmed
    const waiting = await emailJobs();
    expect(waiting.length).toBe(sender.attempts);
    expect(waiting.every((j) => j.status === 'pending' && Number(j.attempts) === 1)).toBe(true);

    // Still down at the first retry (30 s later): retried again, kept.
    const soon = new Date(Date.now() + 31_000);
    expect((await t.app.ctx.jobs.runDueJobs(soon)).retried).toBe(waiting.length);
    expect(sender.sent).toEqual([]);

    // The server is back: the next round sends every one of them, once.
    sender.up = true;
    const later = new Date(Date.now() + 10 * 60_000);
    expect((await t.app.ctx.jobs.runDueJobs(later)).done).toBeGreaterThanOrEqual(waiting.length);
    const subjects = sender.sent.map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([expect.stringMatching(/^Booking .* created$/), expect.stringMatching(/^Payment received/), expect.stringMatching(/^Nouvelle demande de réservation/) /* the professional reads French */, expect.stringMatching(/^Booking .* confirmed$/)]));
    expect(sender.sent.length).toBe(waiting.length);
    expect((await emailJobs()).every((j) => j.status === 'done')).toBe(true);
  });
});
