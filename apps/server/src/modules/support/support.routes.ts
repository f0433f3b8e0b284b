/** HTTP of support tickets (docs/support.md): the person's /api/support/* and the team's /api/admin/support/*. */
import { CHAT_MESSAGES, CHAT_RULES, errorResponseSchema, type SessionUser } from '@khedma/shared';
import {
  createSupportTicketRequestSchema,
  supportAdminReplyRequestSchema,
  supportAdminTicketSchema,
  supportAdminUpdateRequestSchema,
  supportQueueQuerySchema,
  supportQueueSchema,
  supportReplyRequestSchema,
  supportTicketListSchema,
  supportTicketParamsSchema,
  supportTicketSchema,
} from '@khedma/shared/schemas/support';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import { oneFileUpload, refuseAnnouncedOversize, singleFileBuffer } from '../../http/single-file';
import { requirePermission } from '../auth';
import type { QueueService } from './queue.service';
import type { TicketsService } from './tickets.service';

export interface SupportRoutesOptions {
  tickets: TicketsService;
  queue: QueueService;
}

const tags = ['support'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.fileTooLarge, { file: CHAT_MESSAGES.fileTooLarge });
const ACCESS_DENIED = 'Access denied: the support queue is for the support team.';

export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { tickets, queue }) => {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const use = requirePermission('support:use');
  const manage = requirePermission('support:manage', ACCESS_DENIED);

  app.get(
    '/api/support/tickets',
    { preHandler: use, schema: { tags, summary: "The caller's support tickets, latest activity first", security: signedIn, response: { 200: supportTicketListSchema, ...errors } } },
    async (req) => tickets.list(user(req)),
  );

  app.post(
    '/api/support/tickets',
    {
      preHandler: use,
      schema: {
        tags,
        summary: 'Open a support ticket, on one of the caller’s bookings or not',
        description: '404 for a booking that is not the caller’s (as its customer or its professional); 429 past the tickets per hour or per day.',
        security: signedIn,
        body: createSupportTicketRequestSchema,
        response: { 201: supportTicketSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await tickets.create(user(req), req.body)),
  );

  app.get(
    '/api/support/tickets/:id',
    {
      preHandler: use,
      schema: { tags, summary: 'One of the caller’s tickets with its thread (never support’s internal notes)', security: signedIn, params: supportTicketParamsSchema, response: { 200: supportTicketSchema, ...errors } },
    },
    async (req) => tickets.get(user(req), req.params.id),
  );

  app.post(
    '/api/support/tickets/:id/messages',
    {
      preHandler: use,
      schema: {
        tags,
        summary: 'Reply on one of the caller’s tickets: it waits for support again (a resolved one reopens; a closed one answers 409)',
        security: signedIn,
        params: supportTicketParamsSchema,
        body: supportReplyRequestSchema,
        response: { 201: supportTicketSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await tickets.reply(user(req), req.params.id, req.body.message)),
  );

  app.post(
    '/api/support/tickets/:id/resolve',
    {
      preHandler: use,
      schema: { tags, summary: 'Mark one of the caller’s tickets resolved (it closes itself after a few days)', security: signedIn, params: supportTicketParamsSchema, response: { 200: supportTicketSchema, ...errors } },
    },
    async (req) => tickets.resolve(user(req), req.params.id),
  );

  // Files: the chat's rules (docs/chat.md), in a scope of their own with the multipart parser.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, oneFileUpload(CHAT_RULES.maxFileBytes, 2));
    scope.post(
      '/api/support/tickets/:id/files',
      {
        preHandler: use,
        preValidation: refuseAnnouncedOversize(CHAT_RULES.maxFileBytes, tooLarge),
        schema: {
          tags,
          summary: 'Attach an image or a file to one of the caller’s tickets (multipart/form-data, one file field; the chat’s types and 10 MB limit)',
          description: 'Stored privately; the thread serves it through short-lived signed URLs. 413, 415 as the chat.',
          security: signedIn,
          consumes: ['multipart/form-data'],
          params: supportTicketParamsSchema,
          response: { 201: supportTicketSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
        },
      },
      async (req, reply) => {
        await tickets.admitFile(user(req), req.params.id);
        const upload = await singleFileBuffer(req, tooLarge);
        if (!upload) throw new AppError('VALIDATION_FAILED', CHAT_MESSAGES.fileType, { file: CHAT_MESSAGES.fileType });
        return reply.code(201).send(await tickets.addFile(user(req), req.params.id, upload.buffer, upload.filename));
      },
    );
  });

  // The team's queue.
  app.get(
    '/api/admin/support/tickets',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'The support queue: tickets waiting for support first, the longest waiting first; filters by status and assignment',
        security: signedIn,
        querystring: supportQueueQuerySchema,
        response: { 200: supportQueueSchema, ...errors },
      },
    },
    async (req) => queue.queue(user(req), req.query),
  );

  app.get(
    '/api/admin/support/tickets/:id',
    {
      preHandler: manage,
      schema: { tags, summary: 'One ticket with its whole thread, internal notes included', security: signedIn, params: supportTicketParamsSchema, response: { 200: supportAdminTicketSchema, ...errors } },
    },
    async (req) => queue.get(req.params.id),
  );

  app.post(
    '/api/admin/support/tickets/:id/messages',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Answer the person (emailed and pushed to them; the ticket waits for them) or add an internal note (`internal: true`: never shown to them)',
        security: signedIn,
        params: supportTicketParamsSchema,
        body: supportAdminReplyRequestSchema,
        response: { 201: supportAdminTicketSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await queue.reply(user(req), req.params.id, req.body.message, req.body.internal)),
  );

  app.patch(
    '/api/admin/support/tickets/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Change the status, or assign the ticket to a support admin (oneself or another; null unassigns)',
        security: signedIn,
        params: supportTicketParamsSchema,
        body: supportAdminUpdateRequestSchema,
        response: { 200: supportAdminTicketSchema, ...errors },
      },
    },
    async (req) => queue.update(req.params.id, req.body),
  );
};
