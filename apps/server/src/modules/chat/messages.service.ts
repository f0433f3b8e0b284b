/**
 * Messages of a conversation (docs/chat.md): text and files, read receipts. A message is stored
 * (committed, with its push job) before it is announced on the realtime channel, so whoever hears
 * of it can fetch it; a client that was away fetches the latest page on reconnecting.
 */
import { CHAT_MESSAGES, CHAT_RULES, cleanFileName, conversationRoom, parseFileContent, type ChatMessage, type SessionUser } from '@khedma/shared';
import { randomUUID } from 'node:crypto';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { jobOf } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit';
import type { RealtimeHub } from '../../platform/realtime';
import { randomFileId, type Storage, type StoredStream } from '../../platform/storage';
import { CHAT_PUSH_JOB } from './chat.jobs';
import type { ChatRepository, MessageRow } from './chat.repository';
import { prepareChatFile } from './attachment';
import type { ConversationAccess, ConversationsService } from './conversations.service';

const iso = (v: Date | string) => new Date(v).toISOString();
export const chatFileKey = (conversationId: string, file: string) => `chat/${conversationId}/${file}`;
export const chatFileUrl = (conversationId: string, file: string) => `/api/chat/conversations/${conversationId}/files/${file}`;

export function toMessageDto(r: MessageRow, contentTypes: Map<string, string> = new Map()): ChatMessage {
  const file = r.message_type === 'text' ? null : parseFileContent(r.content);
  return {
    id: r.id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    senderName: r.sender_name,
    type: r.message_type,
    content: r.content,
    file: file ? { ...file, contentType: contentTypes.get(r.id) ?? null } : null,
    createdAt: iso(r.created_at),
    readAt: r.read_at ? iso(r.read_at) : null,
  };
}

export class MessagesService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly conversations: ConversationsService,
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly realtime: RealtimeHub,
    private readonly limiter: RateLimiter,
  ) {}

  /** Only the two parties write; an admin reads. */
  private async writer(user: SessionUser, conversationId: string) {
    const access = await this.conversations.access(user, conversationId);
    if (access.role === 'admin') throw forbidden('Admins read conversations; only the customer and the professional write in them.');
    return access;
  }

  async list(user: SessionUser, conversationId: string, after?: string) {
    await this.conversations.access(user, conversationId);
    const { rows, hasMore } = await this.repo.messages(conversationId, CHAT_RULES.pageSize, after);
    return { messages: rows.map((r) => toMessageDto(r)), hasMore };
  }

  async sendText(user: SessionUser, conversationId: string, content: string): Promise<ChatMessage> {
    const access = await this.writer(user, conversationId);
    await this.limiter.enforce(`chat:message:${user.id}`, CHAT_RULES.messagesPerMinute, 60, CHAT_MESSAGES.tooFast);
    return this.store(user, access, { type: 'text', content });
  }

  /**
   * Before an upload is read: may this user write here, and is the file within their allowance (counted
   * now, so that a flood is refused before its bytes are received and buffered)?
   */
  async admitFile(user: SessionUser, conversationId: string): Promise<void> {
    await this.writer(user, conversationId);
    await this.limiter.enforce(`chat:file:${user.id}`, CHAT_RULES.filesPerTenMinutes, 600, CHAT_MESSAGES.tooFast);
  }

  /** A file admitted by admitFile (the route calls it before reading the upload). */
  async sendFile(user: SessionUser, conversationId: string, upload: Buffer, rawName: string): Promise<ChatMessage> {
    const access = await this.writer(user, conversationId);
    const prepared = await prepareChatFile(upload, rawName);
    const name = cleanFileName(rawName, prepared.type === 'image' ? 'image' : 'file');
    const file = randomFileId();
    const key = chatFileKey(conversationId, file);
    await this.storage.put(key, prepared.body, { contentType: prepared.contentType, visibility: 'private' });
    try {
      return await this.store(user, access, { type: prepared.type, content: `${name}|${chatFileUrl(conversationId, file)}` });
    } catch (err) {
      await this.storage.delete(key).catch(() => {});
      throw err;
    }
  }

  private async store(user: SessionUser, access: ConversationAccess, m: { type: 'text' | 'image' | 'file'; content: string }): Promise<ChatMessage> {
    const conversationId = access.id;
    const id = randomUUID();
    const recipient = user.id === access.customerId ? access.proUserId : access.customerId;
    // The recipient's push (a durable job committed with the message), when they have a browser for
    // it and take push: decided by the insert statement (one round trip less per message).
    const job = jobOf(CHAT_PUSH_JOB, { messageId: id }, { runAt: this.clock.now() });
    // Announced by the statement that stores it: the NOTIFY leaves at commit, never before.
    const notify = this.realtime.roomsNotification([`user:${access.customerId}`, `user:${access.proUserId}`, conversationRoom(conversationId)], 'chat.message', {
      conversationId,
      messageId: id,
      senderId: user.id,
      createdAt: '',
    });
    const row = await this.repo.insertMessage({ id, conversationId, senderId: user.id, ...m }, { job, jobWhen: this.repo.pushWorthSql(recipient), notify });
    return toMessageDto(row);
  }

  /** Marks the other party's messages read (a party only; an admin reading changes nothing). */
  async markRead(user: SessionUser, conversationId: string) {
    const access = await this.writer(user, conversationId);
    const { count, readAt } = await this.repo.markRead(conversationId, user.id);
    if (count > 0 && readAt) {
      await this.realtime.toRooms([`user:${access.customerId}`, `user:${access.proUserId}`, conversationRoom(conversationId)], 'chat.read', {
        conversationId,
        readerId: user.id,
        readAt,
      });
    }
    return { read: count, readAt };
  }

  /** A file of the conversation, to its two parties and admins only. */
  async readFile(user: SessionUser, conversationId: string, file: string): Promise<StoredStream> {
    await this.conversations.access(user, conversationId);
    const stored = await this.storage.getStream(chatFileKey(conversationId, file));
    if (!stored) throw notFound('File not found');
    return stored;
  }
}

export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.fileTooLarge, { file: CHAT_MESSAGES.fileTooLarge });
