/** HTTP of the application review, the overview, the access log and the contact messages: /api/admin/*. */
import {
  ADMIN_MESSAGES,
  accessLogResponseSchema,
  adminApplicationDocumentParamsSchema,
  adminApplicationListResponseSchema,
  adminApplicationParamsSchema,
  adminOverviewResponseSchema,
  approveApplicationResponseSchema,
  contactMessagesResponseSchema,
  documentUrlResponseSchema,
  errorResponseSchema,
  pageQuerySchema,
  rejectApplicationRequestSchema,
  rejectApplicationResponseSchema,
  revealRequestSchema,
  revealResponseSchema,
  type SessionUser,
} from '@khedma/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/openapi';
import { requirePermission } from '../auth';
import type { AccessOrigin } from './access-log.repository';
import type { AdminBookingsService } from './bookings.service';
import type { ReviewService } from './review.service';

const tags = ['admin'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;
const origin = (req: FastifyRequest): AccessOrigin => ({ ip: req.ip ?? null, userAgent: (req.headers['user-agent'] as string | undefined) ?? null });
const adminOnly = requirePermission('admin:access', ADMIN_MESSAGES.accessDenied);

export const reviewRoutes: FastifyPluginAsyncZod<{ review: ReviewService; bookings: AdminBookingsService }> = async (app, { review, bookings }) => {
  app.get(
    '/api/admin/overview',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "The dashboard's admin tab: bookings (total, completed, pending, revenue), pending applications, the caller's roles",
        security: signedIn,
        response: { 200: adminOverviewResponseSchema, ...errors },
      },
    },
    async (req) => {
      const u = user(req);
      const [stats, pendingApplications] = await Promise.all([bookings.stats(u), review.pendingCount(u)]);
      return { stats, pendingApplications, roles: u.adminRoles };
    },
  );

  app.get(
    '/api/admin/applications',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Pending applications, newest first, every sensitive value masked (financial info with finance access only); logged',
        security: signedIn,
        response: { 200: adminApplicationListResponseSchema, ...errors },
      },
    },
    async (req) => review.list(user(req), origin(req)),
  );

  app.post(
    '/api/admin/applications/:id/reveal',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'One sensitive value in full (contact: reviewers; bank account and tax id: finance access); logged',
        security: signedIn,
        params: adminApplicationParamsSchema,
        body: revealRequestSchema,
        response: { 200: revealResponseSchema, ...errors },
      },
    },
    async (req) => ({ field: req.body.field, value: await review.reveal(user(req), req.params.id, req.body.field, origin(req)) }),
  );

  app.post(
    '/api/admin/applications/:id/documents/:kind',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'A short-lived signed URL to one document of an application, issued for this view; logged',
        security: signedIn,
        params: adminApplicationDocumentParamsSchema,
        response: { 200: documentUrlResponseSchema, ...errors },
      },
    },
    async (req) => review.document(user(req), req.params.id, req.params.kind, origin(req)),
  );

  app.post(
    '/api/admin/applications/:id/approve',
    {
      preHandler: requirePermission('application:review', ADMIN_MESSAGES.accessDenied),
      schema: {
        tags,
        summary: 'Approve: in one transaction the application approved and the professional record created; then the welcome email',
        security: signedIn,
        params: adminApplicationParamsSchema,
        response: { 200: approveApplicationResponseSchema, ...errors },
      },
    },
    async (req) => review.approve(user(req), req.params.id, origin(req)),
  );

  app.post(
    '/api/admin/applications/:id/reject',
    {
      preHandler: requirePermission('application:review', ADMIN_MESSAGES.accessDenied),
      schema: {
        tags,
        summary: 'Reject with a reason, emailed to the applicant; logged',
        security: signedIn,
        params: adminApplicationParamsSchema,
        body: rejectApplicationRequestSchema,
        response: { 200: rejectApplicationResponseSchema, ...errors },
      },
    },
    async (req) => review.reject(user(req), req.params.id, req.body.reason, origin(req)),
  );

  app.get(
    '/api/admin/access-log',
    {
      preHandler: requirePermission('audit:read', ADMIN_MESSAGES.accessDenied),
      schema: { tags, summary: 'The sensitive-access log, newest first (super_admin)', security: signedIn, querystring: pageQuerySchema, response: { 200: accessLogResponseSchema, ...errors } },
    },
    async (req) => review.accessLog(user(req), req.query.page, req.query.pageSize),
  );

  app.get(
    '/api/admin/contact-messages',
    {
      preHandler: requirePermission('contact:read', ADMIN_MESSAGES.accessDenied),
      schema: {
        tags,
        summary: 'Messages of the contact form, newest first (super_admin; emails masked)',
        security: signedIn,
        querystring: pageQuerySchema,
        response: { 200: contactMessagesResponseSchema, ...errors },
      },
    },
    async (req) => review.contactMessages(user(req), req.query.page, req.query.pageSize),
  );
};
