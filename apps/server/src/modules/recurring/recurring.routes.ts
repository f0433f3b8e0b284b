/** HTTP of recurring bookings (docs/recurring.md): the series, its visits, and what the customer and the professional may do. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@khedma/shared';
import { idempotencyHeadersSchema } from '@khedma/shared/schemas/booking';
import {
  changeSeriesTimeRequestSchema,
  createSeriesRequestSchema,
  moveOccurrenceRequestSchema,
  occurrenceParamsSchema,
  rebookResponseSchema,
  seriesIdParamsSchema,
  seriesListResponseSchema,
  seriesSchema,
  visitSeq,
} from '@khedma/shared/schemas/recurring';
import { signedIn } from '../../http/openapi';
import { currentUser, requireUser } from '../auth';
import type { SeriesDto } from '@khedma/shared/schemas/recurring';
import type { SeriesService } from './series.service';

const tags = ['recurring'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export const recurringRoutes: FastifyPluginAsyncZod<{ series: SeriesService }> = async (app, { series }) => {
  app.post(
    '/api/recurring/series',
    {
      schema: {
        tags,
        summary: 'Repeat one of my bookings weekly, every 2 or every 4 weeks with the same professional (Idempotency-Key: a retry answers 200 with the same series)',
        security: signedIn,
        headers: idempotencyHeadersSchema,
        body: createSeriesRequestSchema,
        response: { 200: seriesSchema, 201: seriesSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const answer = await series.create(currentUser(req)!, req.body, req.headers['idempotency-key']);
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/recurring/series',
    {
      schema: { tags, summary: 'My recurring bookings: as the customer, or as their professional', security: signedIn, response: { 200: seriesListResponseSchema, 401: errorResponseSchema } },
      preHandler: requireUser,
    },
    async (req) => series.list(currentUser(req)!),
  );

  app.get(
    '/api/recurring/series/:id',
    {
      schema: { tags, summary: 'A recurring booking and its visits (its customer or its professional)', security: signedIn, params: seriesIdParamsSchema, response: { 200: seriesSchema, ...errors } },
      preHandler: requireUser,
    },
    async (req) => series.get(currentUser(req)!, req.params.id),
  );

  const action = (path: string, summary: string, run: (user: NonNullable<ReturnType<typeof currentUser>>, id: string) => Promise<SeriesDto>) =>
    app.post(
      `/api/recurring/series/:id/${path}`,
      { schema: { tags, summary, security: signedIn, params: seriesIdParamsSchema, response: { 200: seriesSchema, ...errors } }, preHandler: requireUser },
      async (req) => run(currentUser(req)!, req.params.id),
    );
  action('pause', 'The customer pauses the series: no new visits until resumed', (u, id) => series.pause(u, id));
  action('resume', 'The customer resumes a paused series', (u, id) => series.resume(u, id));
  action('cancel', 'The customer cancels the series: unpaid visits are cancelled, paid ones stay (each cancellable under the usual rules)', (u, id) => series.cancel(u, id));
  action('decline', 'The professional declines the series before its first visit starts', (u, id) => series.decline(u, id));

  app.patch(
    '/api/recurring/series/:id/time',
    {
      schema: {
        tags,
        summary: 'The customer changes the start time of every following visit not paid yet',
        security: signedIn,
        params: seriesIdParamsSchema,
        body: changeSeriesTimeRequestSchema,
        response: { 200: seriesSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => series.changeTime(currentUser(req)!, req.params.id, req.body.startTime),
  );

  app.post(
    '/api/recurring/series/:id/occurrences/:seq/skip',
    {
      schema: { tags, summary: 'The customer skips one visit (a booked one is cancelled under the usual rules)', security: signedIn, params: occurrenceParamsSchema, response: { 200: seriesSchema, ...errors } },
      preHandler: requireUser,
    },
    async (req) => series.skip(currentUser(req)!, req.params.id, visitSeq(req.params.seq)),
  );

  app.post(
    '/api/recurring/series/:id/occurrences/:seq/move',
    {
      schema: {
        tags,
        summary: 'The customer moves one visit not created yet to another date and time (created then, with the same professional)',
        security: signedIn,
        params: occurrenceParamsSchema,
        body: moveOccurrenceRequestSchema,
        response: { 200: seriesSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => series.move(currentUser(req)!, req.params.id, visitSeq(req.params.seq), req.body),
  );

  app.post(
    '/api/recurring/series/:id/occurrences/:seq/rebook',
    {
      schema: {
        tags,
        summary: 'Another professional for a visit the series professional cannot take: a one-off booking, paid as usual',
        security: signedIn,
        params: occurrenceParamsSchema,
        response: { 201: rebookResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req, reply) => reply.code(201).send(await series.rebook(currentUser(req)!, req.params.id, visitSeq(req.params.seq), req.ip)),
  );
};
