/**
 * The search keys (migration 0018) answer exactly what the general query answers: every page and
 * every count of GET /api/pros for city x (category or service, migration 0040) x minimum rating x sort, on a generated data set
 * (ties in rating, price and name, several cities, several categories, unlisted professionals),
 * kept by the triggers alone (no backfill here), and again after a review arrives, after a rating
 * changes, after a professional's services and cities change, and after one is unlisted and
 * re-priced.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PRO_SEARCH_SORTS } from '@khedma/shared';
import { proSearchQuerySchema, type ProSearchResponse } from '@khedma/shared/schemas/pros';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer } from '../../test/factories';
import { ProsSearchRepository } from './search.repository';
import { ProsSearchService } from './search.service';
import { queryRows } from '../../test/db';

let t: TestApp;
let repo: ProsSearchRepository;
let service: ProsSearchService;
const PROS = 90;

const rows = <T,>(query: SQL) => queryRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await createTestApp();
  repo = new ProsSearchRepository(t.database.db);
  service = new ProsSearchService(repo);
  const db = t.database.db;
  // Professionals written one by one through the product's triggers: first names from a list of 5
  // (ties), rates from 4 values (ties), cities in turn; every seventh suspended, every eleventh not
  // yet approved (neither is listed).
  await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    select 'keys-' || g, 'Keys ' || g, 'keys' || g || '@keys.ma', true, now(), now() from generate_series(1, ${PROS}) g`);
  await db.execute(sql`insert into professionals (id, user_id, name, full_name, city_id, hourly_rate, status, approved_at)
    select md5('keys-pro-' || g)::uuid, 'keys-' || g, (array['Amine','Badr','Chama','Dounia','Ehab'])[1 + g % 5], 'Keys Pro ' || g,
      (select id from cities where is_active order by slug offset g % 4 limit 1),
      (array[120, 150, 150, 200])[1 + g % 4],
      case when g % 7 = 0 then 'suspended' else 'active' end,
      case when g % 11 = 0 then null else now() end
    from generate_series(1, ${PROS}) g`);
  // A second city for every third, a third city for every ninth.
  await db.execute(sql`insert into professional_cities (professional_id, city_id, position)
    select p.id, c.id, 1 from professionals p cross join lateral (
      select id from cities where is_active and id <> p.city_id order by slug limit 1 offset (hashtext(p.id::text) & 1)) c
    where p.user_id like 'keys-%' and substr(p.user_id, 6)::int % 3 = 0`);
  await db.execute(sql`insert into professional_cities (professional_id, city_id, position)
    select p.id, c.id, 2 from professionals p cross join lateral (
      select id from cities where is_active and not (id = any(p.city_ids)) order by slug desc limit 1) c
    where p.user_id like 'keys-%' and substr(p.user_id, 6)::int % 9 = 0`);
  // One to three services, from one or two categories.
  await db.execute(sql`insert into professional_services (professional_id, service_type_id)
    select p.id, st.id from professionals p cross join lateral (
      select id from service_types where is_active and category in (
        (array['plumbing','cleaning','electrical','moving'])[1 + substr(p.user_id, 6)::int % 4],
        (array['plumbing','cleaning','electrical','moving'])[1 + (substr(p.user_id, 6)::int / 4) % 4])
      order by name limit 1 + substr(p.user_id, 6)::int % 3) st
    where p.user_id like 'keys-%' on conflict do nothing`);
  // Ratings with ties: the aggregate written as the reviews' triggers write it.
  await db.execute(sql`update professional_ratings r set
      rating_sum = 4 * n.c + (n.g % 3), total_reviews = n.c, four_star_count = n.c - (n.g % 3), five_star_count = n.g % 3
    from (select p.id, substr(p.user_id, 6)::int as g, 3 + substr(p.user_id, 6)::int % 4 as c from professionals p where p.user_id like 'keys-%') n
    where r.professional_id = n.id and n.g % 5 <> 0`);
});
afterAll(async () => t?.close());

const CITIES = ['', 'casablanca', 'marrakech'];
const RATINGS = [0, 4, 4.5];
/**
 * A category, a service (migration 0040: the keys' rows per service), both (the general query), a
 * text, or none. The services: the one most of the data set's professionals offer, and a moving one.
 */
