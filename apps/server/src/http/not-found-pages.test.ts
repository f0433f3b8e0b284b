import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/**
 * Pages that do not exist, rendered by the real web build (apps/web/dist, made by `npm run build`):
 * a 404 with the app's own not-found page in the reader's language, never a 200 "soft 404".
 * Skipped when the web app is not built (pages.test.ts covers the server's part with a stand-in entry).
 */
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const built = existsSync(path.join(webDist, '.ssr', 'entry-server.mjs')) && existsSync(path.join(webDist, 'index.html'));

describe.skipIf(!built)('pages that do not exist (real web build)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ webDist, publicUrl: 'https://khedma.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('answers an unknown path with 404 and the not-found page in the reader\'s language, kept out of search results', async () => {
    const en = await get('/no-such-page');
    expect(en.statusCode).toBe(404);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    expect(en.body).toContain('Oops! Page not found');
    expect(en.body).toContain('<title>Page not found | Khedma</title>');
    expect(en.body).toContain('<meta data-seo="robots" name="robots" content="noindex">');
    expect(en.body).not.toContain('rel="canonical"');
    expect(en.body).not.toContain('hreflang');
    expect(en.body).not.toContain('no-such-page');

    const ar = await get('/no-such-page?lang=ar');
    expect(ar.statusCode).toBe(404);
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('أوبس! الصفحة ما كايناش');
    expect(ar.body).toContain('<meta data-seo="robots" name="robots" content="noindex">');
    // Its description is in the reader's language too, not index.html's English one.
    expect(ar.body).toContain('<meta name="description" content="Khedma: احجز خدمات الدار');
    expect(ar.body).not.toContain('book fixed-price home services');

    const fr = await get('/services/a/b?utm=x', 'khedma.lang=fr');
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain('<html lang="fr" dir="ltr">');
    expect(fr.body).toContain('<meta name="description" content="Khedma\u00a0: réservez des services');
  });

  it('keeps the pages the browser renders as they were: the app shell with 200', async () => {
    for (const url of ['/dashboard', '/login', '/admin/bookings', '/book-service', '/pro/abc', '/dev/mailbox', '/apply-professional', '/services?q=leak']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('noindex');
    }
    // A public page with a trailing slash goes to its one address (app.test.ts), not to a 404.
    expect((await get('/about/')).statusCode).toBe(301);
  });

  it('answers a service that does not exist with 404 and "Service Not Found", and real services and categories with 200', async () => {
    for (const url of ['/services/11111111-2222-4333-8444-555555555555', '/services/not-a-service']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Service Not Found');
      expect(res.body, url).toContain('Back to Services');
      expect(res.body, url).toContain('<meta data-seo="robots" name="robots" content="noindex">');
      expect(res.body, url).not.toContain('rel="canonical"');
      expect(res.body, url).not.toContain('Loading service');
    }
    // Whatever the value: one that could be no id is no service either (not the app shell with 200).
    // Each gets the page's data under its own id, as the browser's page reads it, so it hydrates as sent.
    for (const [value, id] of [
      ['bogus', 'bogus'],
      ['caf%C3%A9', 'café'],
      ['%00', '\u0000'],
      ['b'.repeat(101), 'b'.repeat(101)],
      ['not-a-service?utm_source=x&q=1', 'not-a-service'],
    ] as const) {
      const res = await get(`/services/${value}`, 'khedma.lang=fr');
      expect(res.statusCode, value).toBe(404);
      expect(res.body, value).toContain('<html lang="fr" dir="ltr">');
      expect(res.body, value).toContain('<meta data-seo="robots" name="robots" content="noindex">');
      const state = JSON.parse(/id="khedma-state">(.*?)<\/script>/.exec(res.body)![1]!) as { queries: { queries: Array<{ queryKey: unknown[] }> } };
      expect(state.queries.queries.map((q) => q.queryKey), value).toEqual([['catalog', 'service', id]]);
    }
    const [service] = (await get('/api/services')).json<Array<{ id: string; name: { en: string } }>>();
    const existing = await get(`/services/${service!.id}`);
    expect(existing.statusCode).toBe(200);
    expect(existing.body).toContain(service!.name.en);
    expect(existing.body).toContain('rel="canonical"');
    const category = await get('/services/plumbing');
    expect(category.statusCode).toBe(200);
    expect(category.body).not.toContain('noindex');
  });

  it('never answers 5xx for made-up paths, and API paths keep their JSON error', async () => {
    for (const url of ['/%E2%9C%93', '/a%2Fb', '/services/%00', '/' + 'x'.repeat(2000), '/services/' + 'y'.repeat(500)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const api = await get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
