/**
 * The email links' callbackURL (found by fuzz.test.ts, issue 28): better-auth redirected a bad or
 * expired link to any site named in callbackURL (an open redirect) and answered 500 to one that is no
 * URL at all. Only this site's pages are accepted; anything else is a 400 and nobody is sent anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/factories';
import { freshIp, outbox, signUpBody, startApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: freshIp() });

describe('callbackURL of the email links', () => {
  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '\u{a614}', '\u{1f600}', 'http://localhost:3000.evil.example/'])(
    'refuses %j with 400 on the reset link',
    async (cb) => {
      for (const url of [`/api/auth/reset-password/abc?callbackURL=${encodeURIComponent(cb)}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.headers.location).toBeUndefined();
      }
    },
  );

  it("better-auth's confirmation link is gone: confirming is the password step's (POST /api/accounts/confirm-email, issue 41)", async () => {
    for (const cb of ['/dashboard', 'https://evil.example/x']) {
      const res = await get(`/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(cb)}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('follows a path or an absolute URL of this site', async () => {
    const site = new URL(t.config.publicUrl).origin;
    const relative = await get(`/api/auth/reset-password/abc?callbackURL=${encodeURIComponent('/reset-password')}`);
    expect(relative.statusCode).toBe(302);
    expect(new URL(String(relative.headers.location), site).pathname).toBe('/reset-password');
    const reset = await get(`/api/auth/reset-password/abc?callbackURL=${encodeURIComponent(`${site}/reset-password`)}`);
    expect(reset.statusCode).toBe(302);
    expect(new URL(String(reset.headers.location)).origin).toBe(site);
  });

  it('a resend or reset email asked for with another site never links there', async () => {
    const email = `cb-${Date.now()}@example.ma`;
    const up = await t.app.inject({ method: 'POST', url: '/api/accounts/sign-up', remoteAddress: freshIp(), payload: signUpBody({ email }) });
    expect(up.statusCode).toBe(201);
    const customer = await createCustomer(t);
    const asks = [
      await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', remoteAddress: freshIp(), payload: { email, callbackURL: 'https://evil.example/' } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: freshIp(), payload: { email: customer.email, redirectTo: 'https://evil.example/' } }),
    ];
    for (const res of asks) expect(res.statusCode).toBeLessThan(500);
    const mail = await outbox(t.app);
    const links = mail.filter((m) => m.to === email || m.to === customer.email).flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
    for (const link of links) {
      // The link may carry the other site in its callbackURL, but following it is refused (400 above).
      const url = new URL(link);
      expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
      const res = await get(url.pathname + url.search);
      if (url.search.includes('evil.example')) expect(res.statusCode).toBe(400);
      else expect(String(res.headers.location ?? '')).not.toContain('evil.example');
    }
  });
});
