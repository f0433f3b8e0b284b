import multipart from '@fastify/multipart';
import {
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  errorResponseSchema,
  meResponseSchema,
  profileSchema,
  updateProfileRequestSchema,
} from '@khedma/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { publicRoute, signedIn } from '../../http/openapi';
import { RateLimiter } from '../../platform/rate-limit';
import { PUBLIC_FILES_PATH, SIGNED_FILES_PATH, type Storage } from '../../platform/storage';
import { requireUser } from '../auth';
import { ProfileRepository } from './profile.repository';
import { ProfileService } from './profile.service';
import { oneFileUpload, refuseAnnouncedOversize, singleFileBuffer } from '../../http/single-file';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', PROFILE_MESSAGES.avatarTooLarge, { file: PROFILE_MESSAGES.avatarTooLarge });

/** Profile of the signed-in user, their avatar, GET /api/me, and the file routes of storage. */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, opts) => {
  const storage = opts.ctx.storage;
  const service = new ProfileService(new ProfileRepository(opts.ctx.database.db), storage);
  const limiter = new RateLimiter(opts.ctx.database.db, opts.ctx.config.rateLimitScale);

  await app.register(multipart, oneFileUpload(PROFILE_LIMITS.avatarMaxBytes, 5));

  app.get(
    '/api/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their profile and latest professional application (each null when none) and their permissions',
        security: signedIn,
        response: { 200: meResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.me(req.user);
    },
  );

  app.get(
    '/api/profile',
    {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Profile of the signed-in user (404 when none: "Complete Your Profile")',
        security: signedIn,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(req.user);
    },
  );

  app.patch(
    '/api/profile',
    {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Update own profile: name, full_name, phone, location, about_me, avatar_url, locale',
        description:
          'Fields are trimmed and empty ones stored as null. Any other field (user_type, email, role ...) is ignored and the attempt is audited as role_change_attempt. Every change is audited with old and new values.',
        security: signedIn,
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.update(req.user, req.body as Record<string, unknown>);
    },
  );

  app.post(
    '/api/profile/avatar',
    {
      // Counted per account in the database (every instance together), before the picture is read.
      preHandler: [
        requireUser,
        async (req) => limiter.enforce(`profile:avatar:${req.user.id}`, PROFILE_LIMITS.avatarUploadsPerHour, 3600, PROFILE_MESSAGES.avatarTooMany),
      ],
      preValidation: refuseAnnouncedOversize(PROFILE_LIMITS.avatarMaxBytes, tooLarge),
      schema: {
        tags: ['profile'],
        summary: 'Upload a profile picture (multipart/form-data, one file field, at most 5 MB)',
        description:
          'JPEG, PNG, WebP, GIF, AVIF or HEIC, checked by content. Stored as a 512x512 WebP without metadata. 413 PAYLOAD_TOO_LARGE "Image size must be less than 5MB"; 415 UNSUPPORTED_MEDIA_TYPE for anything else; 429 RATE_LIMITED (uploads per account and hour, with Retry-After).',
        security: signedIn,
        consumes: ['multipart/form-data'],
        response: { 200: profileSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const file = await singleFileBuffer(req, tooLarge);
      if (!file) throw new AppError('VALIDATION_FAILED', PROFILE_MESSAGES.avatarMissing, { file: PROFILE_MESSAGES.avatarMissing });
      const upload = file.buffer;
      if (upload.length === 0) throw new AppError('VALIDATION_FAILED', PROFILE_MESSAGES.avatarMissing, { file: PROFILE_MESSAGES.avatarMissing });
      reply.header('cache-control', 'no-store');
      return service.setAvatar(req.user, upload);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Files
  // ---------------------------------------------------------------------------------------------

  app.get(
    '/api/files/avatars/:userId/:file',
    {
      schema: {
        tags: ['files'],
        summary: 'A profile picture (public; the name changes with every upload, so it is cached for a year)',
        security: publicRoute,
        params: z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }),
        response: { 200: z.unknown().describe('The image (image/webp)'), 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const found = await storage.get(`avatars/${req.params.userId}/${req.params.file}`);
      if (!found) throw notFound('Image not found');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(found.body);
    },
  );

  app.get(
    `${SIGNED_FILES_PATH}/*`,
    {
      schema: {
        tags: ['files'],
        summary: 'A private file through a signed, expiring URL (from Storage.signedUrl)',
        security: publicRoute,
        params: z.object({ '*': z.string().max(512) }),
        querystring: z.object({ expires: z.string().max(20), signature: z.string().max(100) }),
        response: { 200: z.unknown().describe('The file, with its stored content type'), 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      // A bad or expired signature looks like a missing file: nothing to learn from probing.
      if (!storage.verifySignature(key, req.query.expires, req.query.signature)) throw notFound('File not found');
      // Streamed: a chat file or a document never sits whole in memory.
      const found = await storage.getStream(key);
      if (!found) throw notFound('File not found');
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(found.stream);
    },
  );

  app.get(
    `${PUBLIC_FILES_PATH}/*`,
    {
      schema: {
        tags: ['files'],
        summary: 'A public object (Storage.publicUrl); private objects are not found here',
        security: publicRoute,
        params: z.object({ '*': z.string().max(512) }),
        response: { 200: z.unknown().describe('The file, with its stored content type'), 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      let found: Awaited<ReturnType<Storage['getStream']>> = null;
      try {
        found = await storage.getStream(req.params['*']);
      } catch {
        // An invalid key names nothing.
      }
      if (!found || found.visibility !== 'public') {
        found?.stream.destroy();
        throw notFound('File not found');
      }
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(found.stream);
    },
  );
};
