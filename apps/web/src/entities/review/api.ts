/**
 * Reviews as several features show them (the professional's page, the review page): the viewer's
 * votes and answerable reviews, "Was this helpful?" and the professional's reply.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewsViewerState } from '@khedma/shared/schemas/reviews';
import { api } from '../../lib/api';

/** API paths of the reviews module that several features use. */
export const reviewApiPaths = {
  myVotes: '/api/reviews/my-votes',
  helpful: (reviewId: string) => `/api/reviews/${reviewId}/helpful`,
  reply: (reviewId: string) => `/api/reviews/${reviewId}/reply`,
} as const;

export const reviewKeys = {
  all: ['reviews'] as const,
  viewer: (ids: readonly string[]) => ['reviews', 'viewer', [...ids].sort().join(',')] as const,
  context: (bookingId: string) => ['reviews', 'context', bookingId] as const,
};

/** Which of these reviews the signed-in person marked helpful, and which they may answer. */
export function useReviewsViewerState(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.viewer(ids),
    queryFn: ({ signal }) => api.get<ReviewsViewerState>(reviewApiPaths.myVotes, { signal, query: { ids: ids.join(',') } }),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
  });
}

/** Invalidates the professional's reviews lists (their query keys start with ['pros', 'reviews']) and the viewer state. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['pros', 'reviews'] });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  };
}

export function useHelpfulVote() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (reviewId: string) => api.post<{ helpfulCount: number; voted: true; message: string }>(reviewApiPaths.helpful(reviewId)),
    onSettled: refresh,
  });
}

export function useReplyToReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) => api.post<Review>(reviewApiPaths.reply(reviewId), { reply }),
    onSuccess: refresh,
  });
}
