/**
 * The admin's professionals (issue 41): the list with lateness and no-show counts, one professional's
 * record, suspend and reinstate. The server checks every call (super_admin for the two actions).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfessional, AdminProfessionalsResponse, SuspensionResponse } from '@khedma/shared/schemas/lateness';
import { api } from '../../lib/api';
import { withQuery } from '../../config/paths';
import { useSingleFlightMutation } from '../../lib/single-flight';

export const latenessKeys = {
  all: ['admin', 'professionals'] as const,
  list: (q: string) => ['admin', 'professionals', 'list', q] as const,
  one: (id: string) => ['admin', 'professionals', 'one', id] as const,
};

/** API paths of the lateness module's admin side: professionals, suspension and reinstatement. */
export const latenessApiPaths = {
  professionals: '/api/admin/professionals',
  professional: (id: string) => `/api/admin/professionals/${encodeURIComponent(id)}`,
  suspend: (id: string) => `/api/admin/professionals/${encodeURIComponent(id)}/suspend`,
  reinstate: (id: string) => `/api/admin/professionals/${encodeURIComponent(id)}/reinstate`,
} as const;

export function useAdminProfessionals(q: string) {
  return useQuery({
    queryKey: latenessKeys.list(q),
    queryFn: () => api.get<AdminProfessionalsResponse>(withQuery(latenessApiPaths.professionals, { q })),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProfessional(id: string) {
  return useQuery({ queryKey: latenessKeys.one(id), queryFn: () => api.get<AdminProfessional>(latenessApiPaths.professional(id)) });
}

function useSuspensionMutation<V extends { id: string }>(call: (v: V) => Promise<SuspensionResponse>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: call,
      onSuccess: (res: SuspensionResponse) => queryClient.setQueryData(latenessKeys.one(res.professional.professionalId), res.professional),
      onSettled: () => queryClient.invalidateQueries({ queryKey: latenessKeys.all }),
    },
    (v) => `suspension:${v.id}`,
  );
}

export function useSuspend() {
  return useSuspensionMutation(({ id, reason }: { id: string; reason: string }) => api.post<SuspensionResponse>(latenessApiPaths.suspend(id), { reason }));
}

export function useReinstate() {
  return useSuspensionMutation(({ id }: { id: string }) => api.post<SuspensionResponse>(latenessApiPaths.reinstate(id)));
}
