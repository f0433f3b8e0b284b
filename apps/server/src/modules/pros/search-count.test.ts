/**
 * GET /api/pros on data the database holds but zod's RFC 9562 check would refuse (issue 40: the bench's
 * md5 ids answered 500), the unfiltered total kept by a counter (migration 0023) instead of a count(*)
 * over every listed professional, and the filtered totals kept by counters per city x category x half
 * star (migration 0037), per city x service x half star too (migration 0040), written at each commit in
 * one order so that transactions changing several professionals' services at once never deadlock.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../test/app';
import { createPro } from '../../test/factories';
import { queryRows } from '../../test/db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('ids PostgreSQL accepts', () => {
  it('lists and shows a professional whose id has no RFC version or variant bits (an md5, as the bench made them)', async () => {
    // md5('') as a uuid: version nibble b, variant nibble e. PostgreSQL's uuid type takes any 128 bits.
    const id = 'd41d8cd9-8f00-b204-e980-0998ecf8427e';
    await createPro(t, { id, name: 'Zineb Md5', hourlyRate: 81, city: 'rabat' });
    const page = await get('/api/pros?sort=price&city=rabat');
    expect(page.items.map((c: { id: string }) => c.id)).toContain(id);
    expect(await get(`/api/pros?q=zineb`)).toMatchObject({ items: [{ id, name: 'Zineb' }] });
    expect((await get(`/api/pros/${id}`)).id).toBe(id);
    expect((await get(`/api/pros/${id}/reviews`)).reviews).toEqual([]);
  });
});

describe('the unfiltered total (kept by a trigger, migration 0023)', () => {
  async function truth(): Promise<number> {
    const res = (await t.database.db.execute(
      sql`select count(*)::int as n from professionals where status = 'active' and approved_at is not null`,
    )) as unknown as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  }
  async function expectTotal(n: number) {
    expect(await truth()).toBe(n);
    const kept = (await t.database.db.execute(sql`select n from professional_listed_count`)) as unknown as { rows: Array<{ n: number }> };
    expect(kept.rows).toEqual([{ n }]);
    expect((await get('/api/pros')).total).toBe(n);
    expect((await get('/api/pros?sort=name&page=2')).total).toBe(n);
    expect((await get('/api/pros/stats')).professionals).toBe(n);
  }

  it('follows professionals added, suspended, unapproved, reinstated and removed', async () => {
    const start = await truth();
    await expectTotal(start);
    const a = await createPro(t, { city: 'fes' });
    const b = await createPro(t, { city: 'fes', category: 'cleaning' });
    await expectTotal(start + 2);
    await createPro(t, { city: 'fes', status: 'suspended' });
    await expectTotal(start + 2);

    await t.database.db.execute(sql`update professionals set status = 'suspended' where id = ${a.professionalId}`);
    await expectTotal(start + 1);
    // Edits that keep a professional listed (or unlisted) change nothing.
    await t.database.db.execute(sql`update professionals set hourly_rate = 200, status = 'suspended' where id = ${a.professionalId}`);
    await t.database.db.execute(sql`update professionals set name = 'Other', status = 'active' where id = ${b.professionalId}`);
    await expectTotal(start + 1);
    await t.database.db.execute(sql`update professionals set approved_at = null where id = ${b.professionalId}`);
    await expectTotal(start);
    await t.database.db.execute(sql`update professionals set approved_at = now() where id = ${b.professionalId}`);
    await t.database.db.execute(sql`update professionals set status = 'active' where id = ${a.professionalId}`);
    await expectTotal(start + 2);

    // Removed with their account (the foreign key cascades), listed or not.
    await t.database.db.execute(sql`delete from users where id = ${a.userId}`);
    await expectTotal(start + 1);
    await t.database.db.execute(sql`delete from professionals where id = ${b.professionalId}`);
    await expectTotal(start);

    // Pagination still ends where the total says.
    const pages = Math.ceil(start / 12);
    const last = await get(`/api/pros?page=${pages}`);
    expect(last.hasMore).toBe(false);
    expect((pages - 1) * 12 + last.items.length).toBe(start);
  });

  it('filtered totals still count the matches', async () => {
    await createPro(t, { city: 'tanger', category: 'gardening' });
    const res = (await t.database.db.execute(
      sql`select count(*)::int as n from professionals where status = 'active' and approved_at is not null and 'gardening' = any(categories)`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect((await get('/api/pros?category=gardening')).total).toBe(res.rows[0]!.n);
    expect((await get('/api/pros')).total).toBe(await truth());
  });
});

describe('the filtered totals (counters per city x category x half star, migration 0037)', () => {
  const rows = <T,>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  /** Counter rows that differ from a count of the search keys (the keys' own truth is search-keys.test.ts's). */
  async function countersDrift(): Promise<number> {
    const [row] = await rows<{ n: number }>(sql`with expected as (
        select city_id, category, search_rating_floor(average_rating) as rating_floor, count(*)::int as n
        from professional_search_keys group by 1, 2, 3),
      kept as (select city_id, category, rating_floor, n from professional_search_counts where n <> 0)
      select count(*)::int as n from ((select * from expected except select * from kept) union all (select * from kept except select * from expected)) d`);
    return row!.n;
  }
  /** The general count (every listed professional matching), as the search keys' tests define it. */
  async function truth(city: string | null, category: string | null, minRating: number): Promise<number> {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from professionals p
      join professional_ratings r on r.professional_id = p.id
      where p.status = 'active' and p.approved_at is not null
        and (${city}::text is null or p.city_ids @> array[(select id from cities where slug = ${city}::text)])
        and (${category}::text is null or ${category}::text = any(p.categories))
        and (${minRating}::numeric = 0 or r.average_rating >= ${minRating}::numeric)`);
    return row!.n;
  }
  const FILTERS: Array<[string | null, string | null, number]> = [
    [null, null, 4],
    ['tanger', null, 0],
    ['tanger', null, 3.5],
    ['tanger', 'painting', 0],
    ['tanger', 'painting', 4.5],
    [null, 'painting', 0],
    ['fes', 'painting', 0],
  ];
  /** The general count of a service filter: offers it (a professional_services row, active service or not). */
  async function serviceTruth(city: string | null, service: string, minRating: number): Promise<number> {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from professionals p
      join professional_ratings r on r.professional_id = p.id
      where p.status = 'active' and p.approved_at is not null
        and (${city}::text is null or p.city_ids @> array[(select id from cities where slug = ${city}::text)])
        and exists (select 1 from professional_services ps where ps.professional_id = p.id and ps.service_type_id = ${service}::uuid)
        and (${minRating}::numeric = 0 or r.average_rating >= ${minRating}::numeric)`);
    return row!.n;
  }
  /** Every painting and cleaning service (those the test moves professionals in and out of). */
  async function services(): Promise<string[]> {
    return (await rows<{ id: string }>(sql`select id from service_types where category in ('painting', 'cleaning') order by id`)).map((r) => r.id);
  }
  async function expectTotals() {
    expect(await countersDrift()).toBe(0);
    for (const [city, category, minRating] of FILTERS) {
      const query = new URLSearchParams({ ...(city ? { city } : {}), ...(category ? { category } : {}), minRating: String(minRating) });
      expect((await get(`/api/pros?${query}`)).total, query.toString()).toBe(await truth(city, category, minRating));
    }
    for (const service of await services()) {
      for (const [city, minRating] of [[null, 0], ['tanger', 0], ['tanger', 4.5]] as const) {
        const query = new URLSearchParams({ ...(city ? { city } : {}), service, minRating: String(minRating) });
        expect((await get(`/api/pros?${query}`)).total, query.toString()).toBe(await serviceTruth(city, service, minRating));
      }
    }
  }
  /** A professional's rating aggregate as the reviews' triggers would leave it after `reviews` of `stars`. */
  async function rate(professionalId: string, reviews: number, stars: 4 | 5) {
    await t.database.db.execute(sql`update professional_ratings set rating_sum = ${reviews * stars}, total_reviews = ${reviews},
      five_star_count = ${stars === 5 ? reviews : 0}, four_star_count = ${stars === 4 ? reviews : 0} where professional_id = ${professionalId}`);
  }

  it('stay exact after approvals, suspensions, ratings, services, cities and deletions', async () => {
    await expectTotals();
    const a = await createPro(t, { city: 'tanger', category: 'painting' });
    const b = await createPro(t, { city: 'tanger', category: 'painting' });
    const c = await createPro(t, { city: 'tanger', category: 'cleaning', status: 'suspended' });
    await expectTotals();
    expect(await truth('tanger', 'painting', 0)).toBeGreaterThanOrEqual(2);
    // Ratings: across a half star (4 -> 5), and a change within one (no counter written).
    await rate(a.professionalId, 3, 4);
    await rate(b.professionalId, 2, 5);
    await expectTotals();
    await rate(a.professionalId, 3, 5);
    await expectTotals();
    // Approval and suspension.
    await t.database.db.execute(sql`update professionals set status = 'active' where id = ${c.professionalId}`);
    await t.database.db.execute(sql`update professionals set status = 'suspended' where id = ${a.professionalId}`);
    await expectTotals();
    await t.database.db.execute(sql`update professionals set approved_at = null where id = ${b.professionalId}`);
    await expectTotals();
    await t.database.db.execute(sql`update professionals set approved_at = now(), status = 'active' where id in (${a.professionalId}, ${b.professionalId})`);
    await expectTotals();
    // Services: a category dropped and another added; cities: a second city added, then the first removed.
    await t.database.db.execute(sql`delete from professional_services where professional_id = ${b.professionalId}`);
    await t.database.db.execute(sql`insert into professional_services (professional_id, service_type_id)
      select ${b.professionalId}, id from service_types where is_active and category = 'cleaning' order by name limit 1`);
    await expectTotals();
    await t.database.db.execute(sql`insert into professional_cities (professional_id, city_id, position)
      select ${a.professionalId}, id, 1 from cities where slug = 'fes'`);
    await expectTotals();
    await t.database.db.execute(sql`delete from professional_cities where professional_id = ${a.professionalId} and position = 0`);
    await expectTotals();
    // A catalogue change that moves every painter out of the category, then back.
    await t.database.db.execute(sql`update service_types set is_active = false where category = 'painting'`);
    await expectTotals();
    await t.database.db.execute(sql`update service_types set is_active = true where category = 'painting'`);
    await expectTotals();
    // Deleted with their account (the keys go by cascade) and alone.
    await t.database.db.execute(sql`delete from users where id = ${a.userId}`);
    await expectTotals();
    await t.database.db.execute(sql`delete from professionals where id = ${b.professionalId}`);
    await expectTotals();
    // An unknown city matches nobody.
    expect((await get('/api/pros?city=atlantis&minRating=4')).total).toBe(0);
  });

  it('follow a service given, taken back, moved to another professional, and deactivated in the catalogue', async () => {
    const a = await createPro(t, { city: 'tanger', category: 'painting' });
    const b = await createPro(t, { city: 'tanger', category: 'cleaning' });
    await expectTotals();
    const [painting, cleaning] = await rows<{ p: string; c: string }>(sql`select
      (select service_type_id from professional_services where professional_id = ${a.professionalId} order by 1 limit 1) as p,
      (select id from service_types where category = 'cleaning' order by id limit 1) as c`).then((r) => [r[0]!.p, r[0]!.c]);
    // One of their services taken back, then given again.
    await t.database.db.execute(sql`delete from professional_services where professional_id = ${a.professionalId} and service_type_id = ${painting}`);
    await expectTotals();
    expect((await get(`/api/pros?service=${painting}&city=tanger`)).items.map((c: { id: string }) => c.id)).not.toContain(a.professionalId);
    await t.database.db.execute(sql`insert into professional_services (professional_id, service_type_id) values (${a.professionalId}, ${painting})`);
    await expectTotals();
    expect((await get(`/api/pros?service=${painting}&city=tanger`)).items.map((c: { id: string }) => c.id)).toContain(a.professionalId);
    // Moved to the other professional, then taken back.
    await t.database.db.execute(sql`update professional_services set professional_id = ${b.professionalId} where professional_id = ${a.professionalId} and service_type_id = ${painting}`);
    await expectTotals();
    await t.database.db.execute(sql`delete from professional_services where professional_id = ${b.professionalId} and service_type_id = ${painting}`);
    await expectTotals();
    // A deactivated service still finds who offers it (as the general query does); their category goes.
    await t.database.db.execute(sql`update service_types set is_active = false where id = ${cleaning}`);
    await expectTotals();
    await t.database.db.execute(sql`update service_types set is_active = true where id = ${cleaning}`);
    await expectTotals();
  });

  const serverUrl = inject('pgServerUrl');
  it.skipIf(!serverUrl)('never deadlock when transactions change several professionals\' services at once, in any order (PostgreSQL)', async () => {
    const [db] = await rows<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(serverUrl!);
    url.pathname = `/${db!.name}`;
    const clients = [new pg.Client({ connectionString: url.toString() }), new pg.Client({ connectionString: url.toString() })];
    await Promise.all(clients.map((c) => c.connect()));
    const [one, two] = clients as [pg.Client, pg.Client];
    try {
      const pros: string[] = [];
      for (let i = 0; i < 24; i++) pros.push((await createPro(t, { city: 'tanger', category: 'painting' })).professionalId);
      await expectTotals();
      const [moving, gardening] = await rows<{ m: string; g: string }>(sql`select
        (select id from service_types where category = 'moving' and is_active order by id limit 1) as m,
        (select id from service_types where category = 'gardening' and is_active order by id limit 1) as g`).then((r) => [r[0]!.m, r[0]!.g]);
      // Two transactions, each giving one professional a service then another professional the other
      // service, interleaved: each one's first change touches counters the other's second needs
      // (written at each change, as migration 0037 did, this was a deadlock every time).
      const [a, b, c, d] = pros as [string, string, string, string];
      const give = (client: pg.Client, pro: string, service: string) =>
        client.query('insert into professional_services (professional_id, service_type_id) values ($1, $2)', [pro, service]);
      await one.query('begin');
      await two.query('begin');
      await give(one, a, moving!);
      await give(two, c, gardening!);
      await Promise.all([give(one, b, gardening!), give(two, d, moving!)]);
      await Promise.all([one.query('commit'), two.query('commit')]);
      await expectTotals();
      // One statement over many professionals each, in opposite orders, several times: refreshed in the
      // order of their ids whatever the rows' order (row by row, as migration 0015 did, they crossed).
      const rest = pros.slice(4);
      const many = (client: pg.Client, order: string[], service: string) =>
        client.query(
          `insert into professional_services (professional_id, service_type_id) select p, $2::uuid from unnest($1::uuid[]) with ordinality as u(p, i) order by i`,
          [order, service],
        );
      for (let round = 0; round < 6; round++) {
        await Promise.all([many(one, rest, moving!), many(two, [...rest].reverse(), gardening!)]);
        await Promise.all([
          one.query('delete from professional_services where service_type_id = $2 and professional_id = any($1::uuid[])', [rest, moving]),
          two.query('delete from professional_services where service_type_id = $2 and professional_id = any($1::uuid[])', [[...rest].reverse(), gardening]),
        ]);
      }
      await Promise.all([many(one, rest, moving!), many(two, [...rest].reverse(), gardening!)]);
      await expectTotals();
      expect((await get(`/api/pros?service=${moving}&city=tanger`)).total).toBe(await serviceTruth('tanger', moving!, 0));
      expect((await get(`/api/pros?service=${moving}&city=tanger`)).total).toBeGreaterThanOrEqual(rest.length + 1);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('come from statements built once per shape, each call with its own values', async () => {
    // Professionals of the test's own in three cities, rated 5, 4 and not at all, so each shape has rows.
    const [r5, r4, casa] = await Promise.all([
      createPro(t, { city: 'rabat', category: 'plumbing', hourlyRate: 120, signIn: false }),
      createPro(t, { city: 'rabat', category: 'cleaning', hourlyRate: 140, signIn: false }),
      createPro(t, { city: 'casablanca', category: 'electrical', signIn: false }),
      createPro(t, { city: 'fes', category: 'moving', signIn: false }),
    ]);
    await rate(r5!.professionalId, 2, 5);
    await rate(r4!.professionalId, 3, 4);
    await rate(casa!.professionalId, 1, 5);
    // The same shapes one after the other with other values (statements are kept with placeholders).
    let rated = 0;
    for (const city of ['rabat', 'fes', 'rabat', 'casablanca']) {
      for (const minRating of [0, 4, 3.5]) {
        const page = await get(`/api/pros?city=${city}&minRating=${minRating}&sort=price`);
        expect(page.total, `${city} ${minRating}`).toBe(await truth(city, null, minRating));
        for (const card of page.items as Array<{ rating: number | null }>) {
          if (minRating > 0) {
            expect(card.rating).toBeGreaterThanOrEqual(minRating);
            rated++;
          }
        }
      }
    }
    expect(rated).toBeGreaterThanOrEqual(6); // Rabat's two twice over two ratings, Casablanca's one twice
    // A city by id is another shape than by slug, with the same answer.
    const [rabat] = await rows<{ id: string }>(sql`select id from cities where slug = 'rabat'`);
    expect(await get(`/api/pros?city=${rabat!.id}&sort=price&minRating=4`)).toEqual(await get('/api/pros?city=rabat&sort=price&minRating=4'));
    // Texts matching other numbers of services and cities.
    const texts = [await get('/api/pros?q=rabat'), await get('/api/pros?q=fes'), await get(`/api/pros?q=${encodeURIComponent('Réparation de fuite')}`)];
    expect(texts.map((t) => t.total).every((n) => n > 0)).toBe(true);
    expect(texts[0].total).not.toBe(texts[1].total);
  });

  it('are emptied with the keys (TRUNCATE), inside a transaction rolled back', async () => {
    const rolledBack = new Error('rolled back');
    const seen = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate professional_search_keys`);
        const [row] = ((await tx.execute(sql`select count(*)::int as n from professional_search_counts`)) as unknown as { rows: Array<{ n: number }> }).rows;
        throw Object.assign(rolledBack, { n: row!.n });
      })
      .catch((err: Error & { n?: number }) => (err === rolledBack ? err.n : Promise.reject(err)));
    expect(seen).toBe(0);
    expect(await countersDrift()).toBe(0);
    expect((await get('/api/pros?city=tanger')).total).toBe(await truth('tanger', null, 0));
  });
});
