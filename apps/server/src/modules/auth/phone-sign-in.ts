/**
 * Phone-first accounts (docs/accounts.md#phone-sign-in): sign up and sign in with a Moroccan mobile and a
 * one-time code by SMS or WhatsApp. The codes are PhoneCodes' (the onboarding's phone step uses the same);
 * the session is better-auth's, as for email sign-in (its /phone-number/verify, called once our code
 * check passed). One person, one account: a number verified on any account signs into that account.
 * Admin accounts never sign in by phone.
 */
import {
  errorResponseSchema,
  PHONE_ACCOUNT_MESSAGES,
  PHONE_CODE_RULES,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  phoneSignInRequestSchema,
  phoneSignInResponseSchema,
  type PhoneSignInRequest,
} from '@khedma/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema/index';
import { AppError, badRequest } from '../../http/errors';
import { publicRoute } from '../../http/openapi';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { forwardToAuth, fromBrowser } from './bridge';
import type { PhoneCodes } from './phone-codes';

const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/** The account a verified number belongs to, with whether it is an admin's. */
async function accountOfPhone(db: Db, phone: string): Promise<{ id: string; userType: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, userType: profiles.userType })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.phoneNumber, phone), eq(users.phoneNumberVerified, true)))
    .limit(1);
  return row ?? null;
}

/** What a phone sign-up through WhatsApp needs of the notification choices (the profile module's store; typed here, as profile imports auth's guards). */
export interface WhatsAppOptIn {
  update(userId: string, patch: { whatsapp: true }, source: 'phone_sign_up'): Promise<unknown>;
}

export const phoneSignInRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: Auth; codes: PhoneCodes; preferences: WhatsAppOptIn }> = async (app, { ctx, auth, codes, preferences }) => {
  const db = ctx.database.db;

  app.post(
    '/api/accounts/phone/code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit code by SMS or WhatsApp to a Moroccan mobile, to sign in or sign up with it',
        description:
          'Always answers the same whether or not an account uses the number. Errors: 429 RATE_LIMITED (a new code to a number after 60 s, 5 an hour to a number, 20 an hour from an address).',
        security: publicRoute,
        body: phoneCodeRequestSchema,
        response: { 200: phoneCodeResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { phoneNumber, channel, locale } = req.body;
      await codes.send({ phone: phoneNumber, purpose: 'sign_in', channel, locale, clientIp: req.ip });
      reply.header('cache-control', 'no-store');
      return { status: true as const, resendAfterSeconds: PHONE_CODE_RULES.resendAfterSeconds };
    },
  );

  app.post(
    '/api/accounts/phone/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (or, with signUp, sign up) with a Moroccan mobile and its code; sets the session cookie',
        description:
          'The account of this verified number is signed in, whatever made it (an email account whose owner verified the number too). ' +
          'Unknown number: with signUp a new account is made (201), else 404 PHONE_NOT_REGISTERED and the code stays good. ' +
          'Errors: 400 INVALID_CODE (wrong, expired, used; the third wrong try voids it), 403 PHONE_SIGN_IN_NOT_ALLOWED (admin accounts).',
        security: publicRoute,
        body: phoneSignInRequestSchema,
        response: { 200: phoneSignInResponseSchema, 201: phoneSignInResponseSchema, ...errors },
      },
    },
    (req, reply) => signIn(req, reply, req.body as PhoneSignInRequest & { phoneNumber: string; code: string }),
  );

  async function signIn(req: FastifyRequest, reply: FastifyReply, body: PhoneSignInRequest & { phoneNumber: string; code: string }) {
    const phone = body.phoneNumber;
    await codes.check(phone, 'sign_in', body.code);
    const account = await accountOfPhone(db, phone);
    if (account?.userType === 'admin') {
      await codes.consume(phone, 'sign_in', body.code);
      throw new AppError('PHONE_SIGN_IN_NOT_ALLOWED', PHONE_ACCOUNT_MESSAGES.adminRefused);
    }
    const signUp = account ? undefined : body.signUp;
    if (!account && !signUp) throw new AppError('PHONE_NOT_REGISTERED', PHONE_ACCOUNT_MESSAGES.notRegistered, { phoneNumber: PHONE_ACCOUNT_MESSAGES.notRegistered });
    if (signUp && !signUp.name) throw badRequest(PHONE_ACCOUNT_MESSAGES.nameRequired, { name: PHONE_ACCOUNT_MESSAGES.nameRequired });
    await codes.consume(phone, 'sign_in', body.code);

    let created = false;
    const answer = await forwardToAuth(auth, ctx.config.publicUrl, req, reply, {
      path: `${AUTH_BASE_PATH}/phone-number/verify`,
      body: { phoneNumber: phone, code: body.code },
      context: {
        phoneCodeChecked: phone,
        locale: signUp?.locale,
        ...(signUp
          ? {
              signUp: { userType: signUp.userType ?? 'customer', locale: signUp.locale ?? 'en', fullName: signUp.name },
              afterCreate: async (userId: string) => {
                created = true;
                await db.update(profiles).set({ phone }).where(eq(profiles.id, userId));
                // Choosing WhatsApp for the code at sign-up is the opt-in to WhatsApp messages, recorded so.
                if (signUp.channel === 'whatsapp') await preferences.update(userId, { whatsapp: true }, 'phone_sign_up');
              },
            }
          : {}),
      },
      transform: (json) => {
        const { status: _s, token, user } = (json ?? {}) as { status?: unknown; token?: string | null; user?: unknown };
        if (created) reply.status(201);
        return { ...(fromBrowser(req) ? {} : { token: token ?? null }), user, created };
      },
    });
    return answer;
  }
};
