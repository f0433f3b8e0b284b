import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema, CONTACT_SUCCESS_MESSAGE, errorResponseSchema } from '@khedma/shared';
import { publicRoute } from '../../http/openapi';
import { pageLanguage } from '../../http/pages';
import type { SessionResolver } from '../auth';
import type { ContactService } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService; sessions: Pick<SessionResolver, 'resolve'> }> = async (app, { contact, sessions }) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support (stored, then emailed to the support address)',
        security: publicRoute,
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const session = await sessions.resolve(req).catch(() => null);
      const id = await contact.submit(req.body, { ip: req.ip, userId: session?.id ?? null, locale: pageLanguage(new URLSearchParams(), req.headers.cookie) });
      return reply.code(201).send({ id, message: CONTACT_SUCCESS_MESSAGE });
    },
  );
};
