/** HTTP of guarantee claims (docs/claims.md): the booking's claim, its photos, both sides' answers, the admins' list and decision. */
import { errorResponseSchema, type SessionUser } from '@khedma/shared';
import { CLAIM_MESSAGES, CLAIM_RULES } from '@khedma/shared/domain/claims';
import {
  adminClaimsResponseSchema,
  answerClaimRequestSchema,
  claimBookingParamsSchema,
  claimContextSchema,
  claimSchema,
  decideClaimRequestSchema,
  openClaimRequestSchema,
  refundClaimRequestSchema,
  replyClaimRequestSchema,
} from '@khedma/shared/schemas/claims';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import { refuseAnnouncedOversize, singleFileBuffer } from '../../http/single-file';
import { requireUser } from '../auth';
import type { ClaimDecisionsService } from './decisions.service';
import type { ClaimsService } from './claims.service';

const tags = ['claims'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const user = (req: FastifyRequest) => req.user as SessionUser;
const TOO_LARGE = 'File too large: Please select a file smaller than 10MB';
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { file: TOO_LARGE });

export const claimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService; decisions: ClaimDecisionsService }> = async (app, { claims, decisions }) => {
  app.get(
    '/api/bookings/:id/claim',
    {
      preHandler: requireUser,
      schema: { tags, summary: "A booking's guarantee window and problem reports (its customer, its professional, admins)", security: signedIn, params: claimBookingParamsSchema, response: { 200: claimContextSchema, ...errors } },
    },
    async (req) => claims.context(user(req), req.params.id),
  );

  app.post(
    '/api/bookings/:id/claim',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The customer of a completed booking reports a problem within the guarantee window (one open report per booking)',
        description: '409 CLAIM_NOT_ALLOWED (not completed), CLAIM_WINDOW_CLOSED (with the last day in the message), CLAIM_ALREADY_OPEN.',
        security: signedIn,
        params: claimBookingParamsSchema,
        body: openClaimRequestSchema,
        response: { 201: claimSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await claims.open(user(req), req.params.id, req.body)),
  );

  app.post(
    '/api/bookings/:id/claim/photos',
    {
      preHandler: requireUser,
      preValidation: refuseAnnouncedOversize(CLAIM_RULES.photoMaxBytes, tooLarge),
      schema: {
        tags,
        summary: `A photo of the open report (multipart/form-data, one file): JPEG, PNG or WebP checked by content, at most 10 MB, ${CLAIM_RULES.maxPhotos} per report`,
        security: signedIn,
        consumes: ['multipart/form-data'],
        params: claimBookingParamsSchema,
        response: { 201: claimSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await claims.admitPhoto(user(req), req.params.id);
      const upload = await singleFileBuffer(req, tooLarge);
      if (!upload) throw new AppError('VALIDATION_FAILED', CLAIM_MESSAGES.photoType, { file: CLAIM_MESSAGES.photoType });
      return reply.code(201).send(await claims.addPhoto(user(req), req.params.id, upload.buffer));
    },
  );

  app.post(
    '/api/bookings/:id/claim/answer',
    {
      preHandler: requireUser,
      schema: { tags, summary: "The booking's professional offers a return visit at a free slot, or disputes with a reason", security: signedIn, params: claimBookingParamsSchema, body: answerClaimRequestSchema, response: { 200: claimSchema, ...errors } },
    },
    async (req) => claims.answer(user(req), req.params.id, req.body),
  );

  app.post(
    '/api/bookings/:id/claim/reply',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'The customer accepts the offered return visit (resolved) or rejects it (an admin decides)', security: signedIn, params: claimBookingParamsSchema, body: replyClaimRequestSchema, response: { 200: claimSchema, ...errors } },
    },
    async (req) => claims.reply(user(req), req.params.id, req.body),
  );

  app.get(
    '/api/admin/claims',
    {
      preHandler: requireUser,
      schema: { tags: ['admin'], summary: 'Problem reports waiting for an admin decision (super admins; finance admins for refunds)', security: signedIn, response: { 200: adminClaimsResponseSchema, ...errors } },
    },
    async (req) => decisions.list(user(req)),
  );

  app.post(
    '/api/admin/bookings/:id/claim/decision',
    {
      preHandler: requireUser,
      schema: {
        tags: ['admin'],
        summary: "A super admin decides a booking's disputed report: reject it, or a return visit at a free slot of the professional",
        security: signedIn,
        params: claimBookingParamsSchema,
        body: decideClaimRequestSchema,
        response: { 200: claimSchema, ...errors },
      },
    },
    async (req) => decisions.decide(user(req), req.params.id, req.body),
  );

  app.post(
    '/api/admin/bookings/:id/claim/refund',
    {
      preHandler: requireUser,
      schema: {
        tags: ['admin'],
        summary: "A super or finance admin decides a partial or full refund of a booking's disputed report (ledger and the provider's refund)",
        security: signedIn,
        params: claimBookingParamsSchema,
        body: refundClaimRequestSchema,
        response: { 200: claimSchema, ...errors },
      },
    },
    async (req) => decisions.decide(user(req), req.params.id, req.body),
  );
};
