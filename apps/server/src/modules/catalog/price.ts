import { cityServicePrice, type PriceResponse, type ServiceTypeSummary } from '@khedma/shared';
import type { CatalogRepository } from './catalog.repository';

/**
 * The price of a service in a city (docs/catalog.md "Price in a city"). The rule is shared
 * cityServicePrice (packages/shared/src/domain/pricing.ts); this reads its facts and names the source the
 * price endpoint reports: the city's own price found by its slug ('region'); else the rule's answer when
 * above 0 ('function', the name it had when a SQL function computed it); else the base price ('base').
 *
 * docs/catalog.md also says any error falls back to the base price (the prototype called a database function
 * that might not exist). An error here is either bad input (a city the database refuses: 400 through the
 * error handler) or a fault; either way the base price would be a silently wrong answer, and a wrong
 * charge when a booking is priced with it (docs/decisions/0010-text-input-and-database-errors.md). Errors
 * propagate.
 */
export async function servicePriceFrom(
  repo: Pick<CatalogRepository, 'regionPrice' | 'priceFacts'>,
  service: Pick<ServiceTypeSummary, 'id' | 'basePrice'>,
  city: string | undefined,
  boroughId: string | undefined,
): Promise<PriceResponse> {
  if (city) {
    const region = await repo.regionPrice(service.id, city);
    if (region !== undefined) return { serviceTypeId: service.id, price: region, source: 'region' };
  }
  const price = cityServicePrice(await repo.priceFacts(service.id, city ?? '', boroughId ?? null));
  if (price > 0) return { serviceTypeId: service.id, price, source: 'function' };
  return { serviceTypeId: service.id, price: service.basePrice || 0, source: 'base' };
}
