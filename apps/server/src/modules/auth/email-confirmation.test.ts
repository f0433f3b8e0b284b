/**
 * Nobody can pre-claim someone else's address (issue 41, docs/accounts.md "Confirmation"): a stranger
 * signs up with the owner's email and a password of their own; whatever the owner then does (signs up
 * again, or only clicks the link they received), the stranger's password never opens the account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmations, profiles, users } from '../../db/schema/index';
import { freshIp, lastMessageTo, linkIn, outbox, sessionCookie, signUpBody, startApp, withCookie, type TestApp } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, ip = freshIp()) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const signInWith = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });

async function lastToken(email: string): Promise<string> {
  const mail = await lastMessageTo(t.app, email);
  return new URL(linkIn(mail.text, t.config.publicUrl), t.config.publicUrl).searchParams.get('token')!;
}

const STRANGER = 'Stranger!Pass1';
const OWNER = 'Owner!Pass22';

describe('pre-claim: a stranger signs up with the owner\'s address', () => {
  it('the owner only clicks the link: they choose the password, the stranger\'s stops working', async () => {
    const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.ma`;
    expect((await post('/api/accounts/sign-up', signUpBody({ email, password: STRANGER, confirmPassword: STRANGER, name: 'Mal Lory' }))).statusCode).toBe(201);

    // Before confirmation nobody signs in, the stranger included (and learns nothing more).
    const early = await signInWith(email, STRANGER);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(early.headers['set-cookie']).toBeUndefined();
    // No email is sent by a sign-in attempt.
    const mailsBefore = (await outbox(t.app)).filter((m) => m.to === email).length;
    expect(mailsBefore).toBe(1);

    // The owner opens the link from their inbox: the step asks for a password.
    const token = await lastToken(email);
    const confirm = await post('/api/accounts/confirm-email', { token, password: OWNER, confirmPassword: OWNER });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const cookie = sessionCookie(confirm);
    const me = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/me' }));
    expect(me.json().user).toMatchObject({ email, emailVerified: true });

    // The stranger's password is dead; the owner's works.
    const stranger = await signInWith(email, STRANGER);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await signInWith(email, OWNER)).statusCode).toBe(200);

    // The link is single use, and the address is now taken (SPEC §8's message).
    expect((await post('/api/accounts/confirm-email', { token, password: STRANGER })).json().error.code).toBe('INVALID_TOKEN');
    const taken = await post('/api/accounts/sign-up', signUpBody({ email, password: STRANGER, confirmPassword: STRANGER }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('An account with this email already exists. Please try logging in instead.');
    expect((await outbox(t.app)).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('the owner signs up again: their sign-up replaces the stranger\'s (name, type, password, link)', async () => {
    const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.ma`;
    const first = await post('/api/accounts/sign-up', signUpBody({ email, password: STRANGER, confirmPassword: STRANGER, name: 'Mal Lory', userType: 'pro' }));
    expect(first.statusCode).toBe(201);
    const strangerToken = await lastToken(email);

    const owner = await post('/api/accounts/sign-up', signUpBody({ email, password: OWNER, confirmPassword: OWNER, name: 'Salma Idrissi', userType: 'customer', locale: 'fr' }));
    expect(owner.statusCode, owner.body).toBe(201);
    expect(owner.json()).toMatchObject({ user: { email, name: 'Salma Idrissi', userType: 'customer', emailVerified: false }, verificationEmailSent: true });
    // Still one account, now the owner's.
    const rows = await t.database.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, rows[0]!.id));
    expect(profile).toMatchObject({ fullName: 'Salma Idrissi', userType: 'customer', locale: 'fr' });
    expect(await t.database.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, rows[0]!.id))).toHaveLength(1);

    // The stranger's link is dead; the new one (in French) works.
    expect((await post('/api/accounts/confirm-email', { token: strangerToken, password: STRANGER })).json().error.code).toBe('INVALID_TOKEN');
    const mail = await lastMessageTo(t.app, email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour Khedma');
    const ok = await post('/api/accounts/confirm-email', { token: await lastToken(email), password: OWNER });
    expect(ok.statusCode).toBe(200);
    expect((await signInWith(email, STRANGER)).statusCode).toBe(401);
    expect((await signInWith(email, OWNER)).statusCode).toBe(200);
  });

  it('the normal path: sign up, confirm with the same password, sign in', async () => {
    const body = signUpBody();
    expect((await post('/api/accounts/sign-up', body)).statusCode).toBe(201);
    const ok = await post('/api/accounts/confirm-email', { token: await lastToken(body.email), password: body.password, confirmPassword: body.password });
    expect(ok.json()).toEqual({ status: true, next: '/dashboard?verified=1' });
    expect((await signInWith(body.email, body.password)).statusCode).toBe(200);
  });

  it('the step checks the password rule and the confirmation, next to each field', async () => {
    const body = signUpBody();
    await post('/api/accounts/sign-up', body);
    const token = await lastToken(body.email);
    const weak = await post('/api/accounts/confirm-email', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBeDefined();
    const mismatch = await post('/api/accounts/confirm-email', { token, password: OWNER, confirmPassword: 'Other!Pass33' });
    expect(mismatch.json().error.fields.confirmPassword).toBe('Passwords do not match');
    // Neither used the link up.
    expect((await post('/api/accounts/confirm-email', { token, password: OWNER })).statusCode).toBe(200);
  });

  it('an expired link confirms nothing (24 hours)', async () => {
    const body = signUpBody();
    await post('/api/accounts/sign-up', body);
    const token = await lastToken(body.email);
    t.app.ctx.clock.set(new Date(Date.now() + 24 * 3600_000 + 60_000));
    try {
      const res = await post('/api/accounts/confirm-email', { token, password: OWNER });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'INVALID_TOKEN', message: 'This link is invalid or has expired. Please request a new one.' });
    } finally {
      t.app.ctx.clock.set(null);
    }
    expect((await signInWith(body.email, body.password)).json().error.code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it('better-auth\'s own confirmation paths are gone (they kept the sign-up password)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=x' })).statusCode).toBe(404);
  });

  it('the step is rate limited per client address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post('/api/accounts/confirm-email', { token: `nope-${i}`, password: OWNER }, ip)).statusCode;
    expect(last).toBe(429);
  });
});
