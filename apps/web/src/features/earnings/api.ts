/** Earnings, payouts and receipts over HTTP. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@khedma/shared/domain/constants';
import type {
  AdminPayoutsResponse,
  CreatePayoutBatchResponse,
  EarningsSummary,
  Payout,
  PayoutBatchesResponse,
  PayoutRevealResponse,
  Invoice,
  PayoutStatementResult,
  Receipt,
  FailedRefundsResponse,
  ReconciliationResponse,
  RetryRefundResponse,
} from '@khedma/shared/schemas/earnings';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';

/** API paths of earnings, payouts, receipts and invoices (the payments and earnings modules). */
export const earningsApiPaths = {
  earnings: '/api/earnings',
  payouts: '/api/payouts',
  adminPayouts: '/api/admin/payouts',
  markPaid: (id: string) => `/api/admin/payouts/${id}/paid`,
  reveal: (id: string) => `/api/admin/payouts/${id}/reveal`,
  statement: '/api/admin/payouts/statement',
  batches: '/api/admin/payout-batches',
  batchFile: (id: string, kind: 'csv' | 'pdf', lang?: Locale) =>
    `/api/admin/payout-batches/${encodeURIComponent(id)}/${kind}${kind === 'pdf' && lang ? `?lang=${lang}` : ''}`,
  receipt: (bookingId: string) => `/api/receipts/${bookingId}`,
  receiptPdf: (bookingId: string, lang: string) => `/api/receipts/${encodeURIComponent(bookingId)}/pdf?lang=${lang}`,
  invoice: (bookingId: string) => `/api/invoices/${bookingId}`,
  invoicePdf: (bookingId: string, lang: Locale, documentId?: string) =>
    `/api/invoices/${encodeURIComponent(bookingId)}/pdf?lang=${lang}${documentId ? `&document=${encodeURIComponent(documentId)}` : ''}`,
  failedRefunds: '/api/admin/payments/refunds/failed',
  retryRefund: (id: string) => `/api/admin/payments/refunds/${id}/retry`,
  reconciliation: '/api/admin/payments/reconciliation',
} as const;

export const earningsKeys = {
  summary: ['earnings', 'summary'] as const,
  adminPayouts: (status?: string) => ['earnings', 'admin-payouts', status ?? 'all'] as const,
  batches: ['earnings', 'payout-batches'] as const,
  receipt: (bookingId: string, lang?: string) => ['earnings', 'receipt', bookingId, lang ?? 'own'] as const,
  failedRefunds: ['earnings', 'failed-refunds'] as const,
  reconciliation: ['earnings', 'reconciliation'] as const,
};

export function useEarnings() {
  return useQuery({ queryKey: earningsKeys.summary, queryFn: ({ signal }) => api.get<EarningsSummary>(earningsApiPaths.earnings, { signal }) });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ payout: Payout; message: string }>(earningsApiPaths.payouts),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: earningsKeys.summary }),
  });
}

export function useAdminPayouts(status?: 'pending' | 'sent' | 'paid') {
  return useQuery({
    queryKey: earningsKeys.adminPayouts(status),
    queryFn: ({ signal }) => api.get<AdminPayoutsResponse>(earningsApiPaths.adminPayouts, { signal, query: { status } }),
  });
}

export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Payout>(earningsApiPaths.markPaid(id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  });
}

export function usePayoutBatches() {
  return useQuery({ queryKey: earningsKeys.batches, queryFn: ({ signal }) => api.get<PayoutBatchesResponse>(earningsApiPaths.batches, { signal }) });
}

/** One bank transfer batch of the selected payouts (the server keeps out, with a reason, those that cannot go). */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutIds: string[]) => api.post<CreatePayoutBatchResponse>(earningsApiPaths.batches, { payoutIds }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  });
}

/** The bank statement's lines (the CSV file's text): matching lines mark sent payouts paid. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post<PayoutStatementResult>(earningsApiPaths.statement, { csv }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  });
}

export const batchFileHref = earningsApiPaths.batchFile;

/** The full account number of a payout's professional: a request of its own, checked and logged by the server. */
export const revealPayoutAccount = (id: string) => api.post<PayoutRevealResponse>(earningsApiPaths.reveal(id));

export function useReceipt(bookingId: string | undefined, lang?: Locale) {
  return useQuery({
    queryKey: earningsKeys.receipt(bookingId ?? '', lang),
    queryFn: ({ signal }) => api.get<Receipt>(earningsApiPaths.receipt(bookingId!), { signal, query: { lang } }),
    enabled: Boolean(bookingId),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}

/** The booking's invoice and credit notes (its customer, or finance access; anyone else: 404). */
export function useInvoice(bookingId: string | undefined) {
  return useQuery({
    queryKey: ['earnings', 'invoice', bookingId ?? ''],
    queryFn: ({ signal }) => api.get<Invoice>(earningsApiPaths.invoice(bookingId!), { signal }),
    enabled: Boolean(bookingId),
    retry: false,
  });
}

export const invoicePdfHref = earningsApiPaths.invoicePdf;


/** Refunds the provider refused, with its reason (finance, docs/payments.md). */
export function useFailedRefunds() {
  return useQuery({ queryKey: earningsKeys.failedRefunds, queryFn: ({ signal }) => api.get<FailedRefundsResponse>(earningsApiPaths.failedRefunds, { signal }) });
}

/** The daily reconciliation's differences between our payments and the provider's (finance). */
export function useReconciliation() {
  return useQuery({ queryKey: earningsKeys.reconciliation, queryFn: ({ signal }) => api.get<ReconciliationResponse>(earningsApiPaths.reconciliation, { signal }) });
}

/** Sends a refused refund to the provider again: once per refund however often Retry is pressed (lib/single-flight.ts). */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (id: string) => api.post<RetryRefundResponse>(earningsApiPaths.retryRefund(id)),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: earningsKeys.failedRefunds }),
    },
    (id) => `refund-retry:${id}`,
  );
}
