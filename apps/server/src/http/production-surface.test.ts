/**
 * What production shows of the development tools (issue 21 item 8, decision 0017): the outbox and its
 * page do not exist there (docs/README.md), while the API's documentation stays public.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist, isProduction: true, publicUrl: 'https://khedma.example' });
  });
  afterAll(async () => t?.close());

  it('/dev/mailbox is 404 (the not-found page, never the app shell), in any spelling', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/', '/DEV/Mailbox', '/dev/mailbox?lang=fr', '/dev']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('mailbox');
    }
  });

  it('the outbox API does not exist, and the OpenAPI document does not list it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
  });

  it('the API documentation stays public (decision 0017)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist });
  });
  afterAll(async () => t?.close());

  it('/dev/mailbox and the outbox are there', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
  });
});
