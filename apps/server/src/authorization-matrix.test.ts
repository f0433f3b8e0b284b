/**
 * The authorization matrix (issue 28): every operation of the OpenAPI document the server generates,
 * called as eight people (signed out, a customer, another customer, a professional, another
 * professional, an admin without roles, a reviewer and a finance admin) with ids that belong to the
 * customer and the professional of one booking (and to an applicant none of them is), against the
 * table of packages/shared/src/domain/route-permissions.ts:
 * - an operation of the document without a row fails (a new route must say who may call it);
 * - whoever the row denies gets 401 (signed out) or 403/404 (signed in), and the database is unchanged;
 * - whoever it allows is not refused (no 401/403; any other answer, a 409 for a booking in the wrong
 *   state, is the route's business), and nobody gets a 5xx;
 * - field level: no answer to anybody carries a password hash or another user's session token, and no
 *   answer to a non-owner carries the email, phone, bank data or document keys of somebody else.
 * Fixtures are made once for the file; every call has a session and a client address of its own.
 */
import { randomUUID } from 'node:crypto';
import { ribWithKey } from '@khedma/shared/domain/applications';
import { can, permissionsFor, type PermissionSubject } from '@khedma/shared/domain/permissions';
import { ROUTE_ACCESS, type RouteAccess } from '@khedma/shared/domain/route-permissions';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from './db/schema/index';
import { seedId } from './db/seed/ids';
import { completedBooking } from './modules/reviews/reviews.test-helpers';
import { changedTables, tableChecksums } from './test/db-checksum';
import { createAdmin, createCustomer, createPaidBooking, createPro, casablancaDate, sessionFor, type TestBooking, type TestPro, type TestUser } from './test/factories';
import { freshIp, startApp, type TestApp } from './test/helpers';
import { multipartBody, openApiDocument, operationsOf, sampleOf, type OpenApiDocument, type Operation } from './test/openapi-operations';

type ActorName = 'signed-out' | 'customer' | 'other-customer' | 'pro' | 'other-pro' | 'admin-no-roles' | 'reviewer' | 'finance';
interface Actor {
  name: ActorName;
  user: TestUser | null;
  subject: PermissionSubject | null;
}

const SECRET = { phone: '+212677889911', iban: '011780000099988877766655', taxId: '55512349' };

let t: TestApp;
let doc: OpenApiDocument;
let ops: Operation[];
let actors: Actor[];
let c1: TestUser, c2: TestUser, p1: TestPro, p2: TestPro, superAdmin: TestUser;
let done: TestBooking; // completed, reviewed: c1 with p1
let pending: TestBooking; // paid, waiting for p1: c1 with p1
let conversationId: string;
let chatFileUrl: string;
let reviewId: string;
let applicationId: string;
let applicantDocKey: string;
let publicKey: string;
let png: Buffer;
let passwordHash: string;
let victimSessionId: string;
/** userId -> the secrets that are that user's. */
const secrets = new Map<string, string[]>();
const tokens = new Map<string, string[]>();

async function session(user: TestUser) {
  const sess = await sessionFor(t, user.userId);
  tokens.set(user.userId, [...(tokens.get(user.userId) ?? []), sess.token, sess.cookie.split('=')[1]!.split('.')[0]!]);
  return sess;
}

