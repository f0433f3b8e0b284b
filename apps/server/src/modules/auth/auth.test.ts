import { VALIDATION_MESSAGES, passwordMessage } from '@khedma/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileAuditLog, profiles, sessions } from '../../db/schema/index';
import { AUTH_RATE_LIMITS, APP_RATE_LIMITS } from './rate-limits';
import { currentUser, optionalUser, requirePermission, requireUser } from './session';
import {
  freshIp,
  lastMessageTo,
  linkIn,
  outbox,
  sessionCookie,
  signIn,
  signUpBody,
  startApp,
  withBearer,
  withCookie,
  type TestApp,
} from './auth.test-helpers';
import { createAdmin, createCustomer, FACTORY_PASSWORD, type TestUser } from '../../test/factories';

/** Probe routes for the guards other modules use. */
const probes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/admin-only', { preHandler: requirePermission('admin:access') }, async (req) => ({ id: req.user.id }));
  app.get('/api/test/finance', { preHandler: requirePermission('finance:read') }, async () => ({ ok: true }));
  app.get('/api/test/maybe', { preHandler: optionalUser }, async (req) => ({ user: currentUser(req)?.email ?? null }));
  app.post('/api/test/change', { preHandler: requireUser }, async () => ({ ok: true }));
};

let t: TestApp;
/** The file's people (test/factories.ts): signed in by each test through the real sign-in. */
const u = {} as Record<'customer' | 'customer2' | 'admin' | 'reviewer' | 'finance', TestUser>;
beforeAll(async () => {
  t = await startApp({}, [probes]);
  const signIn = false;
  [u.customer, u.customer2, u.admin, u.reviewer, u.finance] = await Promise.all([
    createCustomer(t, { signIn, locale: 'en' }),
    createCustomer(t, { signIn, locale: 'fr' }),
    createAdmin(t, { signIn, roles: ['super_admin'] }),
    createAdmin(t, { signIn, roles: ['application_reviewer'] }),
    createAdmin(t, { signIn, roles: ['finance_admin'] }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, ip = freshIp()) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

/**
 * Signs up, follows the emailed link to its "choose your password" step (issue 41: the password is
 * chosen again there, by whoever holds the mailbox), and returns the cookie that step set.
 */
async function signUpAndConfirm(overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await post('/api/accounts/sign-up', body);
  expect(res.statusCode, res.body).toBe(201);
  const mail = await lastMessageTo(t.app, body.email);
  const token = new URL(linkIn(mail.text, t.config.publicUrl), t.config.publicUrl).searchParams.get('token')!;
  const confirm = await post('/api/accounts/confirm-email', { token, password: body.password, confirmPassword: body.password });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { body, userId: res.json().user.id as string, cookie: sessionCookie(confirm), confirm, next: confirm.json().next as string };
}

describe('sign-up: every SPEC §5 rule with its message', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['name too short', { name: 'A' }, 'name', VALIDATION_MESSAGES.name],
    ['name too long', { name: 'A'.repeat(51) }, 'name', VALIDATION_MESSAGES.name],
    ['name with digits', { name: 'John 3' }, 'name', VALIDATION_MESSAGES.name],
    ['bad email', { email: 'not-an-email' }, 'email', VALIDATION_MESSAGES.email],
    ['no uppercase', { password: 'strong!pass1', confirmPassword: 'strong!pass1' }, 'password', 'Password must contain at least one uppercase letter'],
    ['no lowercase', { password: 'STRONG!PASS1', confirmPassword: 'STRONG!PASS1' }, 'password', 'Password must contain at least one lowercase letter'],
    ['no digit', { password: 'Strong!Pass', confirmPassword: 'Strong!Pass' }, 'password', 'Password must contain at least one number'],
    ['no special', { password: 'StrongPass1', confirmPassword: 'StrongPass1' }, 'password', 'Password must contain at least one special character'],
    ['several rules', { password: 'abc', confirmPassword: 'abc' }, 'password', passwordMessage('abc')!],
    ['mismatch', { confirmPassword: 'Other!Pass1' }, 'confirmPassword', VALIDATION_MESSAGES.passwordsDoNotMatch],
    ['admin user type', { userType: 'admin' }, 'userType', VALIDATION_MESSAGES.userType],
    ['unknown user type', { userType: 'boss' }, 'userType', VALIDATION_MESSAGES.userType],
    ['under 18', { acceptAge: false }, 'acceptAge', VALIDATION_MESSAGES.acceptAge],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', VALIDATION_MESSAGES.acceptTerms],
  ];
  it.each(cases)('%s', async (_label, overrides, field, message) => {
    const res = await post('/api/accounts/sign-up', signUpBody(overrides));
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[field]).toBe(message);
  });

  it('accepts accented and Arabic names', async () => {
    for (const name of ['Hélène Côté', 'يوسف بنعلي']) {
      const res = await post('/api/accounts/sign-up', signUpBody({ name }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('password joined message lists each failed rule with ". "', () => {
    expect(passwordMessage('abc')).toContain('. ');
  });
});

describe('sign-up, confirmation and sign-in', () => {
  it('creates a pro account with its profile, emails the confirmation link, and refuses sign-in before confirming', async () => {
    const body = signUpBody({ userType: 'pro', name: '  Karim   Tazi ', locale: 'ar' });
    const res = await post('/api/accounts/sign-up', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { email: body.email, name: 'Karim Tazi', userType: 'pro', emailVerified: false }, verificationEmailSent: true });

    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.email, body.email));
    expect(profile).toMatchObject({ fullName: 'Karim Tazi', name: 'Karim', userType: 'pro', locale: 'ar' });

    // The email is in the user's language and links back to the site.
    const mail = await lastMessageTo(t.app, body.email);
    expect(mail.subject).toBe('أكّد البريد الإلكتروني ديالك ف Khedma');
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail.text, t.config.publicUrl)).toMatch(/^\/confirm-email\?token=[\w-]{43}$/);

    const refused = await post('/api/auth/sign-in/email', { email: body.email, password: body.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'EMAIL_NOT_CONFIRMED',
        message: 'Please confirm your email before logging in. Check your inbox for a confirmation link.',
      },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('the link\'s password step confirms, signs in and sends to /dashboard?verified=1', async () => {
    const { body, cookie, next } = await signUpAndConfirm({ userType: 'pro' });
    expect(next).toBe('/dashboard?verified=1');
    const me = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/me' }));
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: body.email, userType: 'pro', emailVerified: true, adminRoles: [] });
    // A professional's permissions come with approval (profile.test.ts): until then, a customer's.
    expect(me.json().permissions).toContain('application:create');
    expect(me.json().permissions).not.toContain('booking:accept:own');

    const signedIn = await post('/api/auth/sign-in/email', { email: body.email.toUpperCase(), password: body.password });
    expect(signedIn.statusCode).toBe(200);
  });

  it('signed up on the way somewhere (next): the link lands there, with ?verified=1', async () => {
    const next = '/book-service?service=s1&addons=a1,a2&city=rabat';
    const { cookie, next: landing } = await signUpAndConfirm({ next });
    expect(landing).toBe('/book-service?service=s1&addons=a1%2Ca2&city=rabat&verified=1');
    expect((await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login?next=/x'])(
    'a next that is not a path on this site (%s) lands on the dashboard',
    async (next) => {
      const { next: landing } = await signUpAndConfirm({ next });
      expect(landing).toBe('/dashboard?verified=1');
    },
  );

  it('resend with next: the new link lands there too (and never off the site)', async () => {
    const body = signUpBody();
    await post('/api/accounts/sign-up', body);
    const confirmWithLastLink = async () => {
      const token = new URL(linkIn((await lastMessageTo(t.app, body.email)).text, t.config.publicUrl), t.config.publicUrl).searchParams.get('token')!;
      return post('/api/accounts/confirm-email', { token, password: body.password });
    };
    expect((await post('/api/auth/send-verification-email', { email: body.email, next: '//evil.example' })).statusCode).toBe(200);
    expect((await post('/api/auth/send-verification-email', { email: body.email, next: '/book-service?service=s1' })).statusCode).toBe(200);
    expect((await confirmWithLastLink()).json()).toEqual({ status: true, next: '/book-service?service=s1&verified=1' });
  });

  it('a resent link off the site lands on the dashboard', async () => {
    const body = signUpBody();
    await post('/api/accounts/sign-up', body);
    expect((await post('/api/auth/send-verification-email', { email: body.email, next: '//evil.example' })).statusCode).toBe(200);
    const token = new URL(linkIn((await lastMessageTo(t.app, body.email)).text, t.config.publicUrl), t.config.publicUrl).searchParams.get('token')!;
    expect((await post('/api/accounts/confirm-email', { token, password: body.password })).json().next).toBe('/dashboard?verified=1');
  });

  it('a bad confirmation token: 400 INVALID_TOKEN, and confirms nothing', async () => {
    const res = await post('/api/accounts/confirm-email', { token: 'not-a-token', password: 'Strong!Pass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('one account per confirmed email, whatever the case: 409 EMAIL_EXISTS', async () => {
    const { body } = await signUpAndConfirm();
    const again = await post('/api/accounts/sign-up', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'EMAIL_EXISTS',
      message: 'An account with this email already exists. Please try logging in instead.',
    });
    const existing = await post('/api/accounts/sign-up', signUpBody({ email: u.customer.email }));
    expect(existing.statusCode).toBe(409);
  });

  it('resend sends a new confirmation link (and says nothing about unknown addresses)', async () => {
    const body = signUpBody({ locale: 'fr' });
    await post('/api/accounts/sign-up', body);
    const before = (await outbox(t.app)).filter((m) => m.to === body.email).length;
    const res = await post('/api/auth/send-verification-email', { email: body.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const mails = (await outbox(t.app)).filter((m) => m.to === body.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('Confirmez votre adresse e-mail pour Khedma');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/confirm-email?token=`);

    const unknown = await post('/api/auth/send-verification-email', { email: 'nobody-here@example.ma' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: true });
  });

  it('wrong password or unknown email: 401 INVALID_CREDENTIALS with the SPEC message', async () => {
    for (const payload of [
      { email: u.customer.email, password: 'Wrong!2345' },
      { email: 'nobody@example.ma', password: FACTORY_PASSWORD },
    ]) {
      const res = await post('/api/auth/sign-in/email', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password. Please check your credentials and try again.' },
      });
    }
  });

  it('sign-in checks the login rules first (6 characters, valid email)', async () => {
    const short = await post('/api/auth/sign-in/email', { email: u.customer.email, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(VALIDATION_MESSAGES.loginPassword);
    const bad = await post('/api/auth/sign-in/email', { email: 'nope', password: FACTORY_PASSWORD });
    expect(bad.json().error.fields.email).toBe(VALIDATION_MESSAGES.email);
  });
});

describe('sessions: cookie and bearer', () => {
  it('a customer signs in; an httpOnly SameSite=Lax cookie and a bearer token both work', async () => {
    const res = await post('/api/auth/sign-in/email', { email: u.customer.email, password: u.customer.password });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('khedma.session_token='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // http://localhost: Secure only on https
    expect(res.headers['cache-control']).toBe('no-store');

    const { cookie, token } = await signIn(t.app, u.customer.email, u.customer.password);
    for (const opts of [withCookie(cookie, { method: 'GET', url: '/api/me' }), withBearer(token, { method: 'GET', url: '/api/me' })]) {
      const me = await t.app.inject(opts);
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ email: u.customer.email, userType: 'customer', locale: 'en' });
      expect(me.json().profile).toMatchObject({ email: u.customer.email, user_type: 'customer' });
      expect(me.json().permissions).toContain('booking:create');
      expect(me.json().permissions).not.toContain('admin:access');
    }
    // The signed token of set-auth-token works as a bearer too.
    const signed = decodeURIComponent(cookie.split('=')[1]!);
    expect((await t.app.inject(withBearer(signed, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);
  });

  it('admins get their roles and permissions from admin_roles (SPEC §6)', async () => {
    const cases: Array<[TestUser, string[], boolean]> = [
      [u.admin, ['super_admin'], true],
      [u.reviewer, ['application_reviewer'], false],
      [u.finance, ['finance_admin'], true],
    ];
    for (const [who, roles, finance] of cases) {
      const { token } = await signIn(t.app, who.email, who.password);
      const me = (await t.app.inject(withBearer(token, { method: 'GET', url: '/api/me' }))).json();
      expect(me.user.userType).toBe('admin');
      expect(me.user.adminRoles).toEqual(roles);
      expect(me.permissions).toContain('admin:access');
      expect(me.permissions.includes('finance:read')).toBe(finance);
    }
  });

  it('signed-out calls get 401 UNAUTHENTICATED; a forged cookie or token is nobody', async () => {
    for (const opts of [
      { method: 'GET' as const, url: '/api/me' },
      { method: 'GET' as const, url: '/api/me', headers: { cookie: 'khedma.session_token=abc.def' } },
      { method: 'GET' as const, url: '/api/me', headers: { authorization: 'Bearer nope' } },
      { method: 'GET' as const, url: '/api/me', headers: { authorization: 'Bearer abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' } },
    ]) {
      const res = await t.app.inject(opts);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
  });

  it('get-session answers the session and account of the caller', async () => {
    const { cookie } = await signIn(t.app, u.customer2.email, u.customer2.password);
    const res = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/auth/get-session' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(u.customer2.email);
  });

  it('sign-out ends the session on the server: the old cookie and the old bearer token are refused', async () => {
    const web = await signIn(t.app, u.customer2.email, u.customer2.password);
    const out = await t.app.inject(withCookie(web.cookie, { method: 'POST', url: '/api/auth/sign-out' }));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).join(';')).toMatch(/khedma\.session_token=;/);
    expect((await t.app.inject(withCookie(web.cookie, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);

    const mobile = await signIn(t.app, u.customer2.email, u.customer2.password);
    const out2 = await t.app.inject(withBearer(mobile.token, { method: 'POST', url: '/api/auth/sign-out', headers: { 'content-type': 'application/json' }, body: '' }));
    expect(out2.statusCode).toBe(200);
    expect((await t.app.inject(withBearer(mobile.token, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.token, mobile.token));
    expect(rows).toHaveLength(0);
  });

  it('a JWT is available to bearer clients, verifiable with /jwks', async () => {
    const { token } = await signIn(t.app, u.customer.email, u.customer.password);
    const res = await t.app.inject(withBearer(token, { method: 'GET', url: '/api/auth/token' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().token.split('.')).toHaveLength(3);
    const jwks = await t.app.inject({ method: 'GET', url: '/api/auth/jwks' });
    expect(jwks.json().keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(jwks.json())).not.toContain('privateKey');
  });
});

describe('session tokens never reach a page (issue 21 item 3)', () => {
  /** The raw token behind a session cookie (its value is token.signature). */
  const rawToken = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
  const asPage = (cookie: string, o: InjectOptions): InjectOptions =>
    withCookie(cookie, { ...o, headers: { ...o.headers, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } });

  it('get-session answers the session by id, without its token, and no set-auth-token header', async () => {
    const { cookie } = await signIn(t.app, u.customer2.email, u.customer2.password);
    const res = await t.app.inject(asPage(cookie, { method: 'GET', url: '/api/auth/get-session' }));
    expect(res.statusCode).toBe(200);
    const { session, user } = res.json();
    expect(user.email).toBe(u.customer2.email);
    expect(session.id).toEqual(expect.any(String));
    expect(session).not.toHaveProperty('token');
    expect(res.body).not.toContain(rawToken(cookie));
    expect(res.headers['set-auth-token']).toBeUndefined();
  });

  it('a page signing in gets the cookie only; a client that is not a browser still gets its bearer token', async () => {
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: freshIp(),
      headers: { origin: t.config.publicUrl },
      payload: { email: u.customer2.email, password: u.customer2.password },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).not.toHaveProperty('token');
    expect(page.json().user.email).toBe(u.customer2.email);
    expect(page.headers['set-auth-token']).toBeUndefined();
    const cookie = sessionCookie(page);
    expect(page.body).not.toContain(rawToken(cookie));
    expect((await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);

    const app = await post('/api/auth/sign-in/email', { email: u.customer2.email, password: u.customer2.password });
    expect(app.json().token).toEqual(expect.any(String));
    expect(app.headers['set-auth-token']).toBeUndefined();
  });

  it('list-sessions names each session by an opaque id, never a token, and marks the caller', async () => {
    const { body } = await signUpAndConfirm();
    const phone = await signIn(t.app, body.email, body.password);
    const laptop = await signIn(t.app, body.email, body.password);
    const res = await t.app.inject(asPage(laptop.cookie, { method: 'GET', url: '/api/auth/list-sessions' }));
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    // The confirmation link's session, the phone's and the laptop's.
    expect(list).toHaveLength(3);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'updatedAt', 'userAgent', 'userId']);
    }
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(res.body).not.toContain(phone.token);
    expect(res.body).not.toContain(laptop.token);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, phone.userId));
    for (const row of rows) expect(res.body).not.toContain(row.token);
    const laptopRow = rows.find((r) => r.token === laptop.token)!;
    expect(list.find((s) => s.current)!.id).toBe(laptopRow.id);
  });

  it('revoking a listed session works by its id; another account\'s id or an unknown one is 404', async () => {
    const { body } = await signUpAndConfirm();
    const phone = await signIn(t.app, body.email, body.password);
    const laptop = await signIn(t.app, body.email, body.password);
    const list = (await t.app.inject(asPage(laptop.cookie, { method: 'GET', url: '/api/auth/list-sessions' }))).json() as Array<{ id: string; current: boolean }>;
    const [phoneRow] = await t.database.db.select().from(sessions).where(eq(sessions.token, phone.token));
    expect(list.map((s) => s.id)).toContain(phoneRow!.id);

    const someoneElse = await signIn(t.app, u.customer.email, u.customer.password);
    const [theirs] = await t.database.db.select().from(sessions).where(eq(sessions.token, someoneElse.token));
    for (const id of [theirs!.id, 'no-such-session']) {
      const refused = await t.app.inject(
        asPage(laptop.cookie, { method: 'POST', url: '/api/auth/revoke-session', headers: { origin: t.config.publicUrl }, payload: { id } }),
      );
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject(withBearer(someoneElse.token, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);

    const revoked = await t.app.inject(
      asPage(laptop.cookie, { method: 'POST', url: '/api/auth/revoke-session', headers: { origin: t.config.publicUrl }, payload: { id: phoneRow!.id } }),
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ status: true });
    expect((await t.app.inject(withBearer(phone.token, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);
    expect((await t.app.inject(withCookie(laptop.cookie, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);
    // A token is not an id: revoking by one finds nothing.
    const byToken = await t.app.inject(
      asPage(laptop.cookie, { method: 'POST', url: '/api/auth/revoke-session', headers: { origin: t.config.publicUrl }, payload: { id: laptop.token } }),
    );
    expect(byToken.statusCode).toBe(404);
  });
});

describe('guards for other modules', () => {
  it('requirePermission: 401 signed out, 403 without the permission, through with it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(401);
    const customer = await signIn(t.app, u.customer.email, u.customer.password);
    const denied = await t.app.inject(withBearer(customer.token, { method: 'GET', url: '/api/test/admin-only' }));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
    const admin = await signIn(t.app, u.admin.email, u.admin.password);
    expect((await t.app.inject(withBearer(admin.token, { method: 'GET', url: '/api/test/admin-only' }))).json()).toEqual({ id: admin.userId });
    const reviewer = await signIn(t.app, u.reviewer.email, u.reviewer.password);
    expect((await t.app.inject(withBearer(reviewer.token, { method: 'GET', url: '/api/test/finance' }))).statusCode).toBe(403);
  });

  it('optionalUser lets signed-out callers through', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/maybe' })).json()).toEqual({ user: null });
    const { cookie } = await signIn(t.app, u.customer.email, u.customer.password);
    expect((await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/test/maybe' }))).json()).toEqual({ user: u.customer.email });
  });

  it('a change made with the cookie from another site is refused; our own origin and bearer clients pass', async () => {
    const { cookie, token } = await signIn(t.app, u.customer.email, u.customer.password);
    const foreign = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/test/change', headers: { origin: 'https://evil.example' } }));
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/test/change', headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(crossSite.statusCode).toBe(403);
    const own = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/test/change', headers: { origin: t.config.publicUrl } }));
    expect(own.statusCode).toBe(200);
    const bearer = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/test/change', headers: { origin: 'https://evil.example' } }));
    expect(bearer.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('the emailed link resets the password and ends every other session; the new password must be strong', async () => {
    const { body } = await signUpAndConfirm({ locale: 'fr' });
    const a = await signIn(t.app, body.email, body.password);
    const b = await signIn(t.app, body.email, body.password);

    const ask = await post('/api/auth/request-password-reset', { email: body.email });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().status).toBe(true);
    const mail = await lastMessageTo(t.app, body.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Khedma');

    // The link checks the token and hands it to the reset page.
    const link = await t.app.inject({ method: 'GET', url: linkIn(mail.text, t.config.publicUrl) });
    expect(link.statusCode).toBe(302);
    const target = new URL(link.headers.location as string);
    expect(target.origin + target.pathname).toBe(`${t.config.publicUrl}/reset-password`);
    const token = target.searchParams.get('token')!;

    const weak = await post('/api/auth/reset-password', { token, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toBe(passwordMessage('weakpass'));

    const ok = await post('/api/auth/reset-password', { token, newPassword: 'Brand!New22', confirmPassword: 'Brand!New22' });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const s of [a, b]) expect((await t.app.inject(withBearer(s.token, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);

    expect((await post('/api/auth/sign-in/email', { email: body.email, password: body.password })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: body.email, password: 'Brand!New22' })).statusCode).toBe(200);

    // A token works once.
    const again = await post('/api/auth/reset-password', { token, newPassword: 'Other!New33' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
  });

  it('an unknown address gets the same answer and no email', async () => {
    const before = (await outbox(t.app)).length;
    const res = await post('/api/auth/request-password-reset', { email: 'ghost@example.ma' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect((await outbox(t.app)).length).toBe(before);
  });

  it('change-password signs out the other sessions by default (as a reset does); this one goes on', async () => {
    const { body } = await signUpAndConfirm();
    const phone = await signIn(t.app, body.email, body.password);
    const laptop = await signIn(t.app, body.email, body.password);
    const res = await t.app.inject(
      withCookie(laptop.cookie, {
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: t.config.publicUrl },
        payload: { currentPassword: body.password, newPassword: 'Next!Pass42' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    // The page gets a new cookie, and no token in the body.
    expect(res.json().token).toBeUndefined();
    expect((await t.app.inject(withBearer(phone.token, { method: 'GET', url: '/api/me' }))).statusCode).toBe(401);
    const renewed = sessionCookie(res);
    expect((await t.app.inject(withCookie(renewed, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);

    // Asked to keep them, the others stay.
    const tablet = await signIn(t.app, body.email, 'Next!Pass42');
    const keep = await t.app.inject(
      withBearer(tablet.token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: 'Next!Pass42', newPassword: 'Third!Pass42', revokeOtherSessions: false },
      }),
    );
    expect(keep.statusCode, keep.body).toBe(200);
    expect((await t.app.inject(withCookie(renewed, { method: 'GET', url: '/api/me' }))).statusCode).toBe(200);
  });

  it('change-password also needs a strong new password', async () => {
    const { body } = await signUpAndConfirm();
    const s = await signIn(t.app, body.email, body.password);
    const weak = await t.app.inject(
      withBearer(s.token, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: body.password, newPassword: 'abcdefgh' } }),
    );
    expect(weak.statusCode).toBe(400);
    const wrong = await t.app.inject(
      withBearer(s.token, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'Wrong!Pass9', newPassword: 'Good!Pass99' } }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBeDefined();
    const ok = await t.app.inject(
      withBearer(s.token, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: body.password, newPassword: 'Good!Pass99' } }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('rate limits (database counters): 429 with Retry-After at the limit', () => {
  it('sign-in, per address: generous (many people share a carrier address), still 429 at the limit', async () => {
    const ip = freshIp();
    const max = AUTH_RATE_LIMITS['/sign-in/email'].max;
    // Distinct accounts, so that only the address's count is tested here.
    for (let i = 0; i < max; i++) {
      const r = await post('/api/auth/sign-in/email', { email: `nobody-${i}@example.ma`, password: 'Wrong!2345' }, ip);
      expect(r.statusCode).toBe(401);
    }
    const limited = await post('/api/auth/sign-in/email', { email: u.customer.email, password: u.customer.password }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await post('/api/auth/sign-in/email', { email: u.customer.email, password: u.customer.password })).statusCode).toBe(200);
  });

  it('sign-in, per account and address: a stranger trying an account from one address is stopped there, and never locks its owner out', async () => {
    const { body } = await signUpAndConfirm();
    const stranger = freshIp();
    const { limit } = APP_RATE_LIMITS.signInPerAccountAndAddress;
    for (let i = 0; i < limit; i++) {
      expect((await post('/api/auth/sign-in/email', { email: body.email, password: 'Wrong!2345' }, stranger)).statusCode).toBe(401);
    }
    // The stranger's address is refused, even with the right password (and in another case).
    const limited = await post('/api/auth/sign-in/email', { email: body.email.toUpperCase(), password: body.password }, stranger);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // The owner, from their own address, signs in.
    expect((await post('/api/auth/sign-in/email', { email: body.email, password: body.password }, freshIp())).statusCode).toBe(200);
    // The stranger's address still signs in to other accounts.
    expect((await post('/api/auth/sign-in/email', { email: u.customer2.email, password: u.customer2.password }, stranger)).statusCode).toBe(200);
  });

  it('sign-in, per account: one account tried from many addresses is refused at its own limit', async () => {
    const { body } = await signUpAndConfirm();
    const { limit } = APP_RATE_LIMITS.signInPerAccount;
    const perAddress = APP_RATE_LIMITS.signInPerAccountAndAddress.limit;
    // Attempts spread over addresses, each below its own count; the refusals of an address at its limit do not count.
    const addresses = Array.from({ length: Math.ceil(limit / perAddress) }, () => freshIp());
    for (let i = 0; i < limit; i++) {
      const r = await post('/api/auth/sign-in/email', { email: body.email, password: 'Wrong!2345' }, addresses[i % addresses.length]);
      expect(r.statusCode).toBe(401);
    }
    // The right password from yet another address: refused until the account's window ends.
    const limited = await post('/api/auth/sign-in/email', { email: body.email.toUpperCase(), password: body.password }, freshIp());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Other accounts, from any of those addresses, are not affected.
    expect((await post('/api/auth/sign-in/email', { email: u.customer2.email, password: u.customer2.password }, freshIp())).statusCode).toBe(200);
  });

  it('sign-up', async () => {
    const ip = freshIp();
    const { limit } = APP_RATE_LIMITS.signUpPerAddress;
    for (let i = 0; i < limit; i++) expect((await post('/api/accounts/sign-up', signUpBody({ name: 'A' }), ip)).statusCode).toBe(400);
    const limited = await post('/api/accounts/sign-up', signUpBody(), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('resend and reset: per address and per recipient', async () => {
    const ip = freshIp();
    const max = APP_RATE_LIMITS.resendPerAddress.limit;
    for (let i = 0; i < max; i++) {
      expect((await post('/api/auth/send-verification-email', { email: `r${i}@example.ma` }, ip)).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/send-verification-email', { email: 'another@example.ma' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    // One inbox cannot be flooded from many addresses.
    const { limit } = APP_RATE_LIMITS.emailsPerRecipient;
    for (let i = 0; i < limit; i++) expect((await post('/api/auth/request-password-reset', { email: 'victim@example.ma' })).statusCode).toBe(200);
    const flood = await post('/api/auth/request-password-reset', { email: 'victim@example.ma' });
    expect(flood.statusCode).toBe(429);
    expect(flood.headers['retry-after']).toBeDefined();
  });

  it('the counters live in the database (shared by every instance)', async () => {
    const rows = await t.database.db.execute(sql`select count(*)::int as n from rate_limits`);
    const n = (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(n).toBeGreaterThan(0);
  });
});

describe('phone codes (onboarding)', () => {
  it('sends a 6-digit SMS in the user language and verifies the number on the account', async () => {
    const { cookie, userId } = await signUpAndConfirm({ locale: 'fr' });
    const anonymous = await post('/api/auth/phone-number/send-otp', { phoneNumber: '+212 612 000 111' });
    expect(anonymous.statusCode).toBe(401);

    const bad = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/auth/phone-number/send-otp', payload: { phoneNumber: '+33 6 12 00 01 11' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phoneNumber).toBe(VALIDATION_MESSAGES.phone);

    const sent = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/auth/phone-number/send-otp', payload: { phoneNumber: '+212 612 000 111' } }));
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = await lastMessageTo(t.app, '+212612000111');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toMatch(/^Votre code de vérification Khedma est \d{6}\./);
    const code = /(\d{6})/.exec(sms.text)![1]!;

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/auth/phone-number/verify', payload: { phoneNumber: '+212612000111', code: wrongCode } }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CODE');

    const ok = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/auth/phone-number/verify', payload: { phoneNumber: '+212 612 000 111', code } }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: userId, phoneNumber: '+212612000111', phoneNumberVerified: true });
  });
});

describe('the error contract and what never leaks', () => {
  it('unknown and disabled better-auth paths are 404 in the contract shape', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/update-user', '/api/auth/nothing-here', '/api/auth/sign-in/phone-number']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('bad JSON to an auth route is 400 INVALID_JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('no response carries a password hash, and the only token is the caller own', async () => {
    const other = await signIn(t.app, u.customer2.email, u.customer2.password);
    const mine = await post('/api/auth/sign-in/email', { email: u.customer.email, password: u.customer.password });
    const myToken = mine.json().token as string;
    const bodies = [mine.body];
    for (const url of ['/api/me', '/api/auth/get-session', '/api/auth/list-sessions', '/api/profile']) {
      bodies.push((await t.app.inject(withBearer(myToken, { method: 'GET', url }))).body);
    }
    for (const b of bodies) {
      expect(b).not.toContain(other.token);
      expect(b).not.toMatch(/"password"/);
      expect(b).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/); // scrypt salt:hash
    }
  });

  it('sign-up writes a create row to the profile audit log', async () => {
    const body = signUpBody();
    const res = await post('/api/accounts/sign-up', body);
    const rows = await t.database.db.select().from(profileAuditLog).where(eq(profileAuditLog.profileId, res.json().user.id));
    expect(rows.map((r) => r.changeType)).toEqual(['create']);
  });

  it('the OpenAPI document lists the account routes with their security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/accounts/sign-up'].post.security).toEqual([]);
    expect(doc.paths['/api/auth/sign-in/email'].post).toBeDefined();
    expect(doc.paths['/api/me'].get.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/api/profile'].patch.tags).toEqual(['profile']);
  });
});

describe('on https', () => {
  it('the session cookie is Secure (__Secure- prefix) and still recognised', async () => {
    const https = await startApp({ publicUrl: 'https://khedma.example' });
    try {
      const own = await createCustomer(https, { signIn: false });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: freshIp(),
        payload: { email: own.email, password: own.password },
      });
      expect(res.statusCode).toBe(200);
      const c = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((v) => v.startsWith('__Secure-khedma.session_token='))!;
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/HttpOnly/);
      const me = await https.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c.split(';')[0]! } });
      expect(me.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });
});
