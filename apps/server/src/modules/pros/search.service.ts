/**
 * The professional list of /search and of the finder (docs/professionals.md; docs/professionals.md real figures): filters
 * by city, service or category, minimum rating and text (first name, service, city), in pages of 12,
 * with the result count (exact, or "more than" PRO_SEARCH_COUNT_CAP for a text search), the real rating, review count and hourly rate of each. And the finder's stats tiles.
 */
import { PRO_SEARCH_PAGE_SIZE, type Category } from '@khedma/shared';
import type { ProCard, ProSearchQuery, ProSearchResponse, ProStats } from '@khedma/shared/schemas/pros';
import type { ProSearchFilter, ProsSearchRepository } from './search.repository';

interface CardService {
  id: string;
  category: Category;
  name: string;
  nameFr: string;
  nameAr: string;
}
/** The page row's services (json: parsed by node-postgres, a string from some drivers). */
const servicesOf = (value: unknown): CardService[] => (typeof value === 'string' ? JSON.parse(value) : value) as CardService[];

export class ProsSearchService {
  constructor(private readonly repo: ProsSearchRepository) {}

  async search(q: ProSearchQuery): Promise<ProSearchResponse> {
    // The city is resolved inside the statements (an unknown one matches nobody, not "every city").
    const filter: ProSearchFilter = { minRating: q.minRating, serviceId: q.service, category: q.category, city: q.city };
    if (q.q) {
      const matches = await this.repo.textMatches(q.q);
      Object.assign(filter, { text: q.q, textServiceIds: matches.serviceIds, textCityIds: matches.cityIds, textNames: matches.names });
    }
    const [rows, total] = await Promise.all([this.repo.page(filter, q.sort, q.page), this.repo.count(filter)]);
    const pageRows = rows.slice(0, PRO_SEARCH_PAGE_SIZE);
    const items: ProCard[] = pageRows.map((r) => {
      const reviewsCount = Number(r.totalReviews);
      return {
        id: r.id,
        name: r.name,
        avatarUrl: r.avatarUrl ?? null,
        verified: r.approvedAt !== null,
        city: { id: r.cityId, slug: r.citySlug, name: { en: r.cityName, fr: r.cityNameFr, ar: r.cityNameAr } },
        citiesCount: Math.max(1, Number(r.citiesCount)),
        services: servicesOf(r.services).map((s) => ({ id: s.id, category: s.category, name: { en: s.name, fr: s.nameFr, ar: s.nameAr } })),
        hourlyRate: r.hourlyRate,
        rating: reviewsCount > 0 ? Number(r.averageRating) : null,
        reviewsCount,
      };
    });
    // hasMore from the page's one row more, never from the count (which may stop at the cap).
    return { items, total: total.total, totalExact: total.totalExact, page: q.page, pageSize: PRO_SEARCH_PAGE_SIZE, hasMore: rows.length > PRO_SEARCH_PAGE_SIZE };
  }

  async stats(): Promise<ProStats> {
    const s = await this.repo.stats();
    const reviews = Number(s.reviews);
    return {
      professionals: Number(s.professionals),
      services: Number(s.services),
      cities: Number(s.cities),
      averageRating: reviews > 0 ? Math.round((Number(s.ratingSum) / reviews) * 10) / 10 : null,
    };
  }
}
