/**
 * Test factories: each test makes the people and bookings it needs on its own database, instead of
 * leaning on the demo seed ("the only plumber in Casablanca"). People are written straight to the
 * tables (one password hash per process: hashing is the slow part), then signed in through the real
 * API; bookings go through the real API (quote, assignment, payment), so they hold what the product
 * would hold.
 *
 *   const t = await startApp();
 *   const customer = await createCustomer(t);
 *   const pro = await createPro(t, { city: 'rabat', category: 'plumbing' });
 *   const booking = await createPaidBooking(t, { customer, pro });
 *
 * The catalogue (cities, categories, services) stays the seed's: it is reference data, not people.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { AVAILABILITY_SLOTS, type AdminRole, type Locale, type UserType } from '@khedma/shared/domain/constants';
import { bookingReference } from '@khedma/shared/domain/booking-status';
import type { Category } from '@khedma/shared/domain/catalog';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import * as s from '../db/schema/index';
import { freshIp, sessionCookie } from './helpers';

/** What the factories need of a test app (startApp() and createTestApp() both give it). */
export interface FactoryApp {
  app: FastifyInstance;
  database: Database;
}

export const FACTORY_PASSWORD = 'Factory!Pass1';

let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(FACTORY_PASSWORD));

let counter = 0;
/** A Moroccan mobile number (phone numbers are unique per account). */
const uniquePhone = () => `+2126${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const unique = (tag: string) => `${tag}-${process.pid.toString(36)}-${(counter++).toString(36)}-${randomUUID().slice(0, 8)}`;

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  name: string;
  /** Session cookie (as a Cookie header value) and bearer token of a sign-in through the API. */
  cookie: string;
  token: string;
}

interface PersonOptions {
  name?: string;
  email?: string;
  locale?: Locale;
  city?: string;
  phone?: string | null;
  /** Sign in through the API after creating (default true): cookie and token are '' otherwise. */
  signIn?: boolean;
}

async function cityBySlug(db: Database['db'], slug: string) {
  const [city] = await db.select({ id: s.cities.id, name: s.cities.name }).from(s.cities).where(eq(s.cities.slug, slug));
  if (!city) throw new Error(`no city ${slug} in the test database`);
  return city;
}

/** A confirmed account with its profile, of the given type. */
async function createPerson(t: FactoryApp, userType: UserType, o: PersonOptions): Promise<TestUser> {
  const db = t.database.db;
  const userId = randomUUID();
  const email = (o.email ?? `${unique(userType)}@example.ma`).toLowerCase();
  const name = o.name ?? 'Test Person';
  const city = await cityBySlug(db, o.city ?? 'casablanca');
  const hash = await passwordHash();
  await db.transaction(async (tx) => {
    await tx.insert(s.users).values({
      id: userId,
      name,
      email,
      emailVerified: true,
      phoneNumber: o.phone ?? null,
      phoneNumberVerified: Boolean(o.phone),
    });
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
  const user: TestUser = { userId, email, password: FACTORY_PASSWORD, name, cookie: '', token: '' };
  if (o.signIn === false) return user;
  return { ...user, ...(await signInUser(t.app, user)) };
}

/** Signs a user in through the API (a fresh client address, so rate limits are the test's own). */
export async function signInUser(app: FastifyInstance, user: { email: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: freshIp(), payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), token: res.json<{ token: string }>().token };
}

/** A confirmed customer, signed in. */
export function createCustomer(t: FactoryApp, o: PersonOptions = {}): Promise<TestUser> {
  return createPerson(t, 'customer', { name: 'Salma Bennani', ...o });
}

/** A confirmed administrator with the given roles (default super_admin), signed in. */
export async function createAdmin(t: FactoryApp, o: PersonOptions & { roles?: AdminRole[] } = {}): Promise<TestUser> {
  const admin = await createPerson(t, 'admin', { name: 'Nadia Admin', ...o });
  const roles = o.roles ?? ['super_admin'];
  if (roles.length) await t.database.db.insert(s.adminRoles).values(roles.map((role) => ({ userId: admin.userId, role })));
  return admin;
}

export interface TestPro extends TestUser {
  professionalId: string;
  cityId: string;
  serviceTypeIds: string[];
  hourlyRate: number;
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
  /** Casablanca borough ids covered (default: every borough of the city). */
  boroughIds?: string[];
  hourlyRate?: number;
  status?: 'active' | 'suspended';
}

/** An active professional (a 'pro' account with its professional row, services, hours and areas), signed in. */
export async function createPro(t: FactoryApp, o: ProOptions = {}): Promise<TestPro> {
  const db = t.database.db;
  const citySlug = o.city ?? 'casablanca';
  const user = await createPerson(t, 'pro', { name: 'Test Professional', phone: uniquePhone(), ...o, city: citySlug });
  const city = await cityBySlug(db, citySlug);
  const serviceTypeIds =
    o.serviceTypeIds ??
    (
      await db
        .select({ id: s.serviceTypes.id })
        .from(s.serviceTypes)
        .where(and(eq(s.serviceTypes.category, o.category ?? 'plumbing'), eq(s.serviceTypes.isActive, true)))
        .orderBy(asc(s.serviceTypes.basePrice))
    ).map((r) => r.id);
  const boroughIds =
    o.boroughIds ?? (await db.select({ id: s.boroughs.id }).from(s.boroughs).where(eq(s.boroughs.cityId, city.id))).map((r) => r.id);
  const hourlyRate = o.hourlyRate ?? 150;
  const professionalId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(s.professionals).values({
      id: professionalId,
      userId: user.userId,
      name: user.name.split(' ')[0]!,
      fullName: user.name,
      cityId: city.id,
      about: 'Made by a test factory.',
      hourlyRate,
      status: o.status ?? 'active',
      approvedAt: new Date(),
    });
    if (serviceTypeIds.length) await tx.insert(s.professionalServices).values(serviceTypeIds.map((serviceTypeId) => ({ professionalId, serviceTypeId })));
    const hours = o.availability ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, 'allDay'] as [number, 'allDay']);
    if (hours.length) await tx.insert(s.professionalAvailability).values(hours.map(([weekday, slot]) => ({ professionalId, weekday, slot })));
    if (boroughIds.length) await tx.insert(s.professionalBoroughs).values(boroughIds.map((boroughId) => ({ professionalId, boroughId })));
  });
  return { ...user, professionalId, cityId: city.id, serviceTypeIds, hourlyRate };
}

/** A Casablanca calendar date `days` after today (bookings are made in Casablanca dates). */
export function casablancaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Casablanca', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface TestBooking {
  id: string;
  reference: string;
  status: string;
  paymentStatus: string;
  totalAmount: number;
  professionalId: string;
}

/**
 * A booking made and paid through the API by `customer` for one of `pro`'s services in the pro's city
 * (the pro must be the one the assignment picks: give them a city and category no other professional
 * covers, or a date nobody else works). Pending until the professional accepts (`accept: true` does).
 */
export async function createPaidBooking(
  t: FactoryApp,
  o: { customer: TestUser; pro: TestPro; date?: string; startTime?: string; endTime?: string; serviceTypeId?: string; accept?: boolean },
): Promise<TestBooking> {
  const auth = (u: TestUser) => ({ cookie: u.cookie, 'idempotency-key': randomUUID() });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: auth(o.customer),
    payload: {
      serviceTypeId: o.serviceTypeId ?? o.pro.serviceTypeIds[0],
      cityId: o.pro.cityId,
      date: o.date ?? casablancaDate(3),
      startTime: o.startTime ?? '10:00',
      endTime: o.endTime ?? '11:00',
    },
  });
  if (created.statusCode !== 201) throw new Error(`booking failed: ${created.statusCode} ${created.body}`);
  const booking = created.json<{ id: string; professional?: { id: string } | null }>();
  const paid = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/pay`, headers: auth(o.customer), payload: { method: 'card' } });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  if (o.accept) {
    const accepted = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/accept`, headers: auth(o.pro) });
    if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  }
  const [row] = await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, booking.id));
  return {
    id: row!.id,
    reference: bookingReference(row!.id),
    status: row!.status,
    paymentStatus: row!.paymentStatus,
    totalAmount: row!.totalAmount,
    professionalId: row!.professionalId!,
  };
}
