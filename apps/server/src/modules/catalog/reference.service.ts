/**
 * Catalogue facts a booking is priced from (a service, a city, a borough, add-ons, the city's price),
 * read through a short-lived per-instance cache (reference-cache.ts): bookings ask for them on every
 * quote and create. Misses are not kept. The catalogue module clears the cache whenever the
 * catalogue changes on any instance.
 */
import type { CatalogRepository } from './catalog.repository';
import { servicePriceFrom } from './price';
import { ReferenceCache } from './reference-cache';
import type { ReferenceRepository } from './reference.repository';

export type ReferenceService = NonNullable<Awaited<ReturnType<ReferenceRepository['service']>>>;
export type ReferenceCity = NonNullable<Awaited<ReturnType<ReferenceRepository['city']>>>;

export class CatalogReference {
  private readonly cache = new ReferenceCache();

  constructor(
    private readonly repo: ReferenceRepository,
    private readonly prices: Pick<CatalogRepository, 'regionPrice' | 'priceFacts'>,
  ) {}

  clear(): void {
    this.cache.clear();
  }

  private async ref<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const value = await this.cache.get(key, load);
    if (value === undefined) this.cache.delete(key);
    return value;
  }

  /** An active service. */
  service(id: string) {
    return this.ref(`service:${id}`, () => this.repo.service(id));
  }

  /** An active city, by id or by slug (any case). */
  city(by: { id?: string; slug?: string }) {
    const key = by.id ? `city:${by.id}` : `city-slug:${(by.slug ?? '').toLowerCase()}`;
    return this.ref(key, () => this.repo.city(by));
  }

  borough(id: string) {
    return this.ref(`borough:${id}`, () => this.repo.borough(id));
  }

  /** Active add-ons of the service. */
  addOns(serviceTypeId: string) {
    return this.ref(`addons:${serviceTypeId}`, () => this.repo.addOns(serviceTypeId));
  }

  /** The price of the service in this city (and borough): price.ts's rule. */
  async price(service: ReferenceService, citySlug: string, boroughId: string | null) {
    return (await this.ref(`price:${service.id}:${citySlug}:${boroughId ?? ''}`, () =>
      servicePriceFrom(this.prices, service, citySlug, boroughId ?? undefined),
    ))!;
  }
}
