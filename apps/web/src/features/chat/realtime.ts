import { conversationKeys } from '../../entities/conversation/api';
import type { RealtimeSubscriptionContext } from '../../lib/feature-realtime';

/**
 * Chat events say what changed (docs/chat.md); the page re-fetches it. On every (re)connection
 * (`ready`) everything of chat is re-fetched, so a message sent while this tab was away is shown.
 * Typing and presence are listened to by the open conversation itself (components/chat-pane.tsx).
 */
export function subscribe({ client, queryClient }: RealtimeSubscriptionContext): () => void {
  const offs = [
    client.on('ready', () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all })),
    client.on('chat.conversation', () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list() })),
    client.on('chat.message', ({ conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    }),
    client.on('chat.read', ({ conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
    }),
  ];
  return () => offs.forEach((off) => off());
}
