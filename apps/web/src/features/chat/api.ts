/** The chat page's own reads and writes (the list and opening a conversation are in entities/conversation). */
import { CHAT_RULES, type ChatMessage, type Conversation, type MessageList } from '@khedma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApiPaths, conversationKeys, type ConversationList } from '../../entities/conversation/api';
import { api } from '../../lib/api';

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Conversation>(chatApiPaths.conversation(id!), { signal }),
    enabled: !!id,
  });
}

/** The conversation of a booking (?booking= links, e.g. from an admin's booking list). */
export function useConversationOfBooking(bookingId: string | null) {
  return useQuery({
    queryKey: [...conversationKeys.all, 'booking', bookingId ?? ''] as const,
    queryFn: ({ signal }) => api.get<Conversation>(chatApiPaths.ofBooking(bookingId!), { signal }),
    enabled: !!bookingId,
    retry: false,
  });
}

/** The latest page of a conversation's messages (re-fetched on each of its events and on reconnecting). */
export function useMessages(id: string | null) {
  return useQuery({
    queryKey: conversationKeys.messages(id ?? ''),
    queryFn: ({ signal }) => api.get<MessageList>(chatApiPaths.messages(id!), { signal }),
    enabled: !!id,
  });
}

/** Puts a sent message in the cached page at once (the event that follows re-fetches the page). */
function appendMessage(queryClient: ReturnType<typeof useQueryClient>, message: ChatMessage) {
  queryClient.setQueryData<MessageList>(conversationKeys.messages(message.conversationId), (page) =>
    page && !page.messages.some((m) => m.id === message.id) ? { ...page, messages: [...page.messages, message] } : page,
  );
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<ChatMessage>(chatApiPaths.messages(id), { content }),
    onSuccess: (message) => appendMessage(queryClient, message),
  });
}

export function useSendFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<ChatMessage>(chatApiPaths.files(id), form);
    },
    onSuccess: (message) => appendMessage(queryClient, message),
  });
}

/** Marks the other party's messages read; the list's unread count drops at once. */
export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ read: number; readAt: string | null }>(chatApiPaths.read(id)),
    onSuccess: ({ read }) => {
      if (read === 0) return;
      queryClient.setQueryData<ConversationList>(conversationKeys.list(), (list) =>
        list
          ? {
              unreadTotal: Math.max(0, list.unreadTotal - (list.conversations.find((c) => c.id === id)?.unreadCount ?? 0)),
              conversations: list.conversations.map((c) => (c.id === id ? { ...c, unreadCount: 0 } : c)),
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(id) });
    },
  });
}

export const maxFileBytes = CHAT_RULES.maxFileBytes;
