/**
 * Fuzzing every operation of the OpenAPI document with fast-check (issue 28). For each operation, a
 * request made from its schema's minimal valid example and then mutated: wrong types, huge strings,
 * deep nesting, unicode, nulls, prototype keys (__proto__, constructor), extra fields that must never
 * be taken from a client (role, status, total_amount, user_id...), garbage path parameters and query
 * strings, bodies that are not JSON. Properties:
 * - never a 5xx;
 * - never a stack trace, a file path of the server or a SQL error in the answer;
 * - where the answer is 4xx, the database is unchanged (a checksum of every table but the rate
 *   limits' counters and sessions).
 * Each request is made by somebody the operation's row in ROUTE_ACCESS allows (so that the handler
 * runs, not only the refusal), with a session and a client address of its own.
 *
 * Size: FUZZ_RUNS requests per operation (default 4 in `npm test`, which still fails when a property
 * breaks on the common paths; `npm run bench` runs it with FUZZ_RUNS=100). FUZZ_SEED replays a run.
 */
import { randomUUID } from 'node:crypto';
import { permissionsFor, type PermissionSubject } from '@khedma/shared/domain/permissions';
import { ROUTE_ACCESS } from '@khedma/shared/domain/route-permissions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableChecksums } from './test/db-checksum';
import { createAdmin, createCustomer, createPaidBooking, createPro, casablancaDate, sessionFor, type TestBooking, type TestPro, type TestUser } from './test/factories';
import { freshIp, startApp, type TestApp } from './test/helpers';
import { propertyTimeout } from './test/property';
import { openApiDocument, operationsOf, sampleOf, type OpenApiDocument, type Operation } from './test/openapi-operations';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let doc: OpenApiDocument;
let ops: Operation[];
let customer: TestUser, pro: TestPro, admin: TestUser;
let booking: TestBooking;
let conversationId: string;

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  customer = await createCustomer(t, { name: 'Fuzz Customer' });
  pro = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Fuzz Pro' });
  admin = await createAdmin(t, { roles: ['super_admin'], name: 'Fuzz Admin' });
  booking = await createPaidBooking(t, { customer, pro, date: casablancaDate(5) });
  const conv = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { cookie: customer.cookie }, payload: { bookingId: booking.id } });
  conversationId = conv.json().conversation.id;
  doc = await openApiDocument(t.app);
  ops = operationsOf(doc);
}, 180_000);
afterAll(async () => t?.close());

const SUBJECTS: Array<[() => TestUser, PermissionSubject]> = [
  [() => customer, { userType: 'customer', adminRoles: [] }],
  [() => pro, { userType: 'pro', adminRoles: [] }],
  [() => admin, { userType: 'admin', adminRoles: ['super_admin'] }],
];

/** Somebody the row allows (the customer, else the professional, else the admin), or nobody for public rows. */
function callerFor(op: Operation): TestUser | null {
  const access = ROUTE_ACCESS[op.key];
  if (!access || access.needs === 'anyone') return null;
  if (access.needs === 'signed-in') return access.of === 'booking-pro' || access.of === 'review-pro' ? pro : customer;
  const needed = typeof access.needs === 'string' ? [access.needs] : access.needs;
  for (const [user, subject] of SUBJECTS) {
    const held = permissionsFor(subject);
    if (needed.some((p) => held.includes(p as never)) && !(access.of === 'professional' && subject.userType !== 'pro')) return user();
  }
  return admin;
}

/** Path parameters that name the fixtures (then mutated by the arbitraries). */
function validPathValue(op: Operation, name: string): string {
  if (name === 'kind') return 'idFront';
  if (name === 'slug') return 'casablanca';
  if (op.path.startsWith('/api/chat/conversations/')) return conversationId;
  if (name === 'bookingId' || op.path.includes('bookings/')) return booking.id;
  if (op.path.startsWith('/api/pros/')) return pro.professionalId;
  return randomUUID();
}

