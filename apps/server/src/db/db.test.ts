import { CATEGORIES, CATEGORY_INFO } from '@khedma/shared/domain/catalog';
import { CATEGORY_SEARCH_WORDS, normalizeSearchText, SEARCH_FOLDED_CHARACTERS } from '@khedma/shared/domain/search';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PUBLIC_TABLES, queryRows } from '../test/db';
import type { Database, Db } from './client';
import * as s from './schema/index';
import { seedId } from './seed/index';
import { insertPerson, insertProfessional, type PersonRecord } from './people';

let database: Database;
let db: Db;
/** The file's people, written straight to the tables (db/people.ts, the factories' own layer). */
let customer: PersonRecord;
let professionalId: string;
let otherProfessionalId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  customer = await insertPerson(db, 'customer', { name: 'Amina Benjelloun', email: 'amina.db-test@example.ma' });
  const pro = await insertPerson(db, 'pro', { name: 'Youssef Plombier' });
  ({ professionalId } = await insertProfessional(db, pro, { city: 'fes', category: 'plumbing' }));
  const other = await insertPerson(db, 'pro', { name: 'Salma Menage' });
  ({ professionalId: otherProfessionalId } = await insertProfessional(db, other, { city: 'rabat', category: 'handyman' }));
});

const rows = <T = Record<string, unknown>>(query: SQL) => queryRows<T>(db, query);

/** A booking of the file's customer with its professional in Fès (paid unless said). */
function insertBooking(start: Date, end: Date, status: 'pending' | 'confirmed' | 'cancelled' | 'completed' = 'pending', paymentStatus: 'paid' | 'pending' = 'paid') {
  return db
    .insert(s.bookings)
    .values({
      userId: customer.userId,
      professionalId,
      serviceTypeId: seedId('service:leak-repair'),
      title: 'Leak repair',
      description: 'Leak repair service booking',
      location: '12 Rue Ibnou Sina, Fès',
      cityId: seedId('city:fes'),
      status,
      paymentStatus,
      scheduledStart: start,
      scheduledEnd: end,
      durationMinutes: (end.getTime() - start.getTime()) / 60000,
      servicePrice: 170,
      serviceFee: 26,
      totalAmount: 196,
    })
    .returning({ id: s.bookings.id, userId: s.bookings.userId, professionalId: s.bookings.professionalId });
}
afterAll(async () => {
  await database?.close();
});

/** The SQLSTATE of the error a statement raises (drizzle wraps driver errors in `cause`). */
async function sqlState(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
  return undefined;
}
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const EXCLUSION_VIOLATION = '23P01';


describe('migrations and seed', () => {
  it('creates every table, the view, the function and the extensions', async () => {
    const tables = (await rows<{ table_name: string }>(PUBLIC_TABLES)).map((r) => r.table_name);
    for (const t of [
      'users', 'sessions', 'accounts', 'verifications', 'jwks', 'rate_limits', 'profiles', 'profile_audit_log',
      'admin_roles', 'categories', 'service_types', 'service_add_ons', 'cities', 'boroughs',
      'service_type_prices_by_region', 'professionals', 'professional_services', 'professional_boroughs',
      'professional_availability', 'professional_applications', 'bookings', 'booking_price_lines',
      'idempotency_keys', 'payments', 'ledger_entries', 'scheduled_jobs', 'payouts', 'conversations', 'messages',
      'reviews', 'outbox', 'contact_messages', 'sensitive_access_log', 'push_subscriptions', 'notification_preferences',
    ]) {
      expect(tables).toContain(t);
    }
    // professional_ratings is a table kept by triggers since migration 0007 (it was a view).
    expect(tables).toContain('professional_ratings');
    const [fn] = await rows(sql`SELECT 1 FROM pg_proc WHERE proname = 'calculate_service_price'`);
    expect(fn).toBeDefined();
    const ext = (await rows<{ extname: string }>(sql`SELECT extname FROM pg_extension`)).map((r) => r.extname);
    expect(ext).toEqual(expect.arrayContaining(['pg_trgm', 'btree_gist', 'citext']));
  });

});

