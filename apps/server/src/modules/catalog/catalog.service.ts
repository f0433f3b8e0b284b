import { createHash } from 'node:crypto';
import { servicePriceFrom } from './price';
import { categoriesMatchingSearch, type PriceResponse } from '@khedma/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { CatalogRepository } from './catalog.repository';

/** A serialized answer ready to send: the JSON bytes and their ETag. */
export interface CachedBody {
  body: string;
  etag: string;
}

export const CATALOG_CHANNEL = 'catalog_changed';
const MAX_ENTRIES = 1000;

/**
 * Read-mostly catalogue. Answers are serialized once and kept in memory per instance; any change to
 * the catalogue calls `invalidate()`, which NOTIFYs every instance on the database to drop its copy.
 */
export class CatalogService {
  private cache = new Map<string, CachedBody>();
  /** The ids of the active services, read once per catalogue version (see isActiveService). */
  private activeIds: Promise<ReadonlySet<string>> | undefined;
  private readonly changeListeners = new Set<() => void>();
  /**
   * Bumped by every drop: an answer read before a change (here or on another instance, whose NOTIFY may
   * arrive while the read is under way) is never kept after it, where it would stay until the next change
   * and the pages rendered from it with it (http/pages.ts, http/public-answers.ts).
   */
  private generation = 0;

  constructor(
    private readonly repo: CatalogRepository,
    private readonly database: Database,
  ) {}

  /** Subscribes to invalidations from every instance. */
  async start() {
    return this.database.listen(CATALOG_CHANNEL, () => this.dropCache());
  }

  /** Called whenever this instance drops its copy (a change here or on another instance): pages rendered from the catalogue follow. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private dropCache() {
    this.generation += 1;
    this.cache.clear();
    this.activeIds = undefined;
    for (const listener of this.changeListeners) listener();
  }

  async invalidate() {
    this.dropCache();
    await this.database.notify(CATALOG_CHANNEL, String(Date.now()));
  }

  private async cached(key: string, load: () => Promise<unknown | undefined>): Promise<CachedBody | undefined> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const started = this.generation;
    const value = await load();
    if (value === undefined) return undefined;
    const body = JSON.stringify(value);
    // Weak: the compression plugin sends these bytes plain, gzip or br under the one ETag, and a
    // strong validator would have to differ between content codings (RFC 9110 §8.8.1).
    const entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    if (started !== this.generation) return entry;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, entry);
    return entry;
  }

  categories() {
    return this.cached('categories', () => this.repo.categories()) as Promise<CachedBody>;
  }

  services(q: string | undefined, category: string | undefined) {
    const text = q?.trim() ?? '';
    // No search text: the whole active catalogue (optionally one category); otherwise a search.
    const key = `services:${category ?? ''}:${text.toLowerCase()}`;
    return this.cached(key, () =>
      text ? this.repo.search(text, categoriesMatchingSearch(text), category) : this.repo.listActive(category),
    ) as Promise<CachedBody>;
  }

  async service(id: string) {
    const entry = await this.cached(`service:${id}`, () => this.repo.detail(id));
    if (!entry) throw notFound('Service not found');
    return entry;
  }

  /**
   * Whether an active service has this id, answered from memory: the server render asks it for every
   * /services/{value} before rendering, and a made-up id must cost no query (each would be one).
   */
  async isActiveService(id: string): Promise<boolean> {
    const ids = (this.activeIds ??= this.repo.listActive().then((services) => new Set(services.map((s) => s.id))));
    try {
      return (await ids).has(id);
    } catch (error) {
      if (this.activeIds === ids) this.activeIds = undefined; // asked again next time
      throw error;
    }
  }

  cities() {
    return this.cached('cities', () => this.repo.cities()) as Promise<CachedBody>;
  }

  async boroughs(citySlug: string) {
    const entry = await this.cached(`boroughs:${citySlug.toLowerCase()}`, () => this.repo.boroughs(citySlug.toLowerCase()));
    if (!entry) throw notFound('City not found');
    return entry;
  }

  /** docs/catalog.md price lookup: region price, else the price function when above 0, else the base price. */
  async price(id: string, city: string | undefined, boroughId: string | undefined): Promise<PriceResponse> {
    const detail = await this.repo.detail(id);
    if (!detail) throw notFound('Service not found');
    return servicePriceFrom(this.repo, detail, city, boroughId);
  }
}