// ---- The arbitraries ------------------------------------------------------------------------

const FORBIDDEN_FIELDS = ['role', 'status', 'total_amount', 'totalAmount', 'user_id', 'userId', 'userType', 'user_type', 'adminRoles', 'isAdmin', 'paymentStatus', 'customerId', 'professionalId', 'emailVerified', 'id', 'createdAt'];

const hugeString = fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'A'.repeat(n));
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '👩‍🔧🚿💧',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%00',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${7*7}',
    '__proto__',
    'constructor',
    'NaN',
    '2026-02-30',
    // The calendar's ends: the server adds days to a date it is sent (9999-12-31 plus a day was a 500).
    '9999-12-31',
    '9998-12-31',
    '1970-01-01',
    '0000-01-01',
    '25:99',
    '-1',
    '1e309',
    '0x10',
    'null',
    'true',
    'admin',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 2 ** 31, 0.5, 1e-7, 999999999999),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const deepValue = fc.integer({ min: 20, max: 5000 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((kind) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
    return v;
  }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { __proto__: null }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepValue },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Mutation =
  | { kind: 'field'; path: number; value: unknown }
  | { kind: 'extra'; fields: Array<[string, unknown]> }
  | { kind: 'proto'; key: '__proto__' | 'constructor' | 'prototype'; value: unknown }
  | { kind: 'replace'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'none' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('field' as const), path: fc.nat(), value: nastyValue }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('extra' as const), fields: fc.array(fc.tuple(fc.constantFrom(...FORBIDDEN_FIELDS), nastyValue), { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('proto' as const), key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const), value: fc.constantFrom({ userType: 'admin', isAdmin: true }, { prototype: { role: 'admin' } }, 'x', null) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: nastyValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}{"b":2}', 'null', '\u0000', '{"a":1,"a":2}')) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

/** Every object in a value, with its keys, depth first (the field a 'field' mutation replaces). */
function slots(value: unknown, out: Array<[Record<string, unknown>, string]> = []): Array<[Record<string, unknown>, string]> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, k]);
      slots(v, out);
    }
  }
  return out;
}

/** The body as text, after the mutation (prototype keys need writing by hand: JSON.stringify drops __proto__). */
function mutatedBody(sample: unknown, m: Mutation): string {
  const base = structuredClone(sample ?? {});
  switch (m.kind) {
    case 'none':
      return JSON.stringify(base);
    case 'field': {
      const all = slots(base);
      if (all.length === 0) return JSON.stringify(m.value);
      const [obj, key] = all[m.path % all.length]!;
      obj[key] = m.value;
      return JSON.stringify(base);
    }
    case 'extra': {
      const text = JSON.stringify(base);
      const extra = m.fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',');
      return text.startsWith('{') ? `{${extra}${text === '{}' ? '' : `,${text.slice(1, -1)}`}}` : `{${extra}}`;
    }
    case 'proto': {
      const text = JSON.stringify(base);
      const extra = `${JSON.stringify(m.key)}:${JSON.stringify(m.value)}`;
      return text.startsWith('{') ? `{${extra}${text === '{}' ? '' : `,${text.slice(1, -1)}`}}` : `{${extra}}`;
    }
    case 'replace':
      return JSON.stringify(m.value) ?? 'null';
    case 'raw':
      return m.text;
  }
}

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) }, // the valid value
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('..', '.', '%2e%2e%2f%2e%2e', '%252e%252e', 'a%2Fb', '%ff%fe', '%c0%af') },
);

interface Request {
  body: Mutation;
  params: Array<string | null>;
  query: Array<[string, string]>;
  extraQuery: Array<[string, string]>;
}

