import { createHmac, timingSafeEqual } from 'node:crypto';
import { can, normalizeUserType, type AdminRole, type Permission, type SessionUser } from '@khedma/shared';
import { ADMIN_ROLES } from '@khedma/shared';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, forbidden } from '../../http/errors';
import { toLocale } from '../../i18n/messages';
import type { AuthRepository } from './auth.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user. Set by requireUser (always) and optionalUser (when signed in). */
    user: SessionUser;
    /** Set once the session of this request was looked up: its answer depends on who asks. */
    readsSession: boolean;
  }
  interface FastifyInstance {
    sessions: SessionResolver;
  }
}

export const UNAUTHENTICATED_MESSAGE = 'Please sign in to continue.';
const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_UNSIGNED = 10_000;
const MAX_UNSIGNED_LENGTH = 300;

/**
 * Finds the signed-in user of a request: the session cookie of the web app (signed, httpOnly) or
 * an `Authorization: Bearer <token>` header (mobile and other clients), then the account, profile
 * and active admin roles in one query. Sessions are better-auth's rows; sign-out deletes them.
 */
export class SessionResolver {
  private readonly cookieNames: string[];

  constructor(
    private readonly repo: AuthRepository,
    private readonly secret: string,
    sessionCookieName: string,
    private readonly trustedOrigins: readonly string[],
  ) {
    const bare = sessionCookieName.replace(/^__Secure-/, '');
    this.cookieNames = [sessionCookieName, bare, `__Secure-${bare}`].filter((v, i, a) => a.indexOf(v) === i);
  }

  /** The session cookie's name (what a sign-in sets). */
  get cookieName(): string {
    return this.cookieNames[0]!;
  }

  /** The session token the request carries, if its signature (when signed) is ours. */
  tokenOf(req: Pick<FastifyRequest, 'headers'>): { token: string | null; via: 'bearer' | 'cookie' } | null {
    const auth = req.headers.authorization;
    if (typeof auth === 'string' && /^bearer\s+/i.test(auth)) {
      const value = auth.replace(/^bearer\s+/i, '').trim();
      // Bearer clients send the raw token from sign-in, or the signed value of set-auth-token.
      return { token: value.includes('.') ? this.unsign(value) : value || null, via: 'bearer' };
    }
    const cookies = parseCookieHeader(req.headers.cookie);
    for (const name of this.cookieNames) {
      const v = cookies.get(name);
      if (v) return { token: this.unsign(v), via: 'cookie' };
    }
    return null;
  }

  /**
   * Cookies ride along with requests other sites make. SameSite=Lax already keeps them off
   * cross-site POST/PATCH/DELETE; as a second line, a cookie-authenticated change must come from one
   * of our origins (browsers send Origin on such requests; clients without it are not browsers).
   */
  private checkOrigin(req: FastifyRequest) {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      if (!this.trustedOrigins.includes(origin)) throw forbidden(CROSS_SITE_MESSAGE);
      return;
    }
    if (origin === 'null' || req.headers['sec-fetch-site'] === 'cross-site') throw forbidden(CROSS_SITE_MESSAGE);
  }

  /**
   * Signed values already checked, with their token (or null when the signature is not ours): the
   * HMAC is a pure function of the value and the secret, so the answer never changes. The session
   * itself is still read from the database on every request (a sign-out or ban counts at once).
   */
  private readonly unsigned = new Map<string, string | null>();

  private unsign(raw: string): string | null {
    // Only values of a session cookie's size are kept, so that the memory stays small whatever is sent.
    if (raw.length > MAX_UNSIGNED_LENGTH) return this.checkSignature(raw);
    let token = this.unsigned.get(raw);
    if (token === undefined) {
      token = this.checkSignature(raw);
      if (this.unsigned.size >= MAX_UNSIGNED) this.unsigned.clear();
      this.unsigned.set(raw, token);
    }
    return token;
  }

  private checkSignature(raw: string): string | null {
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1).replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''), 'base64');
    const expected = createHmac('sha256', this.secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  async resolve(req: FastifyRequest): Promise<SessionUser | null> {
    req.readsSession = true;
    const carried = this.tokenOf(req);
    const token = carried?.token;
    if (!carried || !token || token.length > 256) return null;
    if (carried.via === 'cookie') this.checkOrigin(req);
    const row = await this.repo.findSessionUser(token);
    if (!row) return null;
    const userType = normalizeUserType(row.userType);
    return {
      id: row.userId,
      email: row.email,
      name: row.fullName ?? row.profileName ?? row.userName,
      userType,
      adminRoles: userType === 'admin' ? (row.adminRoles ?? []).filter(isAdminRole) : [],
      locale: toLocale(row.locale),
      emailVerified: row.emailVerified,
    };
  }
}

const isAdminRole = (r: string): r is AdminRole => (ADMIN_ROLES as readonly string[]).includes(r);

function parseCookieHeader(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 1) continue;
    const name = part.slice(0, i).trim();
    if (!out.has(name)) out.set(name, part.slice(i + 1).trim());
  }
  return out;
}

/**
 * onSend: an answer that depends on who is signed in (its route looked up the session) must not be kept
 * by the browser, a shared device's next user or a proxy: `private, no-store`, unless the route chose
 * its own Cache-Control. Public answers (the catalogue's ETag and max-age) never read the session.
 */
export const noStoreForSessionAnswers: onSendAsyncHookHandler = async function noStoreForSessionAnswers(req, reply) {
  if (req.readsSession && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
};

/** preHandler: 401 UNAUTHENTICATED unless signed in; sets request.user. */
export const requireUser: preHandlerAsyncHookHandler = async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  const user = await req.server.sessions.resolve(req);
  if (!user) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
  req.user = user;
};

/** preHandler: sets request.user when signed in; signed-out callers go on (read currentUser(req)). */
export const optionalUser: preHandlerAsyncHookHandler = async function optionalUser(req: FastifyRequest) {
  const user = await req.server.sessions.resolve(req);
  if (user) req.user = user;
};

/** The signed-in user or null, in a route guarded by optionalUser. */
export const currentUser = (req: FastifyRequest): SessionUser | null => (req.user as SessionUser | null | undefined) ?? null;

/** preHandler: signed in (401) and holding `permission` (403). */
export function requirePermission(permission: Permission, message?: string): preHandlerAsyncHookHandler {
  return async function requirePermissionHandler(req, reply) {
    await requireUser.call(this, req, reply);
    if (!can(req.user, permission)) throw forbidden(message);
  };
}
