/** Helpers for the booking, payment, realtime and job tests (app.inject against a fresh database). */
import { addDays, localDateOf } from '@khedma/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { seedId } from '../../db/seed/ids';
import type { BuildAppOptions } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { AVAILABILITY_PATTERNS } from '../../db/seed/people';
import { payOnSimulator, TEST_CARDS } from '../../test/cmi';

export const IDS = {
  leakRepair: seedId('service:leak-repair'),
  drainUnclogging: seedId('service:drain-unclogging'),
  homeCleaning: seedId('service:home-cleaning'),
  casablanca: seedId('city:casablanca'),
  rabat: seedId('city:rabat'),
  marrakech: seedId('city:marrakech'),
  tapCartridge: seedId('addon:leak-repair:tap-cartridge'),
  sealKit: seedId('addon:leak-repair:seal-kit'),
  fridge: seedId('addon:home-cleaning:fridge'),
} as const;

export interface Session {
  cookie: string;
  token: string;
  userId: string;
  email: string;
}

export interface BookingTestApp extends TestApp {
  /** Amina Benjelloun, Casablanca, reads English. */
  customer: TestUser;
  /** Yassir Alami, Rabat, reads French. */
  customer2: TestUser;
  /** Youssef El Amrani: the only plumber in Casablanca, all day every day, every borough; reads French. */
  pro: TestPro;
  /** Salma Idrissi: the only cleaner in Rabat, Monday to Saturday mornings and afternoons; reads French. */
  pro2: TestPro;
  /** A super admin. */
  admin: TestUser;
}

/**
 * A fresh app and database with the file's people made by the factories (test/factories.ts) and signed
 * in. The customers make many bookings per file, so the per-account and per-address booking limits are
 * raised here (RATE_LIMIT_SCALE); the limits themselves are tested at their real size in holds.test.ts.
 */
export async function bookingTestApp(overrides: Omit<BuildAppOptions, 'config' | 'database'> = {}): Promise<BookingTestApp> {
  const t = await createTestApp({ rateLimitScale: 100 }, overrides);
  const [customer, customer2, pro, pro2, admin] = await Promise.all([
    createCustomer(t, { name: 'Amina Benjelloun', city: 'casablanca', locale: 'en' }),
    createCustomer(t, { name: 'Yassir Alami', city: 'rabat', locale: 'fr' }),
    createPro(t, { name: 'Youssef El Amrani', city: 'casablanca', category: 'plumbing', hourlyRate: 150, locale: 'fr' }),
    createPro(t, {
      name: 'Salma Idrissi',
      city: 'rabat',
      category: 'cleaning',
      hourlyRate: 130,
      locale: 'fr',
      availability: AVAILABILITY_PATTERNS['mon-sat-morning-afternoon'].map(([d, slot]) => [d, slot] as [number, typeof slot]),
    }),
    createAdmin(t),
  ]);
  return { ...t, customer: customer!, customer2: customer2!, pro: pro!, pro2: pro2!, admin: admin! };
}

/** The Casablanca calendar date `days` from the app's clock. */
export const dayFromNow = (app: FastifyInstance, days: number) => addDays(localDateOf(app.ctx.clock.now()), days);

export function as(s: Session | null, o: InjectOptions): InjectOptions {
  return s ? { ...o, headers: { ...o.headers, cookie: s.cookie } } : o;
}

export function wizardBody(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return {
    serviceTypeId: IDS.leakRepair,
    cityId: IDS.casablanca,
    date: dayFromNow(app, 5),
    startTime: '10:00',
    endTime: '12:00',
    // The street address is required (issue 42).
    location: '12 Rue Ibnou Sina',
    ...overrides,
  };
}

export async function createBooking(app: FastifyInstance, who: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject(as(who, { method: 'POST', url: '/api/bookings', payload: body, headers }));
}

