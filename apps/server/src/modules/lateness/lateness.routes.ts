/**
 * HTTP of running late, no-shows and suspension (issue 41, docs/lateness.md):
 * POST /api/bookings/:id/delay | /arrived | /no-show, and the admin's /api/admin/professionals.
 */
import { ADMIN_MESSAGES, bookingIdParamsSchema, bookingResponseSchema, errorResponseSchema, type SessionUser } from '@khedma/shared';
import {
  adminProfessionalSchema,
  adminProfessionalsQuerySchema,
  adminProfessionalsResponseSchema,
  announceDelayRequestSchema,
  professionalIdParamsSchema,
  suspendProfessionalRequestSchema,
  suspensionResponseSchema,
} from '@khedma/shared/schemas/lateness';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/openapi';
import type { AccessOrigin } from '../admin';
import { requirePermission, requireUser } from '../auth';
import type { AttendanceService } from './attendance.service';
import type { SuspensionService } from './suspension.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;
const origin = (req: FastifyRequest): AccessOrigin => ({ ip: req.ip ?? null, userAgent: (req.headers['user-agent'] as string | undefined) ?? null });
const denied = ADMIN_MESSAGES.accessDenied;

export const latenessRoutes: FastifyPluginAsyncZod<{ attendance: AttendanceService; suspension: SuspensionService }> = async (app, { attendance, suspension }) => {
  const tags = ['bookings'];
  app.post(
    '/api/bookings/:id/delay',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The assigned professional announces a delay: a new arrival time, told to the customer at once (from 1 h before the start until arrival)',
        security: signedIn,
        params: bookingIdParamsSchema,
        body: announceDelayRequestSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (req) => attendance.announceDelay(user(req), req.params.id, req.body.delayMinutes),
  );

  app.post(
    '/api/bookings/:id/arrived',
    {
      preHandler: requireUser,
      schema: { tags, summary: "The assigned professional says \"I've arrived\"", security: signedIn, params: bookingIdParamsSchema, response: { 200: bookingResponseSchema, ...errors } },
    },
    async (req) => attendance.markArrived(user(req), req.params.id),
  );

  app.post(
    '/api/bookings/:id/no-show',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The customer reports the professional absent (full refund), or the professional reports the customer absent (under-2 h fee); the booking is cancelled',
        security: signedIn,
        params: bookingIdParamsSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (req) => attendance.reportNoShow(user(req), req.params.id),
  );

  const adminTags = ['admin'];
  app.get(
    '/api/admin/professionals',
    {
      preHandler: requirePermission('admin:access', denied),
      schema: {
        tags: adminTags,
        summary: 'Professionals by name, with their status and lateness and no-show counts (admins)',
        security: signedIn,
        querystring: adminProfessionalsQuerySchema,
        response: { 200: adminProfessionalsResponseSchema, ...errors },
      },
    },
    async (req) => suspension.list(user(req), req.query.q),
  );

  app.get(
    '/api/admin/professionals/:id',
    {
      preHandler: requirePermission('admin:access', denied),
      schema: {
        tags: adminTags,
        summary: "The admin's view of a professional: status, suspension, counts, bookings still to come",
        security: signedIn,
        params: professionalIdParamsSchema,
        response: { 200: adminProfessionalSchema, ...errors },
      },
    },
    async (req) => suspension.view(user(req), req.params.id),
  );

  app.post(
    '/api/admin/professionals/:id/suspend',
    {
      preHandler: requirePermission('professional:suspend', denied),
      schema: {
        tags: adminTags,
        summary: 'Suspend a professional with a reason (super_admin): unlisted, no new bookings, told by email; logged',
        security: signedIn,
        params: professionalIdParamsSchema,
        body: suspendProfessionalRequestSchema,
        response: { 200: suspensionResponseSchema, ...errors },
      },
    },
    async (req) => suspension.suspend(user(req), req.params.id, req.body.reason, origin(req)),
  );

  app.post(
    '/api/admin/professionals/:id/reinstate',
    {
      preHandler: requirePermission('professional:suspend', denied),
      schema: {
        tags: adminTags,
        summary: 'Reinstate a suspended professional (super_admin); told by email; logged',
        security: signedIn,
        params: professionalIdParamsSchema,
        response: { 200: suspensionResponseSchema, ...errors },
      },
    },
    async (req) => suspension.reinstate(user(req), req.params.id, origin(req)),
  );
};
