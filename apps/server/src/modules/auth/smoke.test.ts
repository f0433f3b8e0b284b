import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createTestDatabase } from '../../test/db';

let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ logLevel: 'error', dataDir: mkdtempSync(path.join(os.tmpdir(), 'kh-')) }), database });
});
afterAll(async () => { await app?.close(); });

it('smoke', async () => {
  let r = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'customer@demo.ma', password: 'Demo!2345' } });
  console.log(r.statusCode, r.headers, r.body.slice(0, 500));
  const token = r.json().token;
  r = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  console.log(r.statusCode, r.body.slice(0, 800));
  r = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'customer@demo.ma', password: 'Wrong!2345' } });
  console.log(r.statusCode, r.body);
  r = await app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: { name: 'Test User', email: 'new@example.ma', password: 'Demo!2345', confirmPassword: 'Demo!2345', userType: 'pro', acceptAge: true, acceptTerms: true, locale: 'fr' } });
  console.log(r.statusCode, r.body);
  r = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'new@example.ma', password: 'Demo!2345' } });
  console.log(r.statusCode, r.body);
  const out = await app.ctx.outbox!.list();
  console.log(out[0]);
  expect(1).toBe(1);
});
