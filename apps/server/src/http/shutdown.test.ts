/**
 * While the server shuts down (issue 21 item 4), answers close their connection and a late request
 * gets 503 in the error contract's shape, not Fastify's own body. The whole shutdown under load, with
 * the real server, is in ../shutdown.test.ts.
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
  it('before: answers keep their connection', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).not.toBe('close');
  });

  it('after: every request, on any route, gets 503 UNAVAILABLE in the error contract with Connection: close', async () => {
    startDraining(t.app);
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
  });
});
