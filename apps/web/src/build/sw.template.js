/* global self, caches, isCachedCatalogueRequest, mayStoreCatalogueAnswer, isFreshCatalogueAnswer, catalogueEntriesToEvict, obsoleteCaches -- the last five: sw-catalog-policy.ts, inlined by the build */
/**
 * Khedma service worker (served at /sw.js). The build (src/build/service-worker-plugin.ts) fills in the version
 * and the precache list; this file is plain JavaScript, outside the app bundle.
 *
 * - Precache at install: the app shell of the first load of / (index.html's script, CSS and the home
 *   page chunks), the small pieces any page can open on a tap (toaster, cookie settings dialog), the
 *   offline page, the manifest and icons. Served cache-first (hashed, immutable).
 * - Other hashed scripts and styles under /assets/ (page chunks, strings): cache-first, stored the first
 *   time they are fetched, so what a visit used still works offline. Per version, like the shell.
 * - Navigations: network first; when the network fails, the offline page.
 * - Catalogue API (GET /api/categories, /api/services*, /api/cities*): stale-while-revalidate for an
 *   answer stored less than a day ago, else the network. These answers are public and the same for
 *   everyone. Searches (`?q=`) are never stored, the cache keeps at most 60 answers (the oldest go
 *   first), and nothing private or no-store is kept: sw-catalog-policy.ts, inlined below by the build.
 * - Everything else under /api/ (accounts, bookings, messages: user data) and every non-GET request
 *   is never touched: no respondWith, no cache.
 * - Other files (fonts, images) are left to the HTTP cache, which keeps hashed assets for a year.
 * - The first visit's tab is taken under control at once (clients.claim), so going offline in it
 *   already finds the precached pieces.
 * - Updates: a new build changes this file. The first worker of a browser takes over at once; a new
 *   version installs and waits while a page runs the old one, and the page tells the reader ("A new
 *   version is available", Reload: src/pwa/register.ts). Reload asks the waiting worker to take over
 *   (the SKIP_WAITING message), which deletes the old versions' caches, the catalogue's included, and the
 *   page loads again on the new version. Until then the old pages keep their own version's files.
 */
const VERSION = '__KHEDMA_SW_VERSION__';
// eslint-disable-next-line no-undef -- filled in by the build
const PRECACHE_URLS = __KHEDMA_PRECACHE__;
const SHELL_CACHE = `khedma-shell-${VERSION}`;
const ASSET_CACHE = `khedma-assets-${VERSION}`;
const API_CACHE = `khedma-catalogue-${VERSION}`;
const OFFLINE_URL = '/offline.html';
// Vite's output: content-hashed, so a name never changes content.
const HASHED_ASSET = /^\/assets\/[^/]+\.(?:js|css)$/;

// __KHEDMA_CATALOGUE_POLICY__

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE_URLS))
      // The first version takes over at once; a newer one waits for the reader's Reload (see above).
      .then(() => (self.registration.active ? undefined : self.skipWaiting())),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(obsoleteCaches(keys, [SHELL_CACHE, ASSET_CACHE, API_CACHE]).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Every API path starts so (the rest of the site is pages and assets). */
const workerApiPaths = { all: '/api/' };

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith(workerApiPaths.all)) {
    if (isCachedCatalogueRequest(url)) event.respondWith(catalogueAnswer(event, url));
    return; // user data and searches: straight to the network, never cached
  }

  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlinePage()));
    return;
  }

  if (PRECACHE_URLS.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: SHELL_CACHE }).then((hit) => hit || fetch(request)));
    return;
  }

  if (HASHED_ASSET.test(url.pathname)) event.respondWith(cacheFirst(event, url.pathname));
});

async function cacheFirst(event, pathname) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(pathname);
  if (hit) return hit;
  const response = await fetch(event.request);
  // Only a real file: never a 404 or an error page under a hashed name.
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(pathname, response.clone()).catch(() => {}));
  return response;
}

async function offlinePage() {
  const hit = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
  return hit || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

async function catalogueAnswer(event, url) {
  const cache = await caches.open(API_CACHE);
  const cached = await cache.match(event.request);
  const network = fetch(event.request).then((response) => {
    if (mayStoreCatalogueAnswer(url, response.status, response.headers.get('cache-control'))) {
      event.waitUntil(keep(cache, event.request, response.clone()).catch(() => {}));
    }
    return response;
  });
  if (cached && isFreshCatalogueAnswer(cached.headers.get('date'), Date.now())) {
    event.waitUntil(network.catch(() => {}));
    return cached;
  }
  if (cached) event.waitUntil(cache.delete(event.request).catch(() => {}));
  return network;
}

/** Stores an answer, then deletes the answers too old and the oldest beyond the cap. */
async function keep(cache, request, response) {
  await cache.put(request, response);
  const keys = await cache.keys();
  const entries = await Promise.all(keys.map(async (key) => ({ key, date: (await cache.match(key))?.headers.get('date') ?? null })));
  await Promise.all(catalogueEntriesToEvict(entries, Date.now()).map((key) => cache.delete(key)));
}

// Web push (docs/chat.md, decision 0015): the server sends {title, body, url, tag}; a click opens (or
// focuses) the app at that path of this site only.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: 'Khedma', body: event.data ? event.data.text() : '' };
  }
  const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Khedma', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
