/**
 * /api/admin/bookings (issue 25): the list with server-side filters and paging, the stat cards, and
 * the row actions: reassign (only to a free professional of the city and service), refund (reason,
 * ledger, email with the reason), complete (notes, escrow release scheduled, email inviting a review).
 * Who may NOT: signed out (401), customers, professionals, admins without the role (403).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index';
import { afterBookingEnd, casablancaDate, createAdmin, createCustomer, createPaidBooking, createPro, type TestBooking, type TestPro, type TestUser } from '../../test/factories';
import { outbox, startApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let customer: TestUser;
let otherCustomer: TestUser;
let pros: TestPro[];
let superAdmin: TestUser;
let finance: TestUser;
let reviewer: TestUser;
let plainAdmin: TestUser;

beforeAll(async () => {
  t = await startApp();
  customer = await createCustomer(t, { name: 'Amina Customer' });
  otherCustomer = await createCustomer(t, { name: 'Omar Second' });
  // Three electricians in Tanger: nobody else offers that there (the demo data has none).
  pros = [];
  for (const name of ['Karim Alpha', 'Hamza Beta', 'Reda Gamma']) pros.push(await createPro(t, { city: 'tanger', category: 'electrical', name }));
  superAdmin = await createAdmin(t, { roles: ['super_admin'] });
  finance = await createAdmin(t, { roles: ['finance_admin'] });
  reviewer = await createAdmin(t, { roles: ['application_reviewer'] });
  plainAdmin = await createAdmin(t, { roles: [] });
}, 120_000);
afterAll(async () => t?.close());

const inject = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

const proOf = (b: TestBooking) => pros.find((p) => p.professionalId === b.professionalId)!;

/** A paid booking of an electrician in Tanger (whichever the assignment picks), accepted by them when asked. */
async function book(who: TestUser, o: { date?: string; startTime?: string; endTime?: string; accept?: boolean } = {}) {
  const b = await createPaidBooking(t, { customer: who, pro: pros[0]!, date: casablancaDate(4), ...o, accept: false });
  if (!o.accept) return b;
  const res = await t.app.inject({ method: 'POST', url: `/api/bookings/${b.id}/accept`, headers: { cookie: proOf(b).cookie, 'idempotency-key': crypto.randomUUID() } });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.body}`);
  return { ...b, status: 'confirmed' };
}

async function bookingRow(id: string) {
  const [row] = await t.database.db.select().from(s.bookings).where(eq(s.bookings.id, id));
  return row!;
}

describe('who may not call the admin booking routes', () => {
  let booking: TestBooking;
  beforeAll(async () => {
    booking = await book(otherCustomer, { date: casablancaDate(6) });
  });

  const routes = (id: string) => [
    { method: 'GET' as const, url: '/api/admin/bookings', perm: 'read' },
    { method: 'GET' as const, url: `/api/admin/bookings/${id}/candidates`, perm: 'reassign' },
    { method: 'POST' as const, url: `/api/admin/bookings/${id}/reassign`, payload: { professionalId: pros[2]!.professionalId, expectedStatus: 'pending' }, perm: 'reassign' },
    { method: 'POST' as const, url: `/api/admin/bookings/${id}/refund`, payload: { reason: 'Customer asked' }, perm: 'refund' },
    { method: 'POST' as const, url: `/api/admin/bookings/${id}/complete`, payload: {}, perm: 'complete' },
  ];

  it('signed-out visitors get 401, customers and professionals 403 with the access-denied message', async () => {
    for (const r of routes(booking.id)) {
      const anon = await inject(null, r.method, r.url, r.payload);
      expect(anon.statusCode, `${r.method} ${r.url}`).toBe(401);
      for (const who of [customer, pros[0]!]) {
        const res = await inject(who, r.method, r.url, r.payload);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(res.json().error.message).toBe('Access denied. Admin privileges required.');
      }
    }
    expect((await bookingRow(booking.id)).status).toBe('pending');
  });

  it('admins without the role are refused: reviewers act on nothing, finance only refunds', async () => {
    for (const r of routes(booking.id)) {
      const res = await inject(reviewer, r.method, r.url, r.payload);
      expect(res.statusCode, `reviewer ${r.method} ${r.url}`).toBe(r.perm === 'read' ? 200 : 403);
      if (r.perm === 'reassign' || r.perm === 'complete') {
        const f = await inject(finance, r.method, r.url, r.payload);
        expect(f.statusCode, `finance ${r.method} ${r.url}`).toBe(403);
      }
    }
    const row = await bookingRow(booking.id);
    expect(row.status).toBe('pending');
    expect(row.professionalId).toBe(booking.professionalId);
  });
});

describe('list, filters, paging and stats', () => {
  it('filters by search, status, city and date on the server, pages, and masks the customer email', async () => {
    const b = await book(customer, { date: casablancaDate(5), startTime: '14:00', endTime: '15:00' });
    const list = await inject(reviewer, 'GET', `/api/admin/bookings?search=${encodeURIComponent('Amina Customer')}&pageSize=50`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    const row = body.items.find((x: { id: string }) => x.id === b.id);
    expect(row).toBeTruthy();
    expect(row.customer.name).toBe('Amina Customer');
    expect(row.customer.email).not.toBe(customer.email);
    expect(row.customer.email).toMatch(/^.•+.@example\.ma$/);
    expect(list.body).not.toContain(customer.email);
    expect(row.actions).toEqual({ reassign: false, refund: false, complete: false });
    expect(body.items.every((x: { customer: { name: string } }) => x.customer.name === 'Amina Customer')).toBe(true);

    const byRef = await inject(superAdmin, 'GET', `/api/admin/bookings?search=${b.reference.toLowerCase()}`);
    expect(byRef.json().items.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect(byRef.json().items[0].actions).toEqual({ reassign: true, refund: true, complete: false });

    const day = casablancaDate(5);
    const dated = await inject(superAdmin, 'GET', `/api/admin/bookings?from=${day}&to=${day}&cityId=${pros[0]!.cityId}&status=pending`);
    expect(dated.json().items.map((x: { id: string }) => x.id)).toContain(b.id);
    const otherDay = await inject(superAdmin, 'GET', `/api/admin/bookings?from=${casablancaDate(20)}`);
    expect(otherDay.json().items.map((x: { id: string }) => x.id)).not.toContain(b.id);
    const confirmed = await inject(superAdmin, 'GET', `/api/admin/bookings?status=confirmed&search=Amina%20Customer`);
    expect(confirmed.json().items.map((x: { id: string }) => x.id)).not.toContain(b.id);

    const page1 = await inject(superAdmin, 'GET', '/api/admin/bookings?pageSize=1&page=1');
    const page2 = await inject(superAdmin, 'GET', '/api/admin/bookings?pageSize=1&page=2');
    expect(page1.json().items).toHaveLength(1);
    expect(page1.json().total).toBeGreaterThanOrEqual(2);
    expect(page2.json().items[0].id).not.toBe(page1.json().items[0].id);

    const [counts] = await t.database.db.select({ n: s.bookings.id }).from(s.bookings).limit(1);
    expect(counts).toBeTruthy();
    const stats = page1.json().stats;
    expect(stats.total).toBe(page1.json().total);
    expect(stats.pending).toBeGreaterThanOrEqual(1);
  });

  it('bad filters are a 400, never a 5xx', async () => {
    // to=9999-12-31 was a 500: the day after it (the filter's end) is year 10000.
    for (const q of ['status=done', 'cityId=x', 'from=2026-13-40', 'page=0', 'pageSize=500', `from=${casablancaDate(5)}&to=${casablancaDate(1)}`, 'to=9999-12-31', 'from=9999-12-31']) {
      const res = await inject(superAdmin, 'GET', `/api/admin/bookings?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await inject(superAdmin, 'GET', '/api/admin/bookings?to=9998-12-31')).statusCode).toBe(200);
    const wild = await inject(superAdmin, 'GET', `/api/admin/bookings?search=${encodeURIComponent("%_'\\")}`);
    expect(wild.statusCode).toBe(200);
    expect(wild.json().items).toEqual([]);
  });
});

