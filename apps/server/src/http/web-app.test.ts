/**
 * The web build as the server sends it: rendered pages in the coding the client accepts (RFC 9110
 * q-values), and the build's own files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { pickCoding } from './encoding';

const INDEX = '<!doctype html><html lang="en"><head><title>Khedma</title></head><body><div id="root"></div></body></html>';
const SW = `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`;
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
  // The build writes a .br and a .gz copy beside its larger files.
  for (const [name, text] of [['index.html', INDEX], ['sw.js', SW]] as const) {
    writeFileSync(path.join(webDist, name), text);
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(text));
  }
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

describe("the build's files", () => {
  it('sends the precompressed copy in place of a file, by Accept-Encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SW);
    const plain = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SW);
  });

  it('answers 404 for the precompressed copies asked for by name (no octet-stream downloads)', async () => {
    for (const url of ['/index.html.br', '/index.html.gz', '/sw.js.gz', '/sw.js.br', '/SW.JS.GZ']) {
      for (const acceptEncoding of [undefined, 'gzip, br']) {
        const res = await t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
        expect(res.statusCode, `${url} ${acceptEncoding}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.json().error.code).toBe('NOT_FOUND');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });
});
