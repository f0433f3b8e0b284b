/** The admins' side of guarantee claims (docs/claims.md): the reports waiting for a decision, and the decision. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClaimsResponse, Claim, DecideClaimRequest } from '@khedma/shared/schemas/claims';
import { claimKeys } from '../../entities/claim/api';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';

/** API paths of the claims module's admin side. */
export const claimsApiPaths = {
  adminClaims: '/api/admin/claims',
  decide: (bookingId: string, kind: 'refund' | 'decision') => `/api/admin/bookings/${encodeURIComponent(bookingId)}/claim/${kind}`,
} as const;

export function useAdminClaims() {
  return useQuery({ queryKey: claimKeys.admin(), queryFn: () => api.get<AdminClaimsResponse>(claimsApiPaths.adminClaims) });
}

export function useDecideClaim(bookingId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (body: DecideClaimRequest) =>
        api.post<Claim>(claimsApiPaths.decide(bookingId, body.decision === 'partial_refund' || body.decision === 'full_refund' ? 'refund' : 'decision'), body),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: claimKeys.all }),
    },
    () => `claim-decision:${bookingId}`,
  );
}