describe('reassign', () => {
  it('offers and accepts only free professionals of the city and service', async () => {
    const date = casablancaDate(7);
    const first = await book(customer, { date, startTime: '10:00', endTime: '12:00' });
    const second = await book(otherCustomer, { date, startTime: '10:00', endTime: '12:00' });
    const busy = proOf(second);
    const free = pros.find((p) => p.professionalId !== first.professionalId && p.professionalId !== second.professionalId)!;

    const res = await inject(superAdmin, 'GET', `/api/admin/bookings/${first.id}/candidates`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().candidates.map((c: { professionalId: string }) => c.professionalId);
    expect(ids).toEqual([free.professionalId]);
    expect(res.json().candidates[0]).toMatchObject({ rating: null, reviewsCount: 0 });

    const none = await inject(superAdmin, 'POST', `/api/admin/bookings/${first.id}/reassign`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.professionalId).toBe('Please select a professional');

    const refused = await inject(superAdmin, 'POST', `/api/admin/bookings/${first.id}/reassign`, { professionalId: busy.professionalId, expectedStatus: 'pending' });
    expect(refused.statusCode).toBe(409);
    expect((await bookingRow(first.id)).professionalId).toBe(first.professionalId);

    const before = (await outbox(t.app)).length;
    const ok = await inject(superAdmin, 'POST', `/api/admin/bookings/${first.id}/reassign`, { professionalId: free.professionalId, expectedStatus: 'pending' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ emailSent: true, booking: { id: first.id, status: 'pending', professional: { id: free.professionalId } } });
    expect((await bookingRow(first.id)).professionalId).toBe(free.professionalId);
    const mails = (await outbox(t.app)).slice(0, (await outbox(t.app)).length - before);
    expect(mails.some((m) => m.to === free.email && /assigned to you/.test(m.subject ?? ''))).toBe(true);
  });
});

describe('refund', () => {
  it('needs a reason, refunds the escrow through the ledger, emails the reason, then refuses a second time', async () => {
    const b = await book(customer, { date: casablancaDate(8), accept: true });
    const empty = await inject(finance, 'POST', `/api/admin/bookings/${b.id}/refund`, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reason).toBe('Please provide a reason for the refund');
    expect((await bookingRow(b.id)).status).toBe('confirmed');

    const res = await inject(finance, 'POST', `/api/admin/bookings/${b.id}/refund`, { reason: 'Professional could not come' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailSent: true, booking: { status: 'cancelled', paymentStatus: 'refunded', cancellationReason: 'Professional could not come' } });
    const refunds = await t.database.db
      .select()
      .from(s.ledgerEntries)
      .where(and(eq(s.ledgerEntries.bookingId, b.id), eq(s.ledgerEntries.kind, 'refund')));
    expect(refunds.length).toBeGreaterThan(0);
    const mail = (await outbox(t.app)).find((m) => m.to === customer.email && m.subject === `Booking ${b.reference} refunded`);
    expect(mail?.text).toContain('Professional could not come');

    const again = await inject(finance, 'POST', `/api/admin/bookings/${b.id}/refund`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    const complete = await inject(superAdmin, 'POST', `/api/admin/bookings/${b.id}/complete`, {});
    expect(complete.statusCode).toBe(409);
  });
});

describe('an unpaid hold (issue 38)', () => {
  it('is listed as awaiting payment without a Refund, and the server refuses to refund it, changing nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: '203.0.113.77',
      headers: { cookie: otherCustomer.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: { serviceTypeId: pros[0]!.serviceTypeIds[0], cityId: pros[0]!.cityId, date: casablancaDate(13), startTime: '10:00', endTime: '11:00' , location: '12 Rue Ibnou Sina' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const hold = created.json() as { id: string };
    const ref = hold.id.slice(0, 8).toUpperCase();
    const row = (await inject(superAdmin, 'GET', `/api/admin/bookings?search=${ref}`)).json().items[0];
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'pending', actions: { refund: false, reassign: true, complete: false } });

    const ledgerBefore = await t.database.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.bookingId, hold.id));
    const mailsBefore = (await outbox(t.app)).length;
    for (const who of [finance, superAdmin]) {
      const res = await inject(who, 'POST', `/api/admin/bookings/${hold.id}/refund`, { reason: 'Customer asked' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'BOOKING_NOT_PAID', message: 'This booking has not been paid: there is nothing to refund.' });
    }
    expect(await bookingRow(hold.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', cancellationReason: null });
    expect(await t.database.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.bookingId, hold.id))).toEqual(ledgerBefore);
    expect((await outbox(t.app)).length).toBe(mailsBefore);
  });
});

