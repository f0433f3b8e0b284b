/**
 * Server tests make the people, professionals and bookings they need with the factories (./factories.ts);
 * none leans on the demo seed's people (issue 39). The demo seed's own tests (db/seed/) are the exception:
 * they test that seed. This fails when a test file or a test helper names a demo person again, and when
 * the database a test file starts from holds a person or their records (docs/decisions/0003).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from './db';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

/** Test files, test helpers and the test set-up of the server. */
function testSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testSources(full));
    else if (/\.test(-helpers)?\.tsx?$/.test(entry.name) || path.dirname(full) === path.join(src, 'test')) out.push(full);
  }
  return out;
}

/** The demo seed's people: their addresses, their password, their seeded ids. */
const DEMO_MARKERS: Array<[RegExp, string]> = [
  [/@demo\.ma/i, 'a demo account (@demo.ma)'],
  [/\bDEMO_(PASSWORD|ACCOUNTS)\b/, 'the demo password or accounts'],
  [/seedId\(\s*['"`](professional|user|application|booking|review|conversation|payout):/, 'a seeded id of a person or their records'],
];

describe('test data', () => {
  const files = testSources(src).filter((f) => f !== self && !f.startsWith(path.join(src, 'db', 'seed') + path.sep));

  it('the server tests are found (bookings.test.ts and the factories at least)', () => {
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['bookings.test.ts', 'factories.ts', 'auth.test.ts']));
  });

  it('no server test outside db/seed/ uses a demo person: each makes its own with the factories', () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [marker, what] of DEMO_MARKERS) if (marker.test(line)) found.push(`${path.relative(src, file)}:${i + 1}: ${what}`);
      });
    }
    expect(found, 'use createCustomer / createPro / createAdmin / createPaidBooking (src/test/factories.ts)').toEqual([]);
  });
});

describe('the database a test file starts from', () => {
  it('holds the reference data (cities, boroughs, catalogue, city prices) and no person nor their records', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      const count = async (table: string) =>
        Number((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);
      // Every table that points at a person, a professional or a booking (found by its columns, so a new
      // capability's table is covered too) is empty, as are the people's own tables.
      const tables = await queryRows<{ table_name: string }>(db, sql`
        SELECT DISTINCT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name NOT LIKE '\\_\\_%'
          AND column_name IN ('user_id', 'customer_id', 'professional_id', 'booking_id', 'reviewer_id', 'sender_id')
        ORDER BY table_name`);
      const personal = [...new Set(['users', 'accounts', 'sessions', 'profiles', ...tables.map((r) => r.table_name)])];
      expect(personal).toEqual(expect.arrayContaining(['users', 'professionals', 'bookings', 'reviews', 'payouts', 'admin_roles', 'professional_applications']));
      const held: Record<string, number> = {};
      for (const table of personal) {
        const n = await count(table);
        if (n > 0) held[table] = n;
      }
      expect(held, 'a test database holds reference data only: make people with test/factories.ts').toEqual({});
      for (const table of ['cities', 'boroughs', 'categories', 'service_types', 'service_add_ons', 'service_type_prices_by_region']) {
        expect(await count(table), table).toBeGreaterThan(0);
      }
    } finally {
      await database.close();
    }
  });
});
