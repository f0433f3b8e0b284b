/**
 * The discounted price of a booking about to be made (docs/promos.md): the wizard's confirm step and the
 * /booking/{professionalId} page both show it. The server checks the code again when the booking is made.
 */
import { useQuery } from '@tanstack/react-query';
import type { DiscountQuoteRequest, DiscountQuoteResponse } from '@khedma/shared/schemas/promos';
import { api } from '../../lib/api';

/** API paths of the promos module the booking flow uses. */
export const promoApiPaths = {
  quote: '/api/promos/quote',
} as const;

export const promoKeys = {
  all: ['promos'] as const,
  quote: (request: DiscountQuoteRequest) => ['promos', 'quote', JSON.stringify(request)] as const,
  referral: ['promos', 'referral'] as const,
};

/** POST /api/promos/quote for this choice and code; off while `request` is null. */
export function useDiscountQuote(request: DiscountQuoteRequest | null) {
  return useQuery({
    queryKey: request ? promoKeys.quote(request) : ['promos', 'quote', 'off'],
    queryFn: ({ signal }) => api.post<DiscountQuoteResponse>(promoApiPaths.quote, request, { signal }),
    enabled: request !== null,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}
