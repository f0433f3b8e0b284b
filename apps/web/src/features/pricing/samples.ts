import type { ServiceTypeSummary } from '@khedma/shared';
import type { ServiceCategory } from '../../config/paths';

/** The six sample categories of docs/public-site.md, in the order the page shows them. */
export const SAMPLE_CATEGORIES = ['plumbing', 'cleaning', 'electrical', 'handyman', 'moving', 'gardening'] as const satisfies readonly ServiceCategory[];

/** The cheapest active service of each sample category: its price is the category's real "From" price. */
export function cheapestByCategory(services: readonly ServiceTypeSummary[]): Map<string, ServiceTypeSummary> {
  const cheapest = new Map<string, ServiceTypeSummary>();
  for (const service of services) {
    // A job on quote has no price of its own (docs/job-quotes.md).
    if (service.onQuote) continue;
    const current = cheapest.get(service.category);
    if (!current || service.basePrice < current.basePrice) cheapest.set(service.category, service);
  }
  return cheapest;
}
