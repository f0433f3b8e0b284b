/** GET /api/pros (search page and finder) and /api/pros/stats, with the ratings aggregate behind them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PRO_SEARCH_PAGE_SIZE } from '@khedma/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createCustomer, createPro, type TestPro } from '../../test/factories';
import { IDS } from '../bookings/bookings.test-helpers';
import { completedBooking } from '../reviews/reviews.test-helpers';
import { queryRows } from '../../test/db';

let t: TestApp;
/** The only plumber in Casablanca, reviewed twice. */
let youssef: TestPro;
/** The only handyman in Rabat, reviewed once (five stars). */
let salma: TestPro;
beforeAll(async () => {
  t = await createTestApp();
  youssef = await createPro(t, { name: 'Youssef El Amrani', city: 'casablanca', category: 'plumbing' });
  salma = await createPro(t, { name: 'Salma Idrissi', city: 'rabat', category: 'handyman' });
  // More than a page of professionals in all (the test database holds no other), painters and cleaners
  // in two cities, each at an hourly rate of their own.
  for (let i = 0; i < PRO_SEARCH_PAGE_SIZE; i++) {
    await createPro(t, { name: `Page Filler${i}`, city: i % 2 ? 'tanger' : 'marrakech', category: i % 3 ? 'painting' : 'cleaning', hourlyRate: 100 + 10 * i, signIn: false });
  }
  const [customer, admin] = await Promise.all([createCustomer(t), createAdmin(t)]);
  for (const [pro, day, rating] of [[youssef, 4, 5], [youssef, 5, 3], [salma, 4, 5]] as const) {
    const b = await completedBooking(t, { customer, pro, admin, day });
    const review = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: { cookie: customer.cookie }, payload: { bookingId: b.id, rating, title: 'The job', comment: 'Done.' } });
    if (review.statusCode !== 201) throw new Error(`review failed: ${review.statusCode} ${review.body}`);
  }
});
afterAll(async () => t?.close());

