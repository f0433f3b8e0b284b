import type { PriceResponse, ServiceTypeSummary } from '@khedma/shared';
import type { CatalogRepository } from './catalog.repository';

/**
 * The price of a service in a city (docs/catalog.md): the active region price; else calculate_service_price
 * when it answers above 0; else the base price.
 *
 * docs/catalog.md also says any error falls back to the base price (the prototype called a database function
 * that might not exist). Here the function is part of our migrations, so an error is either bad input
 * (a city the database refuses: 400 through the error handler) or a fault; either way the base price
 * would be a silently wrong answer, and a wrong charge when a booking is priced with it
 * (docs/decisions/0010-text-input-and-database-errors.md). Errors propagate.
 */
export async function servicePriceFrom(
  repo: Pick<CatalogRepository, 'regionPrice' | 'functionPrice'>,
  service: Pick<ServiceTypeSummary, 'id' | 'basePrice'>,
  city: string | undefined,
  boroughId: string | undefined,
): Promise<PriceResponse> {
  if (city) {
    const region = await repo.regionPrice(service.id, city);
    if (region !== undefined) return { serviceTypeId: service.id, price: region, source: 'region' };
  }
  const fn = await repo.functionPrice(service.id, city ?? '', boroughId ?? null);
  if (fn > 0) return { serviceTypeId: service.id, price: fn, source: 'function' };
  return { serviceTypeId: service.id, price: service.basePrice || 0, source: 'base' };
}
