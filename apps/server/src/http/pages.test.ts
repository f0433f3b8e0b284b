import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp, modulesOf } from '../app';
import { testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { serviceTypes } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { queryRows } from '../test/db';
import { CATALOG_CHANNEL } from '../modules/catalog/catalog.service';
import { createPageRenderer, fillTemplate, isPublicPage, pageLanguage, serverTemplate, showsBarePage, type ServerEntry } from './pages';

const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta
      name="description"
      content="Default description"
    />
    <title>Khedma | Default</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A stand-in for the web build's server entry (apps/web/src/entry-server.tsx): it renders the path,
 * the language and what one in-process API read answered, so the tests see every piece travel.
 */
const FAKE_ENTRY = `
let fetchImpl;
export async function prepare(f) { fetchImpl = f; }
let renders = 0;
const APP_ROUTES = /^[/](?:|about|services|services[/][^/]+|contact|faq|pricing|terms|privacy|cookies|terms-new|privacy-new|dashboard|login|book-service|admin[/]bookings|pro[/][^/]+|dev[/]mailbox)[/]?$/i;
export function isNotFound(pathname) { return !APP_ROUTES.test(pathname); }
const SERVICE = /^[/]services[/]([^/]+)$/;
export function missingServiceState(state, renderedPath, pathname) {
  const [rendered, wanted] = [SERVICE.exec(renderedPath), SERVICE.exec(pathname)];
  return rendered && wanted && state.service === rendered[1] ? { ...state, service: decode(wanted[1]) } : null;
}
function decode(value) {
  try { return decodeURIComponent(value); } catch { return value; }
}
export async function render({ url, language }) {
  const { pathname, search } = new URL(url);
  if (pathname === '/cookies') throw new Error('render failed');
  if (pathname === '/privacy-new') return { kind: 'redirect', status: 301, location: '/privacy' };
  const health = await (await fetchImpl('/api/health')).json();
  renders += 1;
  const service = SERVICE.exec(pathname)?.[1];
  const missing = isNotFound(pathname) || (service && service !== 'plumbing' && !/^[0-9a-f]{8}-(?!0000-0000)/.test(service));
  if (missing) {
    return {
      kind: 'page',
      status: 404,
      html: '<main><h1>' + language + ' not found ' + pathname + '</h1><p>render ' + renders + '</p></main>',
      head: { title: 'Not found ' + language, tags: [{ tag: 'meta', key: 'robots', attrs: { name: 'robots', content: 'noindex' } }] },
      state: { language, service, queries: { queries: [] } },
    };
  }
  // A service's page shows its price as the catalogue API answers it (a catalogue change changes the page).
  const price = service && service !== 'plumbing' ? '<p>price ' + (await (await fetchImpl('/api/services/' + service)).json()).basePrice + '</p>' : '';
  return {
    kind: 'page',
    status: 200,
    html: '<main><h1>' + language + ' ' + pathname + search + ' </h1><p>render ' + renders + ' health ' + health.status + '</p>' + price + '</main>',
    head: {
      title: 'Page <' + language + '> | Khedma',
      description: 'About "' + pathname + '"',
      tags: [
        { tag: 'link', key: 'canonical', attrs: { rel: 'canonical', href: url } },
        { tag: 'script', key: 'jsonld', attrs: { type: 'application/ld+json' }, text: '{"name":"\\\\u003c/script>"}' },
      ],
    },
    state: { language, queries: { queries: [{ note: '</script><script>alert(1)</script>' }] } },
  };
}
`;

describe('server-rendered pages: pure parts', () => {
  it('knows the public pages and nothing else', () => {
    for (const p of ['/', '/about', '/services', '/services/plumbing', '/services/2e4b9a37-ddd9-5d0e-8c3e-7ce5e48540b0', '/faq', '/pricing', '/contact', '/terms', '/privacy', '/cookies', '/terms-new', '/privacy-new']) {
      expect(isPublicPage(p), p).toBe(true);
    }
    for (const p of ['/dashboard', '/profile', '/services/a/b', '/services/', '/admin/bookings', '/book-service', '/login', '/services/..%2f', '/pro/1', '/ABOUT', '/Services', '/services/Plumbing', '/services/2E4B9A37-DDD9-5D0E-8C3E-7CE5E48540B0']) {
      expect(isPublicPage(p), p).toBe(false);
    }
  });

  it('picks the language as the app does: ?lang, then the cookie, then English', () => {
    expect(pageLanguage(new URLSearchParams('lang=ar'), 'khedma.lang=fr')).toBe('ar');
    expect(pageLanguage(new URLSearchParams(''), 'a=1; khedma.lang=fr; b=2')).toBe('fr');
    expect(pageLanguage(new URLSearchParams('lang=xx'), 'khedma.lang=de')).toBe('en');
    expect(pageLanguage(new URLSearchParams(''), undefined)).toBe('en');
  });

  it('knows the queries that leave a page as its bare URL shows it: lang and tracking parameters only', () => {
    for (const query of ['', 'lang=fr', 'utm_source=newsletter&utm_medium=email&utm_campaign=spring', 'gclid=a&lang=ar', 'fbclid=x', 'msclkid=1&utm_id=2', 'UTM_Source=x', 'gbraid=1&wbraid=2&_gl=3']) {
      expect(showsBarePage(new URLSearchParams(query)), query).toBe(true);
    }
    for (const query of ['q=leak', 'category=plumbing', 'utm_source=x&q=leak', 'page=2', 'utm=x', 'ref=partner', 'token=abc']) {
      expect(showsBarePage(new URLSearchParams(query)), query).toBe(false);
    }
  });

  it('moves the app scripts behind the boot loader and fills the page, its head and its data safely', () => {
    const template = serverTemplate(INDEX);
    expect(template).not.toContain('modulepreload');
    expect(template).not.toContain('type="module"');
    expect(template).toContain('<script src="/boot.js" defer data-entry="/assets/index-abc.js" data-preload="/assets/react-def.js /assets/i18n-ghi.js"></script>');
    expect(template).toContain('/assets/index-jkl.css');

    const html = fillTemplate(template, 'ar', {
      kind: 'page',
      status: 200,
      html: '<h1>مرحبا</h1>',
      head: { title: 'A <b> & "c"', description: 'D "quoted"', tags: [{ tag: 'link', key: 'canonical', attrs: { rel: 'canonical', href: 'https://x.ma/?a=1&b="2"' } }] },
      state: { s: '</script><script>alert(1)</script>' },
    });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(html).toContain('<meta name="description" content="D &quot;quoted&quot;" />');
    expect(html).toContain('<link data-seo="canonical" rel="canonical" href="https://x.ma/?a=1&amp;b=&quot;2&quot;">');
    expect(html).toContain('<div id="root"><h1>مرحبا</h1></div>');
    // The state can never close its script element, and reads back as it was.
    expect(html).not.toContain('<script>alert(1)');
    const state = html.slice(html.indexOf('id="khedma-state">') + 'id="khedma-state">'.length);
    expect(JSON.parse(state.slice(0, state.indexOf('</script>')))).toEqual({ s: '</script><script>alert(1)</script>' });
  });

  it('links the public pages\' stylesheet in place of the app\'s, which the loader adds when it starts the app (decision 0032)', () => {
    const publicLink = '<link rel="stylesheet" crossorigin href="/assets/public-mno.css" data-public-stylesheet>';
    const template = serverTemplate(INDEX.replace('</head>', `    <!--khedma-public-stylesheet ${publicLink}-->\n  </head>`));
    expect(template).toContain(publicLink);
    expect(template).not.toContain('khedma-public-stylesheet');
    expect(template).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">');
    expect(template).toContain('data-preload="/assets/react-def.js /assets/i18n-ghi.js" data-style="/assets/index-jkl.css"></script>');
    // Where the app's stylesheet was, before the loader.
    expect(template.indexOf(publicLink)).toBeLessThan(template.indexOf('/boot.js'));
    expect(template.indexOf(publicLink)).toBeGreaterThan(template.indexOf('</title>'));
  });

  it('preloads the Arabic faces on Arabic pages only (the comment the web build writes)', () => {
    const arabic = '<link rel="preload" href="/assets/plex-arabic-400-x.woff2" as="font" type="font/woff2" crossorigin>';
    const template = serverTemplate(INDEX.replace('</head>', `<!--khedma-preload-fonts:ar ${arabic}--></head>`));
    const page = { kind: 'page' as const, status: 200, html: '<h1>x</h1>', head: undefined, state: {} };
    const ar = fillTemplate(template, 'ar', page);
    expect(ar).toContain(arabic);
    expect(ar).not.toContain('khedma-preload-fonts');
    for (const language of ['en', 'fr'] as const) {
      const other = fillTemplate(template, language, page);
      expect(other, language).not.toContain('plex-arabic');
      expect(other, language).not.toContain('khedma-preload-fonts');
    }
  });
});

/** An app serving a web build of its own: the index above and the fake server-rendering entry. */
async function appWithFakeWeb(): Promise<{ t: TestApp; webDist: string }> {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'khedma-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  mkdirSync(path.join(webDist, '.ssr'));
  writeFileSync(path.join(webDist, '.ssr', 'entry-server.mjs'), FAKE_ENTRY);
  return { t: await createTestApp({ webDist, publicUrl: 'https://khedma.example' }), webDist };
}

describe('server-rendered pages through the app', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    ({ t, webDist } = await appWithFakeWeb());
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('renders a public page in the cookie language, with API reads answered in process, compressed, and keeps it', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/services', headers: { cookie: 'khedma.lang=fr', 'accept-encoding': 'br, gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Cookie');
    expect(first.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(first.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<h1>fr /services </h1><p>render 1 health ok</p>');
    expect(html).toContain('<title>Page &lt;fr&gt; | Khedma</title>');
    expect(html).toContain('href="https://khedma.example/services"');
    expect(html).not.toContain('<script>alert(1)');

    // Kept: the same page and language is not rendered again; gzip for clients without brotli.
    const again = await t.app.inject({ method: 'GET', url: '/services', headers: { cookie: 'khedma.lang=fr', 'accept-encoding': 'gzip' } });
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(again.rawPayload).toString('utf8')).toContain('render 1 health ok');
  });

  it('renders ?lang=ar right to left, and plain HTML to a client without compression', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?lang=ar', headers: { cookie: 'khedma.lang=fr' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<h1>ar / </h1>');
  });

  it('gives a campaign link (utm_*, click ids) the kept page of its bare URL, canonical the bare URL', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/about' });
    const n = Number(/render (\d+)/.exec(bare.body)![1]);
    for (const url of ['/about?utm_source=newsletter&utm_campaign=spring', '/about?gclid=abc', '/about?fbclid=x&utm_medium=social']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<h1>en /about </h1><p>render ${n} `);
      expect(res.body, url).toContain('<link data-seo="canonical" rel="canonical" href="https://khedma.example/about">');
    }
    const french = await t.app.inject({ method: 'GET', url: '/about?lang=fr&msclkid=1' });
    expect(french.body).toContain('<h1>fr /about </h1>');
    // A parameter the page does not know still leaves it to the browser.
    const other = await t.app.inject({ method: 'GET', url: '/services?utm_source=x&sort=price' });
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('renders a catalogue search (?q=, ?category=) for each request, never kept (the home and catalogue search forms without JavaScript)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/services?utm_source=x&q=leak' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>en /services?q=leak </h1>');
    const n = Number(/render (\d+)/.exec(first.body)![1]);
    const again = await t.app.inject({ method: 'GET', url: '/services?q=leak&lang=fr' });
    expect(again.body).toContain(`<h1>fr /services?q=leak </h1><p>render ${n + 1} `);
    const category = await t.app.inject({ method: 'GET', url: '/services?category=plumbing&q=%20fuite%20' });
    expect(category.body).toContain('<h1>en /services?q=fuite&category=plumbing </h1>');
    // Only the catalogue's own parameters, once each, and a real category: anything else is the browser's.
    for (const url of ['/services?category=nope', '/services?q=a&q=b', '/services/plumbing?category=cleaning', '/about?q=leak']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('remembers a language chosen by link (?lang=) in the language cookie, as the app does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/faq?lang=ar' });
    // The test's public address is https: the cookie is Secure there.
    expect(res.headers['set-cookie']).toBe('khedma.lang=ar; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    const known = await t.app.inject({ method: 'GET', url: '/faq?lang=ar', headers: { cookie: 'khedma.lang=ar' } });
    expect(known.headers['set-cookie']).toBeUndefined();
    const none = await t.app.inject({ method: 'GET', url: '/faq?lang=xx' });
    expect(none.headers['set-cookie']).toBeUndefined();
  });

  it('drops kept pages when the catalogue changes', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/faq' });
    const n = Number(/render (\d+)/.exec(before.body)![1]);
    await t.app.inject({ method: 'GET', url: '/faq' });
    expect((await t.app.inject({ method: 'GET', url: '/faq' })).body).toContain(`render ${n} `);
    // A catalogue change on any instance arrives as this NOTIFY; the page is rendered again afterwards.
    await t.database.notify(CATALOG_CHANNEL, 'test');
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/faq' })).body).toContain(`render ${n + 1} `);
  });

  it('serves the plain app shell for private pages, extra query parameters, redirects and failed renders', async () => {
    for (const url of ['/dashboard', '/services?sort=price', '/cookies', '/book-service', '/login', '/admin/bookings', '/pro/abc', '/dev/mailbox', '/dashboard?lang=ar']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('type="module"');
    }
    const moved = await t.app.inject({ method: 'GET', url: '/privacy-new' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/privacy');
  });

  it('answers a path that is no page of the app with 404 and the one not-found page of the language, whatever the path', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/no-such-page?lang=ar' });
    expect(first.statusCode).toBe(404);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('<html lang="ar" dir="rtl">');
    // Rendered at one path for every unknown one (and kept once): its HTML never depends on the path.
    expect(first.body).toContain('<h1>ar not found /404</h1>');
    expect(first.body).toContain('<meta data-seo="robots" name="robots" content="noindex">');
    expect(first.body).not.toContain('rel="canonical"');
    const n = Number(/render (\d+)/.exec(first.body)![1]);
    for (const url of ['/another/unknown?x=1', '/services/a/b', '/no-such-page?lang=ar']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: 'khedma.lang=ar' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(`<h1>ar not found /404</h1><p>render ${n}</p>`);
    }
    const french = await t.app.inject({ method: 'GET', url: '/nope', headers: { cookie: 'khedma.lang=fr' } });
    expect(french.statusCode).toBe(404);
    expect(french.body).toContain('<html lang="fr" dir="ltr">');
    expect(french.body).toContain('<h1>fr not found /404</h1>');
    // API paths keep their JSON error.
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers /services/{anything no service has} with "Service Not Found" (404), rendered once per language, its own id in the data', async () => {
    const state = (body: string) => JSON.parse(/id="khedma-state">(.*?)<\/script>/.exec(body)![1]!) as { service: string };
    const first = await t.app.inject({ method: 'GET', url: '/services/missing-1', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(404);
    const html = brotliDecompressSync(first.rawPayload).toString('utf8');
    expect(html).toContain('<h1>en not found /services/00000000-0000-0000-0000-000000000000</h1>');
    expect(html).toContain('content="noindex"');
    expect(state(html).service).toBe('missing-1');
    const n = Number(/render (\d+)/.exec(html)![1]);
    // Whatever the value (a made-up UUID, letters the router decodes, a NUL, too long to be an id) and the
    // query: the same render, never the app shell with 200 (a soft 404).
    const values = ['missing-1', '11111111-2222-4333-8444-555555555555', 'caf%C3%A9', '%00', 'a'.repeat(101), 'bogus?utm_source=x&q=1'];
    for (const value of values) {
      const res = await t.app.inject({ method: 'GET', url: `/services/${value}`, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, value).toBe(404);
      const body = gunzipSync(res.rawPayload).toString('utf8');
      expect(body, value).toContain(`<p>render ${n}</p>`);
      expect(state(body).service, value).toBe({ 'caf%C3%A9': 'café', '%00': '\u0000', 'bogus?utm_source=x&q=1': 'bogus' }[value] ?? value);
    }
    const arabic = await t.app.inject({ method: 'GET', url: '/services/missing-2?lang=ar' });
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(`<p>render ${n + 1}</p>`);
    // Real services and categories are rendered as ever.
    const [service] = (await t.app.inject({ method: 'GET', url: '/api/services' })).json<Array<{ id: string }>>();
    for (const url of [`/services/${service!.id}`, '/services/plumbing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<h1>en ${url} </h1>`);
    }
  });

  it('never serves the server bundle itself', async () => {
    for (const url of ['/.ssr/entry-server.mjs', '/%2essr/entry-server.mjs', '/.ssr/../.ssr/entry-server.mjs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('fetchImpl');
    }
    // A folder-like path is a page of the app: the shell, never a listing or the bundle.
    const folder = await t.app.inject({ method: 'GET', url: '/.ssr/' });
    expect(folder.body).not.toContain('fetchImpl');
  });
});

