/**
 * The result count of GET /api/pros where counting is not free (issue 40): a text search, or a service
 * together with a category, counts its matches up to PRO_SEARCH_COUNT_CAP and one more and then answers
 * "more than the cap" (`totalExact: false`); the unfiltered list and the city, category or service and
 * minimum-rating filters stay exact (kept counters). Pages follow `hasMore`, never the count: the last
 * page of a search with more matches than the cap is still reached, and nothing beyond it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRO_SEARCH_COUNT_CAP, PRO_SEARCH_PAGE_SIZE } from '@khedma/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { queryRows } from '../../test/db';

let t: TestApp;
/** The plumbing service every generated professional offers. */
let serviceId: string;
/** One more professional than the cap, all named Nabil, in Casablanca, offering one plumbing service. */
const PROS = PRO_SEARCH_COUNT_CAP + 1;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [{ id: serviceId }] = (await queryRows<{ id: string }>(db, sql`select id from service_types where category = 'plumbing' and is_active order by name limit 1`)) as [
    { id: string },
  ];
  // Written in bulk through the product's triggers (the search keys and counters keep themselves).
  await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    select 'cap-' || g, 'Cap ' || g, 'cap' || g || '@cap.ma', true, now(), now() from generate_series(1, ${PROS}) g`);
  await db.execute(sql`insert into professionals (id, user_id, name, full_name, city_id, hourly_rate, status, approved_at)
    select md5('cap-pro-' || g)::uuid, 'cap-' || g, 'Nabil', 'Nabil Cap ' || g, (select id from cities where slug = 'casablanca'),
      100 + g % 7 * 10, 'active', now()
    from generate_series(1, ${PROS}) g`);
  await db.execute(sql`insert into professional_services (professional_id, service_type_id)
    select p.id, ${serviceId}::uuid from professionals p where p.user_id like 'cap-%'`);
}, 300_000);
afterAll(async () => t?.close());

interface Page {
  items: Array<{ id: string }>;
  total: number;
  totalExact: boolean;
  page: number;
  hasMore: boolean;
}

async function search(query: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/pros?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The searches that count up to the cap: a text on the keys (with a city, without, with a rating, with a category or a service), and on the general query. */
const capped = () => [
  'q=nabil&city=casablanca&sort=name',
  'q=nabil&sort=rating',
  'q=NABIL&city=casablanca&minRating=0&sort=price',
  `service=${serviceId}&category=plumbing&sort=name`,
  'q=nabil&category=plumbing&sort=name',
  `q=nabil&service=${serviceId}&city=casablanca&sort=rating`,
  'q=plumb&category=plumbing&city=casablanca&sort=price',
  // A text that names the service's category: the service's key rows (one branch full by itself).
  'q=plumb&city=casablanca&sort=name',
];
/** Searches the kept counters answer: exact whatever the number. */
const exact = () => ['', 'city=casablanca', 'category=plumbing&sort=price', `service=${serviceId}&city=casablanca`];

describe('GET /api/pros: the count of an expensive search stops at the cap', () => {
  it('says "more than" the cap when more match, with a full first page and a next one', async () => {
    for (const query of capped()) {
      const first = await search(query);
      expect(first, query).toMatchObject({ total: PRO_SEARCH_COUNT_CAP, totalExact: false, page: 1, hasMore: true });
      expect(first.items, query).toHaveLength(PRO_SEARCH_PAGE_SIZE);
    }
  });

  it('keeps the exact count where counters hold it', async () => {
    for (const query of exact()) expect(await search(query), query).toMatchObject({ total: PROS, totalExact: true });
  });

  it('pages to the last match without the exact count: every professional once, hasMore false on the last page only', async () => {
    for (const query of ['q=nabil&city=casablanca&sort=name', `service=${serviceId}&category=plumbing&sort=price`]) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const p = await search(`${query}&page=${page}`);
        seen.push(...p.items.map((c) => c.id));
        expect(p.totalExact, query).toBe(false);
        if (!p.hasMore) {
          expect(page, query).toBe(Math.ceil(PROS / PRO_SEARCH_PAGE_SIZE));
          expect(p.items.length, query).toBe(PROS - (page - 1) * PRO_SEARCH_PAGE_SIZE);
          break;
        }
        expect(p.items, query).toHaveLength(PRO_SEARCH_PAGE_SIZE);
      }
      expect(new Set(seen).size, query).toBe(PROS);
      // Beyond the last page: nothing, and no next one.
      expect(await search(`${query}&page=${Math.ceil(PROS / PRO_SEARCH_PAGE_SIZE) + 1}`), query).toMatchObject({ items: [], hasMore: false });
    }
  });

  it('is exact again at the cap: one professional suspended leaves exactly the cap', async () => {
    await t.database.db.execute(sql`update professionals set status = 'suspended' where user_id = 'cap-1'`);
    try {
      for (const query of capped()) expect(await search(query), query).toMatchObject({ total: PRO_SEARCH_COUNT_CAP, totalExact: true });
      for (const query of exact()) expect(await search(query), query).toMatchObject({ total: PRO_SEARCH_COUNT_CAP, totalExact: true });
      // And below it, a text matching a few: the exact number.
      await t.database.db.execute(sql`update professionals set name = 'Noureddine' where user_id in ('cap-2', 'cap-3', 'cap-4')`);
      expect(await search('q=noured&city=casablanca')).toMatchObject({ total: 3, totalExact: true, hasMore: false });
      expect(await search(`q=noured&service=${serviceId}&category=plumbing`)).toMatchObject({ total: 3, totalExact: true, hasMore: false });
      expect(await search('q=noured&category=plumbing&sort=rating')).toMatchObject({ total: 3, totalExact: true, hasMore: false });
      expect(await search('q=nabil&city=casablanca')).toMatchObject({ total: PRO_SEARCH_COUNT_CAP - 3, totalExact: true });
    } finally {
      await t.database.db.execute(sql`update professionals set status = 'active', name = 'Nabil' where user_id in ('cap-1', 'cap-2', 'cap-3', 'cap-4')`);
    }
  });
});