/** Creates a wizard booking and returns its JSON; fails the test unless 201. */
export async function book(app: FastifyInstance, who: Session, overrides: Record<string, unknown> = {}) {
  const res = await createBooking(app, who, wizardBody(app, overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as BookingJson;
}

/**
 * The customer pays on the CMI simulator's hosted page (test/cmi.ts) with `card` (approved by default;
 * 'failure' = the declined test card). Answers like the API did: 200 with the booking once the callback
 * landed, the initiate's own error otherwise, 409 PAYMENT_FAILED for a declined card.
 */
export async function pay(app: FastifyInstance, who: Session, id: string, method = 'card', simulate?: 'failure') {
  const { initiate, back } = await payOnSimulator(app, as(who, {}), id, { method, card: simulate === 'failure' ? TEST_CARDS.declined : TEST_CARDS.approved });
  if (initiate.statusCode !== 200 || !back) return initiate;
  const after = await app.inject(as(who, { method: 'GET', url: `/api/bookings/${id}` }));
  const booking = after.json();
  const failed = booking.paymentStatus === 'failed';
  const body = failed ? { error: { code: 'PAYMENT_FAILED', message: 'Card payment failed. Please try again.' } } : { booking, payment: initiate.json().payment };
  return { statusCode: failed ? 409 : 200, json: () => body, body: JSON.stringify(body) } as unknown as LightMyRequestResponse;
}

/** A paid wizard booking. */
export async function paidBooking(app: FastifyInstance, who: Session, overrides: Record<string, unknown> = {}) {
  const b = await book(app, who, overrides);
  const res = await pay(app, who, b.id);
  if (res.statusCode !== 200) throw new Error(`pay failed: ${res.statusCode} ${res.body}`);
  return res.json().booking as BookingJson;
}

export interface BookingJson {
  id: string;
  reference: string;
  status: string;
  paymentStatus: string;
  scheduledStart: string;
  scheduledEnd: string;
  amounts: { servicePrice: number; addOnsTotal: number; subtotal: number; serviceFee: number; total: number; cancellationFee: number | null };
  lines: Array<{ kind: string; amount: number }>;
  professional: { id: string; firstName: string };
  canCancel: boolean;
  cancellationFeePreview: number | null;
  canReschedule: boolean;
  canAccept: boolean;
  [k: string]: unknown;
}

export const errorCode = (res: LightMyRequestResponse) => (res.json() as { error?: { code?: string } }).error?.code;

/**
 * Ends every unpaid hold (as their expiry would): a customer holds at most MAX_UNPAID_HOLDS at once
 * (migration 0014), and the tests of a file share them. Call it after each test that leaves holds.
 */
export async function releaseHolds(database: Database) {
  await database.db.execute(sql`update bookings set status = 'cancelled', payment_status = 'failed' where status = 'pending' and payment_status = 'pending'`);
}

/** Row counts that must not change when a request is refused. */
/** Counts of rows, once the creation emails this process is sending after their answers are sent. */
export async function counts(database: Database, app?: FastifyInstance) {
  await app?.ctx.jobs.settled();
  const res = await database.db.execute(sql`select
    (select count(*)::int from bookings) as bookings,
    (select count(*)::int from booking_price_lines) as lines,
    (select count(*)::int from payments) as payments,
    (select count(*)::int from ledger_entries) as ledger,
    (select count(*)::int from scheduled_jobs) as jobs,
    (select count(*)::int from outbox) as outbox`);
  return (res as unknown as { rows: Array<{ bookings: number; lines: number; payments: number; ledger: number; jobs: number; outbox: number }> }).rows[0]!;
}

/** Ledger rows of a booking, and the sum per transaction (each must be 0). */
export async function ledgerOf(database: Database, bookingId: string) {
  const res = await database.db.execute(
    sql`select account, amount, kind, transaction_id from ledger_entries where booking_id = ${bookingId} order by created_at, kind, account`,
  );
  const rows = (res as unknown as { rows: Array<{ account: string; amount: number; kind: string; transaction_id: string }> }).rows;
  const byTx = new Map<string, number>();
  for (const r of rows) byTx.set(r.transaction_id, (byTx.get(r.transaction_id) ?? 0) + Number(r.amount));
  const balance = (account: string) => rows.filter((r) => r.account === account).reduce((s, r) => s + Number(r.amount), 0);
  return { rows, transactionSums: [...byTx.values()], balance };
}

export async function outboxTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  return (res.json() as Array<{ to: string; subject: string; text: string }>).filter((m) => m.to === to);
}
