/**
 * A phone account adds its email from the profile and confirms it (issue 42,
 * docs/accounts.md#email-of-a-phone-account): the link is the confirmation link of sign-up (one live,
 * single use, 24 hours) carrying the address; opened signed in or not it makes that address the
 * account's, confirmed; then "forgot password" gives the account a password for that email.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmations, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createCustomer } from '../../test/factories';
import { freshIp, linkIn, outbox, sessionCookie, signUpBody } from '../../test/helpers';
import { uniquePhone } from '../../db/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const publicUrl = () => t.app.ctx.config.publicUrl;
const post = (url: string, payload: unknown, o: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: o.ip ?? freshIp(), headers: o.cookie ? { cookie: o.cookie } : {} });
const getEmail = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/accounts/email', headers: cookie ? { cookie } : {} });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2, 9)}@example.ma`;

/** A new phone account (signed up with an SMS code), signed in: its cookie and id. */
async function phoneAccount(locale = 'en'): Promise<{ cookie: string; id: string; phone: string }> {
  const phone = uniquePhone();
  expect((await post('/api/accounts/phone/code', { phoneNumber: phone, locale })).statusCode).toBe(200);
  const sms = (await outbox(t.app)).find((m) => m.to === phone && m.channel === 'sms');
  const code = /(\d{6})/.exec(sms!.text)![1]!;
  const up = await post('/api/accounts/phone/sign-in', { phoneNumber: phone, code, signUp: { name: 'Hamza Tazi', acceptAge: true, acceptTerms: true, locale } });
  expect(up.statusCode, up.body).toBe(201);
  return { cookie: sessionCookie(up), id: up.json().user.id, phone };
}

/** The token of the last link mailed to `to` (the page /confirm-new-email?token=...). */
async function tokenSentTo(to: string): Promise<{ token: string; path: string; subject: string | null }> {
  const mail = (await outbox(t.app)).find((m) => m.to === to && m.channel === 'email');
  if (!mail) throw new Error(`no email to ${to}`);
  const path = linkIn(mail.text, publicUrl());
  return { token: new URL(path, publicUrl()).searchParams.get('token')!, path, subject: mail.subject };
}

describe('a phone account adds its email', () => {
  it('the link confirms it signed out, once; the profile then shows it; forgot password gives that email a password', async () => {
    const p = await phoneAccount('fr');
    const before = await getEmail(p.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ email: null, emailVerified: false, pendingEmail: null, canAdd: true });

    const email = unique('added');
    const add = await post('/api/accounts/email', { email: `  ${email.toUpperCase()} ` }, { cookie: p.cookie });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ status: true, pendingEmail: email });
    expect((await getEmail(p.cookie)).json()).toEqual({ email: null, emailVerified: false, pendingEmail: email, canAdd: true });

    const link = await tokenSentTo(email);
    expect(link.path).toMatch(/^\/confirm-new-email\?token=/);
    // In the account's language; only the hash of the token is stored.
    expect(link.subject).toBe("Confirmez l'adresse e-mail de votre compte Khedma");
    const [row] = await t.database.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, p.id));
    expect(row!.email).toBe(email);
    expect(row!.tokenHash).not.toContain(link.token);
    // Until confirmed the account's email is unchanged.
    expect((await me(p.cookie)).json().user.email).toMatch(/@phone\.khedma\.invalid$/);

    // The sign-up's password step does not take this link (it would set a password from a link).
    const wrongStep = await post('/api/accounts/confirm-email', { token: link.token, password: 'Owner!Pass22' });
    expect(wrongStep.statusCode).toBe(400);
    expect(wrongStep.json().error.code).toBe('INVALID_TOKEN');

    const ok = await post('/api/accounts/email/confirm', { token: link.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: true, email });
    const who = (await me(p.cookie)).json().user;
    expect(who).toMatchObject({ id: p.id, email, emailVerified: true });
    expect((await getEmail(p.cookie)).json()).toEqual({ email, emailVerified: true, pendingEmail: null, canAdd: false });

    // Single use.
    const again = await post('/api/accounts/email/confirm', { token: link.token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
    // And now the account has an email: adding another is refused.
    const more = await post('/api/accounts/email', { email: unique('other') }, { cookie: p.cookie });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('EMAIL_ALREADY_SET');

    // Forgot password on that email: the reset link gives the phone account a password.
    expect((await post('/api/auth/request-password-reset', { email })).statusCode).toBe(200);
    const reset = (await outbox(t.app)).find((m) => m.to === email && m.subject === 'Réinitialisez votre mot de passe Khedma');
    expect(reset).toBeDefined();
    const go = await t.app.inject({ method: 'GET', url: linkIn(reset!.text, publicUrl()) });
    expect(go.statusCode).toBe(302);
    const resetToken = new URL(go.headers.location as string).searchParams.get('token')!;
    const set = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'Phone!Mail22', confirmPassword: 'Phone!Mail22' });
    expect(set.statusCode, set.body).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'Phone!Mail22' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await me(sessionCookie(signIn))).json().user).toMatchObject({ id: p.id, email });
  });

  it('change: a new address kills the earlier link; the link confirms while signed in too', async () => {
    const p = await phoneAccount();
    const first = unique('first');
    const second = unique('second');
    expect((await post('/api/accounts/email', { email: first }, { cookie: p.cookie })).statusCode).toBe(200);
    const old = await tokenSentTo(first);
    expect((await post('/api/accounts/email', { email: second }, { cookie: p.cookie })).statusCode).toBe(200);
    expect((await getEmail(p.cookie)).json().pendingEmail).toBe(second);

    const dead = await post('/api/accounts/email/confirm', { token: old.token });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error.code).toBe('INVALID_TOKEN');

    const { token } = await tokenSentTo(second);
    const ok = await post('/api/accounts/email/confirm', { token }, { cookie: p.cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(p.cookie)).json().user).toMatchObject({ email: second, emailVerified: true });
  });

  it('an expired link is refused', async () => {
    const p = await phoneAccount();
    const email = unique('late');
    expect((await post('/api/accounts/email', { email }, { cookie: p.cookie })).statusCode).toBe(200);
    const { token } = await tokenSentTo(email);
    await t.database.db.update(emailConfirmations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailConfirmations.userId, p.id));
    expect((await getEmail(p.cookie)).json().pendingEmail).toBeNull();
    const late = await post('/api/accounts/email/confirm', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('INVALID_TOKEN');
    expect((await me(p.cookie)).json().user.email).toMatch(/@phone\.khedma\.invalid$/);
  });
});

