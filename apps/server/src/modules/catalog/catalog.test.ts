import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { serviceTypes } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { modulesOf } from '../../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('catalogue read API', () => {
  it('lists the eight categories in order with three languages', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const cats = res.json();
    expect(cats.map((c: { slug: string }) => c.slug)).toEqual(['plumbing', 'cleaning', 'moving', 'electrical', 'handyman', 'painting', 'gardening', 'delivery']);
    for (const c of cats) expect(c.name.ar).toBeTruthy();
  });

  it('lists active services sorted by category then base price', async () => {
    const res = await get('/api/services');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ category: string; basePrice: number; name: { en: string; fr: string; ar: string } }>;
    expect(list.length).toBeGreaterThanOrEqual(24);
    const order = ['plumbing', 'cleaning', 'moving', 'electrical', 'handyman', 'painting', 'gardening', 'delivery'];
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      const byCat = order.indexOf(a.category) - order.indexOf(b.category);
      expect(byCat <= 0).toBe(true);
      if (byCat === 0) expect(a.basePrice).toBeLessThanOrEqual(b.basePrice);
    }
    for (const s of list) expect(s.name.en && s.name.fr && s.name.ar).toBeTruthy();
  });

  it('filters by category', async () => {
    const list = (await get('/api/services?category=plumbing')).json() as Array<{ category: string }>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(new Set(list.map((s) => s.category))).toEqual(new Set(['plumbing']));
  });

  it('searches case-insensitively across languages and the category, at most 50', async () => {
    const en = (await get('/api/services?q=PLUMB')).json() as Array<{ category: string }>;
    expect(en.length).toBeGreaterThan(0);
    expect(en.every((s) => s.category === 'plumbing' || JSON.stringify(s).toLowerCase().includes('plumb'))).toBe(true);
    const fr = (await get(`/api/services?q=${encodeURIComponent('ménage')}`)).json() as unknown[];
    expect(fr.length).toBeGreaterThan(0);
    const ar = (await get(`/api/services?q=${encodeURIComponent('تنظيف')}`)).json() as unknown[];
    expect(ar.length).toBeGreaterThan(0);
    const none = (await get('/api/services?q=zzzzqqq')).json() as unknown[];
    expect(none).toEqual([]);
    const wildcard = (await get(`/api/services?q=${encodeURIComponent('%')}`)).json() as unknown[];
    expect(wildcard).toEqual([]);
    const all = (await get('/api/services?q=e')).json() as unknown[];
    expect(all.length).toBeLessThanOrEqual(50);
  });

  describe('forgives accents, apostrophes and spelling, and knows the trade words (the search box suggests them)', () => {
    interface Found {
      id: string;
      category: string;
      name: { en: string; fr: string; ar: string };
    }
    const search = async (q: string, category?: string) => {
      const res = await get(`/api/services?q=${encodeURIComponent(q)}${category ? `&category=${category}` : ''}`);
      expect(res.statusCode).toBe(200);
      return res.json() as Found[];
    };
    const idsOf = async (category: string) => ((await get(`/api/services?category=${category}`)).json() as Found[]).map((s) => s.id);
    const order = ['plumbing', 'cleaning', 'moving', 'electrical', 'handyman', 'painting', 'gardening', 'delivery'];

    it.each([
      ['plumber', 'plumbing'],
      ['plombier', 'plumbing'],
      ['بلومبي', 'plumbing'],
      ['menage', 'cleaning'],
      ['electricite', 'electrical'],
      ['demenagement', 'moving'],
      ['ÉLECTRICITÉ', 'electrical'],
      ['femme de ménage', 'cleaning'],
      ['un plombier pas cher', 'plumbing'],
      ['سباك', 'plumbing'],
      ['الكَهْرَبَاء', 'electrical'],
      ['peintre', 'painting'],
      ['gardener', 'gardening'],
      ['livreur', 'delivery'],
      ['bricoleur', 'handyman'],
    ])('"%s" finds every %s service, in catalogue order', async (q, category) => {
      const found = await search(q);
      expect(found.map((s) => s.id)).toEqual(expect.arrayContaining(await idsOf(category)));
      // Category order, then name (docs/catalog.md), as before.
      for (let i = 1; i < found.length; i++) {
        const [a, b] = [found[i - 1]!, found[i]!];
        const byCategory = order.indexOf(a.category) - order.indexOf(b.category);
        expect(byCategory < 0 || (byCategory === 0 && a.name.en <= b.name.en)).toBe(true);
      }
    });

    it('matches a typographic apostrophe in the data from an ASCII one in the query, and the reverse', async () => {
      const ascii = await search("d'arbres");
      expect(ascii.map((s) => s.name.en)).toContain('Hedge & Tree Trimming');
      expect(new Set(ascii.map((s) => s.category))).toEqual(new Set(['gardening']));
      expect((await search('d’arbres')).map((s) => s.id)).toEqual(ascii.map((s) => s.id));
      // A lone ASCII apostrophe finds the French text's l’ and d’.
      expect((await search("'")).length).toBeGreaterThan(0);
    });

    it('folds Arabic spellings: hamza on alef, tashkeel', async () => {
      // The data writes "إصلاح"; people often type a bare alef.
      const bare = await search('اصلاح');
      expect(bare.length).toBeGreaterThan(0);
      expect(bare.map((s) => s.id)).toEqual((await search('إصلاح')).map((s) => s.id));
    });

    it('a trade word stays within the chosen category', async () => {
      expect(await search('plombier', 'cleaning')).toEqual([]);
      expect((await search('plombier', 'plumbing')).map((s) => s.id).sort()).toEqual((await idsOf('plumbing')).sort());
    });

    it('treats %, _, quotes, backslashes and markup as the characters they are', async () => {
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
      expect(await search('d_arbres')).toEqual([]);
      expect(await search('d%arbres')).toEqual([]);
      expect(await search('<script>alert(1)</script>')).toEqual([]);
      expect(await search('\\')).toEqual([]);
      expect(await search("'; drop table service_types; --")).toEqual([]);
      expect(((await get('/api/services')).json() as unknown[]).length).toBeGreaterThanOrEqual(24);
    });
  });

  it('refuses an over-long search with 400', async () => {
    const res = await get(`/api/services?q=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
  });

  it('returns one service with includes, excludes and add-ons cheapest first', async () => {
    const [first] = (await get('/api/services?category=plumbing')).json() as Array<{ id: string }>;
    const res = await get(`/api/services/${first!.id}`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(Array.isArray(s.includes)).toBe(true);
    const prices = s.addOns.map((a: { price: number }) => a.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('answers 404 for an unknown or inactive service, 400 for a malformed id', async () => {
    expect((await get('/api/services/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/services/not-a-uuid')).statusCode).toBe(400);
    const [s] = (await get('/api/services?category=moving')).json() as Array<{ id: string }>;
    await t.database.db.update(serviceTypes).set({ isActive: false }).where(eq(serviceTypes.id, s!.id));
    // The detail was never cached, so the change shows at once.
    expect((await get(`/api/services/${s!.id}`)).statusCode).toBe(404);
    await t.database.db.update(serviceTypes).set({ isActive: true }).where(eq(serviceTypes.id, s!.id));
  });

  it('knows from memory which ids are active services, until the catalogue changes', async () => {
    const catalog = new CatalogService(new CatalogRepository(t.database.db), t.database);
    const [s] = (await get('/api/services?category=delivery')).json() as Array<{ id: string }>;
    expect(await catalog.isActiveService(s!.id)).toBe(true);
    for (const id of ['00000000-0000-4000-8000-000000000000', s!.id.toUpperCase(), 'plumbing', '']) {
      expect(await catalog.isActiveService(id), id).toBe(false);
    }
    await t.database.db.update(serviceTypes).set({ isActive: false }).where(eq(serviceTypes.id, s!.id));
    try {
      expect(await catalog.isActiveService(s!.id)).toBe(true); // kept, like the listing, until the change is announced
      await catalog.invalidate();
      expect(await catalog.isActiveService(s!.id)).toBe(false);
    } finally {
      await t.database.db.update(serviceTypes).set({ isActive: true }).where(eq(serviceTypes.id, s!.id));
      await catalog.invalidate();
    }
  });

  it('uses ETags: a second request with If-None-Match gets 304', async () => {
    const first = await get('/api/services');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await get('/api/services', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers conditional requests per RFC 9110: weak comparison, lists and * all get 304', async () => {
    const etag = (await get('/api/services')).headers.etag as string;
    const opaque = etag.replace(/^W\//, '');
    for (const ifNoneMatch of [etag, opaque, `W/${opaque}`, `"x", ${etag}`, `"x",${opaque} , "y"`, '*']) {
      const res = await get('/api/services', { 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      // A 304 carries what the 200 would have said about caching.
      expect(res.headers.etag).toBe(etag);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['cache-control']).toMatch(/max-age=60/);
    }
    for (const ifNoneMatch of ['"x"', '"x", W/"y"', `${opaque.slice(0, -2)}"`]) {
      expect((await get('/api/services', { 'if-none-match': ifNoneMatch })).statusCode, ifNoneMatch).toBe(200);
    }
  });

  it('says Vary: Accept-Encoding on every variant of a public, cacheable answer (the plain one too), once', async () => {
    for (const url of ['/api/services', '/api/categories', '/api/cities']) {
      for (const acceptEncoding of [undefined, 'gzip', 'br', 'identity']) {
        const res = await get(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
        expect(res.headers['cache-control'], `${url} ${acceptEncoding}`).toMatch(/^public/);
        expect(res.headers.vary, `${url} ${acceptEncoding}`).toBe('accept-encoding');
      }
    }
    // The compressed variants of the big list do exist, under the same (weak) validator.
    const [plain, gzip] = await Promise.all([get('/api/services'), get('/api/services', { 'accept-encoding': 'gzip' })]);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers.etag).toMatch(/^W\//);
  });

  it('drops the in-memory copy when the catalogue changes (NOTIFY)', async () => {
    const before = (await get('/api/services?category=painting')).json() as Array<{ id: string; basePrice: number }>;
    const target = before[0]!;
    await t.database.db.update(serviceTypes).set({ basePrice: target.basePrice + 7 }).where(eq(serviceTypes.id, target.id));
    // Still cached until someone says the catalogue changed.
    const stale = (await get('/api/services?category=painting')).json() as Array<{ id: string; basePrice: number }>;
    expect(stale.find((s) => s.id === target.id)!.basePrice).toBe(target.basePrice);
    await t.database.notify('catalog_changed', 'test');
    await new Promise((r) => setTimeout(r, 100));
    const fresh = (await get('/api/services?category=painting')).json() as Array<{ id: string; basePrice: number }>;
    expect(fresh.find((s) => s.id === target.id)!.basePrice).toBe(target.basePrice + 7);
  });

  it('never keeps an answer read across a change: a NOTIFY arriving while the read is under way', async () => {
    const repo = new CatalogRepository(t.database.db);
    const catalog = new CatalogService(repo, t.database);
    const [s] = (await get('/api/services?category=gardening')).json() as Array<{ id: string; basePrice: number }>;
    // The read of another instance's change: it runs, the change is committed and announced, then it ends.
    let reads = 0;
    const detail = repo.detail.bind(repo);
    repo.detail = async (id) => {
      reads += 1;
      const old = await detail(id);
      if (reads === 1) {
        await t.database.db.update(serviceTypes).set({ basePrice: s!.basePrice + 11 }).where(eq(serviceTypes.id, s!.id));
        // What the catalogue's NOTIFY does on this instance (dropCache), while this read is still under way.
        (catalog as unknown as { dropCache(): void }).dropCache();
      }
      return old;
    };
    try {
      const during = JSON.parse((await catalog.service(s!.id)).body) as { basePrice: number };
      expect(during.basePrice).toBe(s!.basePrice); // the request under way gets what it read
      const after = JSON.parse((await catalog.service(s!.id)).body) as { basePrice: number };
      expect(reads).toBe(2);
      expect(after.basePrice).toBe(s!.basePrice + 11);
    } finally {
      await t.database.db.update(serviceTypes).set({ basePrice: s!.basePrice }).where(eq(serviceTypes.id, s!.id));
      await modulesOf(t.app).catalog.service.invalidate();
    }
  });

  it('prices a service: region price, then the price function, then the base price', async () => {
    const services = (await get('/api/services')).json() as Array<{ id: string; basePrice: number }>;
    const results = await Promise.all(services.map(async (s) => (await get(`/api/services/${s.id}/price?city=casablanca`)).json()));
    expect(results.some((r) => r.source === 'region')).toBe(true);
    const base = (await get(`/api/services/${services[0]!.id}/price`)).json();
    expect(['function', 'base']).toContain(base.source);
    expect(base.price).toBeGreaterThan(0);
    expect((await get('/api/services/00000000-0000-4000-8000-000000000000/price')).statusCode).toBe(404);
  });

  it('lists cities by name and the Casablanca boroughs', async () => {
    const cities = (await get('/api/cities')).json() as Array<{ slug: string; name: { en: string } }>;
    expect(cities.map((c) => c.slug).sort()).toEqual(['casablanca', 'fes', 'marrakech', 'rabat', 'tanger'].sort());
    const boroughs = (await get('/api/cities/casablanca/boroughs')).json() as Array<{ name: { en: string } }>;
    expect(boroughs.length).toBeGreaterThanOrEqual(16);
    expect((await get('/api/cities/atlantis/boroughs')).statusCode).toBe(404);
  });
});
