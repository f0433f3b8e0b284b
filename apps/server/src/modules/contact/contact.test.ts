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

  it('puts no raw HTML, line break or control character into the support email\'s subject (issue 38)', async () => {
    const res = await post({ name: '<img src=x onerror=alert(1)><b>Salma</b> <script>x</script>Idrissi', email: 'salma.html@example.ma', message: 'A question about a move, with HTML in my name.' }, '10.0.0.9');
    expect(res.statusCode).toBe(201);
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as Array<{ subject: string; text: string }>;
    const mail = outbox.find((m) => m.text.includes('with HTML in my name'))!;
    expect(mail.subject).toBe('Contact form: Salma xIdrissi');
    const tagsOnly = await post({ name: '<b></b>', email: 'tags@example.ma', message: 'A name made of tags alone.' }, '10.0.0.10');
    expect(tagsOnly.statusCode).toBe(201);
    const second = ((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as Array<{ subject: string; text: string }>).find((m) => m.text.includes('made of tags alone'))!;
    expect(second.subject).toBe('Contact form: (no name)');
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
    const msg = (i: number) => ({ name: 'Flood', email: 'flood@example.ma', message: `Repeated message body ${i}` });
    for (let i = 0; i < 5; i++) expect((await post(msg(i), '10.9.9.9')).statusCode).toBe(201);
    const res = await post(msg(5), '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('the same message sent twice (docs/public-site.md: nothing is sent twice)', () => {
  it('is the message already stored: the same id, no second row, no second email', async () => {
    const msg = { name: 'Nadia', email: 'nadia@example.ma', message: `Twice by accident ${Date.now()}` };
    const before = await stored();
    const [a, b] = await Promise.all([post(msg, '10.1.1.1'), post(msg, '10.1.1.2')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await stored()).toBe(before + 1);
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as Array<{ text: string }>;
    expect(outbox.filter((m) => m.text.includes(msg.message))).toHaveLength(1);
    // Another message from the same sender is a new one.
    expect((await post({ ...msg, message: `${msg.message} (and more)` }, '10.1.1.1')).json().id).not.toBe(a.json().id);
  });
});

describe('POST /contact (the page\'s form sent as plain HTML)', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}, ip = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/contact',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      remoteAddress: ip,
    });

  it('stores and mails a valid message with the API\'s rules, and answers 200', async () => {
    const before = await stored();
    const res = await form({ name: 'Yassine', email: 'yassine@example.ma', phone: '', message: `Sent without JavaScript ${Date.now()}`, lang: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await stored()).toBe(before + 1);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await stored();
    const res = await form({ name: '', email: 'nope', message: 'short' });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('counts against the same rate limit as the API (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) expect((await form({ name: 'Flood', email: 'flood2@example.ma', message: `Form flood number ${i}` }, {}, '10.3.3.3')).statusCode).toBe(200);
    const res = await form({ name: 'Flood', email: 'flood2@example.ma', message: 'Form flood number 5' }, {}, '10.3.3.3');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // And the API sees the same count.
    expect((await post({ name: 'Flood', email: 'flood2@example.ma', message: 'API after the form' }, '10.3.3.3')).statusCode).toBe(429);
  });

  it('refuses a form sent from another site (403) and stores nothing', async () => {
    const before = await stored();
    const res = await form({ name: 'Evil', email: 'evil@example.ma', message: 'Sent from elsewhere, sneaky' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('takes URL-encoded bodies on this form only: the API still wants JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: 'name=A&email=a%40b.ma&message=hello+there+you',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
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
