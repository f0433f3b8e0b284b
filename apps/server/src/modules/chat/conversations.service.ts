/**
 * Conversations (docs/chat.md): one per booking, between its customer and its professional. Only
 * those two write in it; admins (booking:read:any) read it. Anyone else is told it does not exist.
 */
import { bookingReference, can, CHAT_MESSAGES, type Conversation, type ConversationList, type SessionUser } from '@khedma/shared';
import { AppError, notFound } from '../../http/errors';
import type { RealtimeHub } from '../../platform/realtime';
import type { ChatRepository, ConversationRow } from './chat.repository';

export type ViewerRole = Conversation['viewerRole'];
export interface ConversationAccess {
  id: string;
  role: ViewerRole;
  customerId: string;
  proUserId: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** What the last message looks like in the list: its text, or a file's name. */
function preview(type: string, content: string): string {
  if (type === 'text') return content.length > 140 ? `${content.slice(0, 139)}…` : content;
  const bar = content.lastIndexOf('|');
  return bar > 0 ? content.slice(0, bar) : content;
}

/** The user's side of a conversation, or null when they may not even read it. */
export function roleIn(user: SessionUser, c: { customer_id: string; pro_user_id: string }): ViewerRole | null {
  if (user.id === c.customer_id) return 'customer';
  if (user.id === c.pro_user_id) return 'professional';
  if (can(user, 'booking:read:any')) return 'admin';
  return null;
}

export class ConversationsService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly realtime: RealtimeHub,
  ) {}

  /** Opens the booking's conversation (or finds it): its customer or its professional, once the booking is paid. */
  async open(user: SessionUser, bookingId: string): Promise<{ conversation: Conversation; created: boolean }> {
    const booking = await this.repo.bookingParties(bookingId);
    // Someone else's booking is "not found", as everywhere in the bookings API.
    if (!booking || (user.id !== booking.customer_id && user.id !== booking.pro_user_id)) throw notFound('Booking not found');
    if (!booking.open) throw new AppError('CONFLICT', CHAT_MESSAGES.notYetOpen);
    const { id, created } = await this.repo.openForBooking(booking);
    if (created) {
      await this.realtime.toUsers([booking.customer_id, booking.pro_user_id], 'chat.conversation', { conversationId: id, bookingId });
    }
    return { conversation: await this.get(user, id), created };
  }

  async list(user: SessionUser): Promise<ConversationList> {
    const rows = await this.repo.conversationsOf(user.id);
    const others = rows.map((r) => (r.customer_id === user.id ? r.pro_user_id : r.customer_id));
    const online = await this.realtime.presence.onlineAmong(others);
    const conversations = rows.map((r) => this.toDto(r, roleIn(user, r)!, online));
    return { conversations, unreadTotal: conversations.reduce((n, c) => n + c.unreadCount, 0) };
  }

  async get(user: SessionUser, id: string): Promise<Conversation> {
    const row = await this.repo.conversation(id, user.id);
    const role = row && roleIn(user, row);
    if (!row || !role) throw notFound('Conversation not found');
    const other = role === 'professional' ? row.customer_id : row.pro_user_id;
    return this.toDto(row, role, await this.realtime.presence.onlineAmong([other]));
  }

  /** The conversation of a booking for its parties and admins (404 when none yet: the customer opens it). */
  async ofBooking(user: SessionUser, bookingId: string): Promise<Conversation> {
    const row = await this.repo.conversationOfBooking(bookingId, user.id);
    if (!row || !roleIn(user, row)) throw notFound('Conversation not found');
    return this.get(user, row.id);
  }

  /** The conversation's parties and the user's role, or 404 (not found, or not theirs to read). */
  async access(user: SessionUser, id: string): Promise<ConversationAccess> {
    const parties = await this.repo.parties(id);
    const role = parties && roleIn(user, { customer_id: parties.customerId, pro_user_id: parties.proUserId });
    if (!parties || !role) throw notFound('Conversation not found');
    return { id, role, ...parties };
  }

  private toDto(r: ConversationRow, role: ViewerRole, online: Set<string>): Conversation {
    const other = role === 'professional' ? r.customer_id : r.pro_user_id;
    return {
      id: r.id,
      bookingId: r.booking_id,
      bookingReference: bookingReference(r.booking_id),
      bookingTitle: r.booking_title,
      bookingDurationMinutes: Number(r.duration_minutes),
      bookingService: r.service_name === null ? null : { en: r.service_name, fr: r.service_name_fr ?? r.service_name, ar: r.service_name_ar ?? r.service_name },
      customer: { userId: r.customer_id, name: r.customer_name, avatarUrl: r.customer_avatar, role: 'customer' },
      professional: { userId: r.pro_user_id, name: r.pro_name, avatarUrl: r.pro_avatar, role: 'professional' },
      viewerRole: role,
      lastMessage:
        r.lm_type && r.lm_content !== null && r.lm_sender && r.lm_at
          ? { type: r.lm_type, preview: preview(r.lm_type, r.lm_content), senderId: r.lm_sender, createdAt: iso(r.lm_at) }
          : null,
      unreadCount: role === 'admin' ? 0 : Number(r.unread),
      otherOnline: online.has(other),
      updatedAt: iso(r.updated_at),
    };
  }
}
