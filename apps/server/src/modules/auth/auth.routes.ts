import { confirmEmailRequestSchema, confirmEmailResponseSchema } from '@khedma/shared/schemas/account-data';
import {
  changePasswordRequestSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  getSessionResponseSchema,
  listSessionsResponseSchema,
  resendConfirmationRequestSchema,
  resetPasswordRequestSchema,
  revokeSessionRequestSchema,
  sendPhoneCodeRequestSchema,
  sendPhoneCodeResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  singleLineString,
  statusResponseSchema,
  verifyPhoneCodeRequestSchema,
  verifyPhoneCodeResponseSchema,
} from '@khedma/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { useJsonBodyParser } from '../../http/json-body';
import { modulePlugin, type AppModule } from '../../module';
import { publicRoute, signedIn } from '../../http/openapi';
import { trustedOrigins } from '../../http/origins';
import { RateLimiter } from '../../platform/rate-limit';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth, resetPasswordPageUrl, type Auth } from './auth';
import { accountEmailRoutes } from './account-email';
import { EmailConfirmations } from './email-confirmation';
import { AUTH_MESSAGES, forwardToAuth, publicSession, sessionInfo, withoutTokenForBrowsers } from './bridge';
import { AUTH_RATE_LIMITS } from './rate-limits';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { PhoneCodes } from './phone-codes';
import { phoneSignInRoutes, type WhatsAppOptIn } from './phone-sign-in';
import { noStoreForSessionAnswers, requireUser, SessionResolver } from './session';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };

/** What auth offers the app: the session lookup (who a request is), for the few places that need it outside the guards. */
export interface AuthModule extends AppModule {
  sessions: SessionResolver;
}

/**
 * Accounts: better-auth mounted under /api/auth (only the paths listed here), our sign-up, and the
 * session resolver every module's guards use (`requireUser`, `optionalUser`, `requirePermission`).
 * Its plugin is registered at the root (not encapsulated) so that `request.user` exists everywhere; the
 * guards find the resolver as `app.sessions`, a decoration read only by modules/auth/session.ts.
 */
export async function createAuthModule(ctx: AppContext, { preferences }: { preferences: WhatsAppOptIn }): Promise<AuthModule> {
  const repo = new AuthRepository(ctx.database.db);
  const auth = createAuth({ ctx, repo, log: ctx.log });
  const authContext = await auth.$context;
  const sessions = new SessionResolver(repo, ctx.config.authSecret, authContext.authCookies.sessionToken.name, trustedOrigins(ctx.config));
  const limiter = new RateLimiter(ctx.database.db, ctx.config.rateLimitScale);
  const confirmations = new EmailConfirmations(ctx, ctx.database.db, auth);
  const service = new AuthService(auth, repo, limiter, confirmations);
  // One implementation of one-time codes for the onboarding's phone step and phone sign-in.
  const codes = new PhoneCodes(ctx.database.db, ctx.config.authSecret, limiter, { sms: ctx.sms, whatsapp: ctx.whatsapp }, ctx.log);
  const plugin = modulePlugin('auth', async (app) => {
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null as never);
    app.decorateRequest('readsSession', false);
    app.addHook('onSend', noStoreForSessionAnswers);
    await app.register(authRoutes, { ctx, auth, service, confirmations, codes, sessions });
    await app.register(phoneSignInRoutes, { ctx, auth, codes, preferences });
    await app.register(accountEmailRoutes, { service, confirmations });
  });
  return { plugin, sessions };
}

