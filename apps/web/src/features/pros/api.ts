/** Public reads of a professional (GET /api/pros/:id, /reviews, /availability) as TanStack Query hooks. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProAvailabilityResponse, ProProfile, ProReviewsResponse } from '@khedma/shared/schemas/pros';
import { api, ApiError } from '../../lib/api';

const base = (id: string) => `/api/pros/${encodeURIComponent(id)}`;

export function useProProfile(id: string | undefined) {
  return useQuery({
    queryKey: ['pros', 'profile', id],
    queryFn: ({ signal }) => api.get<ProProfile>(base(id!), { signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.isClientError),
  });
}

export function useProReviews(id: string | undefined) {
  return useQuery({
    queryKey: ['pros', 'reviews', id],
    queryFn: ({ signal }) => api.get<ProReviewsResponse>(`${base(id!)}/reviews`, { signal, query: { limit: 10 } }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** The booking panel's slots on a date (09:00 ... 17:00), each free or not. */
export function useProAvailability(id: string | undefined, date: string, durationHours = 1) {
  return useQuery({
    queryKey: ['pros', 'availability', id, date, durationHours],
    queryFn: ({ signal }) => api.get<ProAvailabilityResponse>(`${base(id!)}/availability`, { signal, query: { date, durationHours } }),
    enabled: Boolean(id) && /^\d{4}-\d{2}-\d{2}$/.test(date),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.isClientError),
  });
}
