import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isoWeekdayOf } from '@khedma/shared';
import { AVAILABILITY_PATTERNS } from '../../db/seed/people';
import { createCustomer, createPro } from '../../test/factories';
import { bookingTestApp, counts, createBooking, dayFromNow, errorCode, IDS, wizardBody, type BookingTestApp, type Session, releaseHolds } from './bookings.test-helpers';
import { isSlotConflict } from './bookings.errors';

let t: BookingTestApp;
let customers: Session[];
beforeAll(async () => {
  t = await bookingTestApp();
  const extra = await Promise.all([createCustomer(t, { name: 'Sara Benmoussa' }), createCustomer(t, { name: 'Laila Cherkaoui', city: 'fes' })]);
  customers = [t.customer, t.customer2, ...extra];
  // Home cleaning in Casablanca: two cleaners on weekdays, one Monday to Saturday, one Monday to Friday.
  const slots = (pattern: 'mon-sat-morning-afternoon' | 'weekdays-day') => AVAILABILITY_PATTERNS[pattern].map(([d, slot]) => [d, slot] as [number, typeof slot]);
  await createPro(t, { name: 'Fatima Zahra Bennani', city: 'casablanca', category: 'cleaning', hourlyRate: 120, availability: slots('mon-sat-morning-afternoon') });
  await createPro(t, { name: 'Khadija Alaoui', city: 'casablanca', category: 'cleaning', hourlyRate: 100, availability: slots('weekdays-day') });
});
// Holds a test left unpaid end (a customer holds at most 2 at once: migration 0014).
afterEach(() => releaseHolds(t.database));
afterAll(async () => t?.close());

describe('racing creates (bookings_no_overlap)', () => {
  it('25 concurrent creates for the one plumber and the same slot: exactly one booking, the others 409', async () => {
    const date = dayFromNow(t.app, 4);
    const before = await counts(t.database, t.app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        createBooking(t.app, customers[i % customers.length]!, wizardBody(t.app, { date, startTime: '10:00', endTime: i % 2 ? '11:00' : '12:00' }), {
          'idempotency-key': `race-${i}`,
        }),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(24);
    for (const r of refused) {
      expect(errorCode(r)).toBe('SLOT_TAKEN');
      expect(r.json().error.message).toBe('This time slot was just taken. Please choose another time.');
    }
    const after = await counts(t.database, t.app);
    expect(after.bookings - before.bookings).toBe(1);
    expect(after.payments - before.payments).toBe(1);
    // One creation email: the losers' statements wrote nothing, their email jobs included.
    expect(after.outbox - before.outbox).toBe(1);
    const res = await t.database.db.execute(
      sql`select count(*)::int as n from bookings where professional_id = ${t.pro.professionalId} and status in ('pending', 'confirmed')
          and tstzrange(scheduled_start, scheduled_end) && tstzrange(${created[0]!.json().scheduledStart}::timestamptz, ${created[0]!.json().scheduledEnd}::timestamptz)`,
    );
    expect((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('with two candidates, the loser of a race is given the next one: two bookings, then 409', async () => {
    // Home cleaning in Casablanca has two candidates on weekdays (made above); without a borough both
    // qualify.
    let days = 5;
    while (isoWeekdayOf(dayFromNow(t.app, days)) > 5) days++;
    const date = dayFromNow(t.app, days);
    const body = wizardBody(t.app, { serviceTypeId: IDS.homeCleaning, date, startTime: '09:00', endTime: '11:00' });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => createBooking(t.app, customers[i % customers.length]!, body)));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(2);
    expect(new Set(created.map((c) => c.json().professional.id)).size).toBe(2);
    // A customer whose identical keyless request had already made a booking is answered with it
    // (a retry: 200, replayed); everyone else is refused.
    const replayed = answers.map((a, i) => ({ a, i })).filter(({ a }) => a.statusCode === 200);
    for (const { a, i } of replayed) {
      expect(a.headers['idempotent-replayed']).toBe('true');
      const own = answers.findIndex((b, j) => b.statusCode === 201 && j % customers.length === i % customers.length);
      expect(own).toBeGreaterThanOrEqual(0);
      expect(a.json().id).toBe(answers[own]!.json().id);
    }
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(10 - replayed.length);
  });
});

describe('what counts as losing the race for a slot', () => {
  it('the exclusion constraint refusing the row (23P01), or the deadlock two overlapping inserts can fall into (40P01), wrapped or not', () => {
    expect(isSlotConflict({ code: '23P01' })).toBe(true);
    expect(isSlotConflict({ code: '40P01' })).toBe(true);
    expect(isSlotConflict(new Error('insert failed', { cause: { code: '40P01' } }))).toBe(true);
    expect(isSlotConflict({ code: '23505' })).toBe(false);
    expect(isSlotConflict(new Error('boom'))).toBe(false);
    expect(isSlotConflict(undefined)).toBe(false);
  });
});