const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: Auth; service: AuthService; confirmations: EmailConfirmations; codes: PhoneCodes; sessions: SessionResolver }> = async (
  app,
  { ctx, auth, service, confirmations, codes, sessions },
) => {
  const { publicUrl } = ctx.config;
  const forward = forwardToAuth.bind(null, auth, publicUrl);
  // The phone step's routes are ours now (one code implementation, issue 42): they keep the per-address
  // limits better-auth applied to its own paths (AUTH_RATE_LIMITS), counted in the database.
  const pathLimiter = new RateLimiter(ctx.database.db, ctx.config.rateLimitScale);
  const perAddress = (path: '/phone-number/send-otp' | '/phone-number/verify', ip: string) =>
    pathLimiter.enforce(`auth-path:${path}:${ip}`, AUTH_RATE_LIMITS[path].max, AUTH_RATE_LIMITS[path].window, AUTH_MESSAGES.rateLimited);

  // better-auth clients send POSTs without a body (sign-out); accept an empty JSON body here.
  useJsonBodyParser(app, { allowEmpty: true });

  // ---------------------------------------------------------------------------------------------
  // Sign-up (ours)
  // ---------------------------------------------------------------------------------------------
  app.post(
    '/api/accounts/sign-up',
    {
      preValidation: async (req) => service.limitSignUpsFrom(req.ip),
      schema: {
        tags: ['auth'],
        summary: 'Create an account (customer or pro); a confirmation email is sent',
        security: publicRoute,
        body: signUpRequestSchema,
        response: { 201: signUpResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const headers = new Headers({ [CLIENT_IP_HEADER]: req.ip });
      if (req.headers['user-agent']) headers.set('user-agent', String(req.headers['user-agent']));
      const result = await service.signUp(req.body, headers);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(result);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // better-auth, path by path (anything else under /api/auth is 404)
  // ---------------------------------------------------------------------------------------------
  const p = (path: string) => `${AUTH_BASE_PATH}${path}`;

  app.post(
    p('/sign-in/email'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie (and returns a bearer token to clients that are not browsers)',
        description:
          'A page in a browser (Origin or Sec-Fetch-* headers) gets no token in the body: its session is the httpOnly cookie. ' +
          'Errors: 401 INVALID_CREDENTIALS, 403 EMAIL_NOT_CONFIRMED (offer to resend the confirmation), 429 RATE_LIMITED (per address, per account and address, per account).',
        security: publicRoute,
        body: signInRequestSchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await service.limitSignInsTo(req.body.email, req.ip);
      return forward(req, reply, { body: req.body, transform: withoutTokenForBrowsers(req) });
    },
  );

  app.post(
    p('/sign-out'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session on the server and clears the cookie',
        security: signedIn,
        response: { 200: signOutResponseSchema, ...errors },
      },
    },
    (req, reply) => forward(req, reply, { body: {} }),
  );

  app.get(
    p('/get-session'),
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session (its id, never its token) and account, or null; refreshes a session older than a day',
        security: signedIn,
        querystring: z.object({ disableCookieCache: z.coerce.boolean().optional(), disableRefresh: z.coerce.boolean().optional() }),
        response: { 200: getSessionResponseSchema, ...errors },
      },
    },
    (req, reply) => forward(req, reply, { transform: publicSession }),
  );

  // Our confirmation links (email-confirmation.ts, issue 41); the path stays where clients know it.
  app.post(
    p('/send-verification-email'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Resend the confirmation email of an account not confirmed yet (always answers status true)',
        description: 'A new link replaces the older ones. Limited per client address and per recipient (429 RATE_LIMITED).',
        security: publicRoute,
        body: resendConfirmationRequestSchema,
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await service.limitResendsFrom(req.ip);
      await service.limitEmailsTo(req.body.email);
      await confirmations.resend(req.body.email, req.body.next ?? pathOnSite(publicUrl, req.body.callbackURL));
      reply.header('cache-control', 'no-store');
      return { status: true };
    },
  );

  app.post(
    '/api/accounts/confirm-email',
    {
      preValidation: async (req) => service.limitConfirmationsFrom(req.ip),
      schema: {
        tags: ['auth'],
        summary: "The confirmation link's step: choose your password, confirm the email, and be signed in",
        description:
          'The password typed at sign-up stops working (it may have been a stranger\'s: docs/accounts.md "Confirmation"); ' +
          'every earlier session of the account ends; the session cookie is set. Errors: 400 INVALID_TOKEN (bad, used or expired link), 400 VALIDATION_FAILED, 429.',
        security: publicRoute,
        body: confirmEmailRequestSchema,
        response: { 200: confirmEmailResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const headers = new Headers({ [CLIENT_IP_HEADER]: req.ip });
      if (req.headers['user-agent']) headers.set('user-agent', String(req.headers['user-agent']));
      const result = await confirmations.confirm(req.body.token, req.body.password, headers);
      if (result.setCookies.length) reply.header('set-cookie', result.setCookies);
      reply.header('cache-control', 'no-store');
      return { status: true as const, next: result.next };
    },
  );

  app.post(
    p('/request-password-reset'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: emails a reset link if the account exists (always answers status true)',
        security: publicRoute,
        body: forgotPasswordRequestSchema,
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await service.limitEmailsTo(req.body.email);
      return forward(req, reply, { body: { ...req.body, redirectTo: req.body.redirectTo ?? resetPasswordPageUrl(publicUrl) } });
    },
  );

  app.get(
    p('/reset-password/:token'),
    {
      schema: {
        tags: ['auth'],
        summary: 'The link of the reset email: redirects to callbackURL?token=... (or ?error=INVALID_TOKEN)',
        security: publicRoute,
        params: z.object({ token: singleLineString().min(1).max(200) }),
        querystring: z.object({ callbackURL: onSiteUrl(publicUrl).optional() }),
        response: { ...errors },
      },
    },
    (req, reply) => forward(req, reply),
  );

  app.post(
    p('/reset-password'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of the reset link; ends every session of the account',
        security: publicRoute,
        body: resetPasswordRequestSchema,
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    (req, reply) => forward(req, reply, { body: { token: req.body.token, newPassword: req.body.newPassword } }),
  );

  app.post(
    p('/change-password'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password of the signed-in account; signs out its other sessions unless revokeOtherSessions is false',
        description:
          'Like a reset, a new password ends every other session by default (a thief signed in elsewhere is out). ' +
          'This session then gets a new cookie; a client that is not a browser gets the new bearer token in the body.',
        security: signedIn,
        body: changePasswordRequestSchema,
        response: { 200: z.looseObject({ token: z.string().nullish() }), ...errors },
      },
    },
    (req, reply) =>
      forward(req, reply, {
        body: { ...req.body, revokeOtherSessions: req.body.revokeOtherSessions ?? true },
        transform: withoutTokenForBrowsers(req),
      }),
  );

  app.get(
    p('/list-sessions'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Active sessions of the signed-in account, by id (never their tokens); the caller\'s own is current',
        security: signedIn,
        response: { 200: listSessionsResponseSchema, ...errors },
      },
    },
    (req, reply) => {
      const mine = sessions.tokenOf(req)?.token ?? null;
      return forward(req, reply, {
        transform: (json) =>
          (Array.isArray(json) ? json : []).map((raw: { token?: unknown }) => ({ ...sessionInfo(raw), current: mine !== null && raw.token === mine })),
      });
    },
  );

  app.post(
    p('/revoke-session'),
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out one session of the account, by the id list-sessions gives',
        description: 'Errors: 404 NOT_FOUND when the account has no active session with this id.',
        security: signedIn,
        body: revokeSessionRequestSchema,
        response: { 200: statusResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const token = await service.sessionToken(req.user, req.body.id);
      return forward(req, reply, { body: { token } });
    },
  );

  app.post(
    p('/revoke-other-sessions'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out every other session of the account',
        security: signedIn,
        response: { 200: statusResponseSchema, ...errors },
      },
    },
    (req, reply) => forward(req, reply, { body: {} }),
  );

  app.post(
    p('/phone-number/send-otp'),
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit code by SMS (or WhatsApp: channel) to a Moroccan number (onboarding phone step)',
        description: 'Errors: 429 RATE_LIMITED (a new code to a number after 60 s, 5 an hour to a number, 20 an hour from an address).',
        security: signedIn,
        body: sendPhoneCodeRequestSchema,
        response: { 200: sendPhoneCodeResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await perAddress('/phone-number/send-otp', req.ip);
      await codes.send({ phone: req.body.phoneNumber, purpose: 'verify', channel: req.body.channel, locale: req.user.locale, clientIp: req.ip });
      reply.header('cache-control', 'no-store');
      return { message: 'code sent' };
    },
  );

  app.post(
    p('/phone-number/verify'),
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Check the SMS code; the number becomes the verified number of the signed-in account',
        description: 'Errors: 400 INVALID_CODE, 409 PHONE_EXISTS.',
        security: signedIn,
        body: verifyPhoneCodeRequestSchema,
        response: { 200: verifyPhoneCodeResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await perAddress('/phone-number/verify', req.ip);
      await codes.consume(req.body.phoneNumber, 'verify', req.body.code);
      return forward(req, reply, { body: { ...req.body, updatePhoneNumber: true }, context: { phoneCodeChecked: req.body.phoneNumber } });
    },
  );

  app.get(
    p('/token'),
    {
      schema: {
        tags: ['auth'],
        summary: 'A short-lived JWT (15 min) for the signed-in account, for services that verify with /jwks',
        security: signedIn,
        response: { 200: z.object({ token: z.string() }), ...errors },
      },
    },
    (req, reply) => forward(req, reply),
  );

  app.get(
    p('/jwks'),
    {
      schema: {
        tags: ['auth'],
        summary: 'Public keys that sign the JWTs of /api/auth/token',
        security: publicRoute,
        response: { 200: z.looseObject({ keys: z.array(z.looseObject({})) }) },
      },
    },
    (req, reply) => forward(req, reply),
  );
};


/** The path of a same-site callbackURL (older clients send one instead of `next`); anything else is dropped. */
function pathOnSite(publicUrl: string, callbackURL: string | undefined): string | undefined {
  if (!callbackURL) return undefined;
  try {
    const url = new URL(callbackURL, publicUrl);
    return url.origin === new URL(publicUrl).origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the links of the emails may send someone: a path of this site or an absolute URL on its own
 * origin (the emails carry verifiedLandingUrl and resetPasswordPageUrl). better-auth follows the
 * callbackURL of a bad or expired link unchecked (open redirect to any site) and throws on one that is
 * no URL at all (a 500): both are refused here with a 400 before it is called (found by fuzz.test.ts).
 */
function onSiteUrl(publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  return singleLineString()
    .max(2000)
    .refine((v) => {
      if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\') && !v.includes('\\');
      try {
        return new URL(v).origin === origin;
      } catch {
        return false;
      }
    }, 'Not a page of this site');
}
