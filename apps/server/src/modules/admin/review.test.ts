/**
 * Application review, overview, access log and contact messages (issue 25): masking by the server,
 * reveals and document views checked and logged, approve all-or-nothing (the applicant signs in as a
 * professional at once, welcome email), reject with a reason (emailed). Who may NOT call each route:
 * signed out (401), customers, professionals and admins without the role (403).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index';
import { seedId } from '../../db/seed/ids';
import { createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { outbox, startApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let customer: TestUser;
let pro: TestPro;
let superAdmin: TestUser;
let finance: TestUser;
let reviewer: TestUser;

const SECRET = { phone: '+212677889900', iban: '011780000012345678901234', taxId: '98765432' };

beforeAll(async () => {
  t = await startApp();
  customer = await createCustomer(t);
  pro = await createPro(t, { city: 'rabat', category: 'painting' });
  superAdmin = await createAdmin(t, { roles: ['super_admin'], name: 'Sara Super' });
  finance = await createAdmin(t, { roles: ['finance_admin'], name: 'Fatima Finance' });
  reviewer = await createAdmin(t, { roles: ['application_reviewer'], name: 'Rachid Reviewer' });
}, 120_000);
afterAll(async () => t?.close());

const inject = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'user-agent': 'review-test/1.0' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** An applicant (a signed-in customer) with a pending application in Marrakech, and a stored ID document. */
async function applicant(o: { cityless?: boolean; name?: string } = {}) {
  const user = await createCustomer(t, { name: o.name ?? 'Yassine Applicant' });
  const key = `applications/${user.userId}/id-front-test.pdf`;
  await t.app.ctx.storage.put(key, Buffer.from('%PDF-1.4 national id'), 'application/pdf');
  const services = [seedId('service:leak-repair'), seedId('service:drain-unclogging')];
  const [row] = await t.database.db
    .insert(s.professionalApplications)
    .values({
      userId: user.userId,
      fullName: o.name ?? 'Yassine Applicant',
      email: user.email,
      phoneNumber: SECRET.phone,
      cityId: o.cityless ? null : seedId('city:marrakech'),
      serviceCatalogIds: services,
      serviceId: services[0],
      availability: { monday: { morning: true }, friday: { allDay: true } },
      nationalIdUrl: key,
      experienceYears: 4,
      hourlyRate: 170,
      expertiseDescription: 'Plumber for 4 years.',
      bankName: 'CIH Bank',
      accountHolder: o.name ?? 'Yassine Applicant',
      bankAccountIban: SECRET.iban,
      taxId: SECRET.taxId,
    })
    .returning({ id: s.professionalApplications.id });
  return { user, id: row!.id, services };
}

async function logRows(actorId: string) {
  return t.database.db.select().from(s.sensitiveAccessLog).where(eq(s.sensitiveAccessLog.actorId, actorId));
}

describe('who may not call the review routes', () => {
  it('signed out: 401; customers and professionals: 403 "Access denied. Admin privileges required."', async () => {
    const a = await applicant();
    const routes: Array<[('GET' | 'POST'), string, unknown?]> = [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/applications'],
      ['POST', `/api/admin/applications/${a.id}/reveal`, { field: 'iban' }],
      ['POST', `/api/admin/applications/${a.id}/documents/idFront`],
      ['POST', `/api/admin/applications/${a.id}/approve`],
      ['POST', `/api/admin/applications/${a.id}/reject`, { reason: 'No' }],
      ['GET', '/api/admin/access-log'],
      ['GET', '/api/admin/contact-messages'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await inject(null, method, url, payload)).statusCode, url).toBe(401);
      for (const who of [customer, pro, a.user]) {
        const res = await inject(who, method, url, payload);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.message).toBe('Access denied. Admin privileges required.');
      }
    }
    const [row] = await t.database.db.select().from(s.professionalApplications).where(eq(s.professionalApplications.id, a.id));
    expect(row!.status).toBe('pending');
  });

  it('admins without the role: reviewers see no bank data, finance admins cannot decide, only super_admin reads the log and messages', async () => {
    const a = await applicant();
    expect((await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/reveal`, { field: 'iban' })).statusCode).toBe(403);
    expect((await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/reveal`, { field: 'taxId' })).statusCode).toBe(403);
    expect((await inject(finance, 'POST', `/api/admin/applications/${a.id}/reveal`, { field: 'phone' })).statusCode).toBe(403);
    expect((await inject(finance, 'POST', `/api/admin/applications/${a.id}/approve`)).statusCode).toBe(403);
    expect((await inject(finance, 'POST', `/api/admin/applications/${a.id}/reject`, { reason: 'x' })).statusCode).toBe(403);
    for (const who of [reviewer, finance]) {
      expect((await inject(who, 'GET', '/api/admin/access-log')).statusCode).toBe(403);
      expect((await inject(who, 'GET', '/api/admin/contact-messages')).statusCode).toBe(403);
    }
    expect((await inject(superAdmin, 'GET', '/api/admin/access-log')).statusCode).toBe(200);
    expect((await inject(superAdmin, 'GET', '/api/admin/contact-messages')).statusCode).toBe(200);
  });
});

