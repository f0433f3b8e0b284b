/** The review page's reads and writes, and the admins' list of low-rated professionals. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewRequest, FlaggedProfessionalsResponse, Review, ReviewContext } from '@khedma/shared/schemas/reviews';
import { api } from '../../lib/api';
import { reviewKeys } from '../../entities/review/api';

/** API paths of the reviews module this feature alone calls. */
export const reviewsApiPaths = {
  reviews: '/api/reviews',
  ofBooking: (bookingId: string) => `/api/reviews/booking/${bookingId}`,
  flaggedProfessionals: '/api/admin/flagged-professionals',
} as const;

export function useReviewContext(bookingId: string | undefined) {
  return useQuery({
    queryKey: reviewKeys.context(bookingId ?? ''),
    queryFn: ({ signal }) => api.get<ReviewContext>(reviewsApiPaths.ofBooking(bookingId!), { signal }),
    enabled: Boolean(bookingId),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => api.post<Review>(reviewsApiPaths.reviews, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      // The professional's page, cards and search read the new aggregate.
      void queryClient.invalidateQueries({ queryKey: ['pros'] });
    },
  });
}

export function useFlaggedProfessionals() {
  return useQuery({
    queryKey: ['reviews', 'flagged'],
    queryFn: ({ signal }) => api.get<FlaggedProfessionalsResponse>(reviewsApiPaths.flaggedProfessionals, { signal }),
  });
}
