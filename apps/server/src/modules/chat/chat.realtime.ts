/**
 * Chat on the realtime channel (docs/chat.md): who may join `conversation:<id>` and
 * `presence:<userId>` rooms, and the typing events. Typing is forwarded only from a connection that
 * joined the conversation's room (so only a party or an admin can type there: admins are refused, as
 * they only read), at most once per 250 ms per connection and conversation; the rest is dropped, on
 * top of the hub's own limit of frames per connection, so a flood costs the flooder alone.
 */
import { CHAT_RULES, conversationRoom, type SessionUser } from '@khedma/shared';
import type { RealtimeHub, RealtimeSocket } from '../../platform/realtime';
import type { ChatRepository } from './chat.repository';
import { roleIn } from './conversations.service';

export function registerChatRealtime(hub: RealtimeHub, repo: ChatRepository): void {
  hub.registerRoomKind('conversation', async (user: SessionUser, id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const parties = await repo.parties(id);
    return !!parties && roleIn(user, { customer_id: parties.customerId, pro_user_id: parties.proUserId }) !== null;
  });
  // Whether someone is online: themselves, the other party of a shared conversation.
  hub.registerRoomKind('presence', async (user: SessionUser, id: string) => user.id === id || (await repo.shareConversation(user.id, id)));

  // Per connection and conversation: when it last typed, and whether it is a party (read once).
  const typing = new WeakMap<RealtimeSocket, Map<string, { at: number; party: boolean }>>();
  hub.onClientEvent('chat.typing', async (conn, { conversationId }) => {
    const room = conversationRoom(conversationId);
    if (!hub.roomsOf(conn.socket).has(room)) {
      conn.send('error', { code: 'FORBIDDEN', message: 'Join the conversation first.', event: 'chat.typing' });
      return;
    }
    let mine = typing.get(conn.socket);
    if (!mine) typing.set(conn.socket, (mine = new Map()));
    let state = mine.get(conversationId);
    if (!state) {
      const parties = await repo.parties(conversationId);
      // Admins read; they do not type in other people's conversations.
      state = { at: 0, party: !!parties && (conn.user.id === parties.customerId || conn.user.id === parties.proUserId) };
      mine.set(conversationId, state);
    }
    const now = Date.now();
    if (!state.party || now - state.at < CHAT_RULES.typingServerMinGapMs) return;
    state.at = now;
    await hub.toRooms([room], 'chat.typing', { conversationId, userId: conn.user.id });
  });
}