describe('masking', () => {
  it('no answer to a reviewer carries a full phone, email, bank account or tax id', async () => {
    const a = await applicant();
    const list = await inject(reviewer, 'GET', '/api/admin/applications');
    expect(list.statusCode).toBe(200);
    const mine = list.json().applications.find((x: { id: string }) => x.id === a.id);
    expect(mine).toMatchObject({ fullName: 'Yassine Applicant', phone: '+212•••••••00', financial: null, documents: ['idFront'], experienceYears: 4, hourlyRate: 170 });
    expect(mine.email).not.toBe(a.user.email);
    expect(list.json().access).toEqual({ superAdmin: false, finance: false });
    const answers = [
      list.body,
      (await inject(reviewer, 'GET', '/api/admin/overview')).body,
      (await inject(reviewer, 'GET', '/api/admin/bookings?pageSize=50')).body,
    ];
    for (const body of answers) {
      for (const secret of [SECRET.phone, SECRET.phone.slice(1), SECRET.iban, SECRET.taxId, a.user.email]) expect(body).not.toContain(secret);
    }
    const fin = await inject(finance, 'GET', '/api/admin/applications');
    const f = fin.json().applications.find((x: { id: string }) => x.id === a.id);
    expect(f.financial).toEqual({ bankName: 'CIH Bank', accountHolder: 'Yassine Applicant', iban: `0117${'•'.repeat(16)}1234`, taxId: '98••••32' });
    expect(fin.body).not.toContain(SECRET.iban);
    expect(fin.json().access).toEqual({ superAdmin: false, finance: true });
  });

  it('a reveal answers one field and logs who, what, which record and from where; listing is logged', async () => {
    const a = await applicant();
    await inject(finance, 'GET', '/api/admin/applications');
    const res = await inject(finance, 'POST', `/api/admin/applications/${a.id}/reveal`, { field: 'iban' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ field: 'iban', value: SECRET.iban });
    const phone = await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/reveal`, { field: 'phone' });
    expect(phone.json().value).toBe(SECRET.phone);
    const rows = await logRows(finance.userId);
    const reveal = rows.find((r) => r.action === 'view_sensitive' && r.recordId === a.id);
    expect(reveal).toMatchObject({ tableName: 'professional_applications', accessedFields: ['bankAccountIban'], userAgent: 'review-test/1.0' });
    expect(reveal!.ipAddress).toBeTruthy();
    expect(rows.some((r) => r.action === 'view_applications')).toBe(true);

    const log = await inject(superAdmin, 'GET', '/api/admin/access-log?pageSize=50');
    const entry = log.json().items.find((e: { recordId: string; action: string; actor: { id: string } }) => e.recordId === a.id && e.action === 'view_sensitive' && e.actor.id === finance.userId);
    expect(entry).toMatchObject({ actor: { id: finance.userId, name: 'Fatima Finance' }, fields: ['bankAccountIban'] });

    expect((await inject(finance, 'POST', `/api/admin/applications/${a.id}/reveal`, { field: 'password' })).statusCode).toBe(400);
    expect((await inject(finance, 'POST', '/api/admin/applications/not-an-id/reveal', { field: 'iban' })).statusCode).toBe(400);
    expect((await inject(finance, 'POST', '/api/admin/applications/00000000-0000-4000-8000-000000000000/reveal', { field: 'iban' })).statusCode).toBe(404);
  });

  it('a document opens through a short-lived signed URL issued per view, each view logged', async () => {
    const a = await applicant();
    const before = (await logRows(reviewer.userId)).filter((r) => r.action === 'view_document').length;
    const res = await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/documents/idFront`);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(120_000);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('national id');
    expect((await t.app.inject({ method: 'GET', url: url.replace(/signature=[^&]+/, 'signature=AAAA') })).statusCode).not.toBe(200);
    const after = (await logRows(reviewer.userId)).filter((r) => r.action === 'view_document' && r.recordId === a.id);
    expect(after.length).toBe(1);
    expect(after[0]!.accessedFields).toEqual(['idFront']);
    expect(before).toBeGreaterThanOrEqual(0);
    expect((await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/documents/addressProof`)).statusCode).toBe(404);
    // A recorded key whose file is missing: not found, and no URL to a dead link.
    await t.database.db.update(s.professionalApplications).set({ idVerificationUrl: `applications/${a.user.userId}/gone.pdf` }).where(eq(s.professionalApplications.id, a.id));
    expect((await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/documents/idBack`)).statusCode).toBe(404);
    expect((await logRows(reviewer.userId)).filter((r) => r.action === 'view_document' && r.recordId === a.id)).toHaveLength(1);
  });
});

