/**
 * People made straight in the tables, for tests: the API tests' factories (src/test/factories.ts) and the
 * browser journeys' POST /api/dev/test-people (never in production). A person is a confirmed account
 * with its profile; a professional also has the professional row, services, hours and areas an approved
 * application gives. One password hash per process: hashing is the slow part, and it is the same
 * password for everyone made here.
 */
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { AdminRole, UserType } from '@khedma/shared/domain/accounts';
import type { Locale } from '@khedma/shared/domain/constants';
import { AVAILABILITY_SLOTS } from '@khedma/shared/domain/schedule';
import type { Category } from '@khedma/shared/domain/catalog';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import * as s from '../../db/schema/index';

export const TEST_PASSWORD = 'Factory!Pass1';

let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

let counter = 0;
/** A Moroccan mobile number in a range libphonenumber knows (66...); phone numbers are unique per account. */
export const uniquePhone = () => `+21266${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const unique = (tag: string) => `${tag}-${process.pid.toString(36)}-${(counter++).toString(36)}-${randomUUID().slice(0, 8)}`;

type Db = Database['db'];

export interface PersonOptions {
  name?: string;
  email?: string;
  locale?: Locale;
  city?: string;
  phone?: string | null;
}

export interface PersonRecord {
  userId: string;
  email: string;
  password: string;
  name: string;
}

export interface ProOptions extends PersonOptions {
  /** City slug (default casablanca). */
  city?: string;
  /** Offers every active service of this category (default plumbing)... */
  category?: Category;
  /** ...or exactly these service type ids. */
  serviceTypeIds?: string[];
  /** Weekdays 1-7 and slots worked (default: every day, all day). */
  availability?: Array<[weekday: number, slot: (typeof AVAILABILITY_SLOTS)[number]]>;
  /** Borough ids covered (default: every borough of the city). */
  boroughIds?: string[];
  hourlyRate?: number;
  status?: 'active' | 'suspended';
  /** The professional id (default a random UUID): any id PostgreSQL takes, e.g. one that is no RFC 9562 UUID. */
  id?: string;
  /** Base location and service radius (issue 42; default none: the whole of their cities). */
  serviceArea?: { base: { lat: number; lng: number }; radiusKm: number };
}

export interface ProRecord {
  professionalId: string;
  cityId: string;
  serviceTypeIds: string[];
  hourlyRate: number;
}

async function cityBySlug(db: Db, slug: string) {
  const [city] = await db.select({ id: s.cities.id, name: s.cities.name }).from(s.cities).where(eq(s.cities.slug, slug));
  if (!city) throw new Error(`no city ${slug} in the database`);
  return city;
}

/** A confirmed account with its profile, of the given type. */
export async function insertPerson(db: Db, userType: UserType, o: PersonOptions): Promise<PersonRecord> {
  const userId = randomUUID();
  const email = (o.email ?? `${unique(userType)}@example.ma`).toLowerCase();
  const name = o.name ?? 'Test Person';
  const city = await cityBySlug(db, o.city ?? 'casablanca');
  const hash = await passwordHash();
  await db.transaction(async (tx) => {
    await tx.insert(s.users).values({ id: userId, name, email, emailVerified: true, phoneNumber: o.phone ?? null, phoneNumberVerified: Boolean(o.phone) });
    await tx.insert(s.accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
    await tx.insert(s.profiles).values({
      id: userId,
      name: name.split(' ')[0],
      fullName: name,
      region: city.name,
      email,
      phone: o.phone ?? null,
      location: city.name,
      userType,
      locale: o.locale ?? 'en',
    });
  });
  return { userId, email, password: TEST_PASSWORD, name };
}

/** Active admin roles for an admin account. */
export async function insertAdminRoles(db: Db, userId: string, roles: readonly AdminRole[]) {
  if (roles.length) await db.insert(s.adminRoles).values(roles.map((role) => ({ userId, role })));
}

/** The professional row (with services, hours and areas) of a 'pro' account. */
export async function insertProfessional(db: Db, person: PersonRecord, o: ProOptions): Promise<ProRecord> {
  const city = await cityBySlug(db, o.city ?? 'casablanca');
  const serviceTypeIds =
    o.serviceTypeIds ??
    (
      await db
        .select({ id: s.serviceTypes.id })
        .from(s.serviceTypes)
        .where(and(eq(s.serviceTypes.category, o.category ?? 'plumbing'), eq(s.serviceTypes.isActive, true)))
        .orderBy(asc(s.serviceTypes.basePrice))
    ).map((r) => r.id);
  const boroughIds = o.boroughIds ?? (await db.select({ id: s.boroughs.id }).from(s.boroughs).where(eq(s.boroughs.cityId, city.id))).map((r) => r.id);
  const hourlyRate = o.hourlyRate ?? 150;
  const professionalId = o.id ?? randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(s.professionals).values({
      id: professionalId,
      userId: person.userId,
      name: person.name.split(' ')[0]!,
      fullName: person.name,
      cityId: city.id,
      about: 'Made by a test factory.',
      hourlyRate,
      status: o.status ?? 'active',
      approvedAt: new Date(),
      ...(o.serviceArea ? { baseLat: o.serviceArea.base.lat, baseLng: o.serviceArea.base.lng, serviceRadiusKm: o.serviceArea.radiusKm } : {}),
    });
    if (serviceTypeIds.length) await tx.insert(s.professionalServices).values(serviceTypeIds.map((serviceTypeId) => ({ professionalId, serviceTypeId })));
    const hours = o.availability ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, 'allDay'] as [number, 'allDay']);
    if (hours.length) await tx.insert(s.professionalAvailability).values(hours.map(([weekday, slot]) => ({ professionalId, weekday, slot })));
    if (boroughIds.length) await tx.insert(s.professionalBoroughs).values(boroughIds.map((boroughId) => ({ professionalId, boroughId })));
  });
  return { professionalId, cityId: city.id, serviceTypeIds, hourlyRate };
}

/** The approved application behind a professional, with the bank details a payout goes to. */
export async function insertApprovedApplication(db: Db, person: PersonRecord, bank: { bankName: string; accountHolder: string; account: string }) {
  const [row] = await db
    .insert(s.professionalApplications)
    .values({
      userId: person.userId,
      status: 'approved',
      fullName: person.name,
      email: person.email,
      phoneNumber: uniquePhone(),
      bankName: bank.bankName,
      accountHolder: bank.accountHolder,
      bankAccountIban: bank.account,
      reviewedAt: new Date(),
    })
    .returning({ id: s.professionalApplications.id });
  return row!.id;
}

/** Session lifetime of sessions made here: as better-auth's (a week). */
const SESSION_SECONDS = 60 * 60 * 24 * 7;

/**
 * A session row for `userId` and the value of its session cookie, signed as better-auth signs it
 * (`token.HMAC-SHA256(secret, token)` in base64): the same cookie a sign-in would set.
 */
export async function insertSession(db: Db, userId: string, secret: string, now: Date) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await db.insert(s.sessions).values({ id: randomUUID(), token, userId, expiresAt, userAgent: 'test-people' });
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return { token, cookieValue: encodeURIComponent(`${token}.${signature}`), maxAge: SESSION_SECONDS };
}