let FACETS: Array<Record<string, string>> = [];
async function facets() {
  const [popular, moving] = await rows<{ id: string }>(sql`(select ps.service_type_id as id from professional_services ps
      join professionals p on p.id = ps.professional_id where p.user_id like 'keys-%' group by 1 order by count(*) desc, 1 limit 1)
    union all (select id from service_types where category = 'moving' and is_active order by name limit 1)`);
  FACETS = [
    {},
    { category: 'plumbing' },
    { category: 'moving' },
    { service: popular!.id },
    { service: moving!.id, category: 'moving' },
    // A text (migration 0041: the union of the keys' rows of the services, cities and first names it
    // names): services only, a city (with another city asked for: professionals in both), a first name
    // of three letters (the trigram index) and of one (no trigram: the walk in order).
    { q: 'plumb' },
    { q: 'casa' },
    { q: 'dou' },
    { q: 'e' },
    // A first name nobody has until the second test renames a professional Aaron (the distinct first names,
    // migration 0045, kept by a trigger on professionals).
    { q: 'aaro' },
    // A text with a category or a service (issue 40: the keys' rows of that facet, each branch checked
    // against it): a text naming the category's own services, one naming another category's services,
    // a city, first names by trigram and by walk.
    { q: 'plumb', category: 'plumbing' },
    { q: 'plumb', category: 'cleaning' },
    { q: 'casa', category: 'moving' },
    { q: 'dou', service: popular!.id },
    { q: 'e', category: 'electrical' },
  ];
}

async function everyPage(query: Record<string, unknown>, useSearchKeys: boolean) {
  repo.useSearchKeys = useSearchKeys;
  const pages: ProSearchResponse[] = [];
  for (let page = 1; ; page++) {
    const answer = await service.search(proSearchQuerySchema.parse({ ...query, page }));
    pages.push(answer);
    if (!answer.hasMore) return pages;
  }
}

/** Every combination: the keys' pages and counts equal the general query's, page after page. */
async function expectSameEverywhere() {
  let compared = 0;
  for (const city of CITIES) {
    for (const facet of FACETS) {
      for (const minRating of RATINGS) {
        for (const sort of PRO_SEARCH_SORTS.filter((s) => s !== 'service')) {
          const query = { ...(city ? { city } : {}), ...facet, minRating, sort };
          const general = await everyPage(query, false);
          const keys = await everyPage(query, true);
          expect(keys, JSON.stringify(query)).toEqual(general);
          compared += general[0]!.total;
        }
      }
    }
  }
  repo.useSearchKeys = true;
  return compared;
}

/** The keys equal what they summarise: one row per listed professional and (city or any) x (category, service or any). */
async function keysDrift() {
  return rows<{ n: number }>(sql`with expected as (
      select p.id as professional_id, c.city_id, k.category, r.average_rating, r.total_reviews, p.hourly_rate, p.name
      from professionals p join professional_ratings r on r.professional_id = p.id
      cross join lateral (select '00000000-0000-0000-0000-000000000000'::uuid as city_id union select unnest(p.city_ids)) c
      cross join lateral (select ''::text as category union select unnest(p.categories)
        union select ps.service_type_id::text from professional_services ps where ps.professional_id = p.id) k
      where p.status = 'active' and p.approved_at is not null)
    select count(*)::int as n from (
      (select * from expected except all select professional_id, city_id, category, average_rating, total_reviews, hourly_rate, name from professional_search_keys)
      union all
      (select professional_id, city_id, category, average_rating, total_reviews, hourly_rate, name from professional_search_keys except all select * from expected)) d`);
}

