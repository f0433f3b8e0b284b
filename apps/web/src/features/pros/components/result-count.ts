import type { TFunction } from 'i18next';
import type { ProSearchResponse } from '@khedma/shared/schemas/pros';

/** The count of a search's answer: exact, or the cap the server stopped counting at (`totalExact` false, issue 40). */
export type SearchCount = Pick<ProSearchResponse, 'total' | 'totalExact'>;

/**
 * The result count above the list: "12 professionals found", or "More than 1000 professionals found"
 * when the search counted its matches only up to the cap (a text search, a service with a category);
 * "Loading…" before the first page.
 */
export function resultCountText(t: TFunction<'pros'>, count: SearchCount | undefined): string {
  if (!count) return t('loading');
  return count.totalExact ? t('resultCount', { count: count.total }) : t('resultCountMoreThan', { count: count.total });
}

/** The filter drawer's button: "Show 12 professionals", "Show more than 1000 professionals", or "Apply" before the first page. */
export function showResultsText(t: TFunction<'pros'>, count: SearchCount | undefined): string {
  if (!count) return t('filters.apply');
  return count.totalExact ? t('filters.show', { count: count.total }) : t('filters.showMoreThan', { count: count.total });
}