describe('reference data', () => {
  it('has at least 24 active service types, each in three languages, in all eight categories', async () => {
    const services = await db.select().from(s.serviceTypes).where(eq(s.serviceTypes.isActive, true));
    expect(services.length).toBeGreaterThanOrEqual(24);
    for (const sv of services) {
      for (const text of [sv.name, sv.nameFr, sv.nameAr, sv.description, sv.descriptionFr, sv.descriptionAr]) {
        expect(text.trim().length).toBeGreaterThan(0);
      }
      expect(sv.nameAr).toMatch(/[\u0600-\u06FF]/);
      expect(sv.includes.length).toBeGreaterThan(0);
      for (const item of [...sv.includes, ...sv.excludes]) {
        expect(Object.keys(item).sort()).toEqual(['ar', 'en', 'fr']);
      }
      // Fixed prices are 50-500 MAD (docs/README.md); a job on quote is priced by its quotes (docs/job-quotes.md).
      if (!sv.onQuote) {
        expect(sv.basePrice).toBeGreaterThanOrEqual(50);
        expect(sv.basePrice).toBeLessThanOrEqual(500);
      }
    }
    const perCategory = new Map<string, number>();
    for (const sv of services) perCategory.set(sv.category, (perCategory.get(sv.category) ?? 0) + 1);
    for (const c of CATEGORIES) expect(perCategory.get(c) ?? 0).toBeGreaterThanOrEqual(3);
    const categories = await db.select().from(s.categories);
    expect(categories.map((c) => c.slug).sort()).toEqual([...CATEGORIES].sort());
  });

  it('has the five cities and at least 16 Casablanca boroughs', async () => {
    const cities = await db.select().from(s.cities);
    expect(cities.map((c) => c.slug).sort()).toEqual(['casablanca', 'fes', 'marrakech', 'rabat', 'tanger']);
    const [{ n }] = (await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM boroughs b JOIN cities c ON c.id = b.city_id WHERE c.slug = 'casablanca'`)) as [
      { n: number },
    ];
    expect(Number(n)).toBeGreaterThanOrEqual(16);
  });
});

describe('calculate_service_price', () => {
  const leakRepair = seedId('service:leak-repair'); // base 150; region prices casablanca 170, rabat 160
  const price = async (serviceId: string, region: string, boroughId: string | null = null) => {
    const [r] = await rows<{ price: number }>(
      sql`SELECT calculate_service_price(${serviceId}::uuid, ${region}, ${boroughId}::uuid) AS price`,
    );
    return Number(r!.price);
  };

  it('returns the active region price', async () => {
    expect(await price(leakRepair, 'casablanca')).toBe(170);
    expect(await price(leakRepair, 'Rabat')).toBe(160);
  });

  it('uses the borough city when no region is given', async () => {
    expect(await price(leakRepair, '', seedId('borough:casablanca:maarif'))).toBe(170);
  });

  it('falls back to base price x city price factor, rounded', async () => {
    expect(await price(leakRepair, 'fes')).toBe(143); // 150 x 0.95 = 142.5
    await db
      .update(s.serviceTypePricesByRegion)
      .set({ isActive: false })
      .where(
        and(
          eq(s.serviceTypePricesByRegion.serviceTypeId, leakRepair),
          eq(s.serviceTypePricesByRegion.cityId, seedId('city:rabat')),
        ),
      );
    expect(await price(leakRepair, 'rabat')).toBe(158); // inactive region price: 150 x 1.05 = 157.5
  });

  it('returns the base price without a region, and 0 for an unknown service', async () => {
    expect(await price(leakRepair, '')).toBe(150);
    expect(await price(leakRepair, 'agadir')).toBe(150);
    expect(await price('00000000-0000-4000-8000-000000000000', 'casablanca')).toBe(0);
  });
});

describe('search_normalize', () => {
  it('folds exactly as normalizeSearchText (packages/shared), which folds the query\'s category words', async () => {
    const samples = [
      ...Object.keys(SEARCH_FOLDED_CHARACTERS).map((c) => `a${c}b`),
      'Électricité, DÉMÉNAGEMENT, Ménage à Fès, garçon, naïf, Œuvre, cœur, Æ',
      'Taille de haies et d’arbres, l‘eau, d`un, d´une',
      'bouché\u202F? 50\u00A0MAD',
      'الكَهْرَبَاءُ إصلاح أنابيب آمن ٱلماء صباغة مستشفى كـهـربـاء ؤ ئ',
      "50% d_x \\ <script>'",
      ...CATEGORIES.flatMap((c) => [...Object.values(CATEGORY_INFO[c].name), ...CATEGORY_SEARCH_WORDS[c]]),
    ];
    const services = await db.select({ name: s.serviceTypes.nameFr, ar: s.serviceTypes.descriptionAr }).from(s.serviceTypes);
    samples.push(...services.flatMap((r) => [r.name, r.ar]));
    for (const text of samples) {
      const [r] = await rows<{ folded: string }>(sql`SELECT search_normalize(${text}) AS folded`);
      expect(r!.folded, text).toBe(normalizeSearchText(text));
    }
  });

  it('keeps service_types.search_text in step with every write', async () => {
    const id = seedId('service:leak-repair');
    const text = async () => (await db.select({ t: s.serviceTypes.searchText }).from(s.serviceTypes).where(eq(s.serviceTypes.id, id)))[0]!.t;
    expect(await text()).toContain("detection et reparation de fuites\nكشف واصلاح");
    await db.update(s.serviceTypes).set({ nameFr: 'Réparation d’Électricité' }).where(eq(s.serviceTypes.id, id));
    expect(await text()).toContain("\nreparation d'electricite\n");
    await db.update(s.serviceTypes).set({ nameFr: 'Détection et réparation de fuites' }).where(eq(s.serviceTypes.id, id));
  });
});

