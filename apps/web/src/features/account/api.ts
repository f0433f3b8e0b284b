/** One's own account (issue 41): whether it may be closed, closing it. The export is a plain download link. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloseAccountResponse, ClosureStatus } from '@khedma/shared/schemas/account-data';
import { api } from '../../lib/api';
import { sessionQueryKey } from '../../lib/session';

/** API paths of one's own account (the account module). */
export const accountApiPaths = {
  export: '/api/account/export',
  closure: '/api/account/closure',
  close: '/api/account/close',
} as const;

const closureKey = ['account', 'closure'] as const;

export function useClosureStatus() {
  return useQuery({ queryKey: closureKey, queryFn: ({ signal }) => api.get<ClosureStatus>(accountApiPaths.closure, { signal }) });
}

/** POST /api/account/close: the server ends every session; the cache forgets the user. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEmail: string) => api.post<CloseAccountResponse>(accountApiPaths.close, { confirmEmail }),
    onSuccess: async () => {
      await queryClient.cancelQueries();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: closureKey }),
  });
}
