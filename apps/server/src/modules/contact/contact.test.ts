import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { isPublicPage } from '../../http/pages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ supportEmail: 'support@khedma.test' });
});
afterAll(async () => t?.close());

const post = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });
const stored = async () => (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

describe('POST /api/contact', () => {
  it('stores the message and emails support through the outbox', async () => {
    const res = await post({ name: 'Salma Idrissi', email: 'salma@example.ma', phone: '+212 612 345 678', message: 'Bonjour, I need a quote for a big move.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Message sent successfully! We'll get back to you soon.");
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    expect(outbox[0]).toMatchObject({ channel: 'email', to: 'support@khedma.test' });
    expect(outbox[0].text).toContain('I need a quote for a big move.');
    expect(outbox[0].text).toContain('salma@example.ma');
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const before = await stored();
    const res = await post({ name: '', email: 'not-an-email', message: 'short' }, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.email).toBe('Please enter a valid email address');
    expect(fields.name).toBeTruthy();
    expect(fields.message).toBeTruthy();
    expect(await stored()).toBe(before);
  });

  it('accepts an empty optional phone', async () => {
    const res = await post({ name: 'Omar', email: 'omar@example.ma', phone: '', message: 'A question about warranty.' }, '10.0.0.3');
    expect(res.statusCode).toBe(201);
  });

  it('limits one address to 5 messages an hour with 429 and Retry-After', async () => {
    const msg = { name: 'Flood', email: 'flood@example.ma', message: 'Repeated message body' };
    for (let i = 0; i < 5; i++) expect((await post(msg, '10.9.9.9')).statusCode).toBe(201);
    const res = await post(msg, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('SEO files', () => {
  it('serves a sitemap with pages, categories, services and hreflang alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain('/services/plumbing</loc>');
    expect(res.body).toContain('/pricing</loc>');
    expect(res.body).toContain('hreflang="ar"');
    expect(res.body.match(/<url>/g)!.length).toBeGreaterThan(40);
    // Only pages the server renders with their content and head (not a heading the browser fills in later).
    const paths = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.filter((path) => !isPublicPage(path))).toEqual([]);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: ');
    expect(res.body).toContain('Disallow: /api/');
  });
});
