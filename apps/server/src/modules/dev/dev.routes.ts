import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxResponseSchema } from '@khedma/shared';
import { publicRoute } from '../../http/openapi';
import type { OutboxRepository } from './outbox.repository';

/** Development only (never registered in production): the captured emails and SMS, newest first. */
/**
 * `settled`: waits for the emails this instance is sending after an answer (a booking's creation email,
 * JobRunner.runLeased), so a read right after a create sees its email as a reader of a mailbox would soon.
 */
export const devRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepository; settled: () => Promise<void> }> = async (app, { outbox, settled }) => {
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
      await settled();
      return outbox.list();
    },
  );
};
