/** The admins' side of guarantee claims (docs/claims.md): the reports waiting for a decision, and the decision. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClaimsResponse, Claim, DecideClaimRequest } from '@khedma/shared/schemas/claims';
import { claimKeys } from '../../entities/claim/api';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';

export function useAdminClaims() {
  return useQuery({ queryKey: claimKeys.admin(), queryFn: () => api.get<AdminClaimsResponse>('/api/admin/claims') });
}

export function useDecideClaim(bookingId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (body: DecideClaimRequest) =>
        api.post<Claim>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/claim/${body.decision === 'partial_refund' || body.decision === 'full_refund' ? 'refund' : 'decision'}`, body),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: claimKeys.all }),
    },
    () => `claim-decision:${bookingId}`,
  );
}
