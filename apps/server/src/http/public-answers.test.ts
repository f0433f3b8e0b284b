import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../test/app';
import { modulesOf } from '../app';

/**
 * http/public-answers.ts: a catalogue URL Fastify has answered once is answered again before Fastify,
 * over a real socket (app.inject never reaches the server), with the same body and the same headers.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** The headers that matter (not Date, Keep-Alive or the request id, which differ per answer). */
function comparable(res: Response) {
  const headers = Object.fromEntries([...res.headers.entries()].filter(([name]) => !['date', 'keep-alive', 'x-request-id', 'connection'].includes(name)));
  return { status: res.status, headers };
}

describe('public answers sent before Fastify', () => {
  it('answers a catalogue URL the second time from memory, byte for byte and header for header, security headers included', async () => {
    const services = (await (await fetch(`${origin}/api/services`)).json()) as Array<{ id: string }>;
    for (const url of ['/api/services', `/api/services/${services[0]!.id}`, '/api/categories', '/api/cities', '/api/services?category=plumbing']) {
      t.app.publicAnswers.clear();
      const first = await fetch(`${origin}${url}`, { headers: { 'accept-encoding': 'identity' } });
      const firstBody = await first.text();
      expect(t.app.publicAnswers.size, url).toBe(1);
      const second = await fetch(`${origin}${url}`, { headers: { 'accept-encoding': 'identity' } });
      expect(await second.text(), url).toBe(firstBody);
      expect(comparable(second), url).toEqual(comparable(first));
      expect(second.headers.get('content-security-policy'), url).toContain("default-src 'self'");
      expect(second.headers.get('x-request-id'), url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers If-None-Match with 304 and compresses for the reader (brotli, gzip) the same body', async () => {
    await fetch(`${origin}/api/services`);
    const plain = await (await fetch(`${origin}/api/services`, { headers: { 'accept-encoding': 'identity' } })).text();
    const etag = (await fetch(`${origin}/api/services`)).headers.get('etag')!;
    const notModified = await fetch(`${origin}/api/services`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    for (const coding of ['br', 'gzip'] as const) {
      const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        void import('node:http').then(({ get }) =>
          get(`${origin}/api/services`, { headers: { 'accept-encoding': coding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          }).on('error', reject),
        );
      });
      expect(raw.encoding).toBe(coding);
      const decoded = coding === 'br' ? zlib.brotliDecompressSync(raw.body) : zlib.gunzipSync(raw.body);
      expect(decoded.toString()).toBe(plain);
    }
  });

  it('forgets everything when the catalogue changes, and never keeps searches, other methods or unknown URLs', async () => {
    await fetch(`${origin}/api/categories`);
    expect(t.app.publicAnswers.size).toBeGreaterThan(0);
    await modulesOf(t.app).catalog.service.invalidate();
    expect(t.app.publicAnswers.size).toBe(0);
    t.app.publicAnswers.clear();
    await fetch(`${origin}/api/services?q=leak`);
    await fetch(`${origin}/api/services/00000000-0000-0000-0000-000000000000`);
    await fetch(`${origin}/api/health`);
    expect(t.app.publicAnswers.size).toBe(0);
  });

  it('leaves every request to Fastify while the server drains', async () => {
    await fetch(`${origin}/api/cities`);
    await fetch(`${origin}/api/cities`);
    t.app.draining.active = true;
    try {
      // Answered by Fastify, which closes the connection after it (http/shutdown.ts).
      const res = await fetch(`${origin}/api/cities`);
      expect(res.status).toBe(200);
      expect(res.headers.get('connection')).toBe('close');
    } finally {
      t.app.draining.active = false;
    }
  });
});
