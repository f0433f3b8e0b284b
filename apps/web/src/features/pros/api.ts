/** Public reads of a professional's page (GET /api/pros/:id/reviews, /availability); the profile itself is the professional entity's useProfessional. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProAvailabilityResponse, ProReviewsResponse } from '@khedma/shared/schemas/pros';
import { api } from '../../lib/api';
import { professionalApiPaths, professionalKeys, retryUnlessClientError } from '../../entities/professional/api';

const base = professionalApiPaths.profile;

export function useProReviews(id: string | undefined) {
  return useQuery({
    queryKey: [...professionalKeys.all, 'reviews', id],
    queryFn: ({ signal }) => api.get<ProReviewsResponse>(`${base(id!)}/reviews`, { signal, query: { limit: 10 } }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** The booking panel's slots on a date (09:00 ... 17:00), each free or not. */
export function useProAvailability(id: string | undefined, date: string, durationHours = 1) {
  return useQuery({
    queryKey: [...professionalKeys.all, 'availability', id, date, durationHours],
    queryFn: ({ signal }) => api.get<ProAvailabilityResponse>(`${base(id!)}/availability`, { signal, query: { date, durationHours } }),
    enabled: Boolean(id) && /^\d{4}-\d{2}-\d{2}$/.test(date),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: retryUnlessClientError,
  });
}