describe('the kept pages', () => {
  it('are not filled by made-up paths or service ids', async () => {
    let renders = 0;
    const entry: ServerEntry = {
      prepare: async () => undefined,
      isNotFound: (pathname) => !isPublicPage(pathname),
      render: async ({ url, language }) => {
        renders += 1;
        const { pathname } = new URL(url);
        const missing = pathname === '/404' || /^\/services\/(?:missing-|gone-|0{8}-)/.test(pathname);
        return { kind: 'page', status: missing ? 404 : 200, html: `<h1>${language} ${pathname}</h1>`, head: undefined, state: { pathname } };
      },
      missingServiceState: (_state, _rendered, pathname) => ({ pathname }),
    };
    // `gone-` ids are in the catalogue but the page finds nothing (taken out between the two looks).
    const isService = async (id: string) => !id.startsWith('missing-');
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'khedma-web-'));
    try {
      writeFileSync(path.join(webDist, 'index.html'), INDEX);
      const log = { warn: () => undefined, error: () => undefined } as never;
      const pages = createPageRenderer({ webDist, publicUrl: 'https://khedma.example', fetchImpl: fetch, isService, log, entry })!;
      expect((await pages.render('/faq', 'en', true))?.kind).toBe('page');
      expect(pages.size).toBe(1);
      for (let i = 0; i < 100; i++) {
        const unknown = await pages.render(`/made-up-${i}`, i % 2 ? 'en' : 'ar', true);
        expect(unknown).toMatchObject({ kind: 'page', status: 404 });
        const service = await pages.render(`/services/missing-${i}`, 'en', true);
        expect(service).toMatchObject({ kind: 'page', status: 404 });
      }
      // The real page and one not-found page per language; the missing services cost one render in all
      // (their page, in English, with each id written into its data) and are kept nowhere.
      expect(pages.size).toBe(3);
      expect(renders).toBe(1 + 2 + 1);
      expect(await pages.render('/services/missing-7', 'en', true)).toMatchObject({ status: 404, html: expect.stringContaining('{"pathname":"/services/missing-7"}') });
      // A service the catalogue has but whose page finds nothing: rendered each time, never kept.
      for (let i = 0; i < 3; i++) expect(await pages.render('/services/gone-1', 'en', true)).toMatchObject({ status: 404 });
      expect(pages.size).toBe(3);
      expect(renders).toBe(1 + 2 + 1 + 3);
      // A browser-only page of the app is not rendered at all.
      entry.isNotFound = (pathname) => pathname !== '/dashboard' && !isPublicPage(pathname);
      expect(await pages.render('/dashboard', 'en', true)).toBeNull();
    } finally {
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

/**
 * http/public-answers.ts: a kept page Fastify has sent once is sent again before Fastify (issue 40), over a
 * real socket (app.inject never reaches the server's early path): the same bytes and headers per coding
 * and language, forgotten with the catalogue, never for a URL that needs more than the language.
 */
describe('kept pages sent before Fastify', () => {
  let t: TestApp;
  let webDist: string;
  let origin: string;

  beforeAll(async () => {
    ({ t, webDist } = await appWithFakeWeb());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** A GET over a socket with exactly these headers (fetch would add its own Accept-Encoding), the body as sent. */
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; early: boolean }>((resolve, reject) => {
      const early = vi.spyOn(t.app.publicAnswers, 'answer');
      http
        .get(`${origin}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const answered = early.mock.results.some((r) => r.value === true);
            early.mockRestore();
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), early: answered });
          });
        })
        .on('error', reject);
    });
  const comparable = (headers: http.IncomingHttpHeaders) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'keep-alive', 'x-request-id', 'connection'].includes(name)));
  const renderOf = (html: string) => Number(/render (\d+)/.exec(html)![1]);

  it('sends a kept page the second time from memory, byte for byte and header for header, in each coding', async () => {
    for (const [url, headers] of [
      ['/services/plumbing', {}],
      ['/services/plumbing', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
      ['/services/plumbing', { 'accept-encoding': 'gzip' }],
      ['/about', { cookie: 'khedma.lang=ar', 'accept-encoding': 'br' }],
      ['/', { cookie: 'session=x; khedma.lang=fr', 'accept-encoding': 'identity' }],
    ] as Array<[string, Record<string, string>]>) {
      t.app.publicAnswers.clear();
      const first = await get(url, headers);
      expect(first.early, url).toBe(false);
      expect(first.status, url).toBe(200);
      expect(t.app.publicAnswers.pageSize, url).toBe(1);
      const second = await get(url, headers);
      expect(second.early, `${url} ${JSON.stringify(headers)}`).toBe(true);
      expect(second.body.equals(first.body), url).toBe(true);
      expect(comparable(second.headers), url).toEqual(comparable(first.headers));
      expect(second.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(second.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
    const br = await get('/services/plumbing', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('<h1>en /services/plumbing </h1>');
  });

  it('keeps one copy per language: the cookie, ?lang= with the cookie already set, English by default', async () => {
    t.app.publicAnswers.clear();
    await get('/faq', { cookie: 'khedma.lang=fr' });
    const french = await get('/faq', { cookie: 'khedma.lang=fr' });
    expect(french.early).toBe(true);
    expect(french.body.toString()).toContain('<html lang="fr" dir="ltr">');
    const english = await get('/faq');
    expect(english.early).toBe(false);
    expect(english.body.toString()).toContain('<html lang="en" dir="ltr">');
    expect((await get('/faq')).early).toBe(true);
    // ?lang=ar from a reader whose cookie says otherwise: Fastify answers, setting the cookie, every time.
    for (let i = 0; i < 2; i++) {
      const chosen = await get('/faq?lang=ar', { cookie: 'khedma.lang=fr' });
      expect(chosen.early).toBe(false);
      expect(chosen.headers['set-cookie']?.[0]).toContain('khedma.lang=ar');
      expect(chosen.body.toString()).toContain('<html lang="ar" dir="rtl">');
    }
    await get('/faq?lang=ar', { cookie: 'khedma.lang=ar' });
    const arabic = await get('/faq?lang=ar', { cookie: 'khedma.lang=ar' });
    expect(arabic.early).toBe(true);
    expect(arabic.headers['set-cookie']).toBeUndefined();
    expect(arabic.body.toString()).toContain('<html lang="ar" dir="rtl">');
  });

  it('forgets the pages when the catalogue changes on any instance, and sends the new render', async () => {
    t.app.publicAnswers.clear();
    const before = await get('/pricing');
    const n = renderOf(before.body.toString());
    expect((await get('/pricing')).early).toBe(true);
    // Another instance's catalogue change arrives as this NOTIFY.
    await t.database.notify(CATALOG_CHANNEL, 'test');
    await expect.poll(() => t.app.publicAnswers.pageSize).toBe(0);
    const after = await get('/pricing');
    expect(after.early).toBe(false);
    expect(renderOf(after.body.toString())).toBe(n + 1);
    const again = await get('/pricing');
    expect(again.early).toBe(true);
    expect(renderOf(again.body.toString())).toBe(n + 1);
  });

  it('gives a kept page its ETag, one per language, and answers If-None-Match with 304 before Fastify and through it alike', async () => {
    t.app.publicAnswers.clear();
    const url = '/services/plumbing';
    const first = await get(url);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const second = await get(url, { 'accept-encoding': 'br' });
    expect(second.early).toBe(true);
    expect(second.headers.etag).toBe(etag);
    const early = await get(url, { 'if-none-match': etag, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(early.early).toBe(true);
    expect(early.status).toBe(304);
    expect(early.body.length).toBe(0);
    expect(early.headers.etag).toBe(etag);
    expect(early.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(early.headers['cache-control']).toBe('no-cache');
    expect(early.headers['content-security-policy']).toContain("default-src 'self'");
    expect(early.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The same 304 from Fastify (nothing remembered yet; the renderer still keeps the page), and for a campaign link.
    t.app.publicAnswers.clear();
    const slow = await get(url, { 'if-none-match': etag, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(slow.early).toBe(false);
    expect(slow.status).toBe(304);
    expect(slow.body.length).toBe(0);
    expect(comparable(slow.headers)).toEqual(comparable(early.headers));
    const campaign = await get(`${url}?utm_source=x`, { 'if-none-match': `"other", ${etag}` });
    expect([campaign.early, campaign.status]).toEqual([false, 304]);
    // Another validator, or another language's, gets the page.
    for (const [headers, language] of [
      [{ 'if-none-match': 'W/"other"' }, 'en'],
      [{ 'if-none-match': etag, cookie: 'khedma.lang=fr' }, 'fr'],
    ] as Array<[Record<string, string>, string]>) {
      for (let i = 0; i < 2; i++) {
        const res = await get(url, headers);
        expect(res.status, JSON.stringify(headers)).toBe(200);
        expect(res.body.toString()).toContain(`<html lang="${language}"`);
        if (language !== 'en') expect(res.headers.etag).not.toBe(etag);
      }
    }
    const french = (await get(url, { cookie: 'khedma.lang=fr' })).headers.etag!;
    expect((await get(url, { cookie: 'khedma.lang=fr', 'if-none-match': french })).status).toBe(304);
    // Not-found pages and pages rendered for one request (a search) have none.
    for (const other of ['/nowhere', '/services?q=leak', '/services/00000000-0000-0000-0000-000000000000']) {
      const res = await get(other, { 'if-none-match': '*' });
      expect(res.status, other).not.toBe(304);
      expect(res.headers.etag, other).toBeUndefined();
    }
  });

  it('sends the same page in every coding: plain, brotli and gzip decode to the same bytes', async () => {
    t.app.publicAnswers.clear();
    for (const cookie of ['khedma.lang=en', 'khedma.lang=ar']) {
      const bodies: string[] = [];
      for (const coding of ['identity', 'br', 'gzip', 'identity', 'br', 'gzip']) {
        const res = await get('/services/plumbing', { cookie, 'accept-encoding': coding });
        expect(res.headers['content-encoding'], coding).toBe(coding === 'identity' ? undefined : coding);
        bodies.push((coding === 'br' ? brotliDecompressSync(res.body) : coding === 'gzip' ? gunzipSync(res.body) : res.body).toString());
      }
      expect(new Set(bodies).size, cookie).toBe(1);
    }
  });

  it('never keeps campaign links, searches, not-found pages, HEAD, other codings, or anything while draining', async () => {
    t.app.publicAnswers.clear();
    for (const url of ['/about?utm_source=x', '/services?q=leak', '/nowhere', '/services/00000000-0000-0000-0000-000000000000', '/dashboard']) {
      await get(url);
      const res = await get(url);
      expect(res.early, url).toBe(false);
    }
    expect(t.app.publicAnswers.pageSize).toBe(0);
    await get('/terms');
    expect((await get('/terms', { 'accept-encoding': 'deflate' })).early).toBe(false);
    t.app.draining.active = true;
    try {
      const res = await get('/terms');
      expect(res.early).toBe(false);
      expect(res.headers.connection).toBe('close');
    } finally {
      t.app.draining.active = false;
    }
    expect((await get('/terms')).early).toBe(true);
  });
});

describe('kept pages on two instances of one database', () => {
  let t: TestApp;
  let webDist: string;
  /** The second instance (PostgreSQL: its own pool and listener; PGlite: in process, as chat.test.ts). */
  let b: { app: FastifyInstance; database: Database; own: boolean };
  let webDistB: string;
  const origins: Record<'a' | 'b', string> = { a: '', b: '' };

  beforeAll(async () => {
    ({ t, webDist } = await appWithFakeWeb());
    const serverUrl = inject('pgServerUrl');
    let database = t.database;
    if (serverUrl) {
      const [row] = await queryRows<{ db: string }>(t.database.db, sql`select current_database() as db`);
      const url = new URL(serverUrl);
      url.pathname = `/${row!.db}`;
      database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
    }
    // Its own copy of the web build: its own server entry module, as in its own process.
    webDistB = mkdtempSync(path.join(os.tmpdir(), 'khedma-web-'));
    cpSync(webDist, webDistB, { recursive: true });
    const app = await buildApp({ config: testConfig({ webDist: webDistB, publicUrl: 'https://khedma.example' }), database });
    await app.ready();
    b = { app, database, own: database !== t.database };
    for (const [name, instance] of [['a', t.app], ['b', b.app]] as const) {
      await instance.listen({ port: 0, host: '127.0.0.1' });
      origins[name] = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
    }
  }, 60_000);
  afterAll(async () => {
    await b?.app.close();
    if (b?.own) await b.database.close();
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(webDistB, { recursive: true, force: true });
  });

  const get = (instance: 'a' | 'b', url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; etag: string | undefined; html: string }>((resolve, reject) => {
      http
        .get(`${origins[instance]}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, etag: res.headers.etag, html: Buffer.concat(chunks).toString() }));
        })
        .on('error', reject);
    });

  it('sends the same page with the same ETag from both, and a change made through one is seen on the other', async () => {
    const [service] = (await (await fetch(`${origins.a}/api/services?category=cleaning`)).json()) as Array<{ id: string; basePrice: number }>;
    const url = `/services/${service!.id}`;
    const before: Record<string, { etag: string | undefined; html: string }> = {};
    for (const instance of ['a', 'b'] as const) {
      await get(instance, url);
      const kept = await get(instance, url);
      expect(kept.status).toBe(200);
      expect(kept.html).toContain(`<p>price ${service!.basePrice}</p>`);
      expect(instance === 'a' ? t.app.publicAnswers.pageSize : b.app.publicAnswers.pageSize).toBe(1);
      before[instance] = kept;
    }
    // Each instance rendered the page itself: the ETag names the HTML, so a reader moving between them keeps its copy.
    expect(before.b!.etag).toBe(before.a!.etag);
    expect(before.b!.html).toBe(before.a!.html);
    expect((await get('b', url, { 'if-none-match': before.a!.etag! })).status).toBe(304);

    // A change on instance A (as the admin's catalogue edit does: the write, then invalidate's NOTIFY).
    await t.database.db.update(serviceTypes).set({ basePrice: service!.basePrice + 13 }).where(eq(serviceTypes.id, service!.id));
    try {
      await modulesOf(t.app).catalog.service.invalidate();
      await expect.poll(() => b.app.publicAnswers.pageSize).toBe(0);
      for (const instance of ['b', 'a'] as const) {
        const after = await get(instance, url, { 'if-none-match': before[instance]!.etag! });
        expect(after.status, instance).toBe(200);
        expect(after.html, instance).toContain(`<p>price ${service!.basePrice + 13}</p>`);
        expect(after.etag, instance).not.toBe(before[instance]!.etag);
        expect((await get(instance, url)).html, instance).toContain(`<p>price ${service!.basePrice + 13}</p>`);
      }
    } finally {
      await t.database.db.update(serviceTypes).set({ basePrice: service!.basePrice }).where(eq(serviceTypes.id, service!.id));
      await modulesOf(t.app).catalog.service.invalidate();
    }
  });
});
