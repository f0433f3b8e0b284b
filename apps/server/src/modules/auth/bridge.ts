/**
 * The bridge between Fastify and better-auth: a Fastify request becomes a Web Request for
 * better-auth's handler, and its Response goes back with status, headers and cookies intact.
 * Errors are rewritten into the product's contract `{"error":{"code","message"}}` with our codes
 * (docs/accounts.md), so the web app never sees better-auth's own error shape.
 */
import type { SessionInfo } from '@khedma/shared';
import { localeFromAcceptLanguage } from '../../i18n/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { rateLimited } from '../../platform/rate-limit';
import { authRequestContext, CLIENT_IP_HEADER, type Auth, type AuthRequestContext } from './auth';
import { currentUser } from './session';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please confirm your email before logging in. Check your inbox for a confirmation link.',
  emailExists: 'An account with this email already exists. Please try logging in instead.',
  invalidToken: 'This link is invalid or has expired. Please request a new one.',
  invalidCode: 'Invalid verification code.',
  tooManyCodeAttempts: 'Too many attempts. Please request a new verification code.',
  phoneExists: 'This phone number is already used by another account.',
  wrongCurrentPassword: 'Your current password is not correct.',
  failed: 'Something went wrong on our side. Please try again.',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
} as const;

// Hop-by-hop and length headers are recomputed by Fastify; the client address header is ours alone.
const DROP_REQUEST_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'expect', CLIENT_IP_HEADER]);
// `set-auth-token` (better-auth's bearer plugin) repeats the session token in a header any script of
// the page can read: no answer carries it (bearer clients take the token from the sign-in body).
const DROP_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'set-auth-token',
  'access-control-expose-headers',
]);

/**
 * Whether a request comes from a page in a browser: browsers send Origin on every POST and the
 * Sec-Fetch-* headers on every request, and a script can set neither. A page's session is its
 * httpOnly cookie alone, so its answers never carry a session token (issue 21: a token read by a
 * script works from anywhere as a bearer token); other clients (mobile apps) get theirs in the body.
 */
export function fromBrowser(req: FastifyRequest): boolean {
  const h = req.headers;
  return h.origin !== undefined || h['sec-fetch-site'] !== undefined || h['sec-fetch-mode'] !== undefined;
}

/** better-auth's error (status and `{code, message}` body) in the product's contract. */
export function authErrorToAppError(status: number, body: { code?: string; message?: string } | null, retryAfter?: string | null): AppError {
  const code = body?.code;
  const message = body?.message;
  if (status === 429) return rateLimited(Math.max(1, Number(retryAfter) || 60), AUTH_MESSAGES.rateLimited);
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    case 'EMAIL_NOT_VERIFIED':
      return new AppError('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return new AppError('INVALID_TOKEN', AUTH_MESSAGES.invalidToken);
    case 'INVALID_OTP':
    case 'OTP_EXPIRED':
    case 'OTP_NOT_FOUND':
      return new AppError('INVALID_CODE', AUTH_MESSAGES.invalidCode, { code: AUTH_MESSAGES.invalidCode });
    case 'TOO_MANY_ATTEMPTS':
      return new AppError('INVALID_CODE', AUTH_MESSAGES.tooManyCodeAttempts, { code: AUTH_MESSAGES.tooManyCodeAttempts });
    case 'PHONE_NUMBER_EXIST':
      return new AppError('PHONE_EXISTS', AUTH_MESSAGES.phoneExists, { phoneNumber: AUTH_MESSAGES.phoneExists });
    case 'INVALID_PASSWORD':
      return new AppError('VALIDATION_FAILED', AUTH_MESSAGES.wrongCurrentPassword, { currentPassword: AUTH_MESSAGES.wrongCurrentPassword });
    case 'WEAK_PASSWORD':
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return new AppError('VALIDATION_FAILED', message ?? 'The password is not valid.', { newPassword: message ?? 'The password is not valid.' });
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return new AppError('EMAIL_EXISTS', AUTH_MESSAGES.emailExists, { email: AUTH_MESSAGES.emailExists });
  }
  if (status >= 500) return new AppError('INTERNAL', AUTH_MESSAGES.failed, undefined, 500);
  if (status === 401) return new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (status === 403) return new AppError('FORBIDDEN', message || 'You are not allowed to do this.');
  if (status === 404) return new AppError('NOT_FOUND', 'Not found');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported.');
  return new AppError('VALIDATION_FAILED', message || 'The request is not valid.', undefined, status >= 400 && status < 500 ? status : 400);
}

