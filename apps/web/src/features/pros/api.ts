/**
 * The professionals capability over HTTP as TanStack Query hooks: the list of /search and the finder
 * (GET /api/pros), the finder's tiles, a professional's page (reviews, free slots; the profile itself is
 * the professional entity's useProfessional) and the professional's own profile (/api/pros/me/settings).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Borough } from '@khedma/shared';
import type { ServiceArea } from '@khedma/shared/schemas/address';
import type {
  ProAvailabilityResponse,
  ProReviewsResponse,
  ProSearchParams,
  ProSearchResponse,
  ProSettings,
  ProStats,
  UpdateProSettings,
} from '@khedma/shared/schemas/pros';
import { api } from '../../lib/api';
import { catalogApiPaths } from '../../entities/catalog/api';
import { professionalApiPaths, professionalKeys, retryUnlessClientError as noRetryOnClientError } from '../../entities/professional/api';

/** API paths of the pros module this feature alone calls (a profile's own path is the professional entity's). */
export const prosApiPaths = {
  search: '/api/pros',
  stats: '/api/pros/stats',
  reviews: (id: string) => `${professionalApiPaths.profile(id)}/reviews`,
  availability: (id: string) => `${professionalApiPaths.profile(id)}/availability`,
  settings: '/api/pros/me/settings',
  serviceArea: '/api/pros/me/service-area',
} as const;

export const prosKeys = {
  all: professionalKeys.all,
  list: (params: Omit<ProSearchParams, 'page'>) => ['pros', 'list', params] as const,
  stats: ['pros', 'stats'] as const,
  settings: ['pros', 'settings'] as const,
};

/** Pages of 12 in the given order; fetchNextPage is "Load More". */
export function useProSearch(params: Omit<ProSearchParams, 'page'>) {
  return useInfiniteQuery({
    queryKey: prosKeys.list(params),
    queryFn: ({ signal, pageParam }) =>
      api.get<ProSearchResponse>(prosApiPaths.search, { signal, query: { ...params, page: pageParam } as Record<string, string | number | undefined> }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: noRetryOnClientError,
  });
}

export function useProStats() {
  return useQuery({
    queryKey: prosKeys.stats,
    queryFn: ({ signal }) => api.get<ProStats>(prosApiPaths.stats, { signal }),
    staleTime: 60_000,
  });
}

export type ReviewSort = 'newest' | 'oldest' | 'highest' | 'lowest';

/** Reviews with the breakdown; `rating` filters to one star count, `sort` orders them. */
export function useProReviews(id: string | undefined, options: { rating?: number; sort?: ReviewSort } = {}) {
  return useQuery({
    queryKey: ['pros', 'reviews', id, options.rating ?? null, options.sort ?? 'newest'],
    queryFn: ({ signal }) =>
      api.get<ProReviewsResponse>(prosApiPaths.reviews(id!), { signal, query: { limit: 50, rating: options.rating, sort: options.sort } }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The booking panel's slots on a date (09:00 ... 17:00), each free or not. */
export function useProAvailability(id: string | undefined, date: string, durationHours = 1) {
  return useQuery({
    queryKey: ['pros', 'availability', id, date, durationHours],
    queryFn: ({ signal }) => api.get<ProAvailabilityResponse>(prosApiPaths.availability(id!), { signal, query: { date, durationHours } }),
    enabled: Boolean(id) && /^\d{4}-\d{2}-\d{2}$/.test(date),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: noRetryOnClientError,
  });
}

export function useMyProSettings() {
  return useQuery({
    queryKey: prosKeys.settings,
    queryFn: ({ signal }) => api.get<ProSettings>(prosApiPaths.settings, { signal }),
    retry: noRetryOnClientError,
  });
}

/** Saves the whole profile; the lists and pages of professionals are read again afterwards. */
export function useSaveProSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProSettings) => api.put<ProSettings>(prosApiPaths.settings, body),
    onSuccess: async (saved) => {
      client.setQueryData(prosKeys.settings, saved);
      await client.invalidateQueries({ queryKey: prosKeys.all, predicate: (q) => q.queryKey[1] !== 'settings' });
    },
  });
}

/** Sets or clears (both null) the base location and service radius; the settings show the saved one. */
export function useSaveServiceArea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceArea) => api.put<ServiceArea>(prosApiPaths.serviceArea, body),
    onSuccess: (saved) => {
      client.setQueryData<ProSettings>(prosKeys.settings, (old) => (old ? { ...old, serviceArea: saved } : old));
    },
  });
}

export function useBoroughs(citySlug: string | undefined) {
  return useQuery({
    queryKey: ['catalog', 'boroughs', citySlug],
    queryFn: ({ signal }) => api.get<Borough[]>(catalogApiPaths.boroughs(citySlug!), { signal }),
    enabled: Boolean(citySlug),
    staleTime: 5 * 60_000,
  });
}
