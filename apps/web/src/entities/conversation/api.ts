/**
 * Conversations per booking (docs/chat.md): what the booking details (Message Professional), the
 * dashboard's messages tab and /chat share: one query key factory and the list, so each is fetched
 * once whichever asks.
 */
import type { Conversation, ConversationList } from '@khedma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ChatMessage, Conversation, ConversationList, MessageList } from '@khedma/shared';

/** Every chat query starts with `conversationKeys.all`, so one invalidation refreshes them all. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => [...conversationKeys.all, 'list'] as const,
  detail: (id: string) => [...conversationKeys.all, 'detail', id] as const,
  messages: (id: string) => [...conversationKeys.all, 'messages', id] as const,
};

export const chatApiPaths = {
  conversations: '/api/chat/conversations',
  conversation: (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`,
  messages: (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}/messages`,
  files: (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}/files`,
  read: (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}/read`,
  ofBooking: (bookingId: string) => `/api/chat/bookings/${encodeURIComponent(bookingId)}/conversation`,
} as const;

/** The signed-in user's conversations, latest activity first, with unread counts. */
export function useConversations(enabled = true) {
  return useQuery({
    queryKey: conversationKeys.list(),
    queryFn: ({ signal }) => api.get<ConversationList>(chatApiPaths.conversations, { signal }),
    enabled,
  });
}

/** Opens (or finds) the conversation of a booking; `created` says whether it is new. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => api.post<{ conversation: Conversation; created: boolean }>(chatApiPaths.conversations, { bookingId }),
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData(conversationKeys.detail(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    },
  });
}
