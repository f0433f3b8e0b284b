/** Support tickets (docs/support.md): the person's tickets and the team's queue. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SupportStatus } from '@khedma/shared/domain/support';
import type { CreateSupportTicketRequest, SupportAdminTicket, SupportTicket, SupportTicketSummary, SupportQueueItem } from '@khedma/shared/schemas/support';
import { api } from '../../lib/api';

export const supportKeys = {
  all: ['support'] as const,
  mine: () => ['support', 'mine'] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  queue: (status: string, assigned: string) => ['support', 'queue', status, assigned] as const,
  adminTicket: (id: string) => ['support', 'admin', id] as const,
};

/** API paths of the support module: one's own tickets and the team's queue. */
export const supportApiPaths = {
  tickets: '/api/support/tickets',
  ticket: (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`,
  files: (id: string) => `/api/support/tickets/${encodeURIComponent(id)}/files`,
  messages: (id: string) => `/api/support/tickets/${encodeURIComponent(id)}/messages`,
  resolve: (id: string) => `/api/support/tickets/${encodeURIComponent(id)}/resolve`,
  queue: '/api/admin/support/tickets',
  adminTicket: (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`,
  adminMessages: (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}/messages`,
} as const;

export function useMyTickets() {
  return useQuery({ queryKey: supportKeys.mine(), queryFn: ({ signal }) => api.get<{ tickets: SupportTicketSummary[] }>(supportApiPaths.tickets, { signal }) });
}

export function useTicket(id: string | undefined) {
  return useQuery({
    queryKey: supportKeys.ticket(id ?? ''),
    queryFn: ({ signal }) => api.get<SupportTicket>(supportApiPaths.ticket(id!), { signal }),
    enabled: Boolean(id),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}

function storeTicket(queryClient: QueryClient, ticket: SupportTicket) {
  queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
  void queryClient.invalidateQueries({ queryKey: supportKeys.mine() });
}

const upload = (id: string, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<SupportTicket>(supportApiPaths.files(id), form);
};

/** Opens a ticket, then attaches its files one by one (each is a message of the thread). */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files }: { body: CreateSupportTicketRequest; files: readonly File[] }) => {
      let ticket = await api.post<SupportTicket>(supportApiPaths.tickets, body);
      const failed: string[] = [];
      for (const file of files) {
        try {
          ticket = await upload(ticket.id, file);
        } catch {
          failed.push(file.name);
        }
      }
      return { ticket, failed };
    },
    onSuccess: ({ ticket }) => storeTicket(queryClient, ticket),
  });
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<SupportTicket>(supportApiPaths.messages(id), { message }),
    onSuccess: (ticket) => storeTicket(queryClient, ticket),
  });
}

export function useUploadFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (file: File) => upload(id, file), onSuccess: (ticket) => storeTicket(queryClient, ticket) });
}

export function useResolve(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SupportTicket>(supportApiPaths.resolve(id)),
    onSuccess: (ticket) => storeTicket(queryClient, ticket),
  });
}

// The team's queue.

export type QueueStatusFilter = SupportStatus | 'active' | 'all';
export type QueueAssignedFilter = 'any' | 'me' | 'none';

export function useQueue(status: QueueStatusFilter, assigned: QueueAssignedFilter) {
  return useQuery({
    queryKey: supportKeys.queue(status, assigned),
    queryFn: ({ signal }) => api.get<{ tickets: SupportQueueItem[]; admins: Array<{ id: string; name: string }> }>(supportApiPaths.queue, { signal, query: { status, assigned } }),
  });
}

export function useAdminTicket(id: string | undefined) {
  return useQuery({
    queryKey: supportKeys.adminTicket(id ?? ''),
    queryFn: ({ signal }) => api.get<SupportAdminTicket>(supportApiPaths.adminTicket(id!), { signal }),
    enabled: Boolean(id),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}

function storeAdminTicket(queryClient: QueryClient, ticket: SupportAdminTicket) {
  queryClient.setQueryData(supportKeys.adminTicket(ticket.id), ticket);
  void queryClient.invalidateQueries({ queryKey: ['support', 'queue'] });
}

export function useAdminReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; internal: boolean }) => api.post<SupportAdminTicket>(supportApiPaths.adminMessages(id), body),
    onSuccess: (ticket) => storeAdminTicket(queryClient, ticket),
  });
}

export function useAdminUpdate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status?: SupportStatus; assigneeId?: string | null }) => api.patch<SupportAdminTicket>(supportApiPaths.adminTicket(id), body),
    onSuccess: (ticket) => storeAdminTicket(queryClient, ticket),
  });
}
