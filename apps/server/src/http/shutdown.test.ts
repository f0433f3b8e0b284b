/**
 * While the server shuts down (issue 21 item 4, issue 38 item 12): from SIGTERM (draining) it is not
 * ready and its answers close their connection, but requests are still answered in full; once app.close()
 * has begun (closing), a late request gets 503 in the error contract's shape, not Fastify's own body.
 * The whole shutdown under load, with the real server, is in ../shutdown.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { startDraining } from './shutdown';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('draining', () => {
  it('before: answers keep their connection; alive and ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).not.toBe('close');
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('draining: not ready (503), still alive, and every request answered in full with Connection: close', async () => {
    startDraining(t.app);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.stringMatching(/shutting down/) } });
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    for (const [method, url, status] of [
      ['GET', '/api/health', 200],
      ['GET', '/api/services', 200],
      ['GET', '/api/no-such-route', 404],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers.connection, url).toBe('close');
    }
  });

  it('closing: every request, on any route, gets 503 UNAVAILABLE in the error contract with Connection: close', async () => {
    t.app.draining.closing = true;
    try {
      for (const [method, url] of [
        ['GET', '/api/health'],
        ['GET', '/api/services'],
        ['POST', '/api/contact'],
        ['GET', '/api/no-such-route'],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers.connection, url).toBe('close');
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
      }
    } finally {
      t.app.draining.closing = false;
    }
  });
});
