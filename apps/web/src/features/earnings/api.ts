/** Earnings, payouts and receipts over HTTP. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@khedma/shared/domain/constants';
import type { AdminPayoutsResponse, EarningsSummary, Payout, PayoutRevealResponse, Receipt } from '@khedma/shared/schemas/earnings';
import { api } from '../../lib/api';

export const earningsKeys = {
  summary: ['earnings', 'summary'] as const,
  adminPayouts: (status?: string) => ['earnings', 'admin-payouts', status ?? 'all'] as const,
  receipt: (bookingId: string, lang?: string) => ['earnings', 'receipt', bookingId, lang ?? 'own'] as const,
};

export function useEarnings() {
  return useQuery({ queryKey: earningsKeys.summary, queryFn: ({ signal }) => api.get<EarningsSummary>('/api/earnings', { signal }) });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ payout: Payout; message: string }>('/api/payouts'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: earningsKeys.summary }),
  });
}

export function useAdminPayouts(status?: 'pending' | 'paid') {
  return useQuery({
    queryKey: earningsKeys.adminPayouts(status),
    queryFn: ({ signal }) => api.get<AdminPayoutsResponse>('/api/admin/payouts', { signal, query: { status } }),
  });
}

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Payout>(`/api/admin/payouts/${id}/paid`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  });
}

/** The full account number of a payout's professional: a request of its own, checked and logged by the server. */
export const revealPayoutAccount = (id: string) => api.post<PayoutRevealResponse>(`/api/admin/payouts/${id}/reveal`);

export function useReceipt(bookingId: string | undefined, lang?: Locale) {
  return useQuery({
    queryKey: earningsKeys.receipt(bookingId ?? '', lang),
    queryFn: ({ signal }) => api.get<Receipt>(`/api/receipts/${bookingId}`, { signal, query: { lang } }),
    enabled: Boolean(bookingId),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}
