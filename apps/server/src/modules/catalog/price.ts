import type { PriceResponse, ServiceTypeSummary } from '@khedma/shared';
import type { CatalogRepository } from './catalog.repository';

/**
 * The price of a service in a city (SPEC §7): the active region price; else calculate_service_price
 * when it answers above 0; else the base price. Any database error falls back to the base price.
 */
export async function servicePriceFrom(
  repo: Pick<CatalogRepository, 'regionPrice' | 'functionPrice'>,
  service: Pick<ServiceTypeSummary, 'id' | 'basePrice'>,
  city: string | undefined,
  boroughId: string | undefined,
): Promise<PriceResponse> {
  try {
    if (city) {
      const region = await repo.regionPrice(service.id, city);
      if (region !== undefined) return { serviceTypeId: service.id, price: region, source: 'region' };
    }
    const fn = await repo.functionPrice(service.id, city ?? '', boroughId ?? null);
    if (fn > 0) return { serviceTypeId: service.id, price: fn, source: 'function' };
  } catch {
    // fall through to the base price, as the spec asks
  }
  return { serviceTypeId: service.id, price: service.basePrice || 0, source: 'base' };
}
