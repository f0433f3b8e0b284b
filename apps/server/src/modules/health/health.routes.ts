import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema } from '@khedma/shared';
import { publicRoute } from '../../http/openapi';
import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';
import { migrationsApplied } from './migrations-state';

/**
 * Three probes (docs/deployment.md says which to use where):
 * - GET /api/health (PRODUCT.md's contract): the database answers and this instance hears NOTIFY;
 * - GET /livez, the liveness probe: the process and its event loop work. A database outage is not a
 *   reason to restart an instance (it answers 503 to what needs the database and recovers on its own),
 *   so nothing outside the process is checked;
 * - GET /readyz, the readiness probe: whether this instance should get traffic now: the database
 *   answers, the LISTEN connection is up, every migration is applied, and it is not shutting down.
 */
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

  app.get(
    '/livez',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness probe: the process works (the database is not checked)',
        security: publicRoute,
        response: { 200: healthResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness probe: database, LISTEN, migrations, not shutting down',
        description: '503 UNAVAILABLE, with the reason, while this instance should not get traffic.',
        security: publicRoute,
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.draining.active) throw new AppError('UNAVAILABLE', 'Not ready: this instance is shutting down.');
      if (!(await ctx.database.ping())) throw new AppError('UNAVAILABLE', 'Not ready: the database is not answering.');
      if (!ctx.database.listenerHealth().listening) throw new AppError('UNAVAILABLE', 'Not ready: the database connection that carries live updates is down.');
      if (!(await migrationsApplied(ctx.database))) throw new AppError('UNAVAILABLE', 'Not ready: database migrations are not all applied.');
      return { status: 'ok' as const };
    },
  );
};
