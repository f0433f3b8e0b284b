/**
 * Migration 0005 (issue 20): bookings stored with Node 20.20's IANA 2025c rules (Casablanca at UTC+1
 * after 2026-09-20) are moved so that they read the local date and time that was agreed, with the
 * shipped rules (UTC+0 since 2026-09-20). Run here on a database whose bookings were written the old way.
 */
import { readFileSync } from 'node:fs';
import { toLocal } from '@khedma/shared/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { Database, Db } from './client';
import { insertPerson, insertProfessional } from './people';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const MIGRATION = readFileSync(new URL('../../drizzle/0005_time_zone_rules.sql', import.meta.url), 'utf8');

/** Runs the migration's statements in one transaction, as drizzle's migrator does. */
async function runMigration(): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of MIGRATION.split('--> statement-breakpoint')) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
  });
}

/**
 * Bookings as the old code stored them: `oldStart`/`oldEnd` are the instants 2025c gave for the agreed
 * local times, `agreed` what the customer saw ('YYYY-MM-DD HH:mm-HH:mm').
 */
const CASES = [
  // Before the change: both releases agree (UTC+1), nothing moves.
  { agreed: '2026-09-10 10:00-12:00', oldStart: '2026-09-10T09:00:00Z', oldEnd: '2026-09-10T11:00:00Z', status: 'completed' },
  // The day before and the day of the change.
  { agreed: '2026-09-19 10:00-12:00', oldStart: '2026-09-19T09:00:00Z', oldEnd: '2026-09-19T11:00:00Z', status: 'completed' },
  { agreed: '2026-09-20 10:00-12:00', oldStart: '2026-09-20T09:00:00Z', oldEnd: '2026-09-20T11:00:00Z', status: 'completed' },
  // Today and ahead: 2025c said UTC+1, the clocks say UTC+0.
  { agreed: '2026-11-24 18:30-20:30', oldStart: '2026-11-24T17:30:00Z', oldEnd: '2026-11-24T19:30:00Z', status: 'cancelled' },
  // Back-to-back pending bookings of one professional: both move, and the no-overlap constraint holds.
  { agreed: '2027-02-01 09:00-11:00', oldStart: '2027-02-01T08:00:00Z', oldEnd: '2027-02-01T10:00:00Z', status: 'pending' },
  { agreed: '2027-02-01 11:00-12:00', oldStart: '2027-02-01T10:00:00Z', oldEnd: '2027-02-01T11:00:00Z', status: 'confirmed' },
  // In 2025c's predicted Ramadan 2027 (UTC+0 there too): already right, nothing moves.
  { agreed: '2027-02-20 10:00-11:00', oldStart: '2027-02-20T10:00:00Z', oldEnd: '2027-02-20T11:00:00Z', status: 'pending' },
] as const;

const ids: string[] = [];

describe('migration 0005: bookings keep the local time that was agreed', () => {
  beforeAll(async () => {
    // The template database is already migrated: put it back as the old code left it. Migration 0005 ran
    // long before the travel buffer's trigger (0029) existed, and so it runs here.
    await db.execute(sql`DELETE FROM time_zone_rule_changes`);
    await db.execute(sql`ALTER TABLE bookings DISABLE TRIGGER bookings_travel_buffer`);
    // One customer and one professional of the test's own (the test database holds no person).
    const customer = await insertPerson(db, 'customer', { city: 'fes' });
    const pro = await insertProfessional(db, await insertPerson(db, 'pro', { city: 'fes' }), { city: 'fes', category: 'plumbing' });
    for (const c of CASES) {
      const [row] = await rows<{ id: string }>(sql`
        INSERT INTO bookings (user_id, professional_id, service_type_id, kind, title, description, location, city_id,
          status, payment_status, scheduled_start, scheduled_end, duration_minutes, service_price, addons_total, service_fee, total_amount)
        VALUES (${customer.userId}, ${pro.professionalId}, ${pro.serviceTypeIds[0]!}, 'service', 'Leak repair', 'Leak repair', '18 Avenue Hassan II', ${pro.cityId},
          ${c.status}, 'paid', ${c.oldStart}::timestamptz, ${c.oldEnd}::timestamptz,
          (extract(epoch from ${c.oldEnd}::timestamptz - ${c.oldStart}::timestamptz) / 60)::int,
          150, 0, 23, 173)
        RETURNING id`);
      ids.push(row!.id);
    }
  });

  async function agreedTimes(): Promise<string[]> {
    const out: string[] = [];
    for (const id of ids) {
      const [b] = await rows<{ s: string; e: string }>(sql`
        SELECT to_char(scheduled_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS s,
               to_char(scheduled_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS e
        FROM bookings WHERE id = ${id}`);
      const start = toLocal(new Date(b!.s));
      const end = toLocal(new Date(b!.e));
      out.push(`${start.date} ${start.time}-${end.time}`);
    }
    return out;
  }

  it('moves the instants the old rules put an hour early, so each reads what was agreed with the shipped rules', async () => {
    const before = await agreedTimes();
    // Read with the current rules, the old instants are an hour early from 2026-09-20 on (outside 2025c's Ramadan).
    expect(before[2]).toBe('2026-09-20 09:00-11:00');
    await runMigration();
    expect(await agreedTimes()).toEqual(CASES.map((c) => c.agreed));
    const [change] = await rows<{ id: string; data_version: string }>(sql`SELECT id, data_version FROM time_zone_rule_changes`);
    expect(change).toEqual({ id: 'africa-casablanca-utc0-2026-09-20', data_version: '2026d' });
  });

  it('moves nothing when it runs again, and keeps the no-overlap constraint', async () => {
    await runMigration();
    expect(await agreedTimes()).toEqual(CASES.map((c) => c.agreed));
    const [constraint] = await rows(sql`SELECT 1 FROM pg_constraint WHERE conname = 'bookings_no_overlap'`);
    expect(constraint).toBeDefined();
    // The constraint is back: a booking over the moved 09:00-11:00 one is refused.
    const [b] = await rows<{ professional_id: string }>(sql`SELECT professional_id FROM bookings WHERE id = ${ids[4]!}`);
    await expect(
      db.execute(sql`
        INSERT INTO bookings (user_id, professional_id, service_type_id, kind, title, description, location, city_id,
          status, payment_status, scheduled_start, scheduled_end, duration_minutes, service_price, addons_total, service_fee, total_amount)
        SELECT user_id, ${b!.professional_id}, service_type_id, kind, title, description, location, city_id,
          'pending', payment_status, '2027-02-01T10:00:00Z', '2027-02-01T10:30:00Z', 30, service_price, addons_total, service_fee, total_amount
        FROM bookings WHERE id = ${ids[4]!}`),
    ).rejects.toThrow();
  });
});
