import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/app';

/** Probe routes: one that validates a body, one that throws something unexpected. */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/test/echo', { schema: { body: z.object({ text: z.string() }) } }, async (req) => req.body);
  app.get('/api/test/boom', async () => {
    throw new Error('secret detail: password=hunter2');
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [probes as never] });
});
afterAll(async () => t?.close());

const expectErrorShape = (body: unknown, code: string) => {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
};

describe('error contract', () => {
  it('answers unknown API routes with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expectErrorShape(res.json(), 'NOT_FOUND');
  });

  it('answers unknown methods under /api with 404 JSON, not the web app', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'NOT_FOUND');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    // Routing happens before parsing for unknown routes, so test on a real route too.
    expect([400, 404]).toContain(res.statusCode);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(known.statusCode).toBe(400);
    expectErrorShape(known.json(), 'INVALID_JSON');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('refuses wrong types with 400 and names the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { text: 42 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectErrorShape(body, 'VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toContain('text');
  });

  it('refuses a bad query parameter with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/services?category=spaceships' });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'VALIDATION_FAILED');
  });

  it('answers an unexpected exception with 500 and no detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expectErrorShape(res.json(), 'INTERNAL');
    expect(res.body).not.toContain('secret detail');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('contracts', () => {
  it('GET /api/health answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI 3.1 document with security requirements', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/services'].get).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toBeDefined();
    for (const [path, item] of Object.entries<Record<string, { security?: unknown }>>(doc.paths)) {
      if (path.startsWith('/api/test/')) continue;
      for (const op of Object.values(item)) expect(op.security, path).toBeDefined();
    }
  });

  it('renders the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });

  it('GET /api/dev/outbox lists captured messages newest first', async () => {
    await t.app.ctx.email.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await new Promise((r) => setTimeout(r, 5));
    await t.app.ctx.sms.send('+212612345678', 'Second');
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list[0]).toMatchObject({ channel: 'sms', to: '+212612345678', text: 'Second' });
    expect(list[1]).toMatchObject({ channel: 'email', to: 'a@example.com', subject: 'First', text: 'one' });
    expect(Object.keys(list[0]).sort()).toEqual(['channel', 'created_at', 'html', 'id', 'subject', 'text', 'to']);
  });

  it('sets security headers and a strict content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('compresses answers above 1 KB (gzip and brotli) and leaves small ones alone', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toHaveProperty('openapi');
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toHaveProperty('openapi');
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for a missing asset instead of the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-abc123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves the web app (or a hint to build it) for non-API paths', async () => {
    // A page the app renders in the browser (a path of no page at all is a 404: not-found-pages.test.ts).
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends a public page asked for with a trailing slash to its one address', async () => {
    for (const [url, location] of [
      ['/about/', '/about'],
      ['/services/plumbing/?lang=fr', '/services/plumbing?lang=fr'],
      ['/faq//', '/faq'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url! });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(location);
    }
    // Not for the home page, the app's other pages, or odd paths.
    for (const url of ['/', '/dashboard/', '//evil.example/', '/api/services/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(301);
    }
  });

  it('sends a public page asked for in another case to its lower-case address, query kept', async () => {
    // The router matches either case, so each spelling would otherwise be its own page (and canonical URL).
    for (const [url, location] of [
      ['/ABOUT', '/about'],
      ['/Services/Plumbing', '/services/plumbing'],
      ['/FAQ/', '/faq'],
      ['/services/2E4B9A37-DDD9-5D0E-8C3E-7CE5E48540B0?lang=fr&utm_source=X', '/services/2e4b9a37-ddd9-5d0e-8c3e-7ce5e48540b0?lang=fr&utm_source=X'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url! });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // Only to a public page of this site: not the app's other pages, the API, or anything off the site.
    for (const url of ['/DASHBOARD', '/Login?next=/x', '//EVIL.example/', '//Evil.example/about', '/API/services', '/services/CAF%C3%89', '/Services/A/B', '/%2F%2FEvil.example']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(301);
    }
  });
});

describe('production', () => {
  it('has no outbox route in production', async () => {
    const prod = await createTestApp({ isProduction: true, env: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json(), 'NOT_FOUND');
    } finally {
      await prod.close();
    }
  });
});