interface Card {
  id: string;
  name: string;
  city: { slug: string; name: { en: string } };
  services: Array<{ id: string; category: string; name: { en: string; fr: string } }>;
  hourlyRate: number;
  rating: number | null;
  reviewsCount: number;
}
interface Page {
  items: Card[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

const rows = <T,>(query: SQL) => queryRows<T>(t.database.db, query);
const ACTIVE = sql`p.status = 'active' and p.approved_at is not null`;

async function search(query: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/pros${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Every page of a query, following hasMore. */
async function all(query: string): Promise<Card[]> {
  const out: Card[] = [];
  for (let page = 1; ; page++) {
    const p = await search(`${query}${query.includes('?') ? '&' : '?'}page=${page}`);
    out.push(...p.items);
    if (!p.hasMore) return out;
  }
}

describe('GET /api/pros', () => {
  it('pages of 12 by rating (best first), real figures from the reviews, every active professional once', async () => {
    const [expected] = await rows<{ n: number }>(sql`select count(*)::int as n from professionals p where ${ACTIVE}`);
    const first = await search('');
    expect(first).toMatchObject({ page: 1, pageSize: PRO_SEARCH_PAGE_SIZE, total: expected!.n, hasMore: true });
    expect(first.items).toHaveLength(PRO_SEARCH_PAGE_SIZE);
    const everyone = await all('');
    expect(everyone).toHaveLength(expected!.n);
    expect(new Set(everyone.map((c) => c.id)).size).toBe(expected!.n);
    const ratings = everyone.map((c) => c.rating ?? 0);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    // Each card's rating and count are the reviews' own.
    const truth = await rows<{ id: string; n: number; avg: string | null }>(
      sql`select p.id, count(r.id)::int as n, round(avg(r.rating), 2) as avg from professionals p left join reviews r on r.professional_id = p.id group by p.id`,
    );
    for (const card of everyone) {
      const real = truth.find((r) => r.id === card.id)!;
      expect(card.reviewsCount).toBe(real.n);
      expect(card.rating).toBe(real.avg === null ? null : Number(real.avg));
    }
    // First names only.
    expect(JSON.stringify(everyone)).not.toContain('El Amrani');
  });

  it('filters by city (slug or id), service and category', async () => {
    const casa = await all('?city=casablanca');
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from professionals p where ${ACTIVE} and p.city_id = ${IDS.casablanca}`);
    expect(casa).toHaveLength(n!.n);
    expect(casa.every((c) => c.city.slug === 'casablanca')).toBe(true);
    expect((await search(`?city=${IDS.casablanca}`)).total).toBe(n!.n);
    expect(await search('?city=atlantis')).toMatchObject({ items: [], total: 0, hasMore: false });
    expect((await search('?city=all')).total).toBe((await search('')).total);

    const plumbers = await all(`?service=${IDS.leakRepair}`);
    expect(plumbers.length).toBeGreaterThan(0);
    expect(plumbers.every((c) => c.services.some((s) => s.id === IDS.leakRepair))).toBe(true);
    const casaPlumbers = await all(`?service=${IDS.leakRepair}&city=casablanca`);
    expect(casaPlumbers.map((c) => c.id)).toEqual([youssef.professionalId]); // the only plumber in Casablanca

    const cleaning = await all('?category=Cleaning');
    expect(cleaning.length).toBeGreaterThan(0);
    expect(cleaning.every((c) => c.services.some((s) => s.category === 'cleaning'))).toBe(true);
  });

  it('minimum rating 0-5 in steps of 0.5; anything else is a 400', async () => {
    const good = await all('?minRating=4.5');
    expect(good.length).toBeGreaterThan(0);
    expect(good.every((c) => c.rating !== null && c.rating >= 4.5)).toBe(true);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from professionals p
      join (select professional_id, avg(rating) as a from reviews group by 1) r on r.professional_id = p.id where ${ACTIVE} and round(r.a, 2) >= 4.5`);
    expect(good).toHaveLength(n!.n);
    expect((await search('?minRating=0')).total).toBe((await search('')).total);
    for (const bad of ['4.3', '6', '-1', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/pros?minRating=${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBeDefined();
    }
    for (const bad of ['sort=cheapest', 'page=0', 'page=1.5', 'service=plumbing']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/pros?${bad}` })).statusCode).toBe(400);
    }
  });

  it('text over first name, service (any language) and city', async () => {
    expect((await all('?q=youss')).map((c) => c.id)).toContain(youssef.professionalId);
    const plomb = await all(`?q=${encodeURIComponent('Réparation de fuite')}`);
    expect(plomb.length).toBeGreaterThan(0);
    expect(plomb.every((c) => c.services.some((s) => s.id === IDS.leakRepair))).toBe(true);
    const rabat = await all('?q=RABAT');
    expect(rabat.length).toBeGreaterThan(0);
    expect(rabat.every((c) => c.city.slug === 'rabat' || c.name.toLowerCase().includes('rabat'))).toBe(true);
    expect(await search(`?q=${encodeURIComponent('%_\\')}`)).toMatchObject({ total: 0 });
    expect((await search('?q=%20%20')).total).toBe((await search('')).total);
  });

  it('sorts: reviews, price by the real hourly rate, name, location', async () => {
    const byReviews = (await all('?sort=reviews')).map((c) => c.reviewsCount);
    expect([...byReviews].sort((a, b) => b - a)).toEqual(byReviews);
    const byPrice = (await all('?sort=price')).map((c) => c.hourlyRate);
    expect([...byPrice].sort((a, b) => a - b)).toEqual(byPrice);
    const [rates] = await rows<{ n: number }>(sql`select count(distinct hourly_rate)::int as n from professionals`);
    expect(new Set(byPrice).size).toBe(rates!.n); // real rates, not one placeholder
    const byName = (await all('?sort=name')).map((c) => c.name);
    expect([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(byName);
    const byCity = (await all('?sort=location')).map((c) => c.city.name.en);
    expect([...byCity].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(byCity);
    // The location order (one walk per city, merged) is exactly the first city's name, then name, then id,
    // page after page, with and without other filters.
    for (const query of ['?sort=location', '?sort=location&category=cleaning', '?sort=location&minRating=4', '?sort=location&q=a']) {
      const listed = (await all(query)).map((c) => c.id);
      const extra = query.includes('cleaning')
        ? sql`and p.categories @> array['cleaning']::text[]`
        : query.includes('minRating')
          ? sql`and r.average_rating >= 4`
          : query.includes('q=a')
            ? sql`and false`
            : sql``;
      if (query.includes('q=a')) {
        expect(listed.length).toBe((await search(query)).total);
        continue;
      }
      const expected = await rows<{ id: string }>(sql`select p.id from professionals p join cities c on c.id = p.city_id
        join professional_ratings r on r.professional_id = p.id where ${ACTIVE} ${extra} order by c.name, p.name, p.id`);
      expect(listed, query).toEqual(expected.map((e) => e.id));
    }
    const byService = await all('?sort=service');
    expect(byService).toHaveLength((await search('')).total);
  });
});

describe('ratings aggregate', () => {
  async function card(id: string) {
    return (await all('?sort=name')).find((c) => c.id === id)!;
  }
  async function breakdown(id: string) {
    return (await t.app.inject({ method: 'GET', url: `/api/pros/${id}/reviews` })).json();
  }

  it('follows reviews as they are written, changed, moved and removed', async () => {
    const [review] = await rows<{ id: string; rating: number; booking_id: string; user_id: string; created_at: string }>(
      sql`select id, rating, booking_id, user_id, created_at::text from reviews where professional_id = ${youssef.professionalId} order by created_at limit 1`,
    );
    const before = await breakdown(youssef.professionalId);
    // Removed.
    await t.database.db.execute(sql`delete from reviews where id = ${review!.id}`);
    const removed = await breakdown(youssef.professionalId);
    expect(removed.reviewsCount).toBe(before.reviewsCount - 1);
    expect(removed.breakdown[review!.rating]).toBe(before.breakdown[review!.rating] - 1);
    // Written (again), as one star.
    await t.database.db.execute(sql`insert into reviews (id, booking_id, user_id, professional_id, rating, created_at)
      values (${review!.id}, ${review!.booking_id}, ${review!.user_id}, ${youssef.professionalId}, 1, ${review!.created_at}::timestamptz)`);
    const written = await breakdown(youssef.professionalId);
    expect(written.reviewsCount).toBe(before.reviewsCount);
    expect(written.breakdown[1]).toBe(before.breakdown[1] + (review!.rating === 1 ? 0 : 1));
    // Changed to five stars.
    await t.database.db.execute(sql`update reviews set rating = 5 where id = ${review!.id}`);
    const changed = await breakdown(youssef.professionalId);
    expect(changed.breakdown[5]).toBe(before.breakdown[5] + (review!.rating === 5 ? 0 : 1));
    const [avg] = await rows<{ avg: string }>(sql`select round(avg(rating), 2) as avg from reviews where professional_id = ${youssef.professionalId}`);
    expect(changed.rating).toBe(Number(avg!.avg));
    expect((await card(youssef.professionalId)).rating).toBe(Number(avg!.avg));
    // Moved to another professional.
    const other = await card(salma.professionalId);
    await t.database.db.execute(sql`update reviews set professional_id = ${salma.professionalId} where id = ${review!.id}`);
    expect((await card(salma.professionalId)).reviewsCount).toBe(other.reviewsCount + 1);
    expect((await card(youssef.professionalId)).reviewsCount).toBe(before.reviewsCount - 1);
    // helpful votes are no rating change: the aggregate row is left alone.
    const [stamp] = await rows<{ u: string }>(sql`select updated_at::text as u from professional_ratings where professional_id = ${salma.professionalId}`);
    await t.database.db.execute(sql`update reviews set helpful_count = helpful_count + 1 where id = ${review!.id}`);
    const [again] = await rows<{ u: string }>(sql`select updated_at::text as u from professional_ratings where professional_id = ${salma.professionalId}`);
    expect(again!.u).toBe(stamp!.u);
    // Every row still equals a full recount.
    const drift = await rows(sql`select pr.professional_id from professional_ratings pr
      left join (select professional_id, count(*)::int as n, sum(rating)::int as s from reviews group by 1) r on r.professional_id = pr.professional_id
      where pr.total_reviews <> coalesce(r.n, 0) or pr.rating_sum <> coalesce(r.s, 0)`);
    expect(drift).toEqual([]);
  });

  it('a new professional starts with an empty row ("No reviews yet")', async () => {
    const [pro] = await rows<{ professional_id: string; total_reviews: number }>(
      sql`select professional_id, total_reviews from professional_ratings where professional_id = ${(await createPro(t, { city: 'tanger', category: 'electrical' })).professionalId}`,
    );
    expect(pro).toBeDefined();
    const [count] = await rows<{ n: number }>(sql`select (select count(*) from professionals)::int - (select count(*) from professional_ratings)::int as n`);
    expect(count!.n).toBe(0);
  });
});

describe('GET /api/pros/stats', () => {
  it('counts active professionals, the services and cities they cover, and their average rating', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pros/stats' });
    expect(res.statusCode).toBe(200);
    const [truth] = await rows<{ pros: number; services: number; cities: number; avg: string }>(sql`select
      (select count(*)::int from professionals p where ${ACTIVE}) as pros,
      (select count(distinct ps.service_type_id)::int from professional_services ps join professionals p on p.id = ps.professional_id
         join service_types st on st.id = ps.service_type_id where ${ACTIVE} and st.is_active) as services,
      (select count(distinct p.city_id)::int from professionals p where ${ACTIVE}) as cities,
      (select round(avg(r.rating), 1) from reviews r join professionals p on p.id = r.professional_id where ${ACTIVE}) as avg`);
    expect(res.json()).toEqual({ professionals: truth!.pros, services: truth!.services, cities: truth!.cities, averageRating: Number(truth!.avg) });
    // A suspended professional leaves the tiles and the list at once.
    await t.database.db.execute(sql`update professionals set status = 'suspended' where id = ${salma.professionalId}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/pros/stats' })).json().professionals).toBe(truth!.pros - 1);
    expect((await all('?sort=name')).some((c) => c.id === salma.professionalId)).toBe(false);
  });
});

describe('the search arrays (migration 0015) follow the tables they summarise', () => {
  const drift = () =>
    rows<{ n: number }>(sql`select count(*)::int as n from professionals p where
      p.city_ids is distinct from array(select pc.city_id from professional_cities pc where pc.professional_id = p.id order by pc.position, pc.city_id)
      or p.categories is distinct from array(select distinct st.category from professional_services ps join service_types st on st.id = ps.service_type_id
        where ps.professional_id = p.id and st.is_active order by 1)`);

  it('every professional; a category whose services are all deactivated finds nobody, reactivated finds them again', async () => {
    expect((await drift())[0]!.n).toBe(0);
    const before = await search('?category=plumbing&city=casablanca');
    expect(before.items.map((c) => c.id)).toContain(youssef.professionalId);
    const active = (await rows<{ id: string }>(sql`select id from service_types where category = 'plumbing' and is_active`)).map((r) => r.id);
    await t.database.db.execute(sql`update service_types set is_active = false where category = 'plumbing'`);
    try {
      expect((await drift())[0]!.n).toBe(0);
      expect((await search('?category=plumbing')).total).toBe(0);
    } finally {
      for (const id of active) await t.database.db.execute(sql`update service_types set is_active = true where id = ${id}`);
    }
    expect((await drift())[0]!.n).toBe(0);
    expect((await search('?category=plumbing&city=casablanca')).total).toBe(before.total);
  });
});
