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
        summary: 'Liveness, database and live-updates check',
        description: '503 UNAVAILABLE when the database does not answer, or when this instance cannot LISTEN (its live updates would be silent).',
        security: publicRoute,
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await ctx.database.ping())) throw new AppError('UNAVAILABLE', 'The database is not answering.');
      // An instance that cannot LISTEN answers requests but its WebSocket clients hear nothing: not healthy.
      if (!ctx.database.listenerHealth().listening) throw new AppError('UNAVAILABLE', 'Live updates are not available: the database connection that carries them is down.');
      return { status: 'ok' as const };
    },
  );
};
