/**
 * Upload abuse on every upload route (issue 28): the profile avatar, the application's documents and
 * the chat's files. Polyglot files, wrong extensions, path traversal in names, oversized and empty
 * parts, too many parts, broken multipart bodies: refused with a 4xx (never a 5xx), nothing stored
 * (no row changed, no file written). What is accepted despite a hostile name or trailing bytes is
 * stored under a key of the server's own and served without them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableChecksums } from './test/db-checksum';
import { createCustomer, createPaidBooking, createPro, casablancaDate, type TestUser } from './test/factories';
import { freshIp, startApp, type TestApp } from './test/helpers';
import { multipartBody } from './test/openapi-operations';

let t: TestApp;
let customer: TestUser;
let conversationId: string;
let png: Buffer;

interface Route {
  name: string;
  url: () => string;
  /** The largest file the route takes. */
  maxBytes: number;
}
const ROUTES: Route[] = [
  { name: 'profile avatar', url: () => '/api/profile/avatar', maxBytes: 5 * 1024 * 1024 },
  { name: 'application document', url: () => '/api/applications/draft/documents/idFront', maxBytes: 8 * 1024 * 1024 },
  { name: 'chat file', url: () => `/api/chat/conversations/${conversationId}/files`, maxBytes: 10 * 1024 * 1024 },
];

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  customer = await createCustomer(t, { name: 'Upload Customer' });
  const pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Upload Pro' });
  const booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(5) });
  const conv = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: customer.cookie }, payload: { bookingId: booking.id } });
  conversationId = conv.json().conversation.id;
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
}, 120_000);
afterAll(async () => t?.close());

/** Every file under the data directory, with its size. */
function files(dir = t.config.dataDir, out = new Map<string, number>()) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else out.set(p, statSync(p).size);
  }
  return out;
}

function send(route: Route, payload: Buffer, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: route.url(), payload, headers: { ...headers, cookie: customer.cookie }, remoteAddress: freshIp() });
}

/** Sends, and checks a refusal: 4xx, no table changed, no file written. */
async function expectRefused(route: Route, what: string, payload: Buffer, headers: Record<string, string>) {
  const before = await tableChecksums(t.database);
  const disk = files();
  const res = await send(route, payload, headers);
  expect(res.statusCode, `${route.name}: ${what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${route.name}: ${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(changedTables(before, await tableChecksums(t.database)), `${route.name}: ${what}`).toEqual([]);
  const after = files();
  expect([...after.keys()].filter((f) => !disk.has(f)), `${route.name}: ${what} wrote a file`).toEqual([]);
  return res;
}

const one = (filename: string, body: Buffer, type = 'application/octet-stream') => multipartBody([{ filename, type, body }]);

describe.each(ROUTES)('uploads: $name', (route) => {
  it('refuses polyglots and files whose bytes are not what their name says', async () => {
    const cases: Array<[string, string, Buffer, string]> = [
      ['PNG magic then an HTML page', 'photo.png', Buffer.concat([png.subarray(0, 16), Buffer.from('<html><script>alert(document.cookie)</script></html>')]), 'image/png'],
      ['an SVG with a script', 'photo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'), 'image/svg+xml'],
      ['a Windows executable named .pdf', 'devis.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]), 'application/pdf'],
      ['an ELF binary named .jpg', 'photo.jpg', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(300, 1)]), 'image/jpeg'],
      ['an HTML page named .png', 'page.png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
      ['a zip archive (docx-like) of junk named .png', 'photo.png', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]), 'image/png'],
      ['a PHP script named .png.php', 'shell.png.php', Buffer.from('<?php system($_GET["c"]); ?>'), 'image/png'],
    ];
    for (const [what, name, body, type] of cases) {
      const m = one(name, body, type);
      await expectRefused(route, what, m.payload, m.headers);
    }
  });

  it('refuses empty, oversized, too many and missing parts, and broken multipart bodies', async () => {
    let m = one('empty.png', Buffer.alloc(0), 'image/png');
    await expectRefused(route, 'an empty file', m.payload, m.headers);
    const big = Buffer.concat([png, Buffer.alloc(route.maxBytes + 1024, 0)]);
    m = one('big.png', big, 'image/png');
    const tooBig = await expectRefused(route, 'an oversized file', m.payload, m.headers);
    expect(tooBig.statusCode).toBe(413);
    m = multipartBody(Array.from({ length: 5 }, (_, i) => ({ filename: `p${i}.png`, type: 'image/png', body: png })));
    await expectRefused(route, 'five files', m.payload, m.headers);
    const boundary = '----proofmany';
    const fields = Array.from({ length: 50 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('');
    await expectRefused(route, 'fifty text fields and no file', Buffer.from(`${fields}--${boundary}--\r\n`), { 'content-type': `multipart/form-data; boundary=${boundary}` });
    await expectRefused(route, 'a text field only', Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nhello\r\n--${boundary}--\r\n`), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    m = one('photo.png', png, 'image/png');
    await expectRefused(route, 'a body cut before its end', m.payload.subarray(0, m.payload.length - 40), m.headers);
    await expectRefused(route, 'multipart without a boundary', m.payload, { 'content-type': 'multipart/form-data' });
    await expectRefused(route, 'a JSON body', Buffer.from('{"file":"x"}'), { 'content-type': 'application/json' });
    await expectRefused(route, 'no body at all', Buffer.alloc(0), { 'content-type': `multipart/form-data; boundary=${boundary}` });
  });

  it('a hostile file name never names where the file goes: the key is the server own, inside the uploads directory', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    for (const name of ['../../../../tmp/evil.png', '..\\..\\..\\evil.png', '/etc/cron.d/evil.png', 'a/../../evil.png', '%2e%2e%2fevil.png', 'evil.png\u0000.html', '\u202egnp.exe', `${'a'.repeat(2000)}.png`]) {
      const before = files();
      const m = one(name, png, 'image/png');
      const res = await send(route, m.payload, m.headers);
      expect(res.statusCode, `${route.name}: ${JSON.stringify(name)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      const added = [...files().keys()].filter((f) => !before.has(f));
      for (const f of added) expect(f.startsWith(uploads + path.sep), `${f} outside ${uploads}`).toBe(true);
      expect(added.join('\n')).not.toMatch(/evil|\.\.|cron|exe/);
      if (res.statusCode < 300) {
        // The name shown back (chat, documents) is a plain file name: no directories, no control characters.
        const shown = JSON.stringify(res.json());
        expect(shown).not.toMatch(/\.\.[/\\]|[/\\]etc[/\\]|\\u0000|\\u202e/);
      }
    }
  });

  it('a valid image with a page glued after it is stored without the page', async () => {
    const glued = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const before = files();
    const m = one('photo.png', glued, 'image/png');
    const res = await send(route, m.payload, m.headers);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode < 300) {
      for (const f of [...files().keys()].filter((x) => !before.has(x) && !x.endsWith('.meta.json'))) {
        expect(readFileSync(f).includes(Buffer.from('<script>')), `${route.name} kept the script in ${f}`).toBe(false);
      }
    }
  });
});
