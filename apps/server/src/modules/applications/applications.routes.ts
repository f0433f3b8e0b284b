import {
  APPLICATION_DOCUMENT_RULES,
  APPLICATION_MESSAGES,
  applicationDocumentParamsSchema,
  applicationDraftSchema,
  applicationFileParamsSchema,
  areaStepSchema,
  availabilityStepSchema,
  errorResponseSchema,
  finalDraftSchema,
  myApplicationResponseSchema,
  myApplicationSchema,
  personalStepSchema,
  servicesStepSchema,
  submitApplicationRequestSchema,
  type SessionUser,
} from '@khedma/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { signedIn } from '../../http/openapi';
import type { RateLimiter } from '../../platform/rate-limit';
import type { StoredFile } from '../../platform/storage';
import { requirePermission } from '../auth';
import type { DocumentsService } from './documents.service';
import type { DraftService } from './draft.service';
import type { MyApplicationService } from './my-application.service';
import type { SubmitService } from './submit.service';
import { refuseAnnouncedOversize, singleFileBuffer } from '../../http/single-file';

export interface ApplicationsServices {
  drafts: DraftService;
  documents: DocumentsService;
  submit: SubmitService;
  mine: MyApplicationService;
  /** Counts uploads in the database (every instance together). */
  limiter: RateLimiter;
}

const tags = ['applications'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };
const canApply = requirePermission('application:create');
const canRead = requirePermission('application:read:own');
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', APPLICATION_MESSAGES.documentTooLarge, { file: APPLICATION_MESSAGES.documentTooLarge });

const user = (req: FastifyRequest) => req.user as SessionUser;

/** A private file to its owner: never cached, never sniffed, never run as a page. */
function sendPrivateFile(reply: FastifyReply, file: StoredFile) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .send(file.body);
}

/** HTTP of applications: the wizard's draft step by step, its documents, the submission, the status card. */
export const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsServices> = async (app, s) => {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/applications/mine',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: "The signed-in user's latest application (the /become-pro status card), or null",
        security: signedIn,
        response: { 200: myApplicationResponseSchema, ...errors },
      },
    },
    async (req) => ({ application: await s.mine.latest(user(req)) }),
  );

  app.get(
    '/api/applications/draft',
    {
      preHandler: canApply,
      schema: {
        tags,
        summary: 'The onboarding wizard draft of the signed-in user (empty when none), with the step to resume at',
        security: signedIn,
        response: { 200: applicationDraftSchema, ...errors },
      },
    },
    async (req) => s.drafts.get(user(req)),
  );

  const step = <T extends z.ZodType>(path: string, summary: string, body: T, save: (u: SessionUser, input: z.infer<T>) => Promise<unknown>) =>
    app.put(
      `/api/applications/draft/${path}`,
      {
        preHandler: canApply,
        schema: { tags, summary, security: signedIn, body, response: { 200: applicationDraftSchema, ...errors } },
      },
      async (req) => save(user(req), req.body as z.infer<T>) as never,
    );

  step('personal', 'Step 2: first and last name, email, date of birth (18 or over)', personalStepSchema, (u, b) => s.drafts.savePersonal(u, b));
  step('area', 'Step 3: Morocco, a city; for Casablanca at least one of its boroughs', areaStepSchema, (u, b) => s.drafts.saveArea(u, b));
  step('services', 'Step 4: at least one service', servicesStepSchema, (u, b) => s.drafts.saveServices(u, b));
  step('availability', 'Step 5: weekly slots (allDay alone on its day), at least one', availabilityStepSchema, (u, b) =>
    s.drafts.saveAvailability(u, b),
  );
  step('final', 'Step 7 so far (kept for a reload); checked in full on submission', finalDraftSchema, (u, b) => s.drafts.saveFinal(u, b));

  app.post(
    '/api/applications/draft/documents/:kind',
    {
      // Counted per account before the file is read (decoding and re-encoding it is the costly part).
      preHandler: [
        canApply,
        async (req) => {
          const perHour = APPLICATION_DOCUMENT_RULES.uploadsPerHour;
          await s.limiter.enforce(`applications:document:${user(req).id}`, perHour, 3600, APPLICATION_MESSAGES.documentTooMany);
        },
      ],
      preValidation: refuseAnnouncedOversize(APPLICATION_DOCUMENT_RULES.maxBytes, tooLarge),
      schema: {
        tags,
        summary: 'Step 6: upload a document (multipart/form-data, one file field): profilePhoto, idFront, idBack or addressProof',
        description:
          'JPEG, PNG or WebP (and PDF except for the photo), checked by content, at most 8 MB. Images are stored re-encoded without metadata. Stored privately: no URL is ever returned. 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED (uploads per account and hour, with Retry-After).',
        security: signedIn,
        consumes: ['multipart/form-data'],
        params: applicationDocumentParamsSchema,
        response: { 200: applicationDraftSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (req) => {
      const file = await singleFileBuffer(req, tooLarge);
      if (!file) throw new AppError('VALIDATION_FAILED', APPLICATION_MESSAGES.document, { file: APPLICATION_MESSAGES.document });
      return s.documents.upload(user(req), req.params.kind, file.buffer, file.filename);
    },
  );

  app.delete(
    '/api/applications/draft/documents/:kind',
    {
      preHandler: canApply,
      schema: {
        tags,
        summary: 'Remove a document from the draft',
        security: signedIn,
        params: applicationDocumentParamsSchema,
        response: { 200: applicationDraftSchema, ...errors },
      },
    },
    async (req) => s.documents.remove(user(req), req.params.kind),
  );

  app.get(
    '/api/applications/draft/documents/:kind',
    {
      preHandler: canApply,
      schema: {
        tags,
        summary: "A document of the signed-in user's own draft (404 when none)",
        security: signedIn,
        params: applicationDocumentParamsSchema,
        response: { 200: z.unknown().describe('The file'), 404: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => sendPrivateFile(reply, await s.documents.readDraft(user(req), req.params.kind)),
  );

  app.get(
    '/api/applications/:id/documents/:kind',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: "A document of one of the signed-in user's own applications (404 for anyone else's)",
        security: signedIn,
        params: applicationFileParamsSchema,
        response: { 200: z.unknown().describe('The file'), 404: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => sendPrivateFile(reply, await s.documents.readSubmitted(user(req), req.params.id, req.params.kind)),
  );

  app.post(
    '/api/applications',
    {
      preHandler: canApply,
      schema: {
        tags,
        summary: 'Submit the application: the final step plus the saved draft; answers the pending application',
        description:
          'Errors: 400 APPLICATION_INCOMPLETE (fields name the steps not complete), 400 VALIDATION_FAILED, 409 APPLICATION_EXISTS (one pending, or already approved). The draft is kept on any error.',
        security: signedIn,
        body: submitApplicationRequestSchema,
        response: { 201: myApplicationSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await s.submit.submit(user(req), req.body)),
  );
};
