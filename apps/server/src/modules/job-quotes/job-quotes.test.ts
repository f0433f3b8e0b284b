/** Quotes for jobs without a fixed price (issue 43, docs/job-quotes.md), through the API. */
import { SERVICE_FEE_RATE } from '@khedma/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import fc from 'fast-check';
import { jobQuotePrice } from '@khedma/shared/domain/job-quotes';
import { propertyTimeout } from '../../test/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index';
import { payOnSimulator } from '../../test/cmi';
import { casablancaDate, createAdmin, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';
import { freshIp, outbox, startApp, withCookie, type TestApp } from '../../test/helpers';

let t: TestApp;
let customer: TestUser;
let otherCustomer: TestUser;
let mover: TestPro;
let mover2: TestPro;
let mover3: TestPro;
let elsewhere: TestPro;
let plumber: TestPro;
let admin: TestUser;
let moveService: string;
let fixedService: string;

let PNG: Buffer;

beforeAll(async () => {
  PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c0ffee' } }).png().toBuffer();
  t = await startApp({ rateLimitScale: 100 });
  customer = await createCustomer(t, { name: 'Nadia Quote' });
  otherCustomer = await createCustomer(t);
  admin = await createAdmin(t);
  // Movers of Fès (no demo professional moves there), one of Marrakech, and a plumber of Fès.
  mover = await createPro(t, { city: 'fes', category: 'moving', name: 'Karim Mover' });
  mover2 = await createPro(t, { city: 'fes', category: 'moving', name: 'Hassan Mover' });
  // A third mover of Fès, reading Khedma in French, who never quotes.
  mover3 = await createPro(t, { city: 'fes', category: 'moving', name: 'Mehdi Mover', locale: 'fr' });
  elsewhere = await createPro(t, { city: 'marrakech', category: 'moving' });
  plumber = await createPro(t, { city: 'fes', category: 'plumbing' });
  const [onQuote] = await t.database.db.select({ id: s.serviceTypes.id }).from(s.serviceTypes).where(and(eq(s.serviceTypes.category, 'moving'), eq(s.serviceTypes.onQuote, true)));
  moveService = onQuote!.id;
  const [fixed] = await t.database.db.select({ id: s.serviceTypes.id }).from(s.serviceTypes).where(and(eq(s.serviceTypes.category, 'moving'), eq(s.serviceTypes.onQuote, false)));
  fixedService = fixed!.id;
});
afterAll(async () => t?.close());

const req = (u: TestUser | null, method: 'GET' | 'POST', url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(u ? withCookie(u.cookie, { method, url, payload, remoteAddress: freshIp(), headers: { 'idempotency-key': randomUUID() } }) : { method, url, payload });

const description = 'Two-bedroom flat, third floor without a lift, about 30 boxes, a sofa and a fridge.';
const newRequest = async (u: TestUser = customer, extra: Record<string, unknown> = {}) => {
  const res = await req(u, 'POST', '/api/job-requests', { serviceTypeId: moveService, cityId: mover.cityId, description, address: '12 Rue Talaa Kbira, Fès', preferredDates: [casablancaDate(5)], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
};
const quoteBody = (extra: Record<string, unknown> = {}) => ({
  lines: [
    { label: 'Truck and three movers', amount: 1200 },
    { label: 'Packing materials', amount: 150 },
  ],
  validUntil: casablancaDate(4),
  date: casablancaDate(6),
  startTime: '09:00',
  endTime: '13:00',
  message: 'We bring blankets for the furniture.',
  ...extra,
});
const sendQuote = async (pro: TestPro, id: string, extra: Record<string, unknown> = {}) => {
  const res = await req(pro, 'POST', `/api/job-requests/${id}/quotes`, quoteBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ quotes: Array<{ id: string }> }>().quotes[0]!.id;
};
const count = async (table: 'job_requests' | 'job_quotes' | 'bookings') => {
  const res = await t.database.db.execute(`select count(*)::int as n from ${table}`);
  return (res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

describe('job requests', () => {
  it('a customer asks for quotes; the professionals who offer it in that city are told by email, nobody else', async () => {
    const created = await req(customer, 'POST', '/api/job-requests', {
      serviceTypeId: moveService,
      cityId: mover.cityId,
      description,
      address: '12 Rue Talaa Kbira, Fès',
      preferredDates: [casablancaDate(5), casablancaDate(6)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ status: 'open', description, address: '12 Rue Talaa Kbira, Fès', preferredDates: [casablancaDate(5), casablancaDate(6)], quotes: [], bookingId: null });
    expect(body.closesOn).toBe(casablancaDate(7));
    await t.app.ctx.jobs.runDueJobs();
    const mails = await outbox(t.app);
    const to = (u: TestUser) => mails.filter((m) => m.to === u.email && (m.subject ?? '').startsWith('New quote request'));
    expect(to(mover)).toHaveLength(1);
    expect(to(mover2)).toHaveLength(1);
    expect(to(elsewhere)).toHaveLength(0);
    expect(to(plumber)).toHaveLength(0);
  });

  it('refuses a fixed-price service, an unknown one, bad text and dates out of range, changing nothing', async () => {
    const before = await count('job_requests');
    const bad = [
      { serviceTypeId: fixedService, cityId: mover.cityId, description, address: '12 Rue X, Fès' },
      { serviceTypeId: randomUUID(), cityId: mover.cityId, description, address: '12 Rue X, Fès' },
      { serviceTypeId: moveService, cityId: mover.cityId, description: 'too short', address: '12 Rue X, Fès' },
      { serviceTypeId: moveService, cityId: mover.cityId, description, address: '' },
      { serviceTypeId: moveService, cityId: mover.cityId, description, address: '12 Rue X, Fès', preferredDates: [casablancaDate(0)] },
      { serviceTypeId: moveService, cityId: mover.cityId, description, address: '12 Rue X, Fès', preferredDates: [casablancaDate(1), casablancaDate(2), casablancaDate(3), casablancaDate(4)] },
    ];
    for (const payload of bad) {
      const res = await req(customer, 'POST', '/api/job-requests', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toBeTruthy();
    }
    expect(await count('job_requests')).toBe(before);
  });

  it('an on-quote service cannot be booked or priced at a catalogue price', async () => {
    const quote = await req(customer, 'POST', '/api/bookings/quote', { serviceTypeId: moveService, cityId: mover.cityId });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error.message).toBe('This service is priced on quote: request quotes instead.');
    const booking = await req(customer, 'POST', '/api/bookings', { serviceTypeId: moveService, cityId: mover.cityId, date: casablancaDate(5), startTime: '10:00', endTime: '11:00' });
    expect(booking.statusCode).toBe(400);
  });

  it('who may not: signed out 401, an admin without the booking permission 403, another customer 404', async () => {
    const r = await newRequest();
    const valid = { serviceTypeId: moveService, cityId: mover.cityId, description, address: '12 Rue Talaa Kbira, Fès' };
    expect((await req(null, 'POST', '/api/job-requests', valid)).statusCode).toBe(401);
    const reviewer = await createAdmin(t, { roles: ['application_reviewer'] });
    expect((await req(reviewer, 'POST', '/api/job-requests', valid)).statusCode).toBe(403);
    expect((await req(otherCustomer, 'GET', `/api/job-requests/${r.id}`)).statusCode).toBe(404);
    expect((await req(otherCustomer, 'POST', `/api/job-requests/${r.id}/cancel`)).statusCode).toBe(404);
    // A professional of another city or another trade does not see it.
    expect((await req(elsewhere, 'GET', `/api/job-requests/${r.id}`)).statusCode).toBe(404);
    expect((await req(plumber, 'GET', `/api/job-requests/${r.id}`)).statusCode).toBe(404);
    expect((await req(elsewhere, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody())).statusCode).toBe(404);
    expect((await req(plumber, 'GET', '/api/pro/job-requests')).json().map((x: { id: string }) => x.id)).not.toContain(r.id);
    // A customer is not a professional.
    expect((await req(customer, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody())).statusCode).toBe(403);
    // An admin reads it.
    expect((await req(admin, 'GET', `/api/job-requests/${r.id}`)).statusCode).toBe(200);
  });
});

describe('quotes', () => {
  it('each professional sees only their own quote and no street address; the customer compares them with totals, without contact details', async () => {
    const r = await newRequest();
    const mine = (await req(mover, 'GET', '/api/pro/job-requests')).json().find((x: { id: string }) => x.id === r.id);
    expect(mine).toMatchObject({ id: r.id, address: null, customerFirstName: 'Nadia' });
    await sendQuote(mover, r.id);
    await sendQuote(mover2, r.id, { lines: [{ label: 'Move', amount: 1000 }], date: casablancaDate(7), startTime: '14:00', endTime: '18:00' });

    const seenByMover2 = (await req(mover2, 'GET', `/api/job-requests/${r.id}`)).json();
    expect(seenByMover2.quotes).toHaveLength(1);
    expect(seenByMover2.quotes[0].professional.id).toBe(mover2.professionalId);
    expect(seenByMover2.address).toBeNull();

    const seen = await req(customer, 'GET', `/api/job-requests/${r.id}`);
    const quotes = seen.json().quotes as Array<{ subtotal: number; serviceFee: number; total: number; professional: { firstName: string }; date: string; startTime: string }>;
    // Cheapest first.
    expect(quotes.map((q) => q.subtotal)).toEqual([1000, 1350]);
    for (const q of quotes) expect(q.total).toBe(q.subtotal + Math.round(q.subtotal * SERVICE_FEE_RATE));
    expect(quotes[1]).toMatchObject({ date: casablancaDate(6), startTime: '09:00', professional: { firstName: 'Karim' } });
    for (const secret of [mover.email, mover2.email, 'Mover']) expect(seen.body).not.toContain(secret);

    // One quote per professional.
    expect((await req(mover, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody())).statusCode).toBe(409);
    await t.app.ctx.jobs.runDueJobs();
    const mails = (await outbox(t.app)).filter((m) => m.to === customer.email && (m.subject ?? '').includes('sent you a quote'));
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a quote without lines, with a validity past the visit, or at a time the professional is not free', async () => {
    const r = await newRequest();
    const before = await count('job_quotes');
    for (const extra of [{ lines: [] }, { lines: [{ label: 'X', amount: 0 }] }, { validUntil: casablancaDate(9) }, { date: casablancaDate(0) }, { endTime: '08:00' }]) {
      const res = await req(mover, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    // Outside the professional's hours (mornings only).
    await t.database.db.update(s.professionalAvailability).set({ slot: 'morning' }).where(eq(s.professionalAvailability.professionalId, mover2.professionalId));
    const evening = await req(mover2, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody({ startTime: '17:00', endTime: '18:00' }));
    expect(evening.statusCode).toBe(400);
    expect(evening.json().error.fields.date).toMatch(/not available/);
    await t.database.db.update(s.professionalAvailability).set({ slot: 'allDay' }).where(eq(s.professionalAvailability.professionalId, mover2.professionalId));
    expect(await count('job_quotes')).toBe(before);
  });

  it('accepting one quote makes one booking at its price and time; a retry answers the same booking; the others are declined', async () => {
    const r = await newRequest();
    const q1 = await sendQuote(mover, r.id, { date: casablancaDate(9) });
    const q2 = await sendQuote(mover2, r.id, { date: casablancaDate(9) });
    expect((await req(otherCustomer, 'POST', `/api/job-requests/${r.id}/quotes/${q1}/accept`)).statusCode).toBe(404);
    expect((await req(mover, 'POST', `/api/job-requests/${r.id}/quotes/${q1}/accept`)).statusCode).toBe(404);

    const accepted = await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q1}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { bookingId, total } = accepted.json();
    expect(total).toBe(1350 + Math.round(1350 * SERVICE_FEE_RATE));
    const again = await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q1}/accept`);
    expect(again.json().bookingId).toBe(bookingId);
    expect((await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q2}/accept`)).statusCode).toBe(409);

    const booking = (await req(customer, 'GET', `/api/bookings/${bookingId}`)).json();
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'pending', amounts: { total }, local: { date: casablancaDate(9), startTime: '09:00', endTime: '13:00' } });
    expect(booking.professional.id).toBe(mover.professionalId);

    const view = (await req(customer, 'GET', `/api/job-requests/${r.id}`)).json();
    expect(view.status).toBe('accepted');
    expect(view.bookingId).toBe(bookingId);
    expect(Object.fromEntries(view.quotes.map((q: { id: string; status: string }) => [q.id, q.status]))).toEqual({ [q1]: 'accepted', [q2]: 'declined' });
    // The chosen professional now reads the address; the other never does.
    expect((await req(mover, 'GET', `/api/job-requests/${r.id}`)).json().address).toBe('12 Rue Talaa Kbira, Fès');
    expect((await req(mover2, 'GET', `/api/job-requests/${r.id}`)).json().address).toBeNull();

    // Paid like any booking, on the CMI simulator.
    const paid = await payOnSimulator(t.app, { headers: { cookie: customer.cookie, 'idempotency-key': randomUUID() } }, bookingId);
    expect(paid.back).toBeTruthy();
    const after = (await req(customer, 'GET', `/api/bookings/${bookingId}`)).json();
    expect(after.paymentStatus).toBe('paid');
    // The ledger holds what was paid and sums to zero.
    const sum = await t.database.db.execute('select coalesce(sum(amount), 0)::int as n from ledger_entries');
    expect((sum as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('two acceptances at once: exactly one booking', async () => {
    const r = await newRequest();
    const q1 = await sendQuote(mover, r.id, { date: casablancaDate(10) });
    const q2 = await sendQuote(mover2, r.id, { date: casablancaDate(10) });
    const before = await count('bookings');
    const answers = await Promise.all([q1, q2, q1, q2].map((q) => req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q}/accept`)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(new Set(ok.map((a) => a.json().bookingId)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await count('bookings')).toBe(before + 1);
  });

  it('a quote past its validity, or a request past its closing day, cannot be accepted; the expiry job closes the request', async () => {
    const r = await newRequest();
    const q = await sendQuote(mover, r.id, { validUntil: casablancaDate(1), date: casablancaDate(11) });
    const clock = t.app.ctx.clock;
    clock.set(new Date(Date.now() + 2 * 86_400_000 + 3_600_000));
    try {
      const seen = (await req(customer, 'GET', `/api/job-requests/${r.id}`)).json();
      expect(seen.quotes[0].status).toBe('expired');
      const res = await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q}/accept`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This quote has expired.');
      clock.set(new Date(Date.now() + 9 * 86_400_000));
      await t.app.ctx.jobs.runDueJobs();
      const [row] = await t.database.db.select({ status: s.jobRequests.status }).from(s.jobRequests).where(eq(s.jobRequests.id, r.id));
      expect(row!.status).toBe('expired');
      const late = await req(mover2, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody());
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This request no longer takes quotes.');
    } finally {
      clock.set(null);
    }
  });

  it("an accepted quote's booking that expires unpaid opens the request again (the lapsed quote expired, the others open); past its closing day the request is expired", async () => {
    const clock = t.app.ctx.clock;
    const statusOf = async (id: string) => (await req(customer, 'GET', `/api/job-requests/${id}`)).json<{ status: string; quotes: Array<{ id: string; status: string }> }>();
    const quoteStatuses = (view: { quotes: Array<{ id: string; status: string }> }) => Object.fromEntries(view.quotes.map((q) => [q.id, q.status]));
    const r = await newRequest();
    const q1 = await sendQuote(mover, r.id, { date: casablancaDate(12) });
    const q2 = await sendQuote(mover2, r.id, { date: casablancaDate(12) });
    const first = await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q1}/accept`);
    expect(first.statusCode, first.body).toBe(200);
    const late = await newRequest();
    const l1 = await sendQuote(mover, late.id, { date: casablancaDate(13) });
    const l2 = await sendQuote(mover2, late.id, { date: casablancaDate(13) });
    expect((await statusOf(r.id)).status).toBe('accepted');
    try {
      // An hour on, the unpaid hold has expired (booking.expire_unpaid): the booking is cancelled.
      clock.set(new Date(Date.now() + 3_600_000));
      await t.app.ctx.jobs.runDueJobs();
      // The other request's quote is accepted now: its booking will expire after the request's closing day.
      expect((await req(customer, 'POST', `/api/job-requests/${late.id}/quotes/${l1}/accept`)).statusCode).toBe(200);
      const booking = (await req(customer, 'GET', `/api/bookings/${first.json().bookingId}`)).json();
      expect(booking).toMatchObject({ status: 'cancelled' });
      const view = await statusOf(r.id);
      expect(view.status).toBe('open');
      expect(quoteStatuses(view)).toEqual({ [q1]: 'expired', [q2]: 'submitted' });
      // The professionals are told, in their language, by jobs written with the reopen: the one whose
      // declined quote is open again, and one who offers the service there and has not quoted; not the
      // one whose quote lapsed, nor a professional of another city or service.
      await t.app.ctx.jobs.runDueJobs();
      const reopenedMail = (await outbox(t.app)).filter((m) => /open again/.test(m.subject ?? '') || /de nouveau ouvert|رجع مفتوح/.test(m.subject ?? ''));
      const to = (u: TestUser) => reopenedMail.filter((m) => m.to === u.email);
      expect(to(mover2).map((m) => m.subject)).toEqual([expect.stringMatching(/your quote is open again/)]);
      expect(to(mover3).map((m) => m.subject)).toEqual([expect.stringMatching(/^Demande de devis de nouveau ouverte/)]);
      expect(to(mover3)[0]!.text).toContain(`/dashboard/job-requests/${r.id}`);
      expect(to(mover)).toEqual([]);
      expect(to(elsewhere)).toEqual([]);
      expect(to(plumber)).toEqual([]);
      // The professional who had not quoted sees the request among those to quote, and may quote it now.
      expect((await req(mover3, 'GET', `/api/job-requests/${r.id}`)).statusCode).toBe(200);
      // The lapsed quote cannot be accepted again; another one can, and makes a new booking.
      expect((await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q1}/accept`)).statusCode).toBe(409);
      const second = await req(customer, 'POST', `/api/job-requests/${r.id}/quotes/${q2}/accept`);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().bookingId).not.toBe(first.json().bookingId);
      const after = await statusOf(r.id);
      expect(after.status).toBe('accepted');
      expect(quoteStatuses(after)).toEqual({ [q1]: 'expired', [q2]: 'accepted' });
      // A paid booking is not touched by the expiry, and a request past its closing day is expired, not open again.
      expect((await payOnSimulator(t.app, { headers: { cookie: customer.cookie, 'idempotency-key': randomUUID() } }, second.json().bookingId)).back).toBeTruthy();
      clock.set(new Date(Date.now() + 8 * 86_400_000));
      await t.app.ctx.jobs.runDueJobs();
      expect((await statusOf(r.id)).status).toBe('accepted');
      const closed = await statusOf(late.id);
      expect(closed.status).toBe('expired');
      expect(quoteStatuses(closed)).toEqual({ [l1]: 'expired', [l2]: 'declined' });
    } finally {
      clock.set(null);
    }
  });

  it('a professional withdraws their quote; the customer cancels a request', async () => {
    const r = await newRequest();
    const q = await sendQuote(mover, r.id);
    expect((await req(mover2, 'POST', `/api/job-requests/${r.id}/quotes/${q}/withdraw`)).statusCode).toBe(404);
    const withdrawn = await req(mover, 'POST', `/api/job-requests/${r.id}/quotes/${q}/withdraw`);
    expect(withdrawn.json().quotes[0].status).toBe('withdrawn');
    const cancelled = await req(customer, 'POST', `/api/job-requests/${r.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await req(customer, 'POST', `/api/job-requests/${r.id}/cancel`)).statusCode).toBe(409);
    expect((await req(mover2, 'POST', `/api/job-requests/${r.id}/quotes`, quoteBody())).statusCode).toBe(409);
  });
});

describe('photos', () => {
  const upload = (u: TestUser, id: string, name: string, body: Buffer, type: string) => {
    const boundary = '----khedma' + randomUUID();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject(withCookie(u.cookie, { method: 'POST', url: `/api/job-requests/${id}/photos`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
  };

  it('the customer adds photos (images only, at most five); the matching professionals see them, others get 404', async () => {
    const r = await newRequest();
    const added = await upload(customer, r.id, 'boxes.png', PNG, 'image/png');
    expect(added.statusCode, added.body).toBe(201);
    const photo = added.json().photos[0];
    expect(photo.url).toBe(`/api/job-requests/${r.id}/photos/${photo.id}`);
    expect((await upload(customer, r.id, 'notes.txt', Buffer.from('hello'), 'text/plain')).statusCode).toBe(415);
    expect((await upload(otherCustomer, r.id, 'x.png', PNG, 'image/png')).statusCode).toBe(404);
    for (let i = 0; i < 4; i++) expect((await upload(customer, r.id, `p${i}.png`, PNG, 'image/png')).statusCode).toBe(201);
    expect((await upload(customer, r.id, 'sixth.png', PNG, 'image/png')).statusCode).toBe(400);
    const asMover = await req(mover, 'GET', photo.url);
    expect(asMover.statusCode).toBe(200);
    expect(asMover.headers['content-type']).toBe('image/png');
    expect((await req(elsewhere, 'GET', photo.url)).statusCode).toBe(404);
    expect((await req(otherCustomer, 'GET', photo.url)).statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('a customer opens at most five requests a day (429 with the reason)', async () => {
    const strict = await startApp({ rateLimitScale: 1 });
    try {
      const c = await createCustomer(strict);
      const [svc] = await strict.database.db.select({ id: s.serviceTypes.id }).from(s.serviceTypes).where(eq(s.serviceTypes.onQuote, true));
      const [city] = await strict.database.db.select({ id: s.cities.id }).from(s.cities).where(eq(s.cities.slug, 'rabat'));
      const make = () => strict.app.inject(withCookie(c.cookie, { method: 'POST', url: '/api/job-requests', payload: { serviceTypeId: svc!.id, cityId: city!.id, description, address: '3 Avenue Hassan II, Rabat' } }));
      for (let i = 0; i < 5; i++) expect((await make()).statusCode).toBe(201);
      const sixth = await make();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.message).toBe('You can open at most 5 quote requests a day.');
    } finally {
      await strict.close();
    }
  });
});

describe('quote arithmetic (property)', () => {
  const runs = 300;
  it('any lines within the rules: the total is the lines plus the fee, never below the lines, whole MAD', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 10 }), (amounts) => {
        const price = jobQuotePrice(amounts.map((amount, i) => ({ label: `Line ${i}`, amount })), 'Job');
        const sum = amounts.reduce((a, b) => a + b, 0);
        expect(price.servicePrice).toBe(sum);
        expect(price.total).toBe(sum + price.serviceFee);
        expect(price.serviceFee).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(price.total)).toBe(true);
        expect(price.lines.reduce((a, l) => a + l.amount, 0)).toBe(price.total);
      }),
      { numRuns: runs },
    );
  }, propertyTimeout({ runs }));
});
