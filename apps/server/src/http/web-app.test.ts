/**
 * The web build as the server sends it: rendered pages in the coding the client accepts (RFC 9110
 * q-values), and the build's own files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { pickCoding } from './encoding';

const INDEX = '<!doctype html><html lang="en"><head><title>Khedma</title></head><body><div id="root"></div></body></html>';
/** A stand-in for the web build's server entry: every public page renders, nothing is not found. */
const ENTRY = `
export async function prepare() {}
export function isNotFound() { return false; }
export async function render({ url, language }) {
  return { kind: 'page', status: 200, html: '<main>' + language + ' ' + new URL(url).pathname + '</main>', head: undefined, state: {} };
}
`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'khedma-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  mkdirSync(path.join(webDist, '.ssr'));
  writeFileSync(path.join(webDist, '.ssr', 'entry-server.mjs'), ENTRY);
  t = await createTestApp({ webDist, publicUrl: 'https://khedma.example' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const about = (acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url: '/about', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('content coding of rendered pages', () => {
  it('follows q-values: a coding refused with q=0 is never sent', async () => {
    const cases: Array<[string | undefined, 'br' | 'gzip' | undefined]> = [
      ['br;q=0', undefined],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['BR', 'br'],
      ['*', 'br'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [header, coding] of cases) {
      const res = await about(header);
      expect(res.statusCode, String(header)).toBe(200);
      expect(res.headers['content-encoding'], String(header)).toBe(coding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      const body = coding === 'br' ? brotliDecompressSync(res.rawPayload) : coding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      expect(body.toString('utf8'), String(header)).toContain('<main>en /about</main>');
    }
  });

  it('pickCoding: the same rules on their own', () => {
    expect(pickCoding('br;q=0')).toBeNull();
    expect(pickCoding('br;q=0.001, gzip;q=0')).toBe('br');
    expect(pickCoding('gzip, br')).toBe('br');
    expect(pickCoding('br', ['gzip'])).toBeNull();
    expect(pickCoding(undefined)).toBeNull();
  });
});
