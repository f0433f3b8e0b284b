/** Job requests and quotes (docs/job-quotes.md): the customer's requests, a professional's list, quoting and accepting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptJobQuoteResponse, CreateJobRequest, JobRequestDto, SubmitJobQuote } from '@khedma/shared/schemas/job-quotes';
import { api } from '../../lib/api';

export const jobQuotesApiPaths = {
  requests: '/api/job-requests',
  proRequests: '/api/pro/job-requests',
  request: (id: string) => `/api/job-requests/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/api/job-requests/${encodeURIComponent(id)}/cancel`,
  photos: (id: string) => `/api/job-requests/${encodeURIComponent(id)}/photos`,
  quotes: (id: string) => `/api/job-requests/${encodeURIComponent(id)}/quotes`,
  withdraw: (id: string, quoteId: string) => `/api/job-requests/${encodeURIComponent(id)}/quotes/${encodeURIComponent(quoteId)}/withdraw`,
  accept: (id: string, quoteId: string) => `/api/job-requests/${encodeURIComponent(id)}/quotes/${encodeURIComponent(quoteId)}/accept`,
} as const;

export const jobRequestKeys = {
  all: ['job-requests'] as const,
  mine: () => [...jobRequestKeys.all, 'mine'] as const,
  pro: () => [...jobRequestKeys.all, 'pro'] as const,
  one: (id: string) => [...jobRequestKeys.all, 'one', id] as const,
};

export function useMyJobRequests() {
  return useQuery({ queryKey: jobRequestKeys.mine(), queryFn: ({ signal }) => api.get<JobRequestDto[]>(jobQuotesApiPaths.requests, { signal }) });
}

export function useProJobRequests() {
  return useQuery({ queryKey: jobRequestKeys.pro(), queryFn: ({ signal }) => api.get<JobRequestDto[]>(jobQuotesApiPaths.proRequests, { signal }) });
}

export function useJobRequest(id: string | undefined) {
  return useQuery({
    queryKey: jobRequestKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get<JobRequestDto>(jobQuotesApiPaths.request(id!), { signal }),
    enabled: Boolean(id),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}

/** A request, then its photos one by one (each checked by the server); answers the request as it ends. */
export function useCreateJobRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photos }: { body: CreateJobRequest; photos: File[] }) => {
      let request = await api.post<JobRequestDto>(jobQuotesApiPaths.requests, body);
      const refused: string[] = [];
      for (const photo of photos) {
        const form = new FormData();
        form.append('file', photo, photo.name);
        try {
          request = await api.post<JobRequestDto>(jobQuotesApiPaths.photos(request.id), form);
        } catch {
          refused.push(photo.name);
        }
      }
      return { request, refused };
    },
    onSuccess: ({ request }) => {
      queryClient.setQueryData(jobRequestKeys.one(request.id), request);
      void queryClient.invalidateQueries({ queryKey: jobRequestKeys.mine() });
    },
  });
}

function useRequestMutation<V>(fn: (v: V) => Promise<JobRequestDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (request) => {
      queryClient.setQueryData(jobRequestKeys.one(request.id), request);
      void queryClient.invalidateQueries({ queryKey: jobRequestKeys.all });
    },
  });
}

export const useCancelJobRequest = (id: string) => useRequestMutation(() => api.post<JobRequestDto>(jobQuotesApiPaths.cancel(id)));
export const useSubmitQuote = (id: string) => useRequestMutation((body: SubmitJobQuote) => api.post<JobRequestDto>(jobQuotesApiPaths.quotes(id), body));
export const useWithdrawQuote = (id: string) => useRequestMutation((quoteId: string) => api.post<JobRequestDto>(jobQuotesApiPaths.withdraw(id, quoteId)));

export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => api.post<AcceptJobQuoteResponse>(jobQuotesApiPaths.accept(id, quoteId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobRequestKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
