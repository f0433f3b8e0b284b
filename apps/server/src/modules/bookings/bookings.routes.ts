/** HTTP of the booking API: parse with the shared schemas, call the service, answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentPreviewRequestSchema,
  assignmentPreviewResponseSchema,
  bookingIdParamsSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingResponseSchema,
  bookingStatsResponseSchema,
  cancelBookingRequestSchema,
  cancellationPreviewResponseSchema,
  createBookingRequestSchema,
  createHourlyBookingRequestSchema,
  errorResponseSchema,
  hourlyQuoteRequestSchema,
  idempotencyHeadersSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  payBookingRequestSchema,
  payBookingResponseSchema,
  rescheduleBookingRequestSchema,
  rescheduleOptionsResponseSchema,
} from '@khedma/shared';
import type { FastifyReply } from 'fastify';
import { publicRoute, signedIn } from '../../http/openapi';
import { currentUser, optionalUser, requireUser } from '../auth';
import type { BookingUseCases } from './use-cases';
import type { CreateAnswer } from './creation.service';

const tags = ['bookings'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const createErrors = { ...errors, 422: errorResponseSchema };

/**
 * The create routes answer uncompressed: a booking's JSON is 2-3 KB (about 1 KB gzipped), one TCP
 * window either way, and gzip was 4-5 % of the server's busy time under the booking bench (issue 40).
 * Larger answers (lists) keep the app's 1 KB threshold.
 */
const PLAIN = false as const;

function sendAnswer(reply: FastifyReply, answer: CreateAnswer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body as never);
}

export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingUseCases }> = async (app, { bookings }) => {
  const { quotes, assignment, creation, reads, lifecycle, rescheduleOptions } = bookings;
  app.post(
    '/api/bookings/quote',
    {
      schema: {
        tags,
        summary: 'Price of a wizard choice (service, city, borough, add-ons), computed on the server',
        security: publicRoute,
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => quotes.quote(req.body),
  );

  app.post(
    '/api/bookings/quote/hourly',
    {
      schema: {
        tags,
        summary: "Price of an hourly booking from a professional's page (hourly rate x hours + 15% fee)",
        security: publicRoute,
        body: hourlyQuoteRequestSchema,
        response: { 200: quoteResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => quotes.hourlyQuote(req.body),
  );

  app.post(
    '/api/bookings/assignment',
    {
      schema: {
        tags,
        summary: 'Wizard step 3: the professional who would take this service, city and time, or other times',
        security: publicRoute,
        body: assignmentPreviewRequestSchema,
        response: { 200: assignmentPreviewResponseSchema, 400: errorResponseSchema },
      },
      preHandler: optionalUser,
    },
    async (req) => assignment.previewAssignment(req.body, currentUser(req)?.id),
  );

  app.post(
    '/api/bookings',
    {
      compress: PLAIN,
      schema: {
        tags,
        summary: 'Create a wizard booking (pending, payment pending); Idempotency-Key makes retries safe; a keyless identical retry within 10 min answers 200 with the booking it made',
        security: signedIn,
        headers: idempotencyHeadersSchema,
        body: createBookingRequestSchema,
        response: { 200: bookingResponseSchema, 201: bookingResponseSchema, ...createErrors },
      },
      preHandler: requireUser,
    },
    async (req, reply) => sendAnswer(reply, await creation.create(req.user, req.body, req.headers['idempotency-key'], req.ip)),
  );

  app.post(
    '/api/bookings/hourly',
    {
      compress: PLAIN,
      schema: {
        tags,
        summary: "Create an hourly booking from a professional's page (/booking/{professionalId})",
        security: signedIn,
        headers: idempotencyHeadersSchema,
        body: createHourlyBookingRequestSchema,
        response: { 200: bookingResponseSchema, 201: bookingResponseSchema, ...createErrors },
      },
      preHandler: requireUser,
    },
    async (req, reply) => sendAnswer(reply, await creation.createHourly(req.user, req.body, req.headers['idempotency-key'], req.ip)),
  );

  app.get(
    '/api/bookings',
    {
      schema: {
        tags,
        summary: 'My bookings (customer, newest first) or the bookings assigned to me (professional; ?status=pending soonest first)',
        security: signedIn,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => reads.list(req.user, req.query),
  );

  app.get(
    '/api/bookings/stats',
    {
      schema: {
        tags,
        summary: 'Dashboard cards: total, this month, completed jobs (professional) or total spent (customer)',
        security: signedIn,
        querystring: z.object({ role: z.enum(['customer', 'professional']).optional() }),
        response: { 200: bookingStatsResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => reads.stats(req.user, req.query.role),
  );

  app.get(
    '/api/bookings/:id',
    {
      schema: {
        tags,
        summary: 'One booking (its customer, its professional once paid, or an admin; others 404)',
        security: signedIn,
        params: bookingIdParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => reads.get(req.user, req.params.id),
  );

  app.get(
    '/api/bookings/:id/cancellation',
    {
      schema: {
        tags,
        summary: 'What cancelling now would cost (fee and refund), to show before confirming',
        security: signedIn,
        params: bookingIdParamsSchema,
        response: { 200: cancellationPreviewResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => lifecycle.cancellationPreview(req.user, req.params.id),
  );

  app.post(
    '/api/bookings/:id/accept',
    {
      schema: {
        tags,
        summary: 'The assigned professional accepts a paid request ("Booking confirmed!")',
        security: signedIn,
        params: bookingIdParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => lifecycle.accept(req.user, req.params.id),
  );

  app.post(
    '/api/bookings/:id/decline',
    {
      schema: {
        tags,
        summary: 'The assigned professional declines a request ("Booking declined."); the customer is refunded in full',
        security: signedIn,
        params: bookingIdParamsSchema,
        body: cancelBookingRequestSchema.nullish(),
        response: { 200: bookingResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => lifecycle.decline(req.user, req.params.id, req.body?.reason),
  );

  app.post(
    '/api/bookings/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel: the customer (fee per the cancellation policy) or the assigned professional (not within 2 h)',
        security: signedIn,
        params: bookingIdParamsSchema,
        body: cancelBookingRequestSchema.nullish(),
        response: { 200: bookingResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => lifecycle.cancel(req.user, req.params.id, req.body?.reason),
  );

  app.get(
    '/api/bookings/:id/reschedule-options',
    {
      schema: {
        tags,
        summary:
          "The customer's own booking: the dates and start times it may move to (24 h or more ahead, the professional's availability, days off and other bookings)",
        security: signedIn,
        params: bookingIdParamsSchema,
        response: { 200: rescheduleOptionsResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => rescheduleOptions.options(req.user, req.params.id),
  );

  app.post(
    '/api/bookings/:id/reschedule',
    {
      schema: {
        tags,
        summary: 'The customer moves the booking to another free slot of the same professional, 24 h or more ahead',
        security: signedIn,
        params: bookingIdParamsSchema,
        body: rescheduleBookingRequestSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => lifecycle.reschedule(req.user, req.params.id, req.body),
  );
  app.post(
    '/api/bookings/:id/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Pay a pending booking (card, bank, mobile): answers the signed form the browser posts to the provider's hosted page (CMI). The outcome comes in the provider's callback (paid: the money held in escrow; declined: the booking cancelled). A booking paid already answers its success",
        security: signedIn,
        params: bookingIdParamsSchema,
        body: payBookingRequestSchema,
        response: {
          200: payBookingResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      preHandler: requireUser,
    },
    async (req) => lifecycle.pay(req.user, req.params.id, req.body),
  );
};
