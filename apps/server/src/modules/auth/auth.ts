import { AsyncLocalStorage } from 'node:async_hooks';
import { PHONE_CODE_RULES, passwordMessage, phonePlaceholderEmail, isValidMoroccanPhone, normalizeMoroccanPhone, verifiedLandingPath, type Locale, type UserType } from '@khedma/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, jwt, phoneNumber } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import * as schema from '../../db/schema/index';
import { trustedOrigins } from '../../http/origins';
import { toLocale } from '../../i18n/messages';
import { passwordResetEmail } from './auth.emails';
import type { AuthRepository } from './auth.repository';
import { AUTH_RATE_LIMITS } from './rate-limits';

/** The header our HTTP bridge sets to the client address Fastify resolved (TRUST_PROXY aware). */
export const CLIENT_IP_HEADER = 'x-khedma-client-ip';
export const AUTH_BASE_PATH = '/api/auth';

/** Paths of better-auth the product does not offer (HTTP): each has our own route or no use. */
export const DISABLED_AUTH_PATHS = [
  // POST /api/accounts/sign-up instead: our rules, user type, profile, locale.
  '/sign-up/email',
  // Our confirmation links instead (email-confirmation.ts, issue 41): better-auth's confirmed the
  // address and kept the password typed at sign-up, whoever typed it (an account pre-claimed by a stranger).
  '/verify-email',
  '/send-verification-email',
  // Profile changes go through PATCH /api/profile (allowed fields only, audited); email never changes.
  '/update-user',
  '/change-email',
  '/delete-user',
  // Phone sign-in is by one-time code (POST /api/accounts/phone/sign-in), never by a password; nor a reset.
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
];

/**
 * What a request tells better-auth's callbacks that they cannot learn from better-auth itself:
 * the sign-up choices (user type, language) and the language of the person asking.
 */
export interface AuthRequestContext {
  signUp?: { userType: UserType; locale: Locale; fullName: string };
  /** Language for messages to someone without a profile yet (SMS, unknown email). */
  locale?: Locale;
  /** Set once the confirmation email of this request went out. */
  verificationEmailSent?: boolean;
  /**
   * The number whose one-time code our PhoneCodes already checked and spent in this request: the only
   * way better-auth's /phone-number/verify accepts a code (it never sees or stores one itself).
   */
  phoneCodeChecked?: string;
  /** Runs once an account made by this request has its profile (a phone sign-up records its choices). */
  afterCreate?: (userId: string) => Promise<void>;
}
export const authRequestContext = new AsyncLocalStorage<AuthRequestContext>();

export interface AuthDeps {
  ctx: AppContext;
  repo: AuthRepository;
  log: FastifyBaseLogger;
}

/** The confirmation link's landing: the client's `next` only if it is a path on this site (else the dashboard), with ?verified=1. */
export const verifiedLandingUrl = (publicUrl: string, next?: string | null) => `${publicUrl}${verifiedLandingPath(next)}`;
export const resetPasswordPageUrl = (publicUrl: string) => `${publicUrl}/reset-password`;

