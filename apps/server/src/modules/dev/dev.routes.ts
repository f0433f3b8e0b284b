import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxResponseSchema } from '@khedma/shared';
import { publicRoute } from '../../http/openapi';
import type { OutboxRepository } from './outbox.repository';

/** Development only (never registered in production): the captured emails and SMS, newest first. */
export const devRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepository }> = async (app, { outbox }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Emails and SMS captured outside production, newest first',
        security: publicRoute,
        response: { 200: outboxResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return outbox.list();
    },
  );
};
