import { addDays, localDateOf } from '@khedma/shared/domain/time';
/**
 * Test factories: each test makes the people and bookings it needs on its own database, instead of
 * leaning on the demo seed ("the only plumber in Casablanca"). People are written straight to the
 * tables with a session of their own (db/people.ts, the one way a person is made, which the demo seed
 * uses too; no password hashing per person, the slow part);
 * bookings go through the real API (quote, assignment, payment), so they hold what the product would
 * hold.
 *
 *   const t = await startApp();
 *   const customer = await createCustomer(t);
 *   const pro = await createPro(t, { city: 'rabat', category: 'plumbing' });
 *   const booking = await createPaidBooking(t, { customer, pro });
 *
 * The catalogue (cities, boroughs, categories, services, city prices) is the reference seed's, the only data
 * a test database starts with (db/seed/index.ts: seedReference; docs/decisions/0003): a professional a test
 * makes is the only one of their city and category unless the test makes another.
 */
import { randomUUID } from 'node:crypto';
import { payOnSimulator } from './cmi';
import type { AdminRole, UserType } from '@khedma/shared/domain/accounts';
import { bookingReference } from '@khedma/shared/domain/booking-status';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import * as s from '../db/schema/index';
import {
  insertAdminRoles,
  insertPerson,
  insertProfessional,
  insertSession,
  TEST_PASSWORD,
  uniquePhone,
  type PersonOptions,
  type PersonRecord,
  type ProOptions,
  type ProRecord,
} from '../db/people';
import { freshIp, sessionCookie } from './helpers';
import { modulesOf } from '../app';

/** What the factories need of a test app (startApp() and createTestApp() both give it). */
export interface FactoryApp {
  app: FastifyInstance;
  database: Database;
}

export const FACTORY_PASSWORD = TEST_PASSWORD;

export interface TestUser extends PersonRecord {
  /** Session cookie (as a Cookie header value) and bearer token of a sign-in through the API. */
  cookie: string;
  token: string;
}

interface FactoryPersonOptions extends PersonOptions {
  /** Sign in through the API after creating (default true): cookie and token are '' otherwise. */
  signIn?: boolean;
}

async function createPerson(t: FactoryApp, userType: UserType, o: FactoryPersonOptions): Promise<TestUser> {
  const user = await insertPerson(t.database.db, userType, o);
  if (o.signIn === false) return { ...user, cookie: '', token: '' };
  return { ...user, ...(await sessionFor(t, user.userId)) };
}

/**
 * A session of `userId`, as a sign-in makes it (the row, and the cookie signed with the app's secret),
 * without checking the password: hashing is the slow part of a test's people. The sign-in itself has
 * its own tests (auth.test.ts); signInUser goes through it.
 */
export async function sessionFor(t: FactoryApp, userId: string) {
  const session = await insertSession(t.database.db, userId, t.app.ctx.config.authSecret, new Date());
  return { cookie: `${modulesOf(t.app).auth.sessions.cookieName}=${session.cookieValue}`, token: session.token };
}

/** Signs a user in through the API (a fresh client address, so rate limits are the test's own). */
export async function signInUser(app: FastifyInstance, user: { email: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: freshIp(), payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), token: res.json<{ token: string }>().token };
}

/** A confirmed customer, signed in. */
export function createCustomer(t: FactoryApp, o: FactoryPersonOptions = {}): Promise<TestUser> {
  return createPerson(t, 'customer', { name: 'Salma Bennani', ...o });
}

/** A confirmed administrator with the given roles (default super_admin), signed in. */
export async function createAdmin(t: FactoryApp, o: FactoryPersonOptions & { roles?: AdminRole[] } = {}): Promise<TestUser> {
  const admin = await createPerson(t, 'admin', { name: 'Nadia Admin', ...o });
  await insertAdminRoles(t.database.db, admin.userId, o.roles ?? ['super_admin']);
  return admin;
}

export interface TestPro extends TestUser, ProRecord {}

/** An active professional (a 'pro' account with its professional row, services, hours and areas), signed in. */
export async function createPro(t: FactoryApp, o: ProOptions & { signIn?: boolean } = {}): Promise<TestPro> {
  const user = await createPerson(t, 'pro', { name: 'Test Professional', phone: uniquePhone(), ...o, city: o.city ?? 'casablanca' });
  return { ...user, ...(await insertProfessional(t.database.db, user, o)) };
}

/** A Casablanca calendar date `days` after today (bookings are made in Casablanca dates). */
export function casablancaDate(days: number): string {
  // The product's own rules, never the runtime's Intl (older time-zone data names the wrong day
  // between 23:00 and midnight UTC): e2e/support/time.ts does the same.
  return addDays(localDateOf(new Date()), days);
}

/**
 * Runs `fn` with the app's clock past the booking's scheduled end when it is still ahead (an admin
 * completes a booking only once it has started: completionAllowed), then puts the clock back.
 */
export async function afterBookingEnd<T>(t: FactoryApp, bookingId: string, fn: () => Promise<T>): Promise<T> {
  const [row] = await t.database.db.select({ end: s.bookings.scheduledEnd }).from(s.bookings).where(eq(s.bookings.id, bookingId));
  const clock = t.app.ctx.clock;
  const before = clock.frozenAt();
  if (!row || clock.now() >= row.end) return fn();
  clock.set(new Date(row.end.getTime() + 60_000));
  try {
    return await fn();
  } finally {
    clock.set(before);
  }
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
  o: {
    customer: TestUser;
    pro: TestPro;
    date?: string;
    startTime?: string;
    endTime?: string;
    serviceTypeId?: string;
    accept?: boolean;
    location?: string;
    pin?: { lat: number; lng: number };
  },
): Promise<TestBooking> {
  const auth = (u: TestUser) => ({ cookie: u.cookie, 'idempotency-key': randomUUID() });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    // An address of its own: the per-address booking limit is for people, not for a test's set-up.
    remoteAddress: freshIp(),
    headers: auth(o.customer),
    payload: {
      serviceTypeId: o.serviceTypeId ?? o.pro.serviceTypeIds[0],
      cityId: o.pro.cityId,
      date: o.date ?? casablancaDate(3),
      startTime: o.startTime ?? '10:00',
      endTime: o.endTime ?? '11:00',
      // The street address is required (issue 42); a pin only when the test gives one.
      location: o.location ?? '12 Rue Ibnou Sina',
      ...(o.pin ? { pin: o.pin } : {}),
    },
  });
  if (created.statusCode !== 201) throw new Error(`booking failed: ${created.statusCode} ${created.body}`);
  const booking = created.json<{ id: string; professional?: { id: string } | null }>();
  // Paid on the CMI simulator's hosted page, confirmed by its callback (test/cmi.ts).
  const paid = await payOnSimulator(t.app, { headers: auth(o.customer) }, booking.id);
  if (paid.initiate.statusCode !== 200 || !paid.back) throw new Error(`payment failed: ${paid.initiate.statusCode} ${paid.initiate.body}`);
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
