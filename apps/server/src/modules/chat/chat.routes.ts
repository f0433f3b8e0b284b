import {
  CHAT_MESSAGES,
  CHAT_RULES,
  chatFileParamsSchema,
  conversationIdParamsSchema,
  conversationListSchema,
  conversationSchema,
  errorResponseSchema,
  markReadResponseSchema,
  messageListSchema,
  messagesQuerySchema,
  openConversationRequestSchema,
  openConversationResponseSchema,
  chatMessageSchema,
  pushConfigSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
  sendMessageRequestSchema,
  type SessionUser,
} from '@khedma/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import type { PushSender } from '../../platform/push';
import { requireUser } from '../auth';
import type { ChatRepository } from './chat.repository';
import type { ConversationsService } from './conversations.service';
import { tooLarge, type MessagesService } from './messages.service';
import { refuseAnnouncedOversize, singleFileBuffer } from '../../http/single-file';

export interface ChatRoutesOptions {
  conversations: ConversationsService;
  messages: MessagesService;
  repo: ChatRepository;
  push: PushSender;
}

const tags = ['chat'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;

/** HTTP of chat: conversations, messages, files, read receipts (docs/chat.md). */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { conversations, messages }) => {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/chat/conversations',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's conversations (as customer or professional), latest activity first, with unread counts",
        security: signedIn,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (req) => conversations.list(user(req)),
  );

  app.post(
    '/api/chat/conversations',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Open the conversation of a booking (its customer or its professional, once paid); answers the existing one when there is one",
        description: '201 when created ("Conversation created! You can now message the professional."), 200 when it existed. 404 for a booking that is not yours, 409 before payment.',
        security: signedIn,
        body: openConversationRequestSchema,
        response: { 200: openConversationResponseSchema, 201: openConversationResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answer = await conversations.open(user(req), req.body.bookingId);
      return reply.code(answer.created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/api/chat/bookings/:id/conversation',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The conversation of a booking, for its two parties and admins (404 when none yet)',
        security: signedIn,
        params: conversationIdParamsSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (req) => conversations.ofBooking(user(req), req.params.id),
  );

  app.get(
    '/api/chat/conversations/:id',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'One conversation (its two parties and admins)', security: signedIn, params: conversationIdParamsSchema, response: { 200: conversationSchema, ...errors } },
    },
    async (req) => conversations.get(user(req), req.params.id),
  );

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Messages, oldest first: the latest page, or those after a given message (catching up after a reconnect)',
        security: signedIn,
        params: conversationIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messageListSchema, ...errors },
      },
    },
    async (req) => messages.list(user(req), req.params.id, req.query.after),
  );

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Send a text message (not empty, at most 2000 characters); the two parties only',
        security: signedIn,
        params: conversationIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 201: chatMessageSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await messages.sendText(user(req), req.params.id, req.body.content)),
  );

  app.post(
    '/api/chat/conversations/:id/files',
    {
      preHandler: requireUser,
      preValidation: refuseAnnouncedOversize(CHAT_RULES.maxFileBytes, tooLarge),
      schema: {
        tags,
        summary: 'Send an image or a file (multipart/form-data, one file field): images, PDF, DOC, DOCX, TXT checked by content, at most 10 MB',
        description: 'Stored privately; served to the two parties (and admins) only. 413 PAYLOAD_TOO_LARGE ("File too large: Please select a file smaller than 10MB"), 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED (files per account and 10 minutes, counted before the file is read, with Retry-After).',
        security: signedIn,
        consumes: ['multipart/form-data'],
        params: conversationIdParamsSchema,
        response: { 201: chatMessageSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (req, reply) => {
      // Who may write, and the files-per-10-minutes allowance, are checked before reading the upload.
      await messages.admitFile(user(req), req.params.id);
      const upload = await singleFileBuffer(req, tooLarge);
      if (!upload) throw new AppError('VALIDATION_FAILED', CHAT_MESSAGES.fileType, { file: CHAT_MESSAGES.fileType });
      return reply.code(201).send(await messages.sendFile(user(req), req.params.id, upload.buffer, upload.filename));
    },
  );

  app.get(
    '/api/chat/conversations/:id/files/:file',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A conversation's image or file, to its two parties and admins only (404 for anyone else)",
        security: signedIn,
        params: chatFileParamsSchema,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (req, reply) => {
      const stored = await messages.readFile(user(req), req.params.id, req.params.file);
      const image = stored.contentType.startsWith('image/');
      return reply
        .header('content-type', stored.contentType)
        .header('content-length', String(stored.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', image ? 'inline' : 'attachment')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(stored.stream);
    },
  );

  app.post(
    '/api/chat/conversations/:id/read',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Mark the other party's messages read (read receipts); the two parties only",
        security: signedIn,
        params: conversationIdParamsSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (req) => messages.markRead(user(req), req.params.id),
  );
};

/** Web push subscriptions of the signed-in user's browsers (/api/push/*). */
export const pushRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { repo, push }) => {
  const ptags = ['push'];
  app.get(
    '/api/push/config',
    {
      preHandler: requireUser,
      schema: { tags: ptags, summary: 'Whether web push is on and the VAPID public key to subscribe with', security: signedIn, response: { 200: pushConfigSchema, ...errors } },
    },
    async () => ({ enabled: push.enabled && !!push.publicKey, publicKey: push.publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      preHandler: requireUser,
      schema: {
        tags: ptags,
        summary: "Save this browser's push subscription (PushSubscription.toJSON()) for the signed-in user",
        security: signedIn,
        body: pushSubscriptionRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await repo.saveSubscription(user(req).id, { endpoint: req.body.endpoint, p256dh: req.body.keys.p256dh, auth: req.body.keys.auth });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      preHandler: requireUser,
      schema: {
        tags: ptags,
        summary: "Remove this browser's push subscription (the signed-in user's own only)",
        security: signedIn,
        body: pushUnsubscribeRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await repo.deleteSubscription(user(req).id, req.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
