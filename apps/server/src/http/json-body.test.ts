/**
 * Issue 21 item 6: a JSON body nested 5000 deep made PATCH /api/profile answer 500 (a stack overflow
 * while writing the refused field to the audit log). Over-deep bodies are refused with 400 by the
 * JSON parser, before any handler, on every route.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileAuditLog } from '../db/schema/index';
import { startApp, withCookie, type TestApp } from '../test/helpers';
import { createCustomer } from '../test/factories';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** The body of the issue: a refused field holding `depth` nested objects. */
const deepProfileBody = (depth: number) => `{"x":${nested(depth)}}`;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startApp();
  ({ cookie } = await createCustomer(t));
});
afterAll(async () => t?.close());

describe('JSON nesting depth', () => {
  it('counts objects and arrays, never brackets inside strings', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds('[[[1]]]', 2)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '{{{{[[[["\\' }), 1)).toBe(false);
    expect(jsonDepthExceeds(`"${'['.repeat(100)}"`, 1)).toBe(false);
  });

  it('PATCH /api/profile with 5000 levels is 400 INVALID_JSON, not a 500, and writes nothing', async () => {
    const res = await t.app.inject(
      withCookie(cookie, { method: 'PATCH', url: '/api/profile', headers: { 'content-type': 'application/json', origin: t.config.publicUrl }, body: deepProfileBody(5000) }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'INVALID_JSON', message: expect.stringContaining('nested too deeply') } });
    const me = (await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/me' }))).json();
    const rows = await t.database.db.select().from(profileAuditLog).where(eq(profileAuditLog.profileId, me.user.id));
    expect(rows.filter((r) => r.changeType === 'role_change_attempt')).toHaveLength(0);
  });

  it('a body within the limit still reaches the handler (the refused field is audited)', async () => {
    const res = await t.app.inject(
      withCookie(cookie, { method: 'PATCH', url: '/api/profile', headers: { 'content-type': 'application/json', origin: t.config.publicUrl }, body: deepProfileBody(MAX_JSON_DEPTH - 1) }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is refused the same way on every route, signed in or not, ours and better-auth\'s', async () => {
    const body = nested(5000);
    for (const [method, url] of [
      ['PATCH', '/api/profile'],
      ['POST', '/api/contact'],
      ['POST', '/api/bookings'],
      ['POST', '/api/accounts/sign-up'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-out'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('INVALID_JSON');
    }
  });

  it('prototype poisoning and broken JSON are still 400', async () => {
    for (const body of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{nope']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, body });
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error.code).toBe('INVALID_JSON');
    }
  });
});
