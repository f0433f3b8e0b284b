/** API tests of the onboarding wizard: every step's rules, the SMS code life cycle, documents, the draft, submission. */
import { APPLICATION_MESSAGES, PDF_ACTIVE_CONTENT_MESSAGE, PHONE_CODE_RULES, ribWithKey, VALIDATION_MESSAGES } from '@khedma/shared';
import { and, eq, like, notLike, or, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, professionalApplications, rateLimits, serviceTypes, boroughs, phoneCodes } from '../../db/schema/index';
import { freshIp, linkIn, outbox, sessionCookie, signUpBody, startApp, withCookie, type TestApp } from '../auth/auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

const RIB = ribWithKey('0117800000123456789012');

let phoneCounter = 0;
/** A distinct Moroccan mobile number per call (counters and codes are per number). */
const freshPhone = () => {
  phoneCounter += 1;
  // 66: a Moroccan mobile range libphonenumber knows (some 6x ranges are not numbers yet, and were refused).
  return `+21266${String(process.pid % 100).padStart(2, '0')}${String(phoneCounter).padStart(5, '0')}`;
};

interface Applicant {
  cookie: string;
  userId: string;
  email: string;
  ip: string;
  call(o: InjectOptions): Promise<LightMyRequestResponse>;
}

async function newApplicant(): Promise<Applicant> {
  const ip = freshIp();
  const body = signUpBody();
  const res = await t.app.inject({ method: 'POST', url: '/api/accounts/sign-up', remoteAddress: ip, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const mail = (await outbox(t.app)).find((m) => m.to === body.email)!;
  // The confirmation link's page sets the password and signs in (docs/accounts.md, issue 41's pre-claim rule).
  const token = new URL(linkIn(mail.text, t.config.publicUrl), t.config.publicUrl).searchParams.get('token')!;
  const confirm = await t.app.inject({ method: 'POST', url: '/api/accounts/confirm-email', remoteAddress: ip, payload: { token, password: body.password, confirmPassword: body.password } });
  const cookie = sessionCookie(confirm);
  return {
    cookie,
    userId: res.json().user.id,
    email: body.email,
    ip,
    call: (o) => t.app.inject(withCookie(cookie, { remoteAddress: ip, ...o })),
  };
}

const sendCode = (a: Applicant, phoneNumber: string) => a.call({ method: 'POST', url: '/api/auth/phone-number/send-otp', payload: { phoneNumber } });
const verify = (a: Applicant, phoneNumber: string, code: string) =>
  a.call({ method: 'POST', url: '/api/auth/phone-number/verify', payload: { phoneNumber, code } });

async function lastCodeTo(phone: string): Promise<string> {
  const sms = (await outbox(t.app)).find((m) => m.to === phone && m.channel === 'sms');
  if (!sms) throw new Error(`no SMS to ${phone}`);
  return /(\d{6})/.exec(sms.text)![1]!;
}

/** Lets a minute pass for the resend rule of one number (its window ends now). */
async function endResendWindow(phone: string) {
  await t.database.db.update(rateLimits).set({ lastRequest: 0 }).where(eq(rateLimits.key, `app:sms:resend:${phone}`));
}

async function verifyPhone(a: Applicant, phone = freshPhone()) {
  expect((await sendCode(a, phone)).statusCode).toBe(200);
  const res = await verify(a, phone, await lastCodeTo(phone));
  expect(res.statusCode, res.body).toBe(200);
  return phone;
}

function multipart(fileName: string, contentType: string, content: Buffer) {
  const boundary = `----khedma${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (a: Applicant, kind: string, fileName: string, type: string, content: Buffer) =>
  a.call({ method: 'POST', url: `/api/applications/draft/documents/${kind}`, ...multipart(fileName, type, content) });

/** A JPEG carrying EXIF metadata (a camera's GPS position would sit there). */
const photoWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-LOCATION-33.5731N', Artist: 'Someone' } })
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function ids() {
  const db = t.database.db;
  const [casa] = await db.select().from(cities).where(eq(cities.slug, 'casablanca'));
  const [rabat] = await db.select().from(cities).where(eq(cities.slug, 'rabat'));
  const casaBoroughs = await db.select().from(boroughs).where(eq(boroughs.cityId, casa!.id));
  const rabatBoroughs = await db.select().from(boroughs).where(eq(boroughs.cityId, rabat!.id));
  const services = await db.select().from(serviceTypes).where(eq(serviceTypes.isActive, true)).limit(3);
  return { casa: casa!, rabat: rabat!, casaBoroughs, rabatBoroughs, services };
}

const put = (a: Applicant, step: string, payload: unknown) => a.call({ method: 'PUT', url: `/api/applications/draft/${step}`, payload: payload as object });
const draft = async (a: Applicant) => (await a.call({ method: 'GET', url: '/api/applications/draft' })).json();

const finalBody = (o: Record<string, unknown> = {}) => ({
  experienceYears: 5,
  description: 'Plumber for ten years: leaks, water heaters, bathrooms.',
  bankName: 'CIH Bank',
  rib: RIB,
  accountHolder: 'Karim Bennani',
  acceptTerms: true,
  acceptPrivacy: true,
  ...o,
});

/** Steps 1-6 done. */
async function completeSixSteps(a: Applicant) {
  const { casa, casaBoroughs, services } = await ids();
  await verifyPhone(a);
  expect((await put(a, 'personal', { firstName: 'Karim', lastName: 'Bennani', email: a.email, dateOfBirth: '1990-05-12' })).statusCode).toBe(200);
  expect((await put(a, 'area', { country: 'Morocco', cityId: casa.id, boroughIds: [casaBoroughs[0]!.id] })).statusCode).toBe(200);
  expect((await put(a, 'services', { serviceIds: [services[0]!.id] })).statusCode).toBe(200);
  expect((await put(a, 'availability', { availability: { monday: { allDay: true }, tuesday: { morning: true } } })).statusCode).toBe(200);
  for (const kind of ['profilePhoto', 'idFront', 'idBack']) {
    const res = await upload(a, kind, `${kind}.jpg`, 'image/jpeg', await photoWithExif());
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('step 1: the SMS code life cycle', () => {
  it('a code lasts 10 minutes: its expiry is set so, and an expired code is refused', async () => {
    const a = await newApplicant();
    const phone = freshPhone();
    const sent = await sendCode(a, phone);
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.database.db.select().from(phoneCodes).where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, 'verify')));
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(lifetime).toBeGreaterThan(PHONE_CODE_RULES.expirySeconds - 5);
    expect(lifetime).toBeLessThanOrEqual(PHONE_CODE_RULES.expirySeconds + 1);

    await t.database.db
      .update(phoneCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, 'verify')));
    const late = await verify(a, phone, await lastCodeTo(phone));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'INVALID_CODE', message: APPLICATION_MESSAGES.invalidCode });
    expect((await draft(a)).phone).toBeNull();
  });

  it('a code is single use', async () => {
    const a = await newApplicant();
    const phone = freshPhone();
    await sendCode(a, phone);
    const code = await lastCodeTo(phone);
    expect((await verify(a, phone, code)).statusCode).toBe(200);
    const again = await verify(a, phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_CODE');
  });

  it('three wrong tries void the code: the right one is then refused', async () => {
    const a = await newApplicant();
    const phone = freshPhone();
    await sendCode(a, phone);
    const code = await lastCodeTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < PHONE_CODE_RULES.maxWrongAttempts; i++) {
      const res = await verify(a, phone, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
    }
    const right = await verify(a, phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('INVALID_CODE');
    expect((await draft(a)).phone).toBeNull();
  });

  it('a code of 5 or 7 digits, or letters, is refused with the §5 message', async () => {
    const a = await newApplicant();
    for (const code of ['12345', '1234567', 'abcdef']) {
      const res = await verify(a, '+212612345678', code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.code).toBe(VALIDATION_MESSAGES.verificationCode);
    }
  });

  it('a new code no sooner than 60 seconds after the last one to the same number', async () => {
    const a = await newApplicant();
    const phone = freshPhone();
    expect((await sendCode(a, phone)).statusCode).toBe(200);
    const soon = await sendCode(a, phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: 'RATE_LIMITED', message: APPLICATION_MESSAGES.resendTooSoon });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(PHONE_CODE_RULES.resendAfterSeconds);
    await endResendWindow(phone);
    expect((await sendCode(a, phone)).statusCode).toBe(200);
  });

  it('at most 5 codes an hour to one number, whoever asks', async () => {
    const phone = freshPhone();
    for (let i = 0; i < PHONE_CODE_RULES.perPhonePerHour; i++) {
      const a = await newApplicant();
      expect((await sendCode(a, phone)).statusCode).toBe(200);
      await endResendWindow(phone);
    }
    const other = await newApplicant();
    const refused = await sendCode(other, phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });

  it('at most 20 codes an hour from one address', async () => {
    const a = await newApplicant();
    for (let i = 0; i < PHONE_CODE_RULES.perAddressPerHour; i++) {
      // The route's per-minute limit per address (better-auth's, AUTH_RATE_LIMITS) would stop us first:
      // its counters go, the hourly ones under test stay.
      await t.database.db.delete(rateLimits).where(or(notLike(rateLimits.key, 'app:%'), like(rateLimits.key, 'app:auth-path:%')));
      expect((await sendCode(a, freshPhone())).statusCode).toBe(200);
    }
    await t.database.db.delete(rateLimits).where(or(notLike(rateLimits.key, 'app:%'), like(rateLimits.key, 'app:auth-path:%')));
    const refused = await sendCode(a, freshPhone());
    expect(refused.statusCode).toBe(429);
    // Another address is not affected.
    const b = await newApplicant();
    expect((await sendCode(b, freshPhone())).statusCode).toBe(200);
  });

  it('the verified number is step 1 of the draft; going back and verifying another number replaces it', async () => {
    const a = await newApplicant();
    const first = await verifyPhone(a);
    expect((await draft(a)).phone).toEqual({ number: first, verified: true });
    expect((await draft(a)).resumeStep).toBe(2);
    const second = await verifyPhone(a);
    expect((await draft(a)).phone).toEqual({ number: second, verified: true });
  });
});

describe('steps 2 to 5: the rules of each step', () => {
  it('personal info: names, email, and 18 or over', async () => {
    const a = await newApplicant();
    const ok = { firstName: 'Karim', lastName: 'Bennani', email: a.email, dateOfBirth: '1990-05-12' };
    const under = new Date();
    under.setUTCFullYear(under.getUTCFullYear() - 17);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ dateOfBirth: under.toISOString().slice(0, 10) }, 'dateOfBirth', APPLICATION_MESSAGES.underage],
      [{ dateOfBirth: '2090-01-01' }, 'dateOfBirth', APPLICATION_MESSAGES.underage],
      [{ dateOfBirth: '12/05/1990' }, 'dateOfBirth', APPLICATION_MESSAGES.dateOfBirth],
      [{ firstName: 'K' }, 'firstName', APPLICATION_MESSAGES.firstName],
      [{ lastName: 'B3nnani' }, 'lastName', APPLICATION_MESSAGES.lastName],
      [{ email: 'nope' }, 'email', VALIDATION_MESSAGES.email],
    ];
    for (const [change, field, message] of cases) {
      const res = await put(a, 'personal', { ...ok, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await draft(a)).personal).toBeNull();
    const saved = await put(a, 'personal', { ...ok, firstName: '  Karim  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().personal).toEqual({ ...ok, firstName: 'Karim' });
  });

  it('area: a real city; Casablanca needs one of its boroughs; another city clears boroughs', async () => {
    const a = await newApplicant();
    const { casa, rabat, casaBoroughs, rabatBoroughs } = await ids();
    const none = await put(a, 'area', { cityId: casa.id, boroughIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.boroughIds).toBe(APPLICATION_MESSAGES.boroughs);
    if (rabatBoroughs.length) {
      const foreign = await put(a, 'area', { cityId: casa.id, boroughIds: [rabatBoroughs[0]!.id] });
      expect(foreign.statusCode).toBe(400);
    }
    const unknown = await put(a, 'area', { cityId: '00000000-0000-4000-8000-000000000000', boroughIds: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.cityId).toBe(APPLICATION_MESSAGES.city);
    const abroad = await put(a, 'area', { country: 'France', cityId: rabat.id });
    expect(abroad.statusCode).toBe(400);

    const inCasa = await put(a, 'area', { cityId: casa.id, boroughIds: [casaBoroughs[0]!.id, casaBoroughs[1]!.id] });
    expect(inCasa.statusCode, inCasa.body).toBe(200);
    expect(inCasa.json().area).toMatchObject({ country: 'Morocco', citySlug: 'casablanca', boroughIds: [casaBoroughs[0]!.id, casaBoroughs[1]!.id] });
    const moved = await put(a, 'area', { cityId: rabat.id, boroughIds: [casaBoroughs[0]!.id] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().area).toMatchObject({ citySlug: 'rabat', boroughIds: [] });
  });

  it('services: at least one, each a real active service', async () => {
    const a = await newApplicant();
    const { services } = await ids();
    expect((await put(a, 'services', { serviceIds: [] })).json().error.fields.serviceIds).toBe(APPLICATION_MESSAGES.services);
    expect((await put(a, 'services', { serviceIds: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(400);
    const ok = await put(a, 'services', { serviceIds: [services[0]!.id, services[1]!.id, services[0]!.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().services.serviceIds).toEqual([services[0]!.id, services[1]!.id]);
  });

  it('availability: one slot at least, allDay alone on its day', async () => {
    const a = await newApplicant();
    const empty = await put(a, 'availability', { availability: { monday: { morning: false } } });
    expect(empty.statusCode).toBe(400);
    expect(Object.values(empty.json().error.fields)).toContain(APPLICATION_MESSAGES.availability);
    const both = await put(a, 'availability', { availability: { monday: { allDay: true, evening: true } } });
    expect(both.statusCode).toBe(400);
    expect(Object.values(both.json().error.fields)).toContain(APPLICATION_MESSAGES.availabilityAllDay);
    expect((await put(a, 'availability', { availability: { someday: { morning: true } } })).statusCode).toBe(400);
    const ok = await put(a, 'availability', { availability: { monday: { allDay: true }, friday: { morning: true, evening: true, afternoon: false } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().availability).toEqual({ monday: { allDay: true }, friday: { morning: true, evening: true } });
  });

  it('every step needs a signed-in user', async () => {
    for (const o of [
      { method: 'GET', url: '/api/applications/draft' },
      { method: 'PUT', url: '/api/applications/draft/personal', payload: { firstName: 'Karim', lastName: 'Bennani', email: 'k@example.ma', dateOfBirth: '1990-05-12' } },
      { method: 'POST', url: '/api/applications', payload: finalBody() },
      { method: 'GET', url: '/api/applications/mine' },
    ] as InjectOptions[]) {
      expect((await t.app.inject(o)).statusCode).toBe(401);
    }
  });
});

describe('step 6: documents', () => {
  it('images are re-encoded without metadata, stored privately, and read back by their owner only', async () => {
    const a = await newApplicant();
    const original = await photoWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(a, 'profilePhoto', 'me.jpg', 'image/jpeg', original);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().documents).toEqual([expect.objectContaining({ kind: 'profilePhoto', contentType: 'image/jpeg', name: 'me.jpg' })]);
    // No storage key or URL in the answer.
    expect(res.body).not.toMatch(/applications\/|\/api\/files/);

    const file = await a.call({ method: 'GET', url: '/api/applications/draft/documents/profilePhoto' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('SECRET-LOCATION'))).toBe(false);

    const other = await newApplicant();
    expect((await other.call({ method: 'GET', url: '/api/applications/draft/documents/profilePhoto' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/applications/draft/documents/profilePhoto' })).statusCode).toBe(401);
  });

  it('a PDF is accepted for an ID, not as the profile photo', async () => {
    const a = await newApplicant();
    expect((await upload(a, 'idFront', 'id.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
    const photo = await upload(a, 'profilePhoto', 'me.pdf', 'application/pdf', PDF);
    expect(photo.statusCode).toBe(415);
    expect(photo.json().error.message).toBe(APPLICATION_MESSAGES.photoType);
  });

  it('a PDF carrying JavaScript or an embedded file is refused with the reason, and nothing is kept (issue 38)', async () => {
    const a = await newApplicant();
    for (const body of [
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Names << /EmbeddedFiles 2 0 R >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    ]) {
      const res = await upload(a, 'idFront', 'id.pdf', 'application/pdf', body);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'PDF_ACTIVE_CONTENT', message: PDF_ACTIVE_CONTENT_MESSAGE, fields: { file: PDF_ACTIVE_CONTENT_MESSAGE } });
    }
    expect((await draft(a)).documents).toEqual([]);
  });

  it('a file that is not what its name says, an empty one, an oversized one or an unknown kind is refused and nothing is kept', async () => {
    const a = await newApplicant();
    const fake = await upload(a, 'idFront', 'id.jpg', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>'.repeat(10)));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(APPLICATION_MESSAGES.documentType);
    const jpegHeaderOnly = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await upload(a, 'idFront', 'broken.jpg', 'image/jpeg', jpegHeaderOnly)).statusCode).toBe(415);
    const empty = await upload(a, 'idBack', 'empty.png', 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const big = await upload(a, 'idBack', 'big.pdf', 'application/pdf', Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(APPLICATION_MESSAGES.documentTooLarge);
    expect((await upload(a, 'passport', 'x.pdf', 'application/pdf', PDF)).statusCode).toBe(400);
    expect((await draft(a)).documents).toEqual([]);
  });

  it('a new upload replaces the previous file; the optional address proof can be removed', async () => {
    const a = await newApplicant();
    await upload(a, 'addressProof', 'bill.pdf', 'application/pdf', PDF);
    const replaced = await upload(a, 'addressProof', 'bill2.jpg', 'image/jpeg', await photoWithExif());
    expect(replaced.json().documents).toEqual([expect.objectContaining({ kind: 'addressProof', contentType: 'image/jpeg', name: 'bill2.jpg' })]);
    const removed = await a.call({ method: 'DELETE', url: '/api/applications/draft/documents/addressProof' });
    expect(removed.json().documents).toEqual([]);
    expect((await a.call({ method: 'GET', url: '/api/applications/draft/documents/addressProof' })).statusCode).toBe(404);
  });
});

describe('the draft is kept on the server', () => {
  it('another session of the same user (a reload, another device) continues where they stopped', async () => {
    const a = await newApplicant();
    const { rabat, services } = await ids();
    await verifyPhone(a);
    await put(a, 'personal', { firstName: 'Nadia', lastName: 'Tazi', email: a.email, dateOfBirth: '1985-01-31' });
    await put(a, 'area', { cityId: rabat.id });
    await put(a, 'services', { serviceIds: [services[2]!.id] });
    await put(a, 'final', { experienceYears: 7, bankName: 'Al Barid Bank', rib: '0117 80' });

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: freshIp(), payload: { email: a.email, password: 'Strong!Pass1' } });
    const otherDevice = sessionCookie(signIn);
    const res = await t.app.inject(withCookie(otherDevice, { method: 'GET', url: '/api/applications/draft' }));
    expect(res.json()).toMatchObject({
      resumeStep: 5,
      completedSteps: ['phone', 'personal', 'area', 'services'],
      personal: { firstName: 'Nadia', lastName: 'Tazi', dateOfBirth: '1985-01-31' },
      area: { cityId: rabat.id, citySlug: 'rabat' },
      services: { serviceIds: [services[2]!.id] },
      final: { experienceYears: 7, bankName: 'Al Barid Bank', rib: '0117 80' },
    });
    // The draft is one user's: another user starts empty.
    const b = await newApplicant();
    expect(await draft(b)).toMatchObject({ resumeStep: 1, completedSteps: [], personal: null, documents: [] });
  });

  it('keeps the consents as ticked (issue 38: a reload unticked them), and a submission still needs both', async () => {
    const a = await newApplicant();
    await completeSixSteps(a);
    expect((await put(a, 'final', { acceptTerms: true, acceptPrivacy: false })).statusCode).toBe(200);
    expect((await draft(a)).final).toMatchObject({ acceptTerms: true, acceptPrivacy: false });
    expect((await put(a, 'final', { acceptTerms: 'yes' })).statusCode).toBe(400);
    // The draft's consents are what the applicant sees; the submission's own fields decide.
    const refused = await a.call({ method: 'POST', url: '/api/applications', payload: finalBody({ acceptPrivacy: false }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('acceptPrivacy');
  });
});

describe('submitting', () => {
  it('refuses a submit with a step missing, a bad RIB key or terms not accepted, and keeps the draft', async () => {
    const a = await newApplicant();
    await verifyPhone(a);
    const missing = await a.call({ method: 'POST', url: '/api/applications', payload: finalBody() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('APPLICATION_INCOMPLETE');
    expect(Object.keys(missing.json().error.fields)).toEqual(['personal', 'area', 'services', 'availability', 'documents']);

    await completeSixSteps(a);
    const wrongKey = RIB.slice(0, 22) + String((Number(RIB.slice(22)) + 1) % 100).padStart(2, '0');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ rib: wrongKey }, 'rib', APPLICATION_MESSAGES.rib],
      [{ rib: RIB.slice(0, 23) }, 'rib', APPLICATION_MESSAGES.rib],
      [{ acceptTerms: false }, 'acceptTerms', APPLICATION_MESSAGES.acceptTerms],
      [{ acceptPrivacy: false }, 'acceptPrivacy', APPLICATION_MESSAGES.acceptPrivacy],
      [{ experienceYears: 0 }, 'experienceYears', APPLICATION_MESSAGES.experience],
      [{ experienceYears: 31 }, 'experienceYears', APPLICATION_MESSAGES.experience],
      [{ description: '   ' }, 'description', APPLICATION_MESSAGES.description],
      [{ bankName: 'Bank of Nowhere' }, 'bankName', APPLICATION_MESSAGES.bank],
      [{ accountHolder: ' ' }, 'accountHolder', APPLICATION_MESSAGES.accountHolder],
    ];
    for (const [change, field, message] of cases) {
      const res = await a.call({ method: 'POST', url: '/api/applications', payload: finalBody(change) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const rows = await t.database.db.select().from(professionalApplications).where(eq(professionalApplications.userId, a.userId));
    expect(rows).toHaveLength(0);
    expect((await draft(a)).resumeStep).toBe(7);
  });

  it('a complete application becomes pending with everything stored; a second one is refused while it is pending', async () => {
    const a = await newApplicant();
    await completeSixSteps(a);
    await upload(a, 'addressProof', 'bill.pdf', 'application/pdf', PDF);
    const res = await a.call({ method: 'POST', url: '/api/applications', payload: finalBody({ rib: `${RIB.slice(0, 3)} ${RIB.slice(3, 6)} ${RIB.slice(6)}` }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null });

    const [row] = await t.database.db.select().from(professionalApplications).where(eq(professionalApplications.userId, a.userId));
    expect(row).toMatchObject({
      status: 'pending',
      fullName: 'Karim Bennani',
      email: a.email,
      country: 'Morocco',
      dateOfBirth: '1990-05-12',
      bankName: 'CIH Bank',
      accountHolder: 'Karim Bennani',
      bankAccountIban: RIB,
      experienceYears: 5,
      availability: { monday: { allDay: true }, tuesday: { morning: true } },
    });
    expect(row!.phoneNumber).toMatch(/^\+2126\d{8}$/);
    for (const key of [row!.profilePhotoUrl, row!.nationalIdUrl, row!.idVerificationUrl, row!.addressProofUrl]) {
      expect(key).toMatch(new RegExp(`^applications/${a.userId}/[a-f0-9]{32}\\.(jpg|pdf)$`));
    }

    // The status card, and the draft is gone (the verified phone belongs to the account and stays).
    expect((await a.call({ method: 'GET', url: '/api/applications/mine' })).json().application).toMatchObject({ id: row!.id, status: 'pending' });
    expect(await draft(a)).toMatchObject({ resumeStep: 2, personal: null, documents: [] });

    // Documents of the application: the owner only; anyone else gets 404.
    const mine = await a.call({ method: 'GET', url: `/api/applications/${row!.id}/documents/idFront` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect((await a.call({ method: 'GET', url: `/api/applications/${row!.id}/documents/addressProof` })).headers['content-type']).toBe('application/pdf');
    const b = await newApplicant();
    expect((await b.call({ method: 'GET', url: `/api/applications/${row!.id}/documents/idFront` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/applications/${row!.id}/documents/idFront` })).statusCode).toBe(401);

    // A second application while this one is pending.
    await completeSixSteps(a);
    const again = await a.call({ method: 'POST', url: '/api/applications', payload: finalBody() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'APPLICATION_EXISTS', message: APPLICATION_MESSAGES.pending });
    expect((await draft(a)).resumeStep).toBe(7);
    expect(await t.database.db.select().from(professionalApplications).where(eq(professionalApplications.userId, a.userId))).toHaveLength(1);

    // Rejected: the card shows the reason, and a new application is possible.
    await t.database.db.update(professionalApplications).set({ status: 'rejected', rejectionReason: 'ID photo unreadable' }).where(eq(professionalApplications.id, row!.id));
    expect((await a.call({ method: 'GET', url: '/api/applications/mine' })).json().application).toMatchObject({ status: 'rejected', rejectionReason: 'ID photo unreadable' });
    expect((await a.call({ method: 'POST', url: '/api/applications', payload: finalBody() })).statusCode).toBe(201);
  });

  it('the status card of a user who never applied is empty', async () => {
    const a = await newApplicant();
    expect((await a.call({ method: 'GET', url: '/api/applications/mine' })).json()).toEqual({ application: null });
  });

  it('no storage key in any answer', async () => {
    const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(professionalApplications).where(like(professionalApplications.profilePhotoUrl, 'http%'));
    expect(rows[0]!.n).toBe(0);
  });
});