describe('search keys (migration 0018)', () => {
  it('are kept by the triggers and answer every page and count exactly as the general query', async () => {
    await facets();
    expect((await keysDrift())[0]!.n).toBe(0);
    // The data set has what the comparison needs: several cities, unlisted professionals, ties.
    const [shape] = await rows<{ multi: number; unlisted: number; rated: number }>(sql`select
      count(*) filter (where cardinality(city_ids) > 1)::int as multi,
      count(*) filter (where status <> 'active' or approved_at is null)::int as unlisted,
      (select count(*)::int from professional_ratings where total_reviews > 0) as rated
      from professionals`);
    expect(shape!.multi).toBeGreaterThan(20);
    expect(shape!.unlisted).toBeGreaterThan(10);
    expect(shape!.rated).toBeGreaterThan(50);
    expect(await expectSameEverywhere()).toBeGreaterThan(1000);
    // A text with a category or a service reads the keys (the comparison above holds on either path);
    // a repository of its own each time, since statements are built once per shape.
    for (const facet of FACETS.filter((f) => f.q && (f.category || f.service))) {
      const onKeys = new ProsSearchRepository(t.database.db);
      const branches = vi.spyOn(onKeys as unknown as { textBranches: () => unknown }, 'textBranches');
      await new ProsSearchService(onKeys).search(proSearchQuerySchema.parse({ ...facet, sort: 'name' }));
      expect(branches, JSON.stringify(facet)).toHaveBeenCalled();
    }
    // Whether anyone's first name holds the text is asked on every text search (the distinct first names,
    // migration 0045): a text that is no one's name leaves the names out of the union, one that is keeps them.
    for (const [query, names] of [
      [{ q: 'plumb', city: 'casablanca' }, false],
      [{ q: 'plumb' }, false],
      [{ q: 'plumb', category: 'plumbing' }, false],
      [{ q: 'dou', city: 'casablanca' }, true],
      [{ q: 'OUNI', category: 'plumbing' }, true],
    ] as const) {
      const own = new ProsSearchRepository(t.database.db);
      const matches = vi.spyOn(own, 'textMatches');
      await new ProsSearchService(own).search(proSearchQuerySchema.parse({ ...query, sort: 'name' }));
      await expect(matches.mock.results[0]!.value, JSON.stringify(query)).resolves.toMatchObject({ names });
    }
    // A service id spelt in capitals (the API takes any spelling of a uuid) finds the same.
    const service = FACETS.find((f) => f.service && !f.category)!.service!;
    const lower = await everyPage({ service, city: 'casablanca', sort: 'rating' }, true);
    expect(lower[0]!.total).toBeGreaterThan(0);
    expect(await everyPage({ service: service.toUpperCase(), city: 'casablanca', sort: 'rating' }, true)).toEqual(lower);
    repo.useSearchKeys = true;
  }, 600_000);

  it('stay equal after a review arrives, a rating changes, services and cities change, a professional is unlisted and re-priced', async () => {
      const [pro] = await rows<{ id: string }>(sql`select id from professionals where user_id = 'keys-12'`);
    // A review arrives (written for another professional, then moved to this one: the reviews' triggers on
    // insert and on update, then the keys'), on a completed booking of a customer the test makes.
    const customer = await createCustomer(t, { signIn: false });
    const [other] = await rows<{ id: string; city_id: string }>(sql`select id, city_id from professionals where user_id = 'keys-11'`);
    const [booking] = await rows<{ id: string }>(sql`insert into bookings (user_id, professional_id, service_type_id, title, description, location, city_id,
        scheduled_start, scheduled_end, duration_minutes, total_amount, status, payment_status, completed_at)
      select ${customer.userId}, ${other!.id}, ps.service_type_id, 'x', 'x', 'x', ${other!.city_id}, now() - interval '3 days', now() - interval '3 days' + interval '1 hour',
        60, 0, 'completed', 'paid', now() - interval '3 days' + interval '1 hour'
      from professional_services ps where ps.professional_id = ${other!.id} limit 1 returning id`);
    const [review] = await rows<{ id: string }>(sql`insert into reviews (booking_id, user_id, professional_id, rating)
      values (${booking!.id}, ${customer.userId}, ${other!.id}, 5) returning id`);
    await t.database.db.execute(sql`update reviews set professional_id = ${pro!.id}, rating = 1 where id = ${review!.id}`);
    // Services: one category dropped, one added; cities: a city removed, another added.
    await t.database.db.execute(sql`delete from professional_services where professional_id = ${pro!.id}`);
    await t.database.db.execute(sql`insert into professional_services (professional_id, service_type_id)
      select ${pro!.id}, id from service_types where is_active and category = 'moving' order by name limit 1`);
    await t.database.db.execute(sql`delete from professional_cities where professional_id = ${pro!.id} and position > 0`);
    await t.database.db.execute(sql`insert into professional_cities (professional_id, city_id, position)
      select ${pro!.id}, id, 1 from cities where slug = 'marrakech' on conflict do nothing`);
    // A service row moved from one professional to another (an UPDATE: both are refreshed).
    await t.database.db.execute(sql`update professional_services set professional_id = (select id from professionals where user_id = 'keys-18')
      where professional_id = (select id from professionals where user_id = 'keys-17')
        and service_type_id not in (select service_type_id from professional_services where professional_id = (select id from professionals where user_id = 'keys-18'))`);
    // Another professional unlisted, another re-priced and renamed, another's ratings changed.
    await t.database.db.execute(sql`update professionals set status = 'suspended' where user_id = 'keys-13'`);
    await t.database.db.execute(sql`update professionals set hourly_rate = 90, name = 'Aaron' where user_id = 'keys-14'`);
    await t.database.db.execute(sql`update professionals set approved_at = now() where user_id = 'keys-22'`);
    await t.database.db.execute(sql`update professional_ratings set rating_sum = rating_sum + 1, five_star_count = five_star_count + 1, four_star_count = four_star_count - 1
      where professional_id = (select id from professionals where user_id = 'keys-15')`);
    // A category moved out of search by the catalogue (every cleaning service deactivated).
    await t.database.db.execute(sql`update service_types set is_active = false where category = 'cleaning'`);
    expect((await keysDrift())[0]!.n).toBe(0);
    const [moving] = await rows<{ n: number }>(
      sql`select count(*)::int as n from professional_search_keys where professional_id = ${pro!.id} and category = 'moving'`,
    );
    expect(moving!.n).toBeGreaterThan(0);
    await expectSameEverywhere();
    await t.database.db.execute(sql`update service_types set is_active = true where category = 'cleaning'`);
    expect((await keysDrift())[0]!.n).toBe(0);
    await expectSameEverywhere();
  }, 600_000);
});
