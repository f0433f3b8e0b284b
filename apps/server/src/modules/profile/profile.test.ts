import { PROFILE_MESSAGES, VALIDATION_MESSAGES } from '@khedma/shared';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionalApplications, profileAuditLog, profiles, users } from '../../db/schema/index';
import { createStorage } from '../../platform/create-storage';
import { createAdmin, createCustomer, createPro, signInUser } from '../../test/factories';
import { freshIp, lastMessageTo, startApp, withBearer, withCookie, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

async function auditOf(profileId: string) {
  return t.database.db.select().from(profileAuditLog).where(eq(profileAuditLog.profileId, profileId)).orderBy(desc(profileAuditLog.createdAt));
}

function multipart(fileName: string, contentType: string, content: Buffer, field = 'file') {
  const boundary = `----khedma${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 400x200 PNG, red top half and blue bottom half, with EXIF (orientation 6 = turn 90° clockwise) and a copyright. */
async function pngWithExif() {
  const top = await sharp({ create: { width: 400, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: top, top: 0, left: 0 }])
    .withExif({ IFD0: { Copyright: 'Secret Owner', Make: 'SpyCam' } })
    .withMetadata({ orientation: 6 })
    .png()
    .toBuffer();
}

describe('signed-out callers', () => {
  it.each([
    ['GET', '/api/profile'],
    ['PATCH', '/api/profile'],
    ['POST', '/api/profile/avatar'],
    ['GET', '/api/me'],
  ] as const)('%s %s is 401', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('profile', () => {
  it('GET /api/profile returns the own profile', async () => {
    const { cookie, email } = await createCustomer(t);
    const res = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/profile' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, user_type: 'customer', locale: 'en' });
  });

  it('PATCH trims, stores empty fields as null, normalises the phone and audits old and new values', async () => {
    const { token, userId } = await createCustomer(t, { name: 'Amina Benjelloun', city: 'casablanca' });
    const res = await t.app.inject(
      withBearer(token, {
        method: 'PATCH',
        url: '/api/profile',
        payload: { full_name: '  Amina   Benjelloun Tazi ', phone: '+212 6 11 22 33 44', location: '  Rabat  ', about_me: '   ' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Amina Benjelloun Tazi', phone: '+212611223344', location: 'Rabat', about_me: null });

    const [entry] = await auditOf(userId);
    expect(entry!.changeType).toBe('update');
    expect(entry!.changedBy).toBe(userId);
    expect([...entry!.changedFields].sort()).toEqual(['full_name', 'location', 'phone']);
    expect(entry!.oldValues).toMatchObject({ full_name: 'Amina Benjelloun', location: 'Casablanca' });
    expect(entry!.newValues).toEqual({ full_name: 'Amina Benjelloun Tazi', phone: '+212611223344', location: 'Rabat' });

    // The account name follows the full name.
    const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(u!.name).toBe('Amina Benjelloun Tazi');

    // Saving the same values again changes nothing and audits nothing.
    const before = (await auditOf(userId)).length;
    await t.app.inject(withBearer(token, { method: 'PATCH', url: '/api/profile', payload: { location: 'Rabat' } }));
    expect((await auditOf(userId)).length).toBe(before);
  });

  it('a customer cannot raise their role or change their email; the attempt is audited as role_change_attempt', async () => {
    const { token, userId, email } = await createCustomer(t);
    const res = await t.app.inject(
      withBearer(token, {
        method: 'PATCH',
        url: '/api/profile',
        payload: { user_type: 'admin', email: 'boss@example.ma', role: 'super_admin', id: 'someone-else', about_me: 'Hello' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, user_type: 'customer', email, about_me: 'Hello' });

    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(row).toMatchObject({ userType: 'customer', email });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(u!.email).toBe(email);

    const entries = await auditOf(userId);
    const attempt = entries.find((e) => e.changeType === 'role_change_attempt')!;
    expect([...attempt.changedFields].sort()).toEqual(['email', 'id', 'role', 'user_type']);
    expect(attempt.newValues).toMatchObject({ user_type: 'admin', email: 'boss@example.ma', role: 'super_admin' });
    expect(attempt.oldValues).toMatchObject({ user_type: 'customer', email });
    expect(entries.find((e) => e.changeType === 'update')!.changedFields).toEqual(['about_me']);

    const me = (await t.app.inject(withBearer(token, { method: 'GET', url: '/api/me' }))).json();
    expect(me.user.userType).toBe('customer');
    expect(me.permissions).not.toContain('admin:access');
  });

  it('GET /api/me: a pro account not approved yet holds a customer\'s permissions; an approved professional holds a pro\'s', async () => {
    // Signed up as a professional, never approved: the account's type is pro but it has no professional record.
    const applicant = await createCustomer(t);
    await t.database.db.update(profiles).set({ userType: 'pro' }).where(eq(profiles.id, applicant.userId));
    const mine = (await t.app.inject(withCookie(applicant.cookie, { method: 'GET', url: '/api/me' }))).json();
    expect(mine.user.userType).toBe('pro');
    expect(mine.permissions).toContain('application:create');
    for (const p of ['booking:accept:own', 'services:manage:own', 'earnings:read:own', 'payout:request']) expect(mine.permissions).not.toContain(p);

    const pro = await createPro(t, { city: 'fes', category: 'handyman' });
    const theirs = (await t.app.inject(withCookie(pro.cookie, { method: 'GET', url: '/api/me' }))).json();
    for (const p of ['booking:accept:own', 'services:manage:own', 'earnings:read:own', 'payout:request']) expect(theirs.permissions).toContain(p);
  });

  it('takes a phone typed the Moroccan way (0612345678, 06 12 34 56 78) and stores it as +212 (issue 22 item 7)', async () => {
    const { cookie } = await createCustomer(t);
    for (const phone of ['0612345678', '06 12 34 56 78', '07-12-34-56-78']) {
      const res = await t.app.inject(withCookie(cookie, { method: 'PATCH', url: '/api/profile', headers: { origin: t.config.publicUrl }, payload: { phone } }));
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(200);
      const stored = phone.startsWith('07') ? '+212712345678' : '+212612345678';
      expect(res.json().phone).toBe(stored);
      expect((await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/profile' }))).json().phone).toBe(stored);
    }
  });

  it('refuses a bad phone, a bad name and a foreign avatar link with the field message', async () => {
    const { token } = await createCustomer(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: '0812345678' }, 'phone', VALIDATION_MESSAGES.phone],
      [{ phone: '+212 8 12 34 56 78' }, 'phone', VALIDATION_MESSAGES.phone],
      [{ full_name: 'R2D2' }, 'full_name', VALIDATION_MESSAGES.name],
      [{ locale: 'de' }, 'locale', VALIDATION_MESSAGES.locale],
      [{ about_me: 'x'.repeat(1001) }, 'about_me', PROFILE_MESSAGES.aboutMe],
      [{ avatar_url: 'https://evil.example/track.png' }, 'avatar_url', PROFILE_MESSAGES.avatarUrl],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.app.inject(withBearer(token, { method: 'PATCH', url: '/api/profile', payload }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
  });

  it('the language chosen on the profile is used for emails to the user', async () => {
    const { token, email } = await createCustomer(t, { locale: 'en' });
    const res = await t.app.inject(withBearer(token, { method: 'PATCH', url: '/api/profile', payload: { locale: 'ar' } }));
    expect(res.json().locale).toBe('ar');
    const me = (await t.app.inject(withBearer(token, { method: 'GET', url: '/api/me' }))).json();
    expect(me.user.locale).toBe('ar');
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: freshIp(), payload: { email } });
    const mail = await lastMessageTo(t.app, email);
    expect(mail.subject).toBe('بدّل كلمة السر ديال Khedma');
  });
});

describe('GET /api/me: the latest professional application', () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function me(user: { email: string; password: string }) {
    const { token } = await signInUser(t.app, user);
    const res = await t.app.inject(withBearer(token, { method: 'GET', url: '/api/me' }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { user: { email: string }; application: { status: string; submittedAt: string } | null };
  }

  async function apply(userId: string, email: string, status: 'pending' | 'approved' | 'rejected', daysAgo: number) {
    const at = new Date(Date.now() - daysAgo * DAY);
    await t.database.db
      .insert(professionalApplications)
      .values({ userId, email, status, submittedAt: at, createdAt: at, fullName: 'Test Applicant', phoneNumber: '+212612345699' });
    return at;
  }

  it('is null for a customer who never applied; a professional sees the approved application behind their account', async () => {
    expect((await me(await createCustomer(t))).application).toBeNull();
    expect((await me(await createAdmin(t))).application).toBeNull();
    const pro = await createPro(t);
    await apply(pro.userId, pro.email, 'approved', 10);
    expect((await me(pro)).application?.status).toBe('approved');
  });

  it('an applicant sees their pending application, with its submission date and nothing else of it', async () => {
    const applicant = await createCustomer(t);
    const submitted = await apply(applicant.userId, applicant.email, 'pending', 1);
    const { application } = await me(applicant);
    expect(application).toEqual({ status: 'pending', submittedAt: submitted.toISOString() });
  });

  it("shows the user's own newest application, never another user's", async () => {
    const sara = await createCustomer(t, { name: 'Sara Benmoussa' });
    const other = await createCustomer(t);
    const applicant = await createCustomer(t);
    await apply(applicant.userId, applicant.email, 'pending', 3);
    expect((await me(sara)).application).toBeNull();

    await apply(sara.userId, sara.email, 'rejected', 30);
    expect((await me(sara)).application?.status).toBe('rejected');

    const again = await apply(sara.userId, sara.email, 'pending', 1);
    expect((await me(sara)).application).toEqual({ status: 'pending', submittedAt: again.toISOString() });

    // Other accounts are untouched by Sara's applications, and Sara never sees the applicant's.
    expect((await me(other)).application).toBeNull();
    expect((await me(applicant)).application?.submittedAt).not.toBe(again.toISOString());
  });
});

describe('avatar', () => {
  it('a PNG with EXIF becomes an upright 512x512 WebP without metadata, served publicly with a long cache', async () => {
    const { token, userId } = await createPro(t);
    const original = await pngWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/profile/avatar', ...multipart('me.png', 'image/png', original) }));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().avatar_url as string;
    expect(url).toMatch(new RegExp(`^/api/files/avatars/${userId}/[a-f0-9]{32}\\.webp$`));

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false);

    // Turned by its EXIF orientation: the red top half is now on the right.
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(px(60, 256)[2]).toBeGreaterThan(200); // blue on the left
    expect(px(450, 256)[0]).toBeGreaterThan(200); // red on the right

    const entries = await auditOf(userId);
    expect(entries[0]).toMatchObject({ changeType: 'avatar_update', changedFields: ['avatar_url'], newValues: { avatar_url: url } });

    // A new picture replaces the old file.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
    const second = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/profile/avatar', ...multipart('b.jpg', 'image/jpeg', jpeg) }));
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar_url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    // Removing the picture through PATCH is allowed (null), and deletes the file.
    const removed = await t.app.inject(withBearer(token, { method: 'PATCH', url: '/api/profile', payload: { avatar_url: '' } }));
    expect(removed.json().avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.json().avatar_url })).statusCode).toBe(404);
  });

  it('a text file renamed .png is refused (type checked by content)', async () => {
    const { token } = await createCustomer(t);
    const res = await t.app.inject(
      withBearer(token, { method: 'POST', url: '/api/profile/avatar', ...multipart('photo.png', 'image/png', Buffer.from('just some text, not an image\n'.repeat(20))) }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: PROFILE_MESSAGES.avatarType });
  });

  it('a forged PNG header with garbage behind it is refused without a 500', async () => {
    const { token } = await createCustomer(t);
    const forged = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
    const res = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/profile/avatar', ...multipart('x.png', 'image/png', forged) }));
    expect(res.statusCode).toBe(415);
  });

  it('more than 5 MB is refused with "Image size must be less than 5MB"', async () => {
    const { token } = await createCustomer(t);
    const big = Buffer.concat([await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/profile/avatar', ...multipart('big.png', 'image/png', big) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Image size must be less than 5MB' });

    const huge = Buffer.alloc(6 * 1024 * 1024);
    const res2 = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/profile/avatar', ...multipart('huge.png', 'image/png', huge) }));
    expect(res2.statusCode).toBe(413);
    expect(res2.json().error.message).toBe('Image size must be less than 5MB');
  });

  it('a request without a file or not multipart is refused', async () => {
    const { token } = await createCustomer(t);
    const json = await t.app.inject(withBearer(token, { method: 'POST', url: '/api/profile/avatar', payload: { file: 'x' } }));
    expect(json.statusCode).toBe(415);
    const boundary = 'xyz';
    const empty = await t.app.inject(
      withBearer(token, {
        method: 'POST',
        url: '/api/profile/avatar',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(PROFILE_MESSAGES.avatarMissing);
  });
});

describe('files', () => {
  it('avatar paths are validated (no traversal)', async () => {
    for (const url of ['/api/files/avatars/..%2F..%2Fetc/passwd', '/api/files/avatars/abc/../../x.webp', '/api/files/avatars/abc/notes.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().error).toBeDefined();
    }
  });

  it('signed URLs serve a private file until they expire; a changed signature or key is a 404', async () => {
    const storage = createStorage(t.config);
    await storage.put('documents/u1/id-front.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const url = await storage.signedUrl('documents/u1/id-front.pdf', 60);
    const ok = await t.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.body).toBe('%PDF-1.4 test');

    const tampered = url.replace(/signature=([A-Za-z0-9_-])/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const otherKey = url.replace('id-front.pdf', 'id-back.pdf');
    expect((await t.app.inject({ method: 'GET', url: otherKey })).statusCode).toBe(404);
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('public objects are served at their public URL; a private object is not found there', async () => {
    const storage = createStorage(t.config);
    await storage.put('services/s1/cover.txt', Buffer.from('public cover'), { contentType: 'text/plain', visibility: 'public' });
    await storage.put('documents/u1/secret.txt', Buffer.from('private'), 'text/plain');
    const res = await t.app.inject({ method: 'GET', url: await storage.publicUrl('services/s1/cover.txt') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('public cover');
    expect(res.headers['content-type']).toBe('text/plain');
    for (const url of ['/api/files/public/documents/u1/secret.txt', '/api/files/public/documents/u1/missing.txt', '/api/files/public/..%2F..%2Fetc/passwd']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
