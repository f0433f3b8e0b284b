/**
 * GET /api/pros on data the database holds but zod's RFC 9562 check would refuse (issue 40: the bench's
 * md5 ids answered 500), and the unfiltered total kept by a counter (migration 0023) instead of a
 * count(*) over every listed professional.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { createPro } from '../../test/factories';

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
