/**
 * Request and response schemas of the chat API (docs/chat.md): conversations per booking, their
 * messages (text, images, files), read receipts, and the browsers' push subscriptions.
 */
import { z } from 'zod';
import { CHAT_MESSAGES, CHAT_RULES, MESSAGE_TYPES } from '../domain/chat';
import { isPlainText } from '../domain/validation';
import { localizedTextSchema } from './catalog';

export const conversationIdParamsSchema = z.object({ id: z.guid() });
export const chatFileParamsSchema = z.object({ id: z.guid(), file: z.string().regex(/^[a-f0-9]{32}$/) });

/** POST /api/chat/conversations: open (or find) the conversation of a booking. */
export const openConversationRequestSchema = z.object({ bookingId: z.guid() }).meta({ id: 'OpenConversationRequest' });

/** POST /api/chat/conversations/:id/messages: a text message. */
export const sendMessageRequestSchema = z
  .object({
    content: z
      .string()
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .min(1, CHAT_MESSAGES.empty)
          .max(CHAT_RULES.maxTextLength, CHAT_MESSAGES.tooLong)
          .refine(isPlainText, 'Please remove the control characters.'),
      ),
  })
  .meta({ id: 'SendMessageRequest' });

/** GET /api/chat/conversations/:id/messages: newest page, or what came after a message (a reconnect's catch-up). */
export const messagesQuerySchema = z.object({
  /** Only messages after this one (the last the client has). */
  after: z.guid().optional(),
});

export const chatPartySchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.enum(['customer', 'professional']),
  })
  .meta({ id: 'ChatParty' });

export const chatMessageSchema = z
  .object({
    id: z.guid(),
    conversationId: z.guid(),
    senderId: z.string(),
    senderName: z.string(),
    type: z.enum(MESSAGE_TYPES),
    /** The text; for a file or image the "filename|url" content as stored. */
    content: z.string(),
    /** For images and files: the name shown and the URL that serves it to the two parties (and admins). */
    file: z.object({ name: z.string(), url: z.string(), contentType: z.string().nullable() }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Set once the other party read it (a read receipt). */
    readAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z
  .object({
    id: z.guid(),
    bookingId: z.guid(),
    /** First 8 characters of the booking id, upper case. */
    bookingReference: z.string(),
    /** The stored title: the server writes it in English; clients show `bookingService` in the reader's language when there is one. */
    bookingTitle: z.string(),
    /** A catalogue booking's service name in the three languages (null for an hourly booking). */
    bookingService: localizedTextSchema.nullable(),
    /** The booking's length: an hourly booking is called "2h with Youssef" in the reader's language. */
    bookingDurationMinutes: z.number().int().positive(),
    customer: chatPartySchema,
    professional: chatPartySchema,
    /** The signed-in user's side: customer, professional, or admin (reading). */
    viewerRole: z.enum(['customer', 'professional', 'admin']),
    lastMessage: z
      .object({ type: z.enum(MESSAGE_TYPES), preview: z.string(), senderId: z.string(), createdAt: z.iso.datetime({ offset: true }) })
      .nullable(),
    /** Messages of the other party not yet read by the signed-in user (0 for admins). */
    unreadCount: z.number().int().min(0),
    /** Whether the other party has a live connection (admins: the professional). */
    otherOnline: z.boolean(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z
  .object({ conversations: z.array(conversationSchema), unreadTotal: z.number().int().min(0) })
  .meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const openConversationResponseSchema = z
  .object({ conversation: conversationSchema, created: z.boolean() })
  .meta({ id: 'OpenConversationResponse' });

export const messageListSchema = z
  .object({ messages: z.array(chatMessageSchema), hasMore: z.boolean() })
  .meta({ id: 'MessageList' });
export type MessageList = z.infer<typeof messageListSchema>;

export const markReadResponseSchema = z.object({ read: z.number().int().min(0), readAt: z.iso.datetime({ offset: true }).nullable() });

// ---------------------------------------------------------------------------------------------
// Web push subscriptions (/api/push/*)
// ---------------------------------------------------------------------------------------------

export const pushConfigSchema = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() }).meta({ id: 'PushConfig' });

/**
 * The browsers' push services (Chrome and Edge through FCM, Firefox, Windows, Safari). The server
 * POSTs to a subscription's endpoint, so any other address is refused: a subscription must not turn
 * the server into a client of hosts of the subscriber's choosing (an internal address, say).
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '.notify.windows.com', 'web.push.apple.com'] as const;

export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h));
}

/** A browser's PushSubscription.toJSON(), as PushManager.subscribe gives it. */
export const pushSubscriptionRequestSchema = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(1000).refine(isPushServiceEndpoint, 'Not a browser push service.'),
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/),
      auth: z.string().regex(/^[A-Za-z0-9_-]{8,64}={0,2}$/),
    }),
  })
  .meta({ id: 'PushSubscriptionRequest' });
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.url().max(1000) });
