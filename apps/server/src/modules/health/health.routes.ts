import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema } from '@khedma/shared';
import { publicRoute } from '../../http/openapi';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        security: publicRoute,
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await ctx.database.ping())) throw new AppError('UNAVAILABLE', 'The database is not answering.');
      return { status: 'ok' as const };
    },
  );
};
