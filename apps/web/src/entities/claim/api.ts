/**
 * Guarantee claims (docs/claims.md): the booking's claim context and the two sides' actions, shared by
 * the booking details (customer and professional) and the admin page (features/claims).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerClaimRequest, Claim, ClaimContext, OpenClaimRequest, ReplyClaimRequest } from '@khedma/shared/schemas/claims';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';

export type { Claim, ClaimContext } from '@khedma/shared/schemas/claims';

export const claimKeys = {
  all: ['claims'] as const,
  ofBooking: (bookingId: string) => [...claimKeys.all, 'booking', bookingId] as const,
  admin: () => [...claimKeys.all, 'admin'] as const,
};

/** API paths of a booking's claim (the claims module). */
export const claimApiPaths = {
  claim: (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/claim`,
  photos: (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/claim/photos`,
  answer: (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/claim/answer`,
  reply: (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/claim/reply`,
} as const;

export function useClaimContext(bookingId: string, enabled = true) {
  return useQuery({ queryKey: claimKeys.ofBooking(bookingId), queryFn: () => api.get<ClaimContext>(claimApiPaths.claim(bookingId)), enabled });
}

function useRefresh(bookingId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: claimKeys.ofBooking(bookingId) });
}

/** Reports the problem, then adds the photos one by one; `photoError` says if one could not be added. */
export function useOpenClaim(bookingId: string) {
  const refresh = useRefresh(bookingId);
  return useSingleFlightMutation(
    {
      mutationFn: async ({ request, photos }: { request: OpenClaimRequest; photos: File[] }) => {
        const claim = await api.post<Claim>(claimApiPaths.claim(bookingId), request);
        let photoError: unknown = null;
        for (const file of photos) {
          const form = new FormData();
          form.append('file', file, file.name);
          try {
            await api.post<Claim>(claimApiPaths.photos(bookingId), form);
          } catch (error) {
            photoError = error;
          }
        }
        return { claim, photoError };
      },
      onSettled: refresh,
    },
    () => `claim:${bookingId}`,
  );
}

export function useAnswerClaim(bookingId: string) {
  const refresh = useRefresh(bookingId);
  return useSingleFlightMutation({ mutationFn: (body: AnswerClaimRequest) => api.post<Claim>(claimApiPaths.answer(bookingId), body), onSettled: refresh }, () => `claim-answer:${bookingId}`);
}

export function useReplyClaim(bookingId: string) {
  const refresh = useRefresh(bookingId);
  return useSingleFlightMutation({ mutationFn: (body: ReplyClaimRequest) => api.post<Claim>(claimApiPaths.reply(bookingId), body), onSettled: refresh }, () => `claim-reply:${bookingId}`);
}
