/** HTTP of job requests and quotes (docs/job-quotes.md). */
import { CHAT_MESSAGES, errorResponseSchema } from '@khedma/shared';
import { JOB_QUOTE_RULES } from '@khedma/shared/domain/job-quotes';
import {
  acceptJobQuoteResponseSchema,
  createJobRequestSchema,
  jobQuoteIdParamsSchema,
  jobRequestIdParamsSchema,
  jobRequestListSchema,
  jobRequestPhotoParamsSchema,
  jobRequestSchema,
  submitJobQuoteSchema,
} from '@khedma/shared/schemas/job-quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import { refuseAnnouncedOversize, singleFileBuffer } from '../../http/single-file';
import { currentUser, requirePermission, requireUser } from '../auth';
import type { JobQuotesService } from './job-quotes.service';

const tags = ['job quotes'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.fileTooLarge, { file: CHAT_MESSAGES.fileTooLarge });

export const jobQuotesRoutes: FastifyPluginAsyncZod<{ service: JobQuotesService }> = async (app, { service }) => {
  const customer = requirePermission('booking:create');
  const pro = requirePermission('booking:accept:own');

  app.post(
    '/api/job-requests',
    {
      schema: {
        tags,
        summary: 'Ask for quotes on a service priced "on quote": the professionals who offer it in the city are told',
        security: signedIn,
        body: createJobRequestSchema,
        response: { 201: jobRequestSchema, ...errors, 429: errorResponseSchema },
      },
      preHandler: customer,
    },
    async (req, reply) => reply.code(201).send(await service.createRequest(currentUser(req)!, req.body as never)),
  );

  app.get(
    '/api/job-requests',
    { schema: { tags, summary: "The customer's quote requests, newest first, each with every quote", security: signedIn, response: { 200: jobRequestListSchema, ...errors } }, preHandler: customer },
    async (req) => service.listMine(currentUser(req)!),
  );

  app.get(
    '/api/pro/job-requests',
    {
      schema: { tags, summary: "A professional's open requests to quote (their services and cities) and those they quoted, their own quote only", security: signedIn, response: { 200: jobRequestListSchema, ...errors } },
      preHandler: pro,
    },
    async (req) => service.listForProfessional(currentUser(req)!),
  );

  app.get(
    '/api/job-requests/:id',
    {
      schema: { tags, summary: 'One request: to its customer with every quote, to a professional who may quote it with their own quote only', security: signedIn, params: jobRequestIdParamsSchema, response: { 200: jobRequestSchema, ...errors } },
      preHandler: requireUser,
    },
    async (req) => service.get(currentUser(req)!, req.params.id),
  );

  app.post(
    '/api/job-requests/:id/cancel',
    { schema: { tags, summary: 'The customer closes an open request', security: signedIn, params: jobRequestIdParamsSchema, response: { 200: jobRequestSchema, ...errors } }, preHandler: customer },
    async (req) => service.cancel(currentUser(req)!, req.params.id),
  );

  app.post(
    '/api/job-requests/:id/photos',
    {
      preHandler: customer,
      preValidation: refuseAnnouncedOversize(JOB_QUOTE_RULES.photoMaxBytes, tooLarge),
      schema: {
        tags,
        summary: 'A photo of the job (multipart/form-data, one image: JPEG, PNG, WebP or GIF, at most 10 MB; at most 5 per request)',
        security: signedIn,
        consumes: ['multipart/form-data'],
        params: jobRequestIdParamsSchema,
        response: { 201: jobRequestSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const upload = await singleFileBuffer(req, tooLarge);
      if (!upload) throw new AppError('VALIDATION_FAILED', CHAT_MESSAGES.fileType, { file: CHAT_MESSAGES.fileType });
      return reply.code(201).send(await service.addPhoto(currentUser(req)!, req.params.id, upload.buffer, upload.filename));
    },
  );

  app.get(
    '/api/job-requests/:id/photos/:photoId',
    {
      preHandler: requireUser,
      schema: { tags, summary: "A request's photo, to whoever may read the request (404 for anyone else)", security: signedIn, params: jobRequestPhotoParamsSchema, response: { 200: z.unknown().describe('The image'), ...errors } },
    },
    async (req, reply) => {
      const stored = await service.readPhoto(currentUser(req)!, req.params.id, req.params.photoId);
      return reply
        .header('content-type', stored.contentType)
        .header('content-length', String(stored.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(stored.stream);
    },
  );

  app.post(
    '/api/job-requests/:id/quotes',
    {
      schema: {
        tags,
        summary: 'A professional answers with a price: lines, validity and the visit they propose (one quote per professional)',
        security: signedIn,
        params: jobRequestIdParamsSchema,
        body: submitJobQuoteSchema,
        response: { 201: jobRequestSchema, ...errors },
      },
      preHandler: pro,
    },
    async (req, reply) => reply.code(201).send(await service.submitQuote(currentUser(req)!, req.params.id, req.body as never)),
  );

  app.post(
    '/api/job-requests/:id/quotes/:quoteId/withdraw',
    { schema: { tags, summary: 'The professional takes back their quote while it is not accepted', security: signedIn, params: jobQuoteIdParamsSchema, response: { 200: jobRequestSchema, ...errors } }, preHandler: pro },
    async (req) => service.withdrawQuote(currentUser(req)!, req.params.id, req.params.quoteId),
  );

  app.post(
    '/api/job-requests/:id/quotes/:quoteId/accept',
    {
      schema: {
        tags,
        summary: 'The customer accepts a quote: it becomes a booking at that price and time, to pay as any booking (a retry answers the same booking)',
        security: signedIn,
        params: jobQuoteIdParamsSchema,
        response: { 200: acceptJobQuoteResponseSchema, ...errors },
      },
      preHandler: customer,
    },
    async (req) => service.accept(currentUser(req)!, req.params.id, req.params.quoteId),
  );
};
