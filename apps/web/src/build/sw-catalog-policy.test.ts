import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_MAX_AGE_MS,
  CATALOGUE_MAX_ENTRIES,
  catalogueEntriesToEvict,
  isCachedCatalogueRequest,
  isFreshCatalogueAnswer,
  mayStoreCatalogueAnswer,
  obsoleteCaches,
} from './sw-catalog-policy';

const url = (path: string) => new URL(path, 'https://khedma.ma');
const NOW = Date.parse('2025-06-10T12:00:00Z');
const httpDate = (ms: number) => new Date(ms).toUTCString();
const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';

describe('service worker: what the catalogue cache keeps', () => {
  it('keeps public catalogue answers: categories, services, a service, its price in a city, cities', () => {
    for (const path of ['/api/categories', '/api/services', '/api/services?category=plumbing', '/api/services/abc', '/api/services/abc/price?city=rabat', '/api/cities', '/api/cities/rabat/boroughs']) {
      expect(isCachedCatalogueRequest(url(path)), path).toBe(true);
      expect(mayStoreCatalogueAnswer(url(path), 200, PUBLIC), path).toBe(true);
    }
  });

  it('never keeps a search: any q parameter, empty or not, goes straight to the network', () => {
    for (const path of ['/api/services?q=plomb', '/api/services?category=plumbing&q=fuite', '/api/services?q=']) {
      expect(isCachedCatalogueRequest(url(path)), path).toBe(false);
      expect(mayStoreCatalogueAnswer(url(path), 200, PUBLIC), path).toBe(false);
    }
  });

  it('never keeps user data, errors, or an answer marked private or no-store', () => {
    for (const path of ['/api/bookings', '/api/me', '/api/profile', '/api/auth/get-session', '/api/servicesx', '/api/pros/1']) {
      expect(isCachedCatalogueRequest(url(path)), path).toBe(false);
    }
    expect(mayStoreCatalogueAnswer(url('/api/services'), 404, PUBLIC)).toBe(false);
    expect(mayStoreCatalogueAnswer(url('/api/services'), 500, null)).toBe(false);
    expect(mayStoreCatalogueAnswer(url('/api/services'), 200, 'private, no-store')).toBe(false);
    expect(mayStoreCatalogueAnswer(url('/api/services'), 200, 'no-store')).toBe(false);
  });
});

describe('service worker: how long and how many', () => {
  it('serves a stored answer for a day after its Date, not longer; no date or a date far ahead is too old', () => {
    expect(isFreshCatalogueAnswer(httpDate(NOW - 60_000), NOW)).toBe(true);
    expect(isFreshCatalogueAnswer(httpDate(NOW - CATALOGUE_MAX_AGE_MS + 60_000), NOW)).toBe(true);
    expect(isFreshCatalogueAnswer(httpDate(NOW - CATALOGUE_MAX_AGE_MS), NOW)).toBe(false);
    expect(isFreshCatalogueAnswer(httpDate(NOW - 7 * CATALOGUE_MAX_AGE_MS), NOW)).toBe(false);
    expect(isFreshCatalogueAnswer(null, NOW)).toBe(false);
    expect(isFreshCatalogueAnswer('not a date', NOW)).toBe(false);
    // The server's clock a little ahead of the device's is normal; a day ahead is not believed.
    expect(isFreshCatalogueAnswer(httpDate(NOW + 30_000), NOW)).toBe(true);
    expect(isFreshCatalogueAnswer(httpDate(NOW + CATALOGUE_MAX_AGE_MS), NOW)).toBe(false);
    expect(CATALOGUE_MAX_AGE_MS).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('keeps at most the cap: adding one more deletes the oldest', () => {
    // Inserted oldest first, one second apart, as Cache.keys() lists them.
    const entries = Array.from({ length: CATALOGUE_MAX_ENTRIES + 1 }, (_, i) => ({ key: `k${i}`, date: httpDate(NOW - (CATALOGUE_MAX_ENTRIES + 1 - i) * 1000) }));
    expect(catalogueEntriesToEvict(entries.slice(0, CATALOGUE_MAX_ENTRIES), NOW)).toEqual([]);
    expect(catalogueEntriesToEvict(entries, NOW)).toEqual(['k0']);
    // Listed out of order: still the oldest by date.
    expect(catalogueEntriesToEvict([...entries].reverse(), NOW)).toEqual(['k0']);
    expect(CATALOGUE_MAX_ENTRIES).toBeLessThanOrEqual(100);
  });

  it('deletes every answer too old (or undated) as well, whatever the count; same-second answers go in insertion order', () => {
    const old = { key: 'old', date: httpDate(NOW - 2 * CATALOGUE_MAX_AGE_MS) };
    const undated = { key: 'undated', date: null };
    const recent = { key: 'recent', date: httpDate(NOW - 1000) };
    expect(catalogueEntriesToEvict([old, recent, undated], NOW)).toEqual(['old', 'undated']);
    const sameSecond = Array.from({ length: CATALOGUE_MAX_ENTRIES + 2 }, (_, i) => ({ key: i, date: httpDate(NOW) }));
    expect(catalogueEntriesToEvict(sameSecond, NOW)).toEqual([0, 1]);
  });

  it('a new worker deletes the caches of older versions, the catalogue of version 1 included', () => {
    const current = ['khedma-shell-b2', 'khedma-catalogue-b2'];
    expect(obsoleteCaches(['khedma-shell-a1', 'khedma-catalogue-v1', 'khedma-catalogue-a1', ...current], current)).toEqual([
      'khedma-shell-a1',
      'khedma-catalogue-v1',
      'khedma-catalogue-a1',
    ]);
  });
});
