import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema, CONTACT_SUCCESS_MESSAGE, errorResponseSchema } from '@khedma/shared';
import type { AppContext } from '../../context';
import { publicRoute } from '../../http/openapi';
import { RateLimiter } from '../../platform/rate-limit';
import { ContactService } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const contact = new ContactService(ctx.database.db, ctx.mailer, new RateLimiter(ctx.database.db, ctx.config.rateLimitScale), ctx.config.supportEmail);
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
      const session = await app.sessions?.resolve(req).catch(() => null);
      const id = await contact.submit(req.body, { ip: req.ip, userId: session?.id ?? null });
      return reply.code(201).send({ id, message: CONTACT_SUCCESS_MESSAGE });
    },
  );
};
