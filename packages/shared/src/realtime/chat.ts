/**
 * Realtime events of chat (docs/chat.md). Rooms: `conversation:<id>` (typing; joined by the two
 * parties and admins, authorised by the chat module) and `presence:<userId>` (the other party of a
 * conversation). New messages and read receipts go to both parties' user rooms too, so a
 * conversation list updates without joining anything.
 *
 * Events carry ids, never message text: the client fetches what changed
 * (`GET /api/chat/conversations/:id/messages?after=<last id it has>`), which is also what it does on
 * `ready` after a reconnect, so a message sent while it was away is never lost.
 */
import { z } from 'zod';

export const conversationRoom = (conversationId: string) => `conversation:${conversationId}` as const;

export interface ChatServerEvents {
  /** A message was stored in a conversation of this user (sent only after it committed). */
  'chat.message': { conversationId: string; messageId: string; senderId: string; createdAt: string };
  /** `readerId` read the other party's messages of the conversation up to `readAt`. */
  'chat.read': { conversationId: string; readerId: string; readAt: string };
  /** `userId` is typing in the conversation (the indicator turns off 1 s after the last one). */
  'chat.typing': { conversationId: string; userId: string };
  /** A conversation of this user was opened (the other party's list gains it). */
  'chat.conversation': { conversationId: string; bookingId: string };
}

/** Client -> server events of chat. */
export const chatClientEvents = {
  /** The user is typing in a conversation whose room this connection joined. */
  'chat.typing': z.object({ conversationId: z.guid() }).strict(),
};
