import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';

/** One captured email or SMS (docs/README.md outbox contract). */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'push';
  to: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  created_at: string;
}

/** API paths of the development tools (never in production). */
export const devApiPaths = {
  outbox: '/api/dev/outbox',
} as const;

export const outboxQueryKey = ['dev', 'outbox'] as const;

/** GET /api/dev/outbox, newest first. The route does not exist in production: a 404 means "mailbox off". */
export function useOutbox() {
  return useQuery({
    queryKey: outboxQueryKey,
    queryFn: ({ signal }) => api.get<OutboxMessage[]>(devApiPaths.outbox, { signal }),
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof ApiError && error.isNotFound) && failureCount < 1,
  });
}