describe('addresses other accounts use', () => {
  it('a confirmed account\'s address is refused as sign-up refuses it, and no email is sent', async () => {
    const owner = await createCustomer(t);
    const p = await phoneAccount();
    const mailsBefore = (await outbox(t.app)).filter((m) => m.to === owner.email).length;
    const taken = await post('/api/accounts/email', { email: owner.email }, { cookie: p.cookie });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'EMAIL_EXISTS', message: 'An account with this email already exists. Please try logging in instead.' });
    expect((await outbox(t.app)).filter((m) => m.to === owner.email).length).toBe(mailsBefore);
  });

  it('a pending sign-up does not hold the address: confirming removes it; a confirmed account that took it meanwhile wins', async () => {
    const email = unique('pending');
    expect((await post('/api/accounts/sign-up', signUpBody({ email }))).statusCode).toBe(201);
    const p = await phoneAccount();
    expect((await post('/api/accounts/email', { email }, { cookie: p.cookie })).statusCode).toBe(200);
    const { token } = await tokenSentTo(email);
    const ok = await post('/api/accounts/email/confirm', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    const holders = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(holders).toEqual([{ id: p.id }]);

    // Meanwhile taken by a confirmed account: 409, the account keeps its stand-in, the link is spent.
    const q = await phoneAccount();
    const late = unique('raced');
    expect((await post('/api/accounts/email', { email: late }, { cookie: q.cookie })).statusCode).toBe(200);
    const link = await tokenSentTo(late);
    await createCustomer(t, { email: late });
    const raced = await post('/api/accounts/email/confirm', { token: link.token });
    expect(raced.statusCode).toBe(409);
    expect(raced.json().error.code).toBe('EMAIL_EXISTS');
    expect((await me(q.cookie)).json().user.email).toMatch(/@phone\.khedma\.invalid$/);
    expect((await post('/api/accounts/email/confirm', { token: link.token })).statusCode).toBe(400);
  });
});

describe('who may not, and bad input', () => {
  it('signed out: 401 (whatever the body)', async () => {
    expect((await getEmail()).statusCode).toBe(401);
    expect((await post('/api/accounts/email', { email: unique('x') })).statusCode).toBe(401);
    expect((await post('/api/accounts/email', { nope: 1 })).statusCode).toBe(401);
  });

  it('an email account (its address confirmed): 409 EMAIL_ALREADY_SET, nothing sent', async () => {
    const customer = await createCustomer(t);
    expect((await getEmail(customer.cookie)).json()).toEqual({ email: customer.email, emailVerified: true, pendingEmail: null, canAdd: false });
    const target = unique('second');
    const res = await post('/api/accounts/email', { email: target }, { cookie: customer.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_ALREADY_SET');
    expect((await outbox(t.app)).some((m) => m.to === target)).toBe(false);
  });

  it('bad input: 400', async () => {
    const p = await phoneAccount();
    for (const body of [{}, { email: 'not-an-email' }, { email: '212600000000@phone.khedma.invalid' }, { email: unique('x'), role: 'admin' }, { email: 42 }]) {
      const res = await post('/api/accounts/email', body, { cookie: p.cookie });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    for (const body of [{}, { token: '' }, { token: 'a\nb' }, { token: 'x'.repeat(201) }]) {
      const res = await post('/api/accounts/email/confirm', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await post('/api/accounts/email/confirm', { token: 'no-such-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('INVALID_TOKEN');
  });

  it("a sign-up's link is not an added email's link", async () => {
    const email = unique('signup');
    expect((await post('/api/accounts/sign-up', signUpBody({ email }))).statusCode).toBe(201);
    const { token } = await tokenSentTo(email);
    const res = await post('/api/accounts/email/confirm', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
    // The sign-up's own step still takes it.
    expect((await post('/api/accounts/confirm-email', { token, password: 'Owner!Pass22' })).statusCode).toBe(200);
  });

  it('rate limited like the confirmation resend: per client address', async () => {
    const p = await phoneAccount();
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await post('/api/accounts/email', { email: unique(`r${i}`) }, { cookie: p.cookie, ip })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });
});
