/**
 * The one way a person and a professional are made in the tables (issue 39): personRows and
 * professionalRow/offerRows say which rows they are, and every maker uses them: the demo seed
 * (db/seed/accounts.ts, professionals.ts: fixed ids and dates, many at once), the API tests' factories
 * (test/factories.ts) and the browser journeys' POST /api/dev/test-people (never in production), which
 * make one at a time with insertPerson and insertProfessional below.
 * A person is a confirmed account with its profile; a professional also has the professional row,
 * services, hours and areas an approved application gives. One password hash per process for the people
 * made here: hashing is the slow part, and it is the same password for everyone made here.
 */
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { AdminRole, UserType } from '@khedma/shared/domain/accounts';
import type { Locale } from '@khedma/shared/domain/constants';
import { AVAILABILITY_SLOTS } from '@khedma/shared/domain/schedule';
import type { Category } from '@khedma/shared/domain/catalog';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from './client';
import * as s from './schema/index';

export const TEST_PASSWORD = 'Factory!Pass1';

let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

let counter = 0;
/** A Moroccan mobile number in a range libphonenumber knows (66...); phone numbers are unique per account. */
export const uniquePhone = () => `+21266${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const unique = (tag: string) => `${tag}-${process.pid.toString(36)}-${(counter++).toString(36)}-${randomUUID().slice(0, 8)}`;

type Db = Database['db'];

/** What makes a person: an account, its password and its profile. */
export interface PersonSpec {
  userId: string;
  /** Id of the password (credential) row. */
  accountId: string;
  email: string;
  firstName: string;
  fullName: string;
  userType: UserType;
  locale: Locale;
  /** Name of the person's city (the profile's region and location). */
  cityName: string;
  /** The profile's phone. */
  phone: string | null;
  /** The account's verified phone (sign-in by code), or null. */
  verifiedPhone: string | null;
  about?: string | null;
  passwordHash: string;
  /** When the account was made (default now). */
  at?: Date;
}

/** The rows of a person: their user, password and profile. */
export function personRows(p: PersonSpec) {
  const at = p.at ? { createdAt: p.at, updatedAt: p.at } : {};
  return {
    user: {
      id: p.userId,
      name: p.fullName,
      email: p.email,
      emailVerified: true,
      phoneNumber: p.verifiedPhone,
      phoneNumberVerified: p.verifiedPhone !== null,
      ...at,
    } satisfies typeof s.users.$inferInsert,
    account: { id: p.accountId, accountId: p.userId, providerId: 'credential', userId: p.userId, password: p.passwordHash, ...at } satisfies typeof s.accounts.$inferInsert,
    profile: {
      id: p.userId,
      name: p.firstName,
      fullName: p.fullName,
      region: p.cityName,
      email: p.email,
      phone: p.phone,
      location: p.cityName,
      aboutMe: p.about ?? null,
      userType: p.userType,
      locale: p.locale,
      ...at,
    } satisfies typeof s.profiles.$inferInsert,
  };
}

/** What makes a professional's own row (the account is a PersonSpec of type 'pro'). */
export interface ProfessionalSpec {
  professionalId: string;
  userId: string;
  firstName: string;
  fullName: string;
  cityId: string;
  about: string;
  skills?: string[];
  hourlyRate: number;
  status: 'active' | 'suspended';
  approvedAt: Date;
  /** When the row was made (default now). */
  at?: Date;
  serviceArea?: { base: { lat: number; lng: number }; radiusKm: number };
}

export function professionalRow(p: ProfessionalSpec): typeof s.professionals.$inferInsert {
  return {
    id: p.professionalId,
    userId: p.userId,
    name: p.firstName,
    fullName: p.fullName,
    cityId: p.cityId,
    about: p.about,
    ...(p.skills ? { skills: p.skills } : {}),
    hourlyRate: p.hourlyRate,
    status: p.status,
    approvedAt: p.approvedAt,
    ...(p.at ? { createdAt: p.at, updatedAt: p.at } : {}),
    ...(p.serviceArea ? { baseLat: p.serviceArea.base.lat, baseLng: p.serviceArea.base.lng, serviceRadiusKm: p.serviceArea.radiusKm } : {}),
  };
}

export type WeeklyHours = ReadonlyArray<readonly [weekday: number, slot: (typeof AVAILABILITY_SLOTS)[number]]>;

/** What a professional offers: services, weekly hours and (Casablanca) boroughs. */
export function offerRows(professionalId: string, o: { serviceTypeIds: readonly string[]; hours: WeeklyHours; boroughIds: readonly string[] }) {
  return {
    services: o.serviceTypeIds.map((serviceTypeId) => ({ professionalId, serviceTypeId })),
    availability: o.hours.map(([weekday, slot]) => ({ professionalId, weekday, slot })),
    boroughs: o.boroughIds.map((boroughId) => ({ professionalId, boroughId })),
  };
}

/** Every day, all day: a factory professional's default hours. */
export const EVERY_DAY: WeeklyHours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, 'allDay'] as const);

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
  availability?: WeeklyHours;
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
  const rows = personRows({
    userId,
    accountId: randomUUID(),
    email,
    firstName: name.split(' ')[0]!,
    fullName: name,
    userType,
    locale: o.locale ?? 'en',
    cityName: city.name,
    phone: o.phone ?? null,
    verifiedPhone: o.phone ?? null,
    passwordHash: await passwordHash(),
  });
  await db.transaction(async (tx) => {
    await tx.insert(s.users).values(rows.user);
    await tx.insert(s.accounts).values(rows.account);
    await tx.insert(s.profiles).values(rows.profile);
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
  const row = professionalRow({
    professionalId,
    userId: person.userId,
    firstName: person.name.split(' ')[0]!,
    fullName: person.name,
    cityId: city.id,
    about: 'Made by a test factory.',
    hourlyRate,
    status: o.status ?? 'active',
    approvedAt: new Date(),
    serviceArea: o.serviceArea,
  });
  const offer = offerRows(professionalId, { serviceTypeIds, hours: o.availability ?? EVERY_DAY, boroughIds });
  await db.transaction(async (tx) => {
    await tx.insert(s.professionals).values(row);
    if (offer.services.length) await tx.insert(s.professionalServices).values(offer.services);
    if (offer.availability.length) await tx.insert(s.professionalAvailability).values(offer.availability);
    if (offer.boroughs.length) await tx.insert(s.professionalBoroughs).values(offer.boroughs);
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
