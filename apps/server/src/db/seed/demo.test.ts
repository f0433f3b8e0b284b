/**
 * The demo seed itself (`npm start`, the browser journeys): its accounts, professionals, bookings and
 * reviews. The one place besides db/seed/upcoming.test.ts where a server test names the demo people; every
 * other test makes its own with the factories (src/test/factories.ts, checked by test-data.test.ts).
 */
import { CATEGORIES } from '@khedma/shared/domain/catalog';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAllTables as countAllDbTables, createTestDatabase, queryRows } from '../../test/db';
import type { Database, Db } from '../client';
import * as s from '../schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index';

let database: Database;
let db: Db;

beforeAll(async () => {
  // A test database holds the reference data only (docs/decisions/0003): the demo is seeded here, as
  // `npm start` seeds it.
  database = await createTestDatabase();
  db = database.db;
  await seedDemo(db);
});
afterAll(async () => {
  await database?.close();
});


const rows = <T = Record<string, unknown>>(query: SQL) => queryRows<T>(db, query);
const countAllTables = () => countAllDbTables(db);

async function userIdOf(email: string) {
  const [u] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email));
  return u!.id;
}
async function professionalIdOf(email: string) {
  const [p] = await db
    .select({ id: s.professionals.id })
    .from(s.professionals)
    .innerJoin(s.users, eq(s.users.id, s.professionals.userId))
    .where(eq(s.users.email, email));
  return p!.id;
}

describe('the demo seed', () => {
  it('seeding a second time changes nothing', async () => {
    const before = await countAllTables();
    expect(before.bookings).toBeGreaterThan(0);
    await seedDemo(db);
    expect(await countAllTables()).toEqual(before);
  });
});

