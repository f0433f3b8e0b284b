import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregateRatings } from '@khedma/shared';
import { eq, inArray } from 'drizzle-orm';
import { professionalRatings, reviews as reviewsTable } from '../../db/schema/index';
import { createAdmin, createCustomer, createPaidBooking, createPro, casablancaDate, type TestBooking, type TestPro, type TestUser } from '../../test/factories';
import { startApp, withCookie, type TestApp } from '../../test/helpers';
import { propertyTimeout } from '../../test/property';
import { completedBooking } from './reviews.test-helpers';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let financeAdmin: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let pro: TestPro;
let otherPro: TestPro;

beforeAll(async () => {
  // Many bookings per customer here: the booking limits are raised (they are tested at size in holds.test.ts).
  t = await startApp({ rateLimitScale: 100 });
  admin = await createAdmin(t);
  reviewer = await createAdmin(t, { roles: ['application_reviewer'] });
  financeAdmin = await createAdmin(t, { roles: ['finance_admin'] });
  customer = await createCustomer(t);
  otherCustomer = await createCustomer(t);
  // Nobody else does plumbing in Fès or handyman work in Rabat: the real assignment picks these two.
  pro = await createPro(t, { city: 'fes', category: 'plumbing' });
  otherPro = await createPro(t, { city: 'rabat', category: 'handyman' });
});
afterAll(async () => t?.close());

const post = (cookie: string | null, url: string, payload?: InjectOptions['payload']) =>
  t.app.inject(cookie ? withCookie(cookie, { method: 'POST', url, payload }) : { method: 'POST', url, payload });
const get = (cookie: string | null, url: string) => t.app.inject(cookie ? withCookie(cookie, { method: 'GET', url }) : { method: 'GET', url });
const review = (u: TestUser, bookingId: string, rating = 5, extra: Record<string, string | number> = {}) =>
  post(u.cookie, '/api/reviews', { bookingId, rating, title: 'Great work', comment: 'On time and tidy.', ...extra });
const ratingsOf = async (professionalId: string) => {
  const [row] = await t.database.db.select().from(professionalRatings).where(eq(professionalRatings.professionalId, professionalId));
  return row!;
};

let day = 2;
const nextDay = () => day++;

