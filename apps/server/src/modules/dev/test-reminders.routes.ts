/**
 * POST /api/dev/test-bookings/:id/reminders-due (browser journeys only, TEST_PEOPLE outside production):
 * runs now the pending reminder jobs of one booking (docs/notifications.md#reminders), each as it would
 * run at its own time, so a journey sees the WhatsApp reminder without waiting for the evening before.
 * Other jobs of the shared journey server are left alone.
 */
import { errorResponseSchema } from '@khedma/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { publicRoute } from '../../http/openapi';
import { rowsOf } from '../../platform/jobs';

export const testRemindersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/dev/test-bookings/:id/reminders-due',
    {
      schema: {
        tags: ['development'],
        summary: "Browser journeys only: run a booking's pending reminders now (never in production)",
        security: publicRoute,
        params: z.object({ id: z.guid() }),
        response: { 200: z.object({ ran: z.number().int() }), 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const jobs = rowsOf<{ id: string; run_at: Date | string }>(
        await ctx.database.db.execute(sql`
          select id, run_at from scheduled_jobs
           where kind = 'booking.reminder' and status = 'pending' and payload->>'bookingId' = ${req.params.id}
           order by run_at, id`),
      );
      let ran = 0;
      for (const job of jobs) if ((await ctx.jobs.runJob(String(job.id), new Date(job.run_at))) !== 'skipped') ran++;
      reply.header('cache-control', 'no-store');
      return { ran };
    },
  );
};
