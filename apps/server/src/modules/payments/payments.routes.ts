/** HTTP of payments: POST /api/bookings/:id/pay. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingIdParamsSchema, errorResponseSchema, payBookingRequestSchema, payBookingResponseSchema } from '@khedma/shared';
import { signedIn } from '../../http/openapi';
import { requireUser } from '../auth/session';
import type { PaymentsService } from './payments.service';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    '/api/bookings/:id/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Pay a pending booking (card, bank, mobile). Success holds the money in escrow; failure (409 PAYMENT_FAILED) cancels the booking',
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
    async (req) => payments.pay(req.user, req.params.id, req.body),
  );
};