describe('POST /api/reviews', () => {
  it('the customer of a completed booking reviews it once; the aggregate, profile and search card follow at once', async () => {
    const b = await completedBooking(t, { customer, pro, admin, day: nextDay() });
    const ctx = await get(customer.cookie, `/api/reviews/booking/${b.id}`);
    expect(ctx.statusCode).toBe(200);
    expect(ctx.json()).toMatchObject({ canReview: true, reason: null, review: null, booking: { id: b.id, reference: b.reference, professional: { id: pro.professionalId } } });
    // The service in the three languages: the page names it in the reader's (the stored title is English).
    const service = (await get(null, `/api/services/${pro.serviceTypeIds[0]}`)).json();
    expect(ctx.json().booking.service).toEqual({ id: pro.serviceTypeIds[0], name: service.name });
    expect(ctx.json().booking.durationMinutes).toBe(60); // 10:00-11:00

    const res = await review(customer, b.id, 4, { title: '  Good job  ', comment: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ bookingId: b.id, professionalId: pro.professionalId, rating: 4, title: 'Good job', comment: null, helpfulCount: 0, reply: null });

    expect(await ratingsOf(pro.professionalId)).toMatchObject({ totalReviews: 1, ratingSum: 4, fourStarCount: 1, averageRating: 4 });
    const profile = (await get(null, `/api/pros/${pro.professionalId}`)).json();
    expect(profile).toMatchObject({ rating: 4, reviewsCount: 1 });
    const search = (await get(null, `/api/pros?city=fes&category=plumbing`)).json();
    expect(search.items.find((c: { id: string }) => c.id === pro.professionalId)).toMatchObject({ rating: 4, reviewsCount: 1 });
    const list = (await get(null, `/api/pros/${pro.professionalId}/reviews`)).json();
    expect(list.reviews[0]).toMatchObject({ rating: 4, title: 'Good job', reply: null });

    // Never twice.
    const twice = await review(customer, b.id, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_REVIEWED');
    expect((await get(customer.cookie, `/api/reviews/booking/${b.id}`)).json()).toMatchObject({ canReview: false, reason: 'ALREADY_REVIEWED', review: { rating: 4 } });
    expect((await ratingsOf(pro.professionalId)).totalReviews).toBe(1);
  });

  it('two reviews of one booking at once: one is written, the other is 409', async () => {
    const b = await completedBooking(t, { customer, pro, admin, day: nextDay() });
    const [a, c] = await Promise.all([review(customer, b.id, 5), review(customer, b.id, 2)]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(reviewsTable).where(eq(reviewsTable.bookingId, b.id))).toHaveLength(1);
  });

  it('who may NOT review: signed out 401, another customer, the professional and an admin 404, a booking not completed 409', async () => {
    const b = await completedBooking(t, { customer, pro, admin, day: nextDay() });
    expect((await post(null, '/api/reviews', { bookingId: b.id, rating: 5, title: 'x' })).statusCode).toBe(401);
    for (const u of [otherCustomer, pro]) {
      const res = await review(u, b.id);
      expect(res.statusCode).toBe(404);
      expect((await get(u.cookie, `/api/reviews/booking/${b.id}`)).statusCode).toBe(404);
    }
    // An admin is not the booking's customer (404); an admin without review:create is refused outright (403).
    expect((await review(admin, b.id)).statusCode).toBe(404);
    expect((await review(reviewer, b.id)).statusCode).toBe(403);
    expect((await get(null, `/api/reviews/booking/${b.id}`)).statusCode).toBe(401);

    const open = await createPaidBooking(t, { customer, pro, accept: true, date: casablancaDate(nextDay()) });
    const notDone = await review(customer, open.id);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error).toEqual({ code: 'REVIEW_NOT_ALLOWED', message: 'You can review a booking once it is completed.' });
    expect((await get(customer.cookie, `/api/reviews/booking/${open.id}`)).json()).toMatchObject({ canReview: false, reason: 'NOT_COMPLETED' });
    expect(await t.database.db.select().from(reviewsTable).where(inArray(reviewsTable.bookingId, [b.id, open.id]))).toHaveLength(0);
  });

  it('bad input is 400 with nothing written: rating 0, 6, 4.5 or missing, blank title, long comment, not a uuid', async () => {
    const b = await completedBooking(t, { customer, pro, admin, day: nextDay() });
    for (const body of [
      { bookingId: b.id, rating: 0, title: 'x' },
      { bookingId: b.id, rating: 6, title: 'x' },
      { bookingId: b.id, rating: 4.5, title: 'x' },
      { bookingId: b.id, title: 'x' },
      { bookingId: b.id, rating: 5, title: '   ' },
      { bookingId: b.id, rating: 5, title: 'x', comment: 'a'.repeat(1001) },
      { bookingId: 'nope', rating: 5, title: 'x' },
    ]) {
      const res = await post(customer.cookie, '/api/reviews', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(customer.cookie, '/api/reviews', { bookingId: b.id, rating: 0, title: 'x' })).json().error.message).toContain('Please choose a rating from 1 to 5 stars');
    expect(await t.database.db.select().from(reviewsTable).where(eq(reviewsTable.bookingId, b.id))).toHaveLength(0);
  });
});

