/**
 * A phone account adds its email address from the profile and confirms it (issue 42,
 * docs/accounts.md#email-of-a-phone-account). The links are the confirmation links of sign-up
 * (EmailConfirmations: only the SHA-256 of the token kept, one live link per account, 24 hours, single
 * use); a link sent here carries the address it confirms.
 */
import {
  accountEmailSchema,
  addEmailRequestSchema,
  addEmailResponseSchema,
  confirmAddedEmailRequestSchema,
  confirmAddedEmailResponseSchema,
  errorResponseSchema,
} from '@khedma/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRoute, signedIn } from '../../http/openapi';
import type { AuthService } from './auth.service';
import type { EmailConfirmations } from './email-confirmation';
import { currentUser, requireUser } from './session';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export const accountEmailRoutes: FastifyPluginAsyncZod<{ service: AuthService; confirmations: EmailConfirmations }> = async (
  app,
  { service, confirmations },
) => {
  app.get(
    '/api/accounts/email',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: "The signed-in account's email, the address waiting for confirmation, and whether one may be added",
        description: "A phone account's stand-in address is no email: `email` is null and `canAdd` true until it confirms one.",
        security: signedIn,
        response: { 200: accountEmailSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmations.emailOf(currentUser(req)!.id);
    },
  );

  app.post(
    '/api/accounts/email',
    {
      // Signed out is 401 whatever the body.
      preValidation: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'A phone account adds an email address: a confirmation link is sent to it (again: a new link, the older dies)',
        description:
          'Errors: 400 VALIDATION_FAILED, 401, 409 EMAIL_ALREADY_SET (the account has a confirmed email), ' +
          '409 EMAIL_EXISTS (a confirmed account uses the address), 429 RATE_LIMITED (as the confirmation resend: per client address and per recipient).',
        security: signedIn,
        body: addEmailRequestSchema,
        response: { 200: addEmailResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { email } = req.body;
      await service.limitResendsFrom(req.ip);
      await service.limitEmailsTo(email);
      await confirmations.addEmail(currentUser(req)!.id, email);
      reply.header('cache-control', 'no-store');
      return { status: true as const, pendingEmail: email };
    },
  );

  app.post(
    '/api/accounts/email/confirm',
    {
      preValidation: async (req) => service.limitConfirmationsFrom(req.ip),
      schema: {
        tags: ['auth'],
        summary: "The added address's link, opened signed in or not: the account's email becomes that address, confirmed",
        description:
          'Errors: 400 INVALID_TOKEN (bad, used or expired link, or a sign-up\'s link), 409 EMAIL_EXISTS (a confirmed account took the address meanwhile), 429.',
        security: publicRoute,
        body: confirmAddedEmailRequestSchema,
        response: { 200: confirmAddedEmailResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { email } = await confirmations.confirmAddedEmail(req.body.token);
      reply.header('cache-control', 'no-store');
      return { status: true as const, email };
    },
  );
};
