/**
 * The demo's present (issue 38): seeded with the clock at a date of the test's choosing, the demo holds
 * upcoming pending and confirmed bookings of the demo customers with the demo professionals (in their
 * hours, within the horizon), a started booking for the admin's Complete, completed bookings of
 * customer@demo.ma awaiting a review, a payout request waiting for finance and an unread message; the
 * ledger balances; seeding again (the same day or later) changes nothing.
 */
import { proLedgerAccount } from '@khedma/shared/domain/escrow';
import { AVAILABILITY_SLOT_HOURS, BOOKING_RULES } from '@khedma/shared/domain/schedule';
import { PAYOUT_MINIMUM_AMOUNT } from '@khedma/shared/domain/payouts';
import { batchEligibility } from '@khedma/shared/domain/payout-batches';
import { addDays, isoWeekdayOf, localDateOf, toLocal, timeToMinutes } from '@khedma/shared/domain/time';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../platform/clock';
import type { Database } from '../client';
import { seedDemo } from './index';
import { createTestDatabase, queryRows } from '../../test/db';

// A Wednesday morning in Casablanca, far from the real date: everything must follow the clock.
const NOW = new Date('2027-03-10T09:30:00Z');
let database: Database;

beforeAll(async () => {
  // A test database holds no person (docs/decisions/0003): the demo seeded here is made at NOW alone.
  database = await createTestDatabase();
  const clock = new Clock();
  clock.set(NOW);
  await seedDemo(database.db, { clock });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const rows = <T,>(query: SQL) => queryRows<T>(database.db, query);

interface Row {
  id: string;
  customer: string;
  pro: string;
  pro_id: string;
  status: string;
  payment_status: string;
  scheduled_start: Date | string;
  scheduled_end: Date | string;
}
const bookingsOf = () =>
  rows<Row>(sql`
    SELECT b.id, cu.email AS customer, pu.email AS pro, p.id AS pro_id, b.status, b.payment_status, b.scheduled_start, b.scheduled_end
    FROM bookings b JOIN users cu ON cu.id = b.user_id JOIN professionals p ON p.id = b.professional_id JOIN users pu ON pu.id = p.user_id`);
const at = (v: Date | string) => new Date(v);

describe('the demo seeded on a chosen day', () => {
  it('has pending and confirmed bookings in the coming days for the demo customers with the demo professionals, paid, in their hours and within the horizon', async () => {
    const today = localDateOf(NOW);
    const all = await bookingsOf();
    const upcoming = all.filter((b) => at(b.scheduled_start) > NOW);
    for (const [customer, pro] of [
      ['customer@demo.ma', 'pro@demo.ma'],
      ['customer2@demo.ma', 'pro2@demo.ma'],
    ] as const) {
      for (const status of ['pending', 'confirmed']) {
        const found = upcoming.filter((b) => b.customer === customer && b.pro === pro && b.status === status);
        expect(found.length, `${customer} ${pro} ${status}`).toBeGreaterThanOrEqual(1);
      }
    }
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
    for (const b of upcoming) {
      expect(b.payment_status, b.id).toBe('paid');
      expect(['pending', 'confirmed']).toContain(b.status);
      const start = toLocal(at(b.scheduled_start));
      const end = toLocal(at(b.scheduled_end));
      expect(start.date > today && start.date <= addDays(today, BOOKING_RULES.horizonDays), `${b.id} ${start.date}`).toBe(true);
      const slots = await rows<{ weekday: number; slot: keyof typeof AVAILABILITY_SLOT_HOURS }>(
        sql`SELECT weekday, slot FROM professional_availability WHERE professional_id = ${b.pro_id}`,
      );
      const from = timeToMinutes(start.time);
      const to = end.date === start.date ? timeToMinutes(end.time) : 24 * 60;
      const fits = slots.some((s) => s.weekday === isoWeekdayOf(start.date) && from >= AVAILABILITY_SLOT_HOURS[s.slot].start * 60 && to <= AVAILABILITY_SLOT_HOURS[s.slot].end * 60);
      expect(fits, `${b.pro} ${start.date} ${start.time}-${end.time}`).toBe(true);
    }
  });

  it('has a confirmed booking whose time has passed (the admin can complete it) and pending ones for the stat card', async () => {
    const all = await bookingsOf();
    expect(all.some((b) => b.status === 'confirmed' && at(b.scheduled_start) < NOW && b.payment_status === 'paid')).toBe(true);
    expect(all.filter((b) => b.status === 'pending').length).toBeGreaterThanOrEqual(2);
  });

  it('has completed bookings of customer@demo.ma not yet reviewed, in the past', async () => {
    const unreviewed = await rows<{ id: string; scheduled_end: string }>(sql`
      SELECT b.id, b.scheduled_end FROM bookings b JOIN users u ON u.id = b.user_id LEFT JOIN reviews r ON r.booking_id = b.id
      WHERE u.email = 'customer@demo.ma' AND b.status = 'completed' AND r.id IS NULL`);
    expect(unreviewed.length).toBeGreaterThanOrEqual(1);
    for (const b of unreviewed) expect(at(b.scheduled_end) < NOW).toBe(true);
  });

  it('has a payout request waiting for finance, no larger than the professional\'s released balance, that finance can put into a batch', async () => {
    const pending = await rows<{ professional_id: string; amount: number; status: string; account_holder: string | null; bank_account_iban: string | null }>(
      // The bank details finance sees: those of the professional's approved application.
      sql`SELECT DISTINCT ON (py.id) py.professional_id, py.amount, py.status, a.account_holder, a.bank_account_iban
          FROM payouts py JOIN professionals p ON p.id = py.professional_id
          LEFT JOIN professional_applications a ON a.user_id = p.user_id AND a.status = 'approved'
          WHERE py.status = 'pending' ORDER BY py.id, a.created_at DESC, a.id DESC`,
    );
    expect(pending.length).toBeGreaterThanOrEqual(1);
    for (const p of pending) {
      // A RIB whose key checks out and a holder: the demo's payout is not refused by Export batch.
      expect(batchEligibility({ status: p.status, bank: { accountHolder: p.account_holder, bankAccountIban: p.bank_account_iban } })).toMatchObject({ ok: true });
      const [{ balance }] = (await rows<{ balance: number }>(
        sql`SELECT coalesce(sum(amount), 0)::int AS balance FROM ledger_entries WHERE account = ${proLedgerAccount(p.professional_id)}`,
      )) as [{ balance: number }];
      expect(p.amount).toBeGreaterThanOrEqual(PAYOUT_MINIMUM_AMOUNT);
      expect(p.amount).toBeLessThanOrEqual(Number(balance));
    }
  });

  it('has an unread message for customer@demo.ma', async () => {
    const unread = await rows<{ id: string }>(sql`
      SELECT m.id FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN users u ON u.id = c.customer_id
      WHERE u.email = 'customer@demo.ma' AND m.sender_id <> c.customer_id AND m.read_at IS NULL`);
    expect(unread.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the ledger balanced: every transaction and the whole ledger sum to zero', async () => {
    expect(await rows(sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`)).toHaveLength(0);
    const [{ total }] = (await rows<{ total: number }>(sql`SELECT coalesce(sum(amount), 0)::int AS total FROM ledger_entries`)) as [{ total: number }];
    expect(Number(total)).toBe(0);
  });

  it('keeps pro@demo.ma the only plumber in Casablanca', async () => {
    const plumbers = await rows<{ email: string }>(sql`
      SELECT DISTINCT u.email FROM professionals p JOIN users u ON u.id = p.user_id JOIN cities c ON c.id = p.city_id
      JOIN professional_services ps ON ps.professional_id = p.id JOIN service_types st ON st.id = ps.service_type_id
      WHERE st.category = 'plumbing' AND c.slug = 'casablanca'`);
    expect(plumbers.map((p) => p.email)).toEqual(['pro@demo.ma']);
  });

  it('seeding again, the same day or a week later, changes nothing', async () => {
    const count = async () =>
      Object.fromEntries(
        await Promise.all(
          ['bookings', 'payments', 'ledger_entries', 'payouts', 'messages', 'reviews'].map(async (t) => [t, (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${t}`)))[0]!.n] as const),
        ),
      );
    const before = await count();
    for (const instant of [NOW, new Date(NOW.getTime() + 7 * 86_400_000)]) {
      const clock = new Clock();
      clock.set(instant);
      await seedDemo(database.db, { clock });
      expect(await count()).toEqual(before);
    }
  }, 120_000);
});