describe('helpful votes and the reply', () => {
  let reviewId: string;
  beforeAll(async () => {
    const b = await completedBooking(t, { customer: otherCustomer, pro: otherPro, admin, day: nextDay() });
    reviewId = (await review(otherCustomer, b.id, 2)).json().id;
  });

  it('"Was this helpful?" once per user; not on one\'s own review; signed out 401; unknown review 404', async () => {
    const first = await post(customer.cookie, `/api/reviews/${reviewId}/helpful`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ helpfulCount: 1, voted: true, message: 'Your feedback has been recorded' });
    const again = await post(customer.cookie, `/api/reviews/${reviewId}/helpful`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_VOTED');
    const both = await Promise.all([post(pro.cookie, `/api/reviews/${reviewId}/helpful`), post(pro.cookie, `/api/reviews/${reviewId}/helpful`)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await post(otherCustomer.cookie, `/api/reviews/${reviewId}/helpful`)).statusCode).toBe(403);
    expect((await post(null, `/api/reviews/${reviewId}/helpful`)).statusCode).toBe(401);
    expect((await post(customer.cookie, `/api/reviews/00000000-0000-4000-8000-000000000000/helpful`)).statusCode).toBe(404);
    expect((await post(customer.cookie, `/api/reviews/not-an-id/helpful`)).statusCode).toBe(400);
    const votes = (await get(customer.cookie, `/api/reviews/my-votes?ids=${reviewId}`)).json();
    expect(votes).toEqual({ reviewIds: [reviewId], replyable: [], own: [] });
    expect((await get(admin.cookie, `/api/reviews/my-votes?ids=${reviewId}`)).json()).toEqual({ reviewIds: [], replyable: [], own: [] });
    expect((await get(otherCustomer.cookie, `/api/reviews/my-votes?ids=${reviewId}`)).json()).toEqual({ reviewIds: [], replyable: [], own: [reviewId] });
    // The reviewed professional may answer it (until they do).
    expect((await get(otherPro.cookie, `/api/reviews/my-votes?ids=${reviewId}`)).json()).toEqual({ reviewIds: [], replyable: [reviewId], own: [] });
    expect((await get(pro.cookie, `/api/reviews/my-votes?ids=${reviewId}`)).json()).toEqual({ reviewIds: [reviewId], replyable: [], own: [] });
    expect((await get(null, `/api/reviews/my-votes?ids=${reviewId}`)).statusCode).toBe(401);
    const list = (await get(null, `/api/pros/${otherPro.professionalId}/reviews`)).json();
    expect(list.reviews[0].helpfulCount).toBe(2);
  });

  it('the reviewed professional replies once, publicly; nobody else can', async () => {
    expect((await post(pro.cookie, `/api/reviews/${reviewId}/reply`, { reply: 'Not mine' })).statusCode).toBe(403);
    expect((await post(otherCustomer.cookie, `/api/reviews/${reviewId}/reply`, { reply: 'Me' })).statusCode).toBe(403);
    expect((await post(admin.cookie, `/api/reviews/${reviewId}/reply`, { reply: 'Admin' })).statusCode).toBe(403);
    expect((await post(null, `/api/reviews/${reviewId}/reply`, { reply: 'Anon' })).statusCode).toBe(401);
    expect((await post(otherPro.cookie, `/api/reviews/${reviewId}/reply`, { reply: '   ' })).statusCode).toBe(400);
    const res = await post(otherPro.cookie, `/api/reviews/${reviewId}/reply`, { reply: 'Sorry, we will do better.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reply: 'Sorry, we will do better.' });
    const again = await post(otherPro.cookie, `/api/reviews/${reviewId}/reply`, { reply: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REPLIED');
    const list = (await get(null, `/api/pros/${otherPro.professionalId}/reviews`)).json();
    expect(list.reviews[0]).toMatchObject({ reply: 'Sorry, we will do better.' });
    expect((await get(otherPro.cookie, `/api/reviews/my-votes?ids=${reviewId}`)).json().replyable).toEqual([]);
  });
});

describe('GET /api/admin/flagged-professionals', () => {
  it('a professional under 3 after 5 reviews is listed; at 4 reviews not yet; only admins may read it', async () => {
    const low = await createPro(t, { city: 'marrakech', category: 'electrical' });
    const list = async () => (await get(admin.cookie, '/api/admin/flagged-professionals')).json().items.map((i: { professionalId: string }) => i.professionalId);
    for (let i = 0; i < 5; i++) {
      const b = await completedBooking(t, { customer, pro: low, admin, day: 3, startTime: `${String(8 + i * 2).padStart(2, '0')}:00` });
      expect((await review(customer, b.id, i === 0 ? 4 : 2)).statusCode).toBe(201);
      if (i === 3) expect(await list()).not.toContain(low.professionalId);
    }
    const body = (await get(admin.cookie, '/api/admin/flagged-professionals')).json();
    expect(body.threshold).toEqual({ belowAverage: 3, minReviews: 5 });
    expect(body.items.find((i: { professionalId: string }) => i.professionalId === low.professionalId)).toMatchObject({ averageRating: 2.4, totalReviews: 5 });
    // Every admin (whatever the role) sees it; customers and professionals do not.
    for (const a of [reviewer, financeAdmin]) expect((await get(a.cookie, '/api/admin/flagged-professionals')).statusCode).toBe(200);
    for (const u of [customer, pro]) expect((await get(u.cookie, '/api/admin/flagged-professionals')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/flagged-professionals')).statusCode).toBe(401);
  });
});

const RATING_PROPERTY_RUNS = 12;

describe('the rating aggregate (property)', () => {
  it('after any sequence of reviews (and refused duplicates and votes), professional_ratings equals a fresh computation', async () => {
    // A pool of completed bookings of two professionals by three customers; each run starts from no reviews.
    const proA = await createPro(t, { city: 'tanger', category: 'electrical' });
    const proB = await createPro(t, { city: 'tanger', category: 'painting' });
    // Customers of their own: an account makes at most 10 bookings an hour (domain/holds.ts).
    const customers = await Promise.all([createCustomer(t), createCustomer(t), createCustomer(t), createCustomer(t)]);
    const pool: Array<{ booking: TestBooking; customer: TestUser; pro: TestPro }> = [];
    for (let i = 0; i < 8; i++) {
      for (const p of [proA, proB]) {
        const c = customers[(i + (p === proB ? 1 : 0)) % customers.length]!;
        pool.push({ booking: await completedBooking(t, { customer: c, pro: p, admin, day: 4 + (i % 4), startTime: i < 4 ? '09:00' : '14:00' }), customer: c, pro: p });
      }
    }
    const ids = pool.map((p) => p.booking.id);
    const db = t.database.db;
    const fresh = async (professionalId: string) => {
      const rows = await db.select({ rating: reviewsTable.rating }).from(reviewsTable).where(eq(reviewsTable.professionalId, professionalId));
      return aggregateRatings(rows.map((r) => r.rating));
    };
    const stored = async (professionalId: string) => {
      const r = await ratingsOf(professionalId);
      return {
        totalReviews: r.totalReviews,
        ratingSum: r.ratingSum,
        averageRating: Number(r.averageRating),
        breakdown: { 5: r.fiveStarCount, 4: r.fourStarCount, 3: r.threeStarCount, 2: r.twoStarCount, 1: r.oneStarCount },
      };
    };

    const action = fc.oneof(
      fc.record({ kind: fc.constant('review' as const), index: fc.nat({ max: pool.length - 1 }), rating: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('vote' as const), index: fc.nat({ max: pool.length - 1 }), voter: fc.nat({ max: customers.length - 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 14 }), async (actions) => {
        await db.delete(reviewsTable).where(inArray(reviewsTable.bookingId, ids));
        const model = new Map<string, number>();
        for (const a of actions) {
          const entry = pool[a.index]!;
          if (a.kind === 'review') {
            const res = await review(entry.customer, entry.booking.id, a.rating);
            expect(res.statusCode).toBe(model.has(entry.booking.id) ? 409 : 201);
            if (!model.has(entry.booking.id)) model.set(entry.booking.id, a.rating);
          } else {
            const [row] = await db.select({ id: reviewsTable.id }).from(reviewsTable).where(eq(reviewsTable.bookingId, entry.booking.id));
            if (row) await post(customers[a.voter]!.cookie, `/api/reviews/${row.id}/helpful`);
          }
        }
        for (const p of [proA, proB]) {
          const expected = aggregateRatings(pool.filter((e) => e.pro === p && model.has(e.booking.id)).map((e) => model.get(e.booking.id)!));
          expect(await stored(p.professionalId)).toEqual(expected);
          expect(await fresh(p.professionalId)).toEqual(expected);
        }
      }),
      { numRuns: RATING_PROPERTY_RUNS },
    );
    // Sized by runs: the setup (16 completed bookings) and each run get generous time on a busy machine.
  }, propertyTimeout({ runs: RATING_PROPERTY_RUNS }));
});