describe('demo data', () => {
  it('has the eight demo accounts, verified, with the demo password and the right roles', async () => {
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(emails).toHaveLength(8);
    const found = await db
      .select({ email: s.users.email, verified: s.users.emailVerified, userType: s.profiles.userType, password: s.accounts.password })
      .from(s.users)
      .innerJoin(s.profiles, eq(s.profiles.id, s.users.id))
      .innerJoin(s.accounts, and(eq(s.accounts.userId, s.users.id), eq(s.accounts.providerId, 'credential')))
      .where(inArray(s.users.email, emails));
    expect(found).toHaveLength(8);
    const byEmail = new Map(found.map((f) => [f.email, f]));
    for (const a of DEMO_ACCOUNTS) {
      expect(byEmail.get(a.email)?.verified).toBe(true);
      expect(byEmail.get(a.email)?.userType).toBe(a.userType);
    }
    // All accounts share one hash; better-auth's verifier accepts the documented password.
    expect(new Set(found.map((f) => f.password)).size).toBe(1);
    expect(await verifyPassword({ hash: found[0]!.password!, password: DEMO_PASSWORD })).toBe(true);

    const roles = await db
      .select({ email: s.users.email, role: s.adminRoles.role })
      .from(s.adminRoles)
      .innerJoin(s.users, eq(s.users.id, s.adminRoles.userId))
      .where(eq(s.adminRoles.isActive, true));
    const rolesOf = (email: string) => roles.filter((r) => r.email === email).map((r) => r.role);
    expect(rolesOf('admin@demo.ma')).toEqual(['super_admin']);
    expect(rolesOf('reviewer@demo.ma')).toEqual(['application_reviewer']);
    expect(rolesOf('finance@demo.ma')).toEqual(['finance_admin']);
  });

  it('has at least 20 approved professionals across every city and category, with availability', async () => {
    const pros = await rows<{ id: string; city: string; categories: string[]; slots: number; approved: boolean }>(sql`
      SELECT p.id, c.slug AS city,
             array_agg(DISTINCT st.category) AS categories,
             (SELECT count(*)::int FROM professional_availability a WHERE a.professional_id = p.id) AS slots,
             EXISTS (SELECT 1 FROM professional_applications pa WHERE pa.user_id = p.user_id AND pa.status = 'approved') AS approved
      FROM professionals p
      JOIN cities c ON c.id = p.city_id
      JOIN professional_services ps ON ps.professional_id = p.id
      JOIN service_types st ON st.id = ps.service_type_id
      WHERE p.status = 'active' AND p.approved_at IS NOT NULL
      GROUP BY p.id, c.slug`);
    expect(pros.length).toBeGreaterThanOrEqual(20);
    expect(new Set(pros.map((p) => p.city)).size).toBe(5);
    expect(new Set(pros.flatMap((p) => p.categories))).toEqual(new Set(CATEGORIES));
    for (const p of pros) {
      expect(Number(p.slots)).toBeGreaterThan(0);
      expect(p.approved).toBe(true);
    }
  });

  const PROS_OF = (category: string, city: string) => sql`
    SELECT DISTINCT u.email FROM professionals p
    JOIN users u ON u.id = p.user_id
    JOIN cities c ON c.id = p.city_id
    JOIN professional_services ps ON ps.professional_id = p.id
    JOIN service_types st ON st.id = ps.service_type_id
    WHERE st.category = ${category} AND c.slug = ${city}`;

  it('pro@demo.ma is the only plumber in Casablanca, offers only plumbing, and is available all day every day', async () => {
    expect((await rows<{ email: string }>(PROS_OF('plumbing', 'casablanca'))).map((r) => r.email)).toEqual(['pro@demo.ma']);
    const id = await professionalIdOf('pro@demo.ma');
    const categories = await rows<{ category: string }>(sql`
      SELECT DISTINCT st.category FROM professional_services ps JOIN service_types st ON st.id = ps.service_type_id
      WHERE ps.professional_id = ${id}`);
    expect(categories.map((c) => c.category)).toEqual(['plumbing']);
    const availability = await db
      .select()
      .from(s.professionalAvailability)
      .where(eq(s.professionalAvailability.professionalId, id));
    expect(availability.map((a) => `${a.weekday}:${a.slot}`).sort()).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((d) => `${d}:allDay`),
    );
  });

  it('pro2@demo.ma is the only cleaner in Rabat', async () => {
    expect((await rows<{ email: string }>(PROS_OF('cleaning', 'rabat'))).map((r) => r.email)).toEqual(['pro2@demo.ma']);
  });

  it('applicant@demo.ma has a complete pending application', async () => {
    const [app] = await db
      .select()
      .from(s.professionalApplications)
      .where(eq(s.professionalApplications.userId, await userIdOf('applicant@demo.ma')));
    expect(app?.status).toBe('pending');
    expect(app?.nationalIdUrl).toBeTruthy();
    expect(app?.idVerificationUrl).toBeTruthy();
    expect(app?.profilePhotoUrl).toBeTruthy();
    expect(app?.bankAccountIban).toBeTruthy();
    expect(app?.serviceCatalogIds.length).toBeGreaterThan(0);
    expect(app?.coverageBoroughs.length).toBeGreaterThan(0);
  });

  it('bookings are consistent in money; completed and cancelled ones are past, and reviewed but for the demo customer\'s awaiting a review', async () => {
    const bookings = await db.select().from(s.bookings);
    expect(bookings.length).toBeGreaterThan(40);
    const now = Date.now();
    for (const b of bookings) {
      expect(b.totalAmount).toBe(b.servicePrice + b.addonsTotal + b.serviceFee);
      if (b.status === 'completed' || b.status === 'cancelled') expect(b.scheduledEnd.getTime()).toBeLessThan(now);
    }
    // The upcoming, started and unreviewed bookings of the demo's present: db/seed/upcoming.test.ts.
    const [unreviewed] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM bookings b JOIN users u ON u.id = b.user_id LEFT JOIN reviews r ON r.booking_id = b.id
      WHERE b.status = 'completed' AND r.id IS NULL AND u.email <> 'customer@demo.ma'`);
    expect(Number(unreviewed!.n)).toBe(0);
    const ratings = await db.select({ rating: s.reviews.rating }).from(s.reviews);
    for (const r of ratings) expect(r.rating).toBeGreaterThanOrEqual(3);
    // Every seeded ledger transaction balances.
    const unbalanced = await rows(sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`);
    expect(unbalanced).toHaveLength(0);
  });

  it('professional_ratings comes from the reviews', async () => {
    const id = await professionalIdOf('pro@demo.ma');
    const [rating] = await db.select().from(s.professionalRatings).where(eq(s.professionalRatings.professionalId, id));
    const [expected] = await rows<{ avg: string; n: number }>(sql`
      SELECT round(avg(rating), 2) AS avg, count(*)::int AS n FROM reviews WHERE professional_id = ${id}`);
    expect(rating!.totalReviews).toBe(Number(expected!.n));
    expect(rating!.totalReviews).toBeGreaterThan(0);
    expect(rating!.averageRating).toBeCloseTo(Number(expected!.avg), 2);
    expect(
      rating!.fiveStarCount + rating!.fourStarCount + rating!.threeStarCount + rating!.twoStarCount + rating!.oneStarCount,
    ).toBe(rating!.totalReviews);
  });
});
