/**
 * Development only (TEST_PEOPLE outside production, as POST /api/dev/test-people): moves one booking
 * so that it starts `minutes` from now, so that a browser journey reaches the time a professional may
 * announce a delay (from 1 h before the start) without waiting for tomorrow. Only that booking moves.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@khedma/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { publicRoute } from '../../http/openapi';

export const devLatenessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/dev/test-bookings/:id/starts-in',
    {
      schema: {
        tags: ['development'],
        summary: 'Browser journeys only: the booking starts this many minutes from now (never in production)',
        security: publicRoute,
        params: z.object({ id: z.guid() }),
        body: z.object({ minutes: z.number().int().min(-600).max(600) }),
        response: { 200: z.object({ scheduledStart: z.string() }), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const start = sql`date_trunc('minute', now()) + make_interval(mins => ${req.body.minutes})`;
      const [row] = await db
        .update(bookings)
        .set({ scheduledStart: start, scheduledEnd: sql`${start} + make_interval(mins => ${bookings.durationMinutes})` })
        .where(eq(bookings.id, req.params.id))
        .returning({ start: bookings.scheduledStart });
      if (!row) throw notFound('Booking not found');
      reply.header('cache-control', 'no-store');
      return { scheduledStart: row.start.toISOString() };
    },
  );
};