function requestArb(op: Operation): fc.Arbitrary<Request> {
  return fc.record({
    body: mutation,
    params: fc.array(segment, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
    query: fc.array(fc.tuple(fc.constantFrom(...(op.query.length ? op.query.map((q) => q.name) : ['q'])), fc.oneof(nastyString, fc.integer().map(String))), { maxLength: 3 }),
    extraQuery: fc.array(fc.tuple(fc.constantFrom('__proto__[role]', 'constructor[prototype][x]', 'role', 'status', 'user_id', 'limit', 'offset', 'page'), fc.oneof(nastyString, fc.constant('-1'), fc.constant('1e9'))), { maxLength: 2 }),
  });
}

const LEAK = [/\n\s+at [^\n]+:\d+:\d+/, /at [\w.<>]+ \(\/[^)]*\.(?:ts|js|mjs):\d+/, /node_modules/, /\/work\//, /apps\/server\/src/, /syntax error at or near/i, /violates (?:not-null|unique|foreign key|check) constraint/i, /invalid input syntax for/i, /PGlite|pg_catalog/i];

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`${RUNS} mutated requests per operation: no 5xx, no stack trace, nothing changed on 4xx`, async () => {
    const failures: string[] = [];
    let count = 0;
    let snapshot = await tableChecksums(t.database);
    for (const op of ops) {
      const caller = callerFor(op);
      const sample = op.body ? sampleOf(doc, op.body) : undefined;
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (r) => {
          count++;
          let url = op.path;
          op.pathParams.forEach((p, i) => {
            const raw = r.params[i] ?? validPathValue(op, p.name);
            // Segments as a client would send them: encoded, except the ones that are already escapes.
            url = url.replace(`{${p.name}}`, /%[0-9a-f]{2}/i.test(raw) || raw === '..' || raw === '.' ? raw : encodeURIComponent(raw));
          });
          url = url.replace('{*}', 'avatars/x/y.png');
          const q = new URLSearchParams();
          for (const p of op.query) if (p.required) q.set(p.name, String(sampleOf(doc, p.schema)));
          for (const [k, v] of [...r.query, ...r.extraQuery]) q.append(k, v);
          if (q.size) url += `?${q}`;
          const headers: Record<string, string> = { 'user-agent': 'fuzz/1.0', 'idempotency-key': randomUUID(), origin: t.config.publicUrl };
          if (caller) headers.cookie = (await sessionFor(t, caller.userId)).cookie;
          const withBody = op.method !== 'GET' && op.method !== 'DELETE' ? true : op.method === 'DELETE' && op.body !== null;
          const payload = withBody ? mutatedBody(sample, r.body) : undefined;
          if (payload !== undefined) headers['content-type'] = 'application/json';
          const res = await t.app.inject({ method: op.method as 'GET', url, headers, remoteAddress: freshIp(), ...(payload !== undefined ? { payload } : {}) });
          const where = `${op.key} ${url.slice(0, 160)} body=${(payload ?? '').slice(0, 200)} -> ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${where}: 5xx ${res.body.slice(0, 200)}`);
          const text = res.rawPayload.toString('latin1');
          const leak = LEAK.find((re) => re.test(text));
          if (leak) failures.push(`${where}: the answer shows ${leak} ${text.slice(0, 200)}`);
          const now = await tableChecksums(t.database);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            const changed = changedTables(snapshot, now);
            if (changed.length) failures.push(`${where}: a ${res.statusCode} changed ${changed.join(', ')}`);
          }
          snapshot = now;
          // Stop this operation at its first failure (fast-check shrinks it); the list says them all.
          return failures.length === 0 || !failures[failures.length - 1]!.startsWith(op.key);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      ).catch(() => {});
    }
    expect(count).toBeGreaterThanOrEqual(ops.length);
    expect([...new Set(failures)]).toEqual([]);
    // About 0.05-0.15 s a request on a busy 2-core machine (each one checksums the tables): the bound
    // grows with FUZZ_RUNS, so that the full size (`npm run bench`, 100) fails on a finding, not on time.
  }, propertyTimeout({ runs: RUNS, perRunMs: 25_000, setupMs: 600_000 }));
});
