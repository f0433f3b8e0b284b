/**
 * Requests Fastify or Node refuse before any route or hook runs (a path that does not decode, headers
 * over 16 KB, a control byte in a header) are answered like every other error: the contract's shape
 * and the same security headers.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { helmetOptions, securityHeaders } from './security-headers';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** The headers every answer carries (development options, as the test app runs, with the CMI simulator's form target). */
const expected = securityHeaders(helmetOptions(testConfig())).set.map(([name, value]) => [name.toLowerCase(), value] as const);

/** Sends raw bytes and reads the whole answer until the server closes the connection (or 3 s). */
function raw(request: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const expectContract = (res: { status: number; headers: Record<string, unknown>; body: string }, status: number, code: string) => {
  expect(res.status, res.body).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ error: { code, message: expect.any(String) } });
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  for (const [name, value] of expected) expect(res.headers[name], name).toBe(value);
};

describe('errors met before routing', () => {
  it('a path that does not decode (/api/services/%ZZ) is 400 in the contract, with the security headers', async () => {
    const injected = await t.app.inject({ method: 'GET', url: '/api/services/%ZZ' });
    expectContract({ status: injected.statusCode, headers: injected.headers, body: injected.body }, 400, 'VALIDATION_FAILED');
    expect(injected.headers['x-request-id']).toBeTruthy();
    // Over the network too (curl --path-as-is).
    expectContract(await raw('GET /api/services/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 400, 'VALIDATION_FAILED');
  });

  it('a path parameter over 100 characters is 414 in the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/services/${'a'.repeat(150)}` });
    expectContract({ status: res.statusCode, headers: res.headers, body: res.body }, 414, 'URI_TOO_LONG');
  });
});

describe('requests Node cannot parse', () => {
  it('an address or headers over 16 KB: 431 in the contract, with the security headers', async () => {
    expectContract(await raw(`GET /api/services?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431, 'HEADERS_TOO_LARGE');
    expectContract(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`), 431, 'HEADERS_TOO_LARGE');
  });

  it('a control byte in a header, or a malformed request line: 400 in the contract, with the security headers', async () => {
    expectContract(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n'), 400, 'VALIDATION_FAILED');
    expectContract(await raw('NOT A REQUEST\r\n\r\n'), 400, 'VALIDATION_FAILED');
  });

  it('still answers a good request on the same server', async () => {
    const res = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
