/** HTTP of the public professional reads: profile, reviews, free slots. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@khedma/shared';
import {
  proAvailabilityQuerySchema,
  proAvailabilityResponseSchema,
  proIdParamsSchema,
  proProfileSchema,
  proReviewsQuerySchema,
  proReviewsResponseSchema,
} from '@khedma/shared/schemas/pros';
import type { AppContext } from '../../context';
import { publicRoute } from '../../http/openapi';
import { ProsRepository } from './pros.repository';
import { ProsService } from './pros.service';

const tags = ['professionals'];

export const prosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const pros = new ProsService(new ProsRepository(ctx.database.db), ctx.clock);

  app.get(
    '/api/pros/:id',
    {
      schema: {
        tags,
        summary: "A professional's public profile (first name, verified, city, hourly rate, services, real rating)",
        security: publicRoute,
        params: proIdParamsSchema,
        response: { 200: proProfileSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => pros.profile(req.params.id),
  );

  app.get(
    '/api/pros/:id/reviews',
    {
      schema: {
        tags,
        summary: "A professional's reviews with the rating breakdown (filter by rating, sort)",
        security: publicRoute,
        params: proIdParamsSchema,
        querystring: proReviewsQuerySchema,
        response: { 200: proReviewsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => pros.reviews(req.params.id, req.query),
  );

  app.get(
    '/api/pros/:id/availability',
    {
      schema: {
        tags,
        summary: "Free slots of the professional page on a date (2 h lead, weekly availability, existing bookings)",
        security: publicRoute,
        params: proIdParamsSchema,
        querystring: proAvailabilityQuerySchema,
        response: { 200: proAvailabilityResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => pros.availability(req.params.id, req.query),
  );
};
