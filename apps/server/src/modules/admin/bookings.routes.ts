/** HTTP of the admin bookings page: /api/admin/bookings (list, candidates, reassign, refund, complete). */
import {
  ADMIN_MESSAGES,
  adminBookingActionResponseSchema,
  adminBookingListQuerySchema,
  adminBookingListResponseSchema,
  adminBookingParamsSchema,
  completeBookingRequestSchema,
  errorResponseSchema,
  reassignBookingRequestSchema,
  reassignCandidatesResponseSchema,
  refundBookingRequestSchema,
  type SessionUser,
} from '@khedma/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/openapi';
import { requirePermission } from '../auth';
import type { AdminBookingsService } from './bookings.service';

const tags = ['admin'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;
const denied = ADMIN_MESSAGES.accessDenied;

export const adminBookingsRoutes: FastifyPluginAsyncZod<{ service: AdminBookingsService }> = async (app, { service }) => {
  app.get(
    '/api/admin/bookings',
    {
      preHandler: requirePermission('booking:read:any', denied),
      schema: {
        tags,
        summary: 'Every booking, filtered (search, status, city, dates) and paged by the server, with the stat cards',
        security: signedIn,
        querystring: adminBookingListQuerySchema,
        response: { 200: adminBookingListResponseSchema, ...errors },
      },
    },
    async (req) => service.list(user(req), req.query),
  );

  app.get(
    '/api/admin/bookings/:id/candidates',
    {
      preHandler: requirePermission('booking:reassign', denied),
      schema: {
        tags,
        summary: "Professionals a booking may be reassigned to: its city and service, free at its time, with rating and load",
        security: signedIn,
        params: adminBookingParamsSchema,
        response: { 200: reassignCandidatesResponseSchema, ...errors },
      },
    },
    async (req) => ({ candidates: await service.candidates(user(req), req.params.id) }),
  );

  app.post(
    '/api/admin/bookings/:id/reassign',
    {
      preHandler: requirePermission('booking:reassign', denied),
      schema: {
        tags,
        summary: 'Give a booking to another free professional of its city and service (status unchanged)',
        security: signedIn,
        params: adminBookingParamsSchema,
        body: reassignBookingRequestSchema,
        response: { 200: adminBookingActionResponseSchema, ...errors },
      },
    },
    async (req) => service.reassign(user(req), req.params.id, req.body.professionalId, req.body.expectedStatus),
  );

  app.post(
    '/api/admin/bookings/:id/refund',
    {
      preHandler: requirePermission('booking:refund', denied),
      schema: {
        tags,
        summary: 'Refund a pending or confirmed booking in full (escrow through the payment provider and ledger), with a reason emailed to the customer',
        security: signedIn,
        params: adminBookingParamsSchema,
        body: refundBookingRequestSchema,
        response: { 200: adminBookingActionResponseSchema, ...errors },
      },
    },
    async (req) => service.refund(user(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/admin/bookings/:id/complete',
    {
      preHandler: requirePermission('booking:complete', denied),
      schema: {
        tags,
        summary: 'Mark a confirmed booking completed (optional notes); escrow released 48 h later; the customer is invited to review',
        security: signedIn,
        params: adminBookingParamsSchema,
        body: completeBookingRequestSchema,
        response: { 200: adminBookingActionResponseSchema, ...errors },
      },
    },
    async (req) => service.complete(user(req), req.params.id, req.body.notes),
  );
};
