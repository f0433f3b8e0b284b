/**
 * A professional as several features show them (the public profile page, the booking pages): one
 * query-key factory and one hook per read, so a profile fetched on /pro/{id} is the one /booking uses.
 */
import { useQuery } from '@tanstack/react-query';
import type { ProProfile } from '@khedma/shared/schemas/pros';
import { api, ApiError } from '../../lib/api';

/** Every professional query starts with `professionalKeys.all`. */
export const professionalKeys = {
  all: ['pros'] as const,
  profile: (id: string) => [...professionalKeys.all, 'profile', id] as const,
};

export const professionalApiPaths = {
  profile: (id: string) => `/api/pros/${encodeURIComponent(id)}`,
} as const;

/** A client error (404: "Professional not found", 400: not an id) is an answer, not worth a retry. */
export function retryUnlessClientError(count: number, error: unknown): boolean {
  return count < 1 && !(error instanceof ApiError && error.isClientError);
}

/** GET /api/pros/:id: a professional's public profile; waits while `id` is empty. */
export function useProfessional(id: string | null | undefined) {
  return useQuery({
    queryKey: professionalKeys.profile(id ?? ''),
    queryFn: ({ signal }) => api.get<ProProfile>(professionalApiPaths.profile(id!), { signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}