describe('constraints', () => {
  it('emails are unique whatever their case', async () => {
    const state = await sqlState(() =>
      db.insert(s.users).values({ id: 'dup-user', name: 'Someone', email: 'AMINA.DB-Test@Example.MA' }),
    );
    expect(state).toBe(UNIQUE_VIOLATION);
    const [found] = await db.select().from(s.users).where(eq(s.users.email, 'Amina.db-test@EXAMPLE.ma'));
    expect(found?.email).toBe('amina.db-test@example.ma');
  });

  it('refuses negative prices', async () => {
    const base = {
      name: 'x', nameFr: 'x', nameAr: 'x', description: 'x', descriptionFr: 'x', descriptionAr: 'x',
      category: 'plumbing' as const, estimatedDurationMinutes: 60,
    };
    expect(await sqlState(() => db.insert(s.serviceTypes).values({ ...base, basePrice: -1 }))).toBe(CHECK_VIOLATION);
    expect(
      await sqlState(() =>
        db.insert(s.serviceAddOns).values({
          serviceTypeId: seedId('service:leak-repair'), name: 'x', nameFr: 'x', nameAr: 'x', price: -5,
        }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(await sqlState(() => db.insert(s.serviceTypes).values({ ...base, basePrice: 0 }))).toBeUndefined();
  });

  it('refuses an unknown status, category or slot', async () => {
    const pro2 = otherProfessionalId;
    const day = Date.now() + 40 * 24 * 3600 * 1000;
    const [booking] = await insertBooking(new Date(day), new Date(day + 3600 * 1000));
    expect(
      await sqlState(() =>
        db.execute(sql`UPDATE bookings SET status = 'lost' WHERE id = ${booking!.id}`),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await sqlState(() =>
        db.execute(sql`INSERT INTO professional_availability (professional_id, weekday, slot)
          VALUES (${pro2}, 8, 'morning')`),
      ),
    ).toBe(CHECK_VIOLATION);
  });

  describe('bookings of one professional', () => {
    const day = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    const at = (h: number, m = 0) =>
      new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m));

    // Paid: these are about the professional's time (unpaid holds have their own limit, below).
    const book = insertBooking;
    const customerId = () => customer.userId;
    const cityId = seedId('city:fes');

    it('refuses an overlapping pending or confirmed booking, accepts one that leaves the travel time, and overlap once cancelled', async () => {
      const [first] = await book(at(10), at(12));
      expect(await sqlState(() => book(at(11), at(13)))).toBe(EXCLUSION_VIOLATION);
      expect(await sqlState(() => book(at(9), at(10, 30), 'confirmed'))).toBe(EXCLUSION_VIOLATION);
      // Back to back is refused too now: the travel buffer between two jobs (issue 42, migration 0029).
      expect(await sqlState(() => book(at(12), at(14)))).toBe(EXCLUSION_VIOLATION);
      // With the minimum buffer (15 minutes, no pins) on either side, it fits.
      expect(await sqlState(() => book(at(12, 30), at(14)))).toBeUndefined();
      expect(await sqlState(() => book(at(8), at(9, 30)))).toBeUndefined();
      // A cancelled booking frees its slot.
      await db.update(s.bookings).set({ status: 'cancelled' }).where(eq(s.bookings.id, first!.id));
      expect(await sqlState(() => book(at(10, 30), at(11, 30)))).toBeUndefined();
      // Cancelled bookings never block each other.
      expect(await sqlState(() => book(at(10), at(12), 'cancelled'))).toBeUndefined();
    });

    it('refuses an end before the start and a total that is not price + add-ons + fee', async () => {
      expect(await sqlState(() => book(at(16), at(15)))).toBe(CHECK_VIOLATION);
      expect(
        await sqlState(() =>
          db.insert(s.bookings).values({
            userId: customerId(), professionalId, serviceTypeId: seedId('service:leak-repair'), title: 't',
            description: 'd', location: 'l', cityId, paymentStatus: 'paid', scheduledStart: at(18), scheduledEnd: at(19),
            durationMinutes: 60, servicePrice: 100, serviceFee: 15, totalAmount: 100,
          }),
        ),
      ).toBe(CHECK_VIOLATION);
    });

    it('refuses a customer a third unpaid hold at once (migration 0014), whatever inserts it', async () => {
      await db.update(s.bookings).set({ status: 'cancelled' }).where(and(eq(s.bookings.userId, customerId()), eq(s.bookings.paymentStatus, 'pending')));
      // An hour apart: the travel buffer between them is kept (issue 42).
      expect(await sqlState(() => book(at(17), at(18), 'pending', 'pending'))).toBeUndefined();
      expect(await sqlState(() => book(at(19), at(20), 'pending', 'pending'))).toBeUndefined();
      expect(await sqlState(() => book(at(21), at(22), 'pending', 'pending'))).toBe('P0001');
      // Paid bookings are not holds.
      expect(await sqlState(() => book(at(21), at(22), 'pending', 'paid'))).toBeUndefined();
    });
  });

  it('allows one review per booking, rated 1 to 5', async () => {
    // A completed booking, reviewed once.
    const [done] = await insertBooking(new Date('2024-01-02T09:00:00Z'), new Date('2024-01-02T10:00:00Z'), 'completed');
    await db.insert(s.reviews).values({ bookingId: done!.id, userId: done!.userId, professionalId: done!.professionalId, rating: 5 });
    const reviewed = { bookingId: done!.id, userId: done!.userId, professionalId: done!.professionalId };
    expect(
      await sqlState(() =>
        db.insert(s.reviews).values({
          bookingId: reviewed!.bookingId, userId: reviewed!.userId, professionalId: reviewed!.professionalId, rating: 4,
        }),
      ),
    ).toBe(UNIQUE_VIOLATION);

    // A fresh completed booking without a review.
    const [b] = await db
      .insert(s.bookings)
      .values({
        userId: reviewed!.userId, professionalId: reviewed!.professionalId, kind: 'hourly', title: 'Hourly',
        description: 'Hourly service booking', location: 'Somewhere', cityId: seedId('city:fes'),
        status: 'completed', scheduledStart: new Date('2024-01-01T09:00:00Z'),
        scheduledEnd: new Date('2024-01-01T10:00:00Z'), durationMinutes: 60, servicePrice: 150, serviceFee: 23,
        totalAmount: 173, fixedPrice: false,
      })
      .returning();
    const review = (rating: number) =>
      db.insert(s.reviews).values({ bookingId: b!.id, userId: b!.userId, professionalId: b!.professionalId, rating });
    expect(await sqlState(() => review(0))).toBe(CHECK_VIOLATION);
    expect(await sqlState(() => review(6))).toBe(CHECK_VIOLATION);
    expect(await sqlState(() => review(5))).toBeUndefined();
  });

  it('refuses an unbalanced ledger transaction at commit', async () => {
    const transactionId = '11111111-1111-4111-8111-111111111111';
    const state = await sqlState(() =>
      db.insert(s.ledgerEntries).values([
        { transactionId, account: 'customer', amount: -100, kind: 'hold' },
        { transactionId, account: 'escrow', amount: 90, kind: 'hold' },
      ]),
    );
    expect(state).toBe(CHECK_VIOLATION);
    expect(
      await sqlState(() =>
        db.insert(s.ledgerEntries).values([
          { transactionId, account: 'customer', amount: -100, kind: 'hold' },
          { transactionId, account: 'escrow', amount: 100, kind: 'hold' },
        ]),
      ),
    ).toBeUndefined();
    expect(
      await sqlState(() => db.insert(s.ledgerEntries).values({ transactionId, account: 'escrow', amount: 0, kind: 'hold' })),
    ).toBe(CHECK_VIOLATION);
  });

  it('allows one job per (kind, dedupe_key) and any number without a key', async () => {
    const job = (dedupeKey: string | null) => db.insert(s.scheduledJobs).values({ kind: 'escrow.release', dedupeKey });
    expect(await sqlState(() => job('booking-1'))).toBeUndefined();
    expect(await sqlState(() => job('booking-1'))).toBe(UNIQUE_VIOLATION);
    expect(await sqlState(() => job(null))).toBeUndefined();
    expect(await sqlState(() => job(null))).toBeUndefined();
  });
});

describe('indexes serve the queries', () => {
  /** The plan of a query with sequential scans discouraged (the test's tables are tiny). */
  async function plan(query: SQL): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
  }

  it('service text search uses the trigram index on the folded text', async () => {
    // The query is folded by the same immutable function, so the planner folds it to a constant
    // pattern. (The search also filters is_active and ORs the named categories; left out here so
    // the plan shows the text index rather than a scan of the tiny table's active index.)
    const p = await plan(sql`SELECT id FROM service_types WHERE search_text LIKE ('%' || search_normalize(${'FUITE'}) || '%')`);
    expect(p).toContain('service_types_search_text_trgm_idx');
    expect(p).toContain("'%fuite%'");
    const found = await rows<{ name: string }>(sql`SELECT name FROM service_types WHERE search_text LIKE ${'%fuite%'}`);
    expect(found.map((f) => f.name)).toContain('Leak Detection & Repair');
  });

  it("a customer's bookings newest first and a professional's pending bookings use their indexes", async () => {
    const userId = customer.userId;
    expect(await plan(sql`SELECT * FROM bookings WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 20`)).toContain(
      'bookings_user_created_idx',
    );
    const proId = professionalId;
    expect(
      await plan(sql`SELECT * FROM bookings WHERE professional_id = ${proId} AND status = 'pending' ORDER BY scheduled_start`),
    ).toContain('bookings_professional_status_start_idx');
  });

  it('the other listed queries use their indexes', async () => {
    const proId = professionalId;
    const userId = customer.userId;
    const cases: [SQL, string | RegExp][] = [
      [sql`SELECT * FROM bookings ORDER BY created_at DESC LIMIT 50`, 'bookings_created_idx'],
      [sql`SELECT * FROM professional_applications WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1`, 'professional_applications_user_created_idx'],
      [sql`SELECT * FROM reviews WHERE professional_id = ${proId} ORDER BY created_at DESC`, /reviews_professional_(created|rating)_idx/],
      [sql`SELECT * FROM messages WHERE conversation_id = ${proId} ORDER BY created_at`, 'messages_conversation_created_idx'],
      [sql`SELECT * FROM outbox ORDER BY created_at DESC LIMIT 200`, 'outbox_created_idx'],
      [sql`SELECT * FROM scheduled_jobs WHERE status = 'pending' AND run_at <= now() ORDER BY run_at LIMIT 10`, 'scheduled_jobs_status_run_at_idx'],
      [sql`SELECT * FROM payouts WHERE professional_id = ${proId} ORDER BY created_at DESC`, 'payouts_professional_created_idx'],
      [sql`SELECT id FROM professionals WHERE name ILIKE '%karim%' OR full_name ILIKE '%karim%'`, 'professionals_full_name_trgm_idx'],
    ];
    for (const [query, index] of cases) expect(await plan(query)).toMatch(index);
  });

  it('the pending applications list uses its index', async () => {
    expect(
      await plan(sql`SELECT * FROM professional_applications WHERE status = 'pending' ORDER BY submitted_at DESC`),
    ).toContain('professional_applications_status_submitted_idx');
  });
});