/** An error thrown by a direct `auth.api.*` call, in the product's contract. */
export function fromAuthApiError(err: unknown): unknown {
  if (err && typeof err === 'object' && 'statusCode' in err && typeof (err as { statusCode: unknown }).statusCode === 'number') {
    const e = err as { statusCode: number; body?: { code?: string; message?: string } };
    return authErrorToAppError(e.statusCode, e.body ?? null);
  }
  return err;
}

export interface ForwardOptions {
  /** better-auth's path to call (under /api/auth) instead of the request's own. */
  path?: string;
  /** The JSON body to send instead of the request's (already validated by our schema). */
  body?: unknown;
  /** Request-scoped facts for better-auth's callbacks (language of an SMS ...). */
  context?: AuthRequestContext;
  /** Rewrites a successful JSON answer before it leaves (drops session tokens). */
  transform?: (json: unknown) => unknown;
}

/** A better-auth session row as the API shows it: its opaque id and dates, never its token. */
export function sessionInfo(raw: unknown): SessionInfo {
  const s = (raw ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : String(v ?? ''));
  const opt = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: str(s.id),
    userId: str(s.userId),
    createdAt: str(s.createdAt),
    updatedAt: str(s.updatedAt),
    expiresAt: str(s.expiresAt),
    ipAddress: opt(s.ipAddress),
    userAgent: opt(s.userAgent),
  };
}

/** get-session's answer with the session's token left out (null stays null: signed out). */
export function publicSession(json: unknown): unknown {
  if (!json || typeof json !== 'object') return json;
  const { session, user } = json as { session?: unknown; user?: unknown };
  return { session: sessionInfo(session), user };
}

/** An answer's top-level `token` (a new session's) left out for a page in a browser (see fromBrowser). */
export function withoutTokenForBrowsers(req: FastifyRequest) {
  return (json: unknown): unknown => {
    if (!fromBrowser(req) || !json || typeof json !== 'object') return json;
    const { token: _token, ...rest } = json as Record<string, unknown>;
    return rest;
  };
}

/** Sends the Fastify request to better-auth and relays the answer. */
export async function forwardToAuth(auth: Auth, publicUrl: string, req: FastifyRequest, reply: FastifyReply, opts: ForwardOptions = {}) {
  const url = new URL(opts.path ?? req.url, publicUrl);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || DROP_REQUEST_HEADERS.has(key.toLowerCase())) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, req.ip);
  let body: string | undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    body = JSON.stringify(opts.body ?? req.body ?? {});
    headers.set('content-type', 'application/json');
  }
  const context: AuthRequestContext = {
    locale: currentUser(req)?.locale ?? localeFromAcceptLanguage(req.headers['accept-language']),
    ...opts.context,
  };
  const response = await authRequestContext.run(context, () => auth.handler(new Request(url, { method: req.method, headers, body })));

  response.headers.forEach((value, key) => {
    if (!DROP_RESPONSE_HEADERS.has(key.toLowerCase())) reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  // Answers about sessions must never be cached by a browser or a proxy.
  reply.header('cache-control', 'no-store');

  if (response.status >= 400) {
    const text = await response.text();
    let parsed: { code?: string; message?: string } | null = null;
    try {
      parsed = JSON.parse(text) as { code?: string; message?: string };
    } catch {
      parsed = null;
    }
    reply.removeHeader('x-retry-after');
    if (response.status >= 500) req.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth error');
    throw authErrorToAppError(response.status, parsed, response.headers.get('x-retry-after'));
  }
  reply.status(response.status);
  if (opts.transform && /^application\/json\b/i.test(response.headers.get('content-type') ?? '')) {
    const json = JSON.parse(await response.text()) as unknown;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(opts.transform(json)));
  }
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