/** better-auth configured for Khedma (better-auth 1.7). */
export function createAuth({ ctx, repo, log }: AuthDeps) {
  const { config } = ctx;
  const secure = config.publicUrl.startsWith('https://');

  async function recipient(userId: string, fallbackName: string) {
    const r = await repo.findRecipient(userId);
    const store = authRequestContext.getStore();
    return {
      locale: toLocale(r?.locale ?? store?.signUp?.locale ?? store?.locale),
      name: r?.fullName ?? r?.name ?? fallbackName,
    };
  }

  return betterAuth({
    appName: 'Khedma',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(ctx.database.db, { provider: 'pg', usePlural: true, schema }),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        fn({ args: args.length ? args.map((a) => (a instanceof Error ? a.message : a)) : undefined }, `[auth] ${message}`);
      },
    },
    // Expected errors (bad password, invalid origin ...) are APIErrors: better-auth still answers them
    // and our bridge rewrites the answer. Anything else (a database error) is rethrown instead of becoming
    // a bare 500, so it reaches Fastify's error handler like on every other route: a value the database
    // refuses is the client's bad input (400), the rest is logged with the request id (500).
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        const r = await recipient(user.id, user.name);
        // better-auth wrote the reset token in its own statement: the email's job is written and run now.
        await ctx.mailer.send({ to: user.email, ...passwordResetEmail(r.locale, r.name, url) });
      },
    },
    emailVerification: {
      // Our own links and emails (email-confirmation.ts): better-auth sends none, at sign-up or sign-in.
      sendOnSignUp: false,
      sendOnSignIn: false,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // A session used at least once a day slides forward (refresh without the user noticing).
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      // Counters in the database: the limit holds across every server instance.
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: scaleRules(AUTH_RATE_LIMITS, ctx.config.rateLimitScale),
    },
    advanced: {
      cookiePrefix: 'khedma',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    disabledPaths: DISABLED_AUTH_PATHS,
    databaseHooks: {
      session: {
        create: {
          // A closed account (issue 41, docs/retention.md) gets no session, whatever the way in.
          before: async (session) => {
            if (await repo.isClosed(session.userId)) throw new APIError('UNAUTHORIZED', { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
          },
        },
      },
      user: {
        create: {
          // Every account gets its profile at once, with the choices made at sign-up.
          after: async (user) => {
            const signUp = authRequestContext.getStore()?.signUp;
            await repo.createProfile({
              id: user.id,
              email: user.email,
              fullName: signUp?.fullName ?? user.name,
              userType: signUp?.userType ?? 'customer',
              locale: signUp?.locale ?? 'en',
            });
            await authRequestContext.getStore()?.afterCreate?.(user.id);
          },
        },
      },
    },
    hooks: {
      // Defence in depth: whatever the entry point, a new password meets the sign-up rule.
      before: createAuthMiddleware(async (c) => {
        if (c.path !== '/reset-password' && c.path !== '/change-password' && c.path !== '/sign-up/email') return;
        const body = (c.body ?? {}) as Record<string, unknown>;
        const pw = c.path === '/sign-up/email' ? body.password : body.newPassword;
        const message = typeof pw === 'string' ? passwordMessage(pw) : 'Password is required';
        if (message) throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message });
      }),
    },
    plugins: [
      bearer(),
      jwt({
        // Clients ask GET /api/auth/token when they need a JWT; get-session stays cheap.
        disableSettingJwtHeader: true,
        // usePlural adds an "s": model "jwk" is the table export `jwks`.
        schema: { jwks: { modelName: 'jwk' } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: '15m',
          definePayload: ({ user }) => ({ email: user.email, emailVerified: user.emailVerified }),
        },
      }),
      phoneNumber({
        // Codes are ours (phone-codes.ts: hashed, SMS or WhatsApp, the rules of PHONE_CODE_RULES): our routes
        // check and spend one, then call /phone-number/verify, which only links the number to the account
        // (onboarding) or finds or makes the account and opens its session (phone sign-in).
        otpLength: PHONE_CODE_RULES.length,
        expiresIn: PHONE_CODE_RULES.expirySeconds,
        allowedAttempts: PHONE_CODE_RULES.maxWrongAttempts,
        phoneNumberValidator: (p) => isValidMoroccanPhone(p) && normalizeMoroccanPhone(p) === p,
        sendOTP: () => {
          throw new APIError('NOT_FOUND', { message: 'Not found' });
        },
        verifyOTP: ({ phoneNumber: p }) => authRequestContext.getStore()?.phoneCodeChecked === p,
        signUpOnVerification: { getTempEmail: phonePlaceholderEmail, getTempName: (p) => authRequestContext.getStore()?.signUp?.fullName ?? p },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** better-auth's per-path rules with every maximum multiplied (RATE_LIMIT_SCALE, 1 in production). */
function scaleRules<T extends Record<string, { window: number; max: number } | false>>(rules: T, scale: number): T {
  if (scale === 1) return rules;
  return Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, v === false ? v : { ...v, max: v.max * scale }])) as T;
}
