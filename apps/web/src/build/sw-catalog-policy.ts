/**
 * What the service worker (sw.template.js) keeps of the public catalogue API, and for how long: pure
 * functions, tested beside this file. The build (service-worker-plugin.ts) strips the types and inlines
 * this file into /sw.js, so it imports nothing and every top-level `export` is a plain declaration there.
 *
 * - Kept: successful GET answers of /api/categories, /api/services* and /api/cities*, which are public
 *   and the same for everyone. Never a search (`?q=`, the words someone typed stay off a shared device)
 *   and never an answer marked private or no-store (anything that depends on who is signed in).
 * - At most CATALOGUE_MAX_ENTRIES answers: adding one deletes the oldest beyond that.
 * - An answer older than CATALOGUE_MAX_AGE_MS (by its Date header) is no longer served from the cache:
 *   it is deleted and the network answers.
 */

const CATALOGUE_API = /^\/api\/(categories|services|cities)(\/|$)/;
export const CATALOGUE_MAX_ENTRIES = 60;
export const CATALOGUE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether the worker answers this same-origin GET from its catalogue cache (searches go straight to the network). */
export function isCachedCatalogueRequest(url: URL): boolean {
  return CATALOGUE_API.test(url.pathname) && !url.searchParams.has('q');
}

/** Whether an answer to this request may be stored: a 200 of the public catalogue, never a private one. */
export function mayStoreCatalogueAnswer(url: URL, status: number, cacheControl: string | null): boolean {
  return isCachedCatalogueRequest(url) && status === 200 && !/\b(private|no-store)\b/i.test(cacheControl ?? '');
}

/** How far the server's clock may be ahead of the device's before a Date header is not believed. */
const CLOCK_SKEW_MS = 10 * 60 * 1000;

/**
 * Whether a stored answer, sent at `date` (its Date header), may still be served from the cache at `now`.
 * No date, or one further ahead of the device's clock than a usual skew, counts as too old: the network decides.
 */
export function isFreshCatalogueAnswer(date: string | null, now: number): boolean {
  const sentAt = date ? Date.parse(date) : NaN;
  return Number.isFinite(sentAt) && sentAt - now <= CLOCK_SKEW_MS && now - sentAt < CATALOGUE_MAX_AGE_MS;
}

/** The stored answers to delete: every one too old, then the oldest beyond CATALOGUE_MAX_ENTRIES. */
export function catalogueEntriesToEvict<K>(entries: ReadonlyArray<{ key: K; date: string | null }>, now: number): K[] {
  const fresh = entries.filter((e) => isFreshCatalogueAnswer(e.date, now));
  const evicted = entries.filter((e) => !fresh.includes(e));
  // Oldest first; the sort is stable, so answers of the same second stay in insertion order (Cache.keys()).
  const oldestFirst = [...fresh].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
  evicted.push(...oldestFirst.slice(0, Math.max(0, oldestFirst.length - CATALOGUE_MAX_ENTRIES)));
  return evicted.map((e) => e.key);
}

/** The caches a new worker deletes when it activates: every Khedma cache but its own (older shells and catalogues). */
export function obsoleteCaches(names: readonly string[], current: readonly string[]): string[] {
  return names.filter((name) => name.startsWith('khedma-') && !current.includes(name));
}