beforeAll(async () => {
  t = await startApp({ rateLimitScale: 100 });
  c1 = await createCustomer(t, { name: 'Salma Owner', phone: '+212661112233' });
  c2 = await createCustomer(t, { name: 'Karim Other', phone: '+212661112244' });
  p1 = await createPro(t, { city: 'fes', category: 'plumbing', name: 'Youssef Owner' });
  p2 = await createPro(t, { city: 'rabat', category: 'painting', name: 'Omar Other' });
  superAdmin = await createAdmin(t, { roles: ['super_admin'], name: 'Sara Super' });
  const admin0 = await createAdmin(t, { roles: [], name: 'Nabil Noroles' });
  const reviewer = await createAdmin(t, { roles: ['application_reviewer'], name: 'Rachid Reviewer' });
  const finance = await createAdmin(t, { roles: ['finance_admin'], name: 'Fatima Finance' });
  actors = [
    { name: 'signed-out', user: null, subject: null },
    { name: 'customer', user: c1, subject: { userType: 'customer', adminRoles: [] } },
    { name: 'other-customer', user: c2, subject: { userType: 'customer', adminRoles: [] } },
    { name: 'pro', user: p1, subject: { userType: 'pro', adminRoles: [] } },
    { name: 'other-pro', user: p2, subject: { userType: 'pro', adminRoles: [] } },
    { name: 'admin-no-roles', user: admin0, subject: { userType: 'admin', adminRoles: [] } },
    { name: 'reviewer', user: reviewer, subject: { userType: 'admin', adminRoles: ['application_reviewer'] } },
    { name: 'finance', user: finance, subject: { userType: 'admin', adminRoles: ['finance_admin'] } },
  ];

  done = await completedBooking(t, { customer: c1, pro: p1, admin: superAdmin, day: 2 });
  pending = await createPaidBooking(t, { customer: c1, pro: p1, date: casablancaDate(4) });
  const as = (u: TestUser) => ({ cookie: u.cookie, 'user-agent': 'matrix/1.0' });
  const review = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: as(c1), payload: { bookingId: done.id, rating: 5, title: 'Great plumber', comment: 'Very good work, on time and clean.' } });
  if (review.statusCode !== 201) throw new Error(`review: ${review.statusCode} ${review.body}`);
  reviewId = review.json().id ?? review.json().review?.id;
  const conv = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: as(c1), payload: { bookingId: pending.id } });
  conversationId = conv.json().conversation.id;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
  const m = multipartBody([{ filename: 'photo.png', type: 'image/png', body: png }]);
  const file = await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${conversationId}/files`, payload: m.payload, headers: { ...m.headers, ...as(c1) } });
  if (file.statusCode !== 201) throw new Error(`chat file: ${file.statusCode} ${file.body}`);
  chatFileUrl = file.json().file.url;

  // An applicant none of the eight is, with a pending application carrying bank data and a document.
  const applicant = await createCustomer(t, { name: 'Yassine Applicant' });
  applicantDocKey = `applications/${applicant.userId}/id-front-matrix.pdf`;
  await t.app.ctx.storage.put(applicantDocKey, Buffer.from('%PDF-1.4 national id'), 'application/pdf');
  publicKey = `public/${randomUUID()}/logo.png`;
  await t.app.ctx.storage.put(publicKey, png, { contentType: 'image/png', visibility: 'public' });
  const services = [seedId('service:leak-repair')];
  const [row] = await t.database.db
    .insert(s.professionalApplications)
    .values({
      userId: applicant.userId,
      fullName: 'Yassine Applicant',
      email: applicant.email,
      phoneNumber: SECRET.phone,
      cityId: seedId('city:marrakech'),
      serviceCatalogIds: services,
      serviceId: services[0],
      availability: { monday: { morning: true } },
      nationalIdUrl: applicantDocKey,
      experienceYears: 4,
      hourlyRate: 170,
      expertiseDescription: 'Plumber for 4 years.',
      bankName: 'CIH Bank',
      accountHolder: 'Yassine Applicant',
      bankAccountIban: SECRET.iban,
      taxId: SECRET.taxId,
    })
    .returning({ id: s.professionalApplications.id });
  applicationId = row!.id;

  const [account] = await t.database.db.select({ password: s.accounts.password }).from(s.accounts).where(eq(s.accounts.userId, c1.userId));
  passwordHash = account!.password!;
  for (const u of [c1, c2, p1, p2, superAdmin, admin0, reviewer, finance, applicant]) {
    const [user] = await t.database.db.select().from(s.users).where(eq(s.users.id, u.userId));
    secrets.set(u.userId, [user!.email, ...(user!.phoneNumber ? [user!.phoneNumber, user!.phoneNumber.replace('+212', '0')] : [])]);
    tokens.set(u.userId, [u.token]);
  }
  secrets.get(applicant.userId)!.push(SECRET.phone, SECRET.iban, SECRET.taxId, applicantDocKey);

  const [victim] = await t.database.db.select({ id: s.sessions.id }).from(s.sessions).where(eq(s.sessions.userId, applicant.userId));
  victimSessionId = victim!.id;
  doc = await openApiDocument(t.app);
  ops = operationsOf(doc);
}, 180_000);
afterAll(async () => t?.close());

/** The value of a path parameter: what belongs to the booking's customer and professional, or the applicant. */
function pathValue(op: Operation, name: string): string {
  const p = op.path;
  if (name === 'bookingId') return done.id;
  if (name === 'kind') return 'idFront';
  if (name === 'slug') return 'casablanca';
  if (name === 'token') return randomUUID();
  if (name === 'userId') return c1.userId;
  if (name === 'file') return chatFileUrl.split('/').pop()!;
  if (p.startsWith('/api/chat/conversations/')) return conversationId;
  if (p.startsWith('/api/bookings/') || p.startsWith('/api/admin/bookings/') || p.startsWith('/api/chat/bookings/')) return pending.id;
  if (p.startsWith('/api/reviews/')) return reviewId;
  if (p.startsWith('/api/pros/')) return p1.professionalId;
  if (p.startsWith('/api/services/')) return seedId('service:leak-repair');
  if (p.includes('/applications/')) return applicationId;
  return randomUUID();
}

/** Bodies that reach the rule (a minimal valid one from the schema is not always enough). */
function bodyFor(op: Operation): unknown {
  switch (op.key) {
    case 'POST /api/chat/conversations':
      return { bookingId: pending.id };
    case 'POST /api/reviews':
      return { bookingId: done.id, rating: 4, title: 'Again', comment: 'Second opinion on the same booking.' };
    case 'POST /api/admin/applications/{id}/reveal':
      return { field: 'phone' };
    case 'POST /api/auth/revoke-session':
      // The applicant's session (none of the eight): revoking it must not work for anyone.
      return { id: victimSessionId };
    case 'POST /api/bookings':
      return { serviceTypeId: p2.serviceTypeIds[0], cityId: p2.cityId, date: casablancaDate(20), startTime: '10:00', endTime: '11:00', location: '12 rue Test, Rabat' };
    case 'POST /api/admin/promo-codes':
      return { code: `matrix${randomUUID().slice(0, 8)}`, kind: 'percent', value: 10 };
    case 'POST /api/promos/quote':
      return { wizard: { serviceTypeId: p2.serviceTypeIds[0], cityId: p2.cityId } };
    case 'POST /api/job-requests/{id}/quotes':
      return { lines: [{ label: 'Work', amount: 100 }], validUntil: casablancaDate(2), date: casablancaDate(3), startTime: '10:00', endTime: '11:00' };
    case 'POST /api/bookings/hourly':
      return { professionalId: p2.professionalId, date: casablancaDate(21), time: '10:00', durationHours: 2, location: '12 rue Test, Rabat', contactPhone: '+212 612 345 678' };
    case 'POST /api/bookings/{id}/reschedule':
      return { date: casablancaDate(9), startTime: '10:00', endTime: '11:00' };
    case 'PUT /api/pros/me/settings':
      return { about: null, hourlyRate: 150, serviceIds: p1.serviceTypeIds, areas: [{ cityId: p1.cityId, boroughIds: [] }], availability: { monday: ['allDay'] } };
    case 'PUT /api/profile/notifications':
      return { push: false };
    case 'PUT /api/applications/draft/personal':
      return { firstName: 'Amal', lastName: 'Test', email: 'amal.test@example.ma', dateOfBirth: '1990-01-01' };
    case 'PUT /api/applications/draft/availability':
      return { availability: { monday: { morning: true } } };
    case 'POST /api/applications':
      return { experienceYears: 3, description: 'Plumbing.', bankName: 'CIH Bank', rib: ribWithKey('0117800000123456789012'), accountHolder: 'Amal Test', acceptTerms: true, acceptPrivacy: true };
    case 'POST /api/push/subscriptions':
      return { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } };
    case 'POST /api/auth/phone-number/verify':
      return { phoneNumber: '+212 612 345 678', code: '123456' };
    case 'POST /api/auth/change-password':
      return { currentPassword: 'not-the-password', newPassword: 'Other!Pass9' };
  }
  return op.body ? sampleOf(doc, op.body) : undefined;
}

const MULTIPART = new Set(['POST /api/profile/avatar', 'POST /api/applications/draft/documents/{kind}', 'POST /api/chat/conversations/{id}/files', 'POST /api/job-requests/{id}/photos']);

async function urlFor(op: Operation): Promise<string> {
  if (op.path === '/api/files/signed/{*}') return t.app.ctx.storage.signedUrl(applicantDocKey, 600);
  if (op.path === '/api/files/public/{*}') return t.app.ctx.storage.publicUrl(publicKey);
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValue(op, name)));
  const q = new URLSearchParams();
  for (const p of op.query) if (p.required) q.set(p.name, p.name === 'ids' ? reviewId : String(sampleOf(doc, p.schema)));
  if (q.size) url += `?${q}`;
  return url;
}

/** Who the thing in the path belongs to, for the row's `of`. */
function owns(actor: Actor, access: RouteAccess): boolean {
  const u = actor.user?.userId;
  const reader = can(actor.subject, 'booking:read:any');
  switch (access.of) {
    case undefined:
      return true;
    case 'booking-party':
      return u === c1.userId || u === p1.userId;
    case 'booking-party-or-reader':
      return u === c1.userId || u === p1.userId || reader;
    case 'booking-customer':
      return u === c1.userId;
    case 'booking-customer-or-reader':
      return u === c1.userId || reader;
    case 'booking-customer-or-finance':
      return u === c1.userId || can(actor.subject, 'finance:read');
    case 'booking-pro':
    case 'review-pro':
      return u === p1.userId;
    case 'not-review-author':
      return u !== c1.userId;
    case 'professional':
      return actor.subject?.userType === 'pro';
    case 'applicant':
      return false;
    case 'not-admin':
      return actor.subject?.userType !== 'admin';
    case 'third-party':
      return true;
  }
}

function allowed(actor: Actor, access: RouteAccess): boolean {
  if (access.needs === 'anyone') return true;
  if (!actor.subject) return false;
  const held = permissionsFor(actor.subject);
  if (access.needs !== 'signed-in' && !(typeof access.needs === 'string' ? [access.needs] : access.needs).some((p) => held.includes(p as never))) return false;
  return owns(actor, access);
}

/** The secrets `actor` must never see in an answer. */
function forbiddenFor(actor: Actor): Array<[string, string]> {
  const me = actor.user?.userId;
  const isAdmin = actor.subject?.userType === 'admin';
  const related = new Set<string | undefined>([me]);
  if (me === c1.userId || me === p1.userId) [c1.userId, p1.userId].forEach((id) => related.add(id));
  const out: Array<[string, string]> = [['password hash', passwordHash]];
  for (const [userId, list] of tokens) if (userId !== me) for (const tok of list) out.push([`session token of ${userId}`, tok]);
  if (!isAdmin) for (const [userId, list] of secrets) if (!related.has(userId)) for (const v of list) out.push([`secret of ${userId}`, v]);
  return out;
}

/** Operations that end things (sessions, bookings, applications) run last, so the others see the fixtures whole. */
const LAST = /sign-out|revoke|change-password|cancel$|decline$|refund$|complete$|reassign$|approve$|reject$|\/paid$|accept$/;

describe('authorization matrix over the OpenAPI document', () => {
  it('every operation of the document has a row in ROUTE_ACCESS (and every row an operation)', () => {
    const keys = ops.map((o) => o.key);
    expect(keys.length).toBeGreaterThan(90);
    expect(keys.filter((k) => !(k in ROUTE_ACCESS)), 'operations without a row in packages/shared/src/domain/route-permissions.ts').toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((k) => !keys.includes(k)), 'rows without an operation').toEqual([]);
  });

  it('each of the eight callers gets what its row says, and refusals change nothing', async () => {
    const problems: string[] = [];
    const ordered = [...ops.filter((o) => !LAST.test(o.path)), ...ops.filter((o) => LAST.test(o.path))];
    for (const op of ordered) {
      const access = ROUTE_ACCESS[op.key];
      if (!access) continue; // the test above names it
      const mutating = op.method !== 'GET';
      // Refused callers first: the database must be the same after them; then the allowed ones.
      const order = [...actors.filter((a) => !allowed(a, access)), ...actors.filter((a) => allowed(a, access))];
      const deniedCount = order.filter((a) => !allowed(a, access)).length;
      const sessions = await Promise.all(order.map((a) => (a.user ? session(a.user) : null)));
      let before: Record<string, string> | null = mutating && deniedCount ? await tableChecksums(t.database) : null;
      for (const [i, actor] of order.entries()) {
        const may = allowed(actor, access);
        if (before && may) {
          const changed = changedTables(before, await tableChecksums(t.database));
          if (changed.length) problems.push(`${op.key}: refused callers changed ${changed.join(', ')}`);
          before = null;
        }
        const sess = sessions[i];
        const headers: Record<string, string> = { 'user-agent': 'matrix/1.0', 'idempotency-key': randomUUID(), origin: t.config.publicUrl };
        if (sess) headers.cookie = sess.cookie;
        let payload: string | Buffer | undefined;
        if (MULTIPART.has(op.key)) {
          const m = multipartBody([{ filename: 'photo.png', type: 'image/png', body: png }]);
          payload = m.payload;
          Object.assign(headers, m.headers);
        } else {
          const body = bodyFor(op);
          if (body !== undefined) {
            payload = JSON.stringify(body);
            headers['content-type'] = 'application/json';
          }
        }
        const url = await urlFor(op);
        const res = await t.app.inject({ method: op.method as 'GET', url, headers, remoteAddress: freshIp(), ...(payload !== undefined ? { payload } : {}) });
        const code = res.statusCode;
        const where = `${op.key} as ${actor.name}: ${code}`;
        if (code >= 500) problems.push(`${where} (5xx) ${res.body.slice(0, 200)}`);
        // A refused password is an answer about the credentials, not about the caller.
        else if (may && (code === 401 || code === 403) && !res.body.includes('INVALID_CREDENTIALS')) problems.push(`${where} but the row allows it: ${res.body.slice(0, 160)}`);
        else if (!may && !actor.user && code !== 401) problems.push(`${where}, expected 401: ${res.body.slice(0, 160)}`);
        else if (!may && actor.user && code !== 403 && code !== 404) problems.push(`${where}, expected 403 or 404: ${res.body.slice(0, 160)}`);
        const body = res.rawPayload.toString('latin1');
        // The development outbox is everybody's mail by design, and absent in production (production-surface.test.ts).
        if (!access.devOnly) for (const [what, value] of forbiddenFor(actor)) if (value && body.includes(value)) problems.push(`${where} carries the ${what}`);
      }
    }
    // Everybody tried to revoke the applicant's session: it is still there.
    const [still] = await t.database.db.select({ id: s.sessions.id }).from(s.sessions).where(eq(s.sessions.id, victimSessionId));
    if (!still) problems.push("POST /api/auth/revoke-session revoked another user's session");
    expect(problems).toEqual([]);
  }, 300_000);
});