describe('complete', () => {
  it('completes a confirmed booking with notes, schedules the escrow release and invites a review', async () => {
    const pending = await book(customer, { date: casablancaDate(9) });
    const notYet = await inject(superAdmin, 'POST', `/api/admin/bookings/${pending.id}/complete`, {});
    expect(notYet.statusCode).toBe(409);

    const b = await book(customer, { date: casablancaDate(10), accept: true });
    const res = await afterBookingEnd(t, b.id, () => inject(plainAdmin, 'POST', `/api/admin/bookings/${b.id}/complete`, { notes: 'All sockets replaced' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailSent: true, booking: { status: 'completed', completionNotes: 'All sockets replaced' } });
    const row = await bookingRow(b.id);
    expect(row.status).toBe('completed');
    expect(row.completedAt).toBeTruthy();
    const jobs = await t.database.db.select().from(s.scheduledJobs).where(eq(s.scheduledJobs.kind, 'escrow.release'));
    const release = jobs.find((j) => JSON.stringify(j.payload).includes(b.id));
    expect(release).toBeTruthy();
    expect(release!.runAt.getTime() - row.completedAt!.getTime()).toBe(48 * 3600_000);

    const mail = (await outbox(t.app)).find((m) => m.to === customer.email && m.subject === `Booking ${b.reference} completed`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/review/${b.id}`);
    expect(mail?.text).toContain('All sockets replaced');

    for (const url of [`/api/admin/bookings/${b.id}/complete`, `/api/admin/bookings/${b.id}/refund`]) {
      const again = await inject(superAdmin, 'POST', url, { reason: 'x' });
      expect(again.statusCode, url).toBe(409);
    }
    const reassign = await inject(superAdmin, 'POST', `/api/admin/bookings/${b.id}/reassign`, { professionalId: pros.find((p) => p.professionalId !== b.professionalId)!.professionalId, expectedStatus: 'pending' });
    expect(reassign.statusCode).toBe(409);
  });

  it('refuses to complete a booking before its scheduled start, changing nothing, and allows it from the start (issue 38)', async () => {
    const b = await book(customer, { date: casablancaDate(11), startTime: '14:00', endTime: '15:00', accept: true });
    const jobsBefore = (await t.database.db.select().from(s.scheduledJobs).where(eq(s.scheduledJobs.kind, 'escrow.release'))).length;
    const mailsBefore = (await outbox(t.app)).length;
    const list = async () => (await inject(superAdmin, 'GET', `/api/admin/bookings?search=${b.reference}`)).json().items[0];
    // The row does not offer Complete before the start...
    expect((await list()).actions).toMatchObject({ complete: false, refund: true });
    // ...and the server refuses it with a clear message.
    const early = await inject(superAdmin, 'POST', `/api/admin/bookings/${b.id}/complete`, { notes: 'Done early' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'BOOKING_NOT_STARTED', message: 'This booking has not started yet. It can be completed once its scheduled start has passed.' });
    const row = await bookingRow(b.id);
    expect(row).toMatchObject({ status: 'confirmed', completedAt: null, completionNotes: null });
    expect((await t.database.db.select().from(s.scheduledJobs).where(eq(s.scheduledJobs.kind, 'escrow.release'))).length).toBe(jobsBefore);
    expect((await outbox(t.app)).length).toBe(mailsBefore);

    // One minute before the start: still refused; at the start: offered and done.
    const clock = t.app.ctx.clock;
    try {
      clock.set(new Date(row.scheduledStart.getTime() - 60_000));
      expect((await inject(superAdmin, 'POST', `/api/admin/bookings/${b.id}/complete`, {})).statusCode).toBe(409);
      clock.set(row.scheduledStart);
      expect((await list()).actions.complete).toBe(true);
      const done = await inject(superAdmin, 'POST', `/api/admin/bookings/${b.id}/complete`, {});
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().booking.status).toBe('completed');
    } finally {
      clock.set(null);
    }
  });

  it('refuses completion notes with a control character or a right-to-left override, like every other text (issue 38)', async () => {
    const b = await book(customer, { date: casablancaDate(12), accept: true });
    for (const notes of ['Done\u0007', 'Paid in cash \u202e0001 DAM']) {
      const res = await afterBookingEnd(t, b.id, () => inject(superAdmin, 'POST', `/api/admin/bookings/${b.id}/complete`, { notes }));
      expect(res.statusCode, JSON.stringify(notes)).toBe(400);
      expect(res.json().error.fields.notes).toBe('This text contains characters that are not allowed');
    }
    expect((await bookingRow(b.id)).status).toBe('confirmed');
  });

  it('an unknown booking is a 404', async () => {
    const res = await inject(superAdmin, 'POST', '/api/admin/bookings/00000000-0000-4000-8000-000000000000/complete', {});
    expect(res.statusCode).toBe(404);
  });
});
