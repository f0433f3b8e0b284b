/** HTTP of one's own account (issue 41): closure status, closing, and the data export. */
import { errorResponseSchema } from '@khedma/shared';
import { accountExportSchema, closeAccountRequestSchema, closeAccountResponseSchema, closureStatusSchema } from '@khedma/shared/schemas/account-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/openapi';
import { currentUser, requireUser } from '../auth';
import type { AccountService } from './account.service';

const tags = ['account'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; sessionCookie: string }> = async (app, { account, sessionCookie }) => {
  app.get(
    '/api/account/closure',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in account may be closed now (and why not), and the retention periods',
        security: signedIn,
        response: { 200: closureStatusSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req) => account.closureStatus(currentUser(req)!),
  );

  app.post(
    '/api/account/close',
    {
      schema: {
        tags,
        summary: 'Close the signed-in account (its email typed again): signed out everywhere, no sign-in any more, a confirmation email',
        description:
          'Errors: 400 VALIDATION_FAILED (the email typed is not the account\'s), 403 FORBIDDEN (admin accounts), ' +
          '409 CONFLICT (upcoming bookings or money in flight: the message says which). Data kept and deleted: docs/retention.md.',
        security: signedIn,
        body: closeAccountRequestSchema,
        response: { 200: closeAccountResponseSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const result = await account.close(currentUser(req)!, req.body.confirmEmail);
      // The session of this request is gone: the browser drops its cookie too.
      reply.header('set-cookie', `${sessionCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      return result;
    },
  );

  app.get(
    '/api/account/export',
    {
      schema: {
        tags,
        summary: "The signed-in person's own data as a JSON download (profile, bookings, messages written, reviews, payments, invoice references, notification choices)",
        security: signedIn,
        response: { 200: accountExportSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const data = await account.export(currentUser(req)!);
      reply.header('content-disposition', `attachment; filename="khedma-data-${data.exportedAt.slice(0, 10)}.json"`);
      reply.header('cache-control', 'private, no-store');
      return data;
    },
  );
};