describe('decisions', () => {
  it('approve makes the applicant a professional at once, one record with a row per service, and sends the welcome email', async () => {
    const a = await applicant({ name: 'Hicham Approved' });
    const res = await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', name: 'Hicham Approved', emailSent: true });
    const pros = await t.database.db.select().from(s.professionals).where(eq(s.professionals.userId, a.user.userId));
    expect(pros).toHaveLength(1);
    expect(pros[0]).toMatchObject({ fullName: 'Hicham Approved', name: 'Hicham', hourlyRate: 170, status: 'active', cityId: seedId('city:marrakech') });
    const services = await t.database.db.select().from(s.professionalServices).where(eq(s.professionalServices.professionalId, pros[0]!.id));
    expect(services.map((x) => x.serviceTypeId).sort()).toEqual([...a.services].sort());
    const hours = await t.database.db.select().from(s.professionalAvailability).where(eq(s.professionalAvailability.professionalId, pros[0]!.id));
    expect(hours.map((h) => `${h.weekday}:${h.slot}`).sort()).toEqual(['1:morning', '5:allDay']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: a.user.cookie } });
    expect(me.json().user.userType).toBe('pro');
    // The applicant's area is their first (and only) city, on the profile they edit and in search.
    const settings = await t.app.inject({ method: 'GET', url: '/api/pros/me/settings', headers: { cookie: a.user.cookie } });
    expect(settings.json().areas).toEqual([{ cityId: seedId('city:marrakech'), boroughIds: [] }]);
    expect(pros[0]!.cityIds).toEqual([seedId('city:marrakech')]);
    const mail = (await outbox(t.app)).find((m) => m.to === a.user.email);
    expect(mail?.subject).toBe('Welcome to Khedma: your application is approved');
    const logged = await t.database.db
      .select()
      .from(s.sensitiveAccessLog)
      .where(and(eq(s.sensitiveAccessLog.recordId, a.id), eq(s.sensitiveAccessLog.action, 'approve_application')));
    expect(logged).toHaveLength(1);

    const again = await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(await t.database.db.select().from(s.professionals).where(eq(s.professionals.userId, a.user.userId))).toHaveLength(1);
  });

  it('approve is all-or-nothing: when the professional record cannot be made, nothing changes', async () => {
    const a = await applicant({ cityless: true, name: 'Nabil Cityless' });
    const res = await inject(superAdmin, 'POST', `/api/admin/applications/${a.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Failed to create professional record (status reverted to pending)');
    const [row] = await t.database.db.select().from(s.professionalApplications).where(eq(s.professionalApplications.id, a.id));
    expect(row!.status).toBe('pending');
    expect(row!.reviewedBy).toBeNull();
    expect(await t.database.db.select().from(s.professionals).where(eq(s.professionals.userId, a.user.userId))).toHaveLength(0);
    const [profile] = await t.database.db.select().from(s.profiles).where(eq(s.profiles.id, a.user.userId));
    expect(profile!.userType).toBe('customer');
    expect(
      await t.database.db.select().from(s.sensitiveAccessLog).where(and(eq(s.sensitiveAccessLog.recordId, a.id), eq(s.sensitiveAccessLog.action, 'approve_application'))),
    ).toHaveLength(0);
  });

  it('reject needs a reason, which the applicant receives by email', async () => {
    const a = await applicant({ name: 'Adil Rejected' });
    const empty = await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    const res = await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/reject`, { reason: 'The ID document is unreadable' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'rejected', emailSent: true });
    const [row] = await t.database.db.select().from(s.professionalApplications).where(eq(s.professionalApplications.id, a.id));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'The ID document is unreadable', reviewedBy: reviewer.userId });
    const mail = (await outbox(t.app)).find((m) => m.to === a.user.email);
    expect(mail?.text).toContain('The ID document is unreadable');
    expect((await inject(reviewer, 'POST', `/api/admin/applications/${a.id}/approve`)).statusCode).toBe(409);
  });
});

describe('overview and contact messages', () => {
  it('counts bookings and pending applications; contact messages come masked', async () => {
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Visitor Vee', email: 'visitor.vee@example.ma', message: 'Hello, do you cover Agadir?' } });
    const o = await inject(finance, 'GET', '/api/admin/overview');
    expect(o.statusCode).toBe(200);
    expect(o.json().roles).toEqual(['finance_admin']);
    expect(o.json().pendingApplications).toBeGreaterThan(0);
    expect(Object.keys(o.json().stats).sort()).toEqual(['completed', 'pending', 'revenue', 'total']);
    const msgs = await inject(superAdmin, 'GET', '/api/admin/contact-messages');
    const m = msgs.json().items.find((x: { name: string }) => x.name === 'Visitor Vee');
    expect(m).toMatchObject({ email: 'v•••••••••e@example.ma', message: 'Hello, do you cover Agadir?' });
  });
});
