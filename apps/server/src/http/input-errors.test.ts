/**
 * Text the database cannot hold (PostgreSQL refuses U+0000 in text) is bad input, answered 400 in the
 * error contract on every route: the shared schemas refuse it first, and the error handler turns a
 * value the database refuses anyway into 400 (our routes and better-auth's alike).
 */
import { VALIDATION_MESSAGES } from '@khedma/shared';
import { like, sql } from 'drizzle-orm';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createContext } from '../context';
import { NotificationPreferencesStore } from '../modules/profile';
import { contactMessages, rateLimits } from '../db/schema/index';
import { seedId } from '../db/seed/ids';
import { createAuth } from '../modules/auth/auth';
import { forwardToAuth } from '../modules/auth/bridge';
import { AuthRepository } from '../modules/auth/auth.repository';
import { servicePriceFrom } from '../modules/catalog/price';
import { ContactService } from '../modules/contact/contact.service';
import { RateLimiter } from '../platform/rate-limit';
import { createTestApp, type TestApp } from '../test/app';
import { registerErrorHandling } from './error-handler';

const NUL = '\u0000';
const LEAK_REPAIR = seedId('service:leak-repair');

/** Routes that hand the database what a schema would have refused (the handler is the last line). */
const probes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/nul-text', async () => app.ctx.database.db.execute(sql`select ${`a${NUL}b`}::text as t`));
  app.get('/api/test/not-a-uuid', async () => app.ctx.database.db.execute(sql`select ${'abc'}::uuid as u`));
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [probes] });
});
afterAll(async () => t?.close());

const expectBadInput = (res: { statusCode: number; json(): unknown; body: string }, what: string) => {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
};

let ipCounter = 0;
const freshIp = () => `10.77.0.${++ipCounter}`;
const contact = (payload: Record<string, unknown>, ip: string) => t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
const goodContact = { name: 'Salma Idrissi', email: 'salma@example.ma', message: 'A question about a big move.' };

describe('a NUL byte or a control character in input', () => {
  it('is a 400 on every route the security test found, not a 500', async () => {
    const json = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: freshIp() });
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/services?q=%00' }), 'catalogue search');
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/cities/%00/boroughs' }), 'boroughs');
    expectBadInput(await json('/api/bookings/quote', { serviceTypeId: LEAK_REPAIR, citySlug: `x${NUL}` }), 'quote');
    expectBadInput(await json('/api/contact', { ...goodContact, message: `Hello there ${NUL} friend` }), 'contact');
    const reset = await json('/api/auth/request-password-reset', { email: `nobody${NUL}@example.com` });
    expectBadInput(reset, 'password reset');
    expect(reset.json().error.fields.email).toBe(VALIDATION_MESSAGES.email);
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/abc%00' }), 'reset link');
  });

  it('in the price lookup is a clear 400, not the base price', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/services/${LEAK_REPAIR}/price?city=%00` });
    expectBadInput(res, 'price');
    // A city with no price of its own is still priced by the function, as before.
    const unknown = await t.app.inject({ method: 'GET', url: `/api/services/${LEAK_REPAIR}/price?city=nowhere` });
    expect(unknown.json()).toMatchObject({ source: 'function' });
  });

  it('keeps a contact name to one line: no header injection into the support email subject', async () => {
    const res = await contact({ ...goodContact, name: 'Evil\r\nBcc: victim@example.com' }, freshIp());
    expectBadInput(res, 'contact name');
    expect(res.json().error.fields.name).toBe(VALIDATION_MESSAGES.singleLine);
    const stored = await t.database.db.select().from(contactMessages).where(like(contactMessages.name, 'Evil%'));
    expect(stored).toEqual([]);
  });

  it('says a contact name over 100 characters is too long', async () => {
    const res = await contact({ ...goodContact, name: 'x'.repeat(101) }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe('Your name is too long (100 characters at most)');
  });

  it('does not use up the contact allowance (5 an hour)', async () => {
    const ip = freshIp();
    for (const bad of [{ message: `Hello there ${NUL} friend` }, { name: `Salma${NUL}` }, { name: 'a\r\nb' }, { name: '' }, { name: 'x'.repeat(101) }, { message: 'short' }]) {
      expect((await contact({ ...goodContact, ...bad }, ip)).statusCode).toBe(400);
    }
    // Distinct messages: the same one sent again within 10 minutes is the stored one, not a new message.
    const nth = (i: number) => ({ ...goodContact, message: `${goodContact.message} (message ${i})` });
    for (let i = 0; i < 5; i++) expect((await contact(nth(i), ip)).statusCode, `message ${i + 1}`).toBe(201);
    expect((await contact(nth(5), ip)).statusCode).toBe(429);
  });
});

describe('defence in depth: a value the database refuses', () => {
  it('is answered 400 in the error contract, with the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nul-text' });
    expectBadInput(res, 'NUL to the database');
    expect(res.json().error.message).toBe(VALIDATION_MESSAGES.controlCharacters);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/Failed query|select|0x00/);
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/test/not-a-uuid' }), 'abc as a uuid');
  });

  it('counts a contact message only when it is stored', async () => {
    const limiter = new RateLimiter(t.database.db);
    const service = new ContactService(t.database.db, t.app.ctx.mailer, limiter, 'support@khedma.test');
    const counted = async () => (await t.database.db.select().from(rateLimits).where(like(rateLimits.key, 'app:contact:%10.88.0.1'))).map((r) => r.count);
    // Past the schema (a caller that forgot it): the insert fails, and the allowance is untouched.
    await expect(service.submit({ ...goodContact, name: `Salma${NUL}` }, { ip: '10.88.0.1', userId: null })).rejects.toThrow();
    expect(await counted()).toEqual([]);
    await service.submit({ ...goodContact, message: `${goodContact.message} (counted once stored)` }, { ip: '10.88.0.1', userId: null });
    expect(await counted()).toEqual([1]);
  });

  it('is not priced at the base price when the lookup fails', async () => {
    const failing = {
      regionPrice: async () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      },
      priceFacts: async () => ({ basePrice: 999 }),
    };
    await expect(servicePriceFrom(failing, { id: LEAK_REPAIR, basePrice: 150 }, `x${NUL}`, undefined)).rejects.toMatchObject({ code: '22021' });
  });

  it('inside better-auth (which would answer a bare 500) is answered 400 too', async () => {
    const config = testConfig();
    const app = Fastify();
    registerErrorHandling(app);
    const ctx = createContext(config, t.database, app.log, { preferences: new NotificationPreferencesStore(t.database.db) });
    const auth = createAuth({ ctx, repo: new AuthRepository(t.database.db), log: app.log });
    // The bridge as our routes use it, with a body no schema checked: better-auth looks the token up.
    app.post('/api/auth/reset-password', (req, reply) =>
      forwardToAuth(auth, config.publicUrl, req, reply, { body: { token: `abc${NUL}`, newPassword: 'Demo!2345' } }),
    );
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: {}, headers: { origin: config.publicUrl } });
    expectBadInput(res, 'better-auth');
    await app.close();
  });
});
