import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Borough, CategoryEntry, City, PriceResponse, ServiceTypeDetail, ServiceTypeSummary } from '@khedma/shared';
import { api, ApiError } from '../../lib/api';

/**
 * Catalogue reads (docs/catalog.md) shared by the home, catalogue, pricing, profile and booking pages: one
 * query-key factory and one hook per public, cached catalogue endpoint, so the same request is cached
 * once whichever page asks. Type-only imports from @khedma/shared, so no zod reaches the
 * first load.
 */

/** API paths of the catalog module (and the places prices depend on). */
export const catalogApiPaths = {
  categories: '/api/categories',
  services: '/api/services',
  service: (id: string) => `/api/services/${encodeURIComponent(id)}`,
  price: (id: string) => `/api/services/${encodeURIComponent(id)}/price`,
  cities: '/api/cities',
  boroughs: (citySlug: string) => `/api/cities/${encodeURIComponent(citySlug)}/boroughs`,
} as const;

export const catalogKeys = {
  categories: ['catalog', 'categories'] as const,
  services: (query: ServicesQuery) => ['catalog', 'services', query.q?.trim() ?? '', query.category ?? ''] as const,
  service: (id: string) => ['catalog', 'service', id] as const,
  price: (id: string, city: string) => ['catalog', 'price', id, city] as const,
  cities: ['catalog', 'cities'] as const,
  boroughs: (citySlug: string) => ['catalog', 'boroughs', citySlug] as const,
};

export interface ServicesQuery {
  /** Free text, searched on the server in the three languages (at most 50 results). */
  q?: string;
  category?: string | null;
}

/** The catalogue list rarely changes; the server revalidates with ETags anyway. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/**
 * Public catalogue answers are kept by the service worker (build/sw-catalog-policy.ts): offline, they
 * are asked for all the same, so the worker's copy answers ('online', the default, would pause them
 * before the request is made). Without a copy, the retry pauses until the connection is back.
 */
export const CATALOGUE_NETWORK_MODE = 'offlineFirst' as const;

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => api.get<CategoryEntry[]>(catalogApiPaths.categories, { signal }),
    staleTime: CATALOGUE_STALE_MS,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

/** Active services sorted by category then price: all, one category, or a text search. */
export function useServices(query: ServicesQuery = {}) {
  const q = query.q?.trim() || undefined;
  const category = query.category || undefined;
  return useQuery({
    queryKey: catalogKeys.services({ q, category }),
    queryFn: ({ signal }) => api.get<ServiceTypeSummary[]>(catalogApiPaths.services, { signal, query: { q, category } }),
    staleTime: CATALOGUE_STALE_MS,
    networkMode: CATALOGUE_NETWORK_MODE,
    // While a new search runs, keep showing the previous results rather than flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** The server's answer for a service id that no active service has (404), or for a value that is not an id (400). */
export function isMissingService(error: unknown): boolean {
  return error instanceof ApiError && (error.isNotFound || error.status === 400);
}

/** One service with its add-ons; `null` waits (the booking wizard before a service is chosen). */
export function useService(id: string | null) {
  const queryKey = catalogKeys.service(id ?? '');
  // A service the server said does not exist is not asked for again when the page mounts: the
  // server-rendered "Service Not Found" (its 404 comes with the page's data) stays as it is.
  const known = useQueryClient().getQueryState(queryKey);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<ServiceTypeDetail>(catalogApiPaths.service(id!), { signal }),
    enabled: Boolean(id),
    staleTime: CATALOGUE_STALE_MS,
    networkMode: CATALOGUE_NETWORK_MODE,
    retryOnMount: !(known?.status === 'error' && isMissingService(known.error)),
  });
}

/** The service's price in a city (region price, price function, or base price: docs/catalog.md). */
export function useServicePrice(id: string, city: string | null) {
  return useQuery({
    queryKey: catalogKeys.price(id, city ?? ''),
    queryFn: ({ signal }) =>
      api.get<PriceResponse>(catalogApiPaths.price(id), { signal, query: { city: city ?? undefined } }),
    enabled: Boolean(city),
    staleTime: CATALOGUE_STALE_MS,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

export function useCities() {
  return useQuery({
    queryKey: catalogKeys.cities,
    queryFn: ({ signal }) => api.get<City[]>(catalogApiPaths.cities, { signal }),
    staleTime: CATALOGUE_STALE_MS,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

/** The boroughs of a city (the booking wizard's city step); `null` waits for a city. */
export function useBoroughs(citySlug: string | null) {
  return useQuery({
    queryKey: catalogKeys.boroughs(citySlug ?? ''),
    queryFn: ({ signal }) => api.get<Borough[]>(catalogApiPaths.boroughs(citySlug!), { signal }),
    enabled: Boolean(citySlug),
    staleTime: CATALOGUE_STALE_MS,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}
