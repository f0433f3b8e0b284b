/** HTTP of reviews: the review page's context, writing a review, helpful votes, the reply, the admins' flagged list. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@khedma/shared';
import {
  createReviewRequestSchema,
  flaggedProfessionalsResponseSchema,
  helpfulResponseSchema,
  myVotesQuerySchema,
  myVotesResponseSchema,
  replyRequestSchema,
  reviewBookingParamsSchema,
  reviewContextSchema,
  reviewIdParamsSchema,
  reviewSchema,
} from '@khedma/shared/schemas/reviews';
import { signedIn } from '../../http/openapi';
import { currentUser, requirePermission, requireUser } from '../auth';
import type { ReviewsService } from './reviews.service';

const tags = ['reviews'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/api/reviews/booking/:bookingId',
    {
      schema: {
        tags,
        summary: 'The review page of a booking: the booking, whether its customer may review it, the review once written',
        security: signedIn,
        params: reviewBookingParamsSchema,
        response: { 200: reviewContextSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => reviews.context(currentUser(req)!, req.params.bookingId),
  );

  app.post(
    '/api/reviews',
    {
      schema: {
        tags,
        summary: 'The customer of a completed booking reviews its professional (1-5 stars, title, comment), once',
        security: signedIn,
        body: createReviewRequestSchema,
        response: { 201: reviewSchema, ...errors },
      },
      preHandler: requirePermission('review:create'),
    },
    async (req, reply) => {
      const review = await reviews.create(currentUser(req)!, req.body as { bookingId: string; rating: number; title: string; comment: string | null });
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/api/reviews/my-votes',
    {
      schema: {
        tags,
        summary: 'Among the given reviews (ids, comma separated): those the signed-in user marked helpful, and those they may answer',
        security: signedIn,
        querystring: myVotesQuerySchema,
        response: { 200: myVotesResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
      preHandler: requireUser,
    },
    async (req) => reviews.myVotes(currentUser(req)!, req.query.ids),
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      schema: {
        tags,
        summary: '"Was this helpful?": one vote per user and review',
        security: signedIn,
        params: reviewIdParamsSchema,
        response: { 200: helpfulResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => reviews.helpful(currentUser(req)!, req.params.id),
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags,
        summary: "The reviewed professional's one public reply",
        security: signedIn,
        params: reviewIdParamsSchema,
        body: replyRequestSchema,
        response: { 200: reviewSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => reviews.reply(currentUser(req)!, req.params.id, req.body.reply),
  );

  app.get(
    '/api/admin/flagged-professionals',
    {
      schema: {
        tags: ['admin'],
        summary: 'Professionals averaging under 3 after at least 5 reviews (admins)',
        security: signedIn,
        response: { 200: flaggedProfessionalsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      preHandler: requirePermission('admin:access', 'Access denied. Admin privileges required.'),
    },
    async () => reviews.flagged(),
  );
};
