import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isoWeekdayOf, localToUtc } from '@khedma/shared';
import { createPro } from '../../test/factories';
import { as, bookingTestApp, dayFromNow, IDS, type BookingTestApp } from '../bookings/bookings.test-helpers';
import { completedBooking } from '../reviews/reviews.test-helpers';

let t: BookingTestApp;
beforeAll(async () => {
  t = await bookingTestApp();
  // Youssef has done two jobs, reviewed 5 and 3 (a day apart, so the latest is known).
  for (const [day, rating] of [[5, 5], [6, 3]] as const) {
    const b = await completedBooking(t, { customer: t.customer, pro: t.pro, admin: t.admin, day });
    const review = await t.app.inject(as(t.customer, { method: 'POST', url: '/api/reviews', payload: { bookingId: b.id, rating, title: 'The job', comment: 'Done.' } }));
    if (review.statusCode !== 201) throw new Error(`review failed: ${review.statusCode} ${review.body}`);
  }
});
afterAll(async () => t?.close());

describe('GET /api/pros/:id', () => {
  it('shows first name, verified, city, hourly rate, services and real ratings', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}` });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ id: t.pro.professionalId, name: 'Youssef', verified: true, hourlyRate: 150, city: { slug: 'casablanca' } });
    expect(JSON.stringify(p)).not.toContain('El Amrani');
    expect(p.services.map((s: { category: string }) => s.category)).toEqual(expect.arrayContaining(['plumbing']));
    expect(p.availableDays).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    const counted = await t.database.db.execute(sql`select count(*)::int as n, round(avg(rating), 2) as avg from reviews where professional_id = ${t.pro.professionalId}`);
    const row = (counted as unknown as { rows: Array<{ n: number; avg: string }> }).rows[0]!;
    expect(p.reviewsCount).toBe(row.n);
    expect(p.rating).toBe(Number(row.avg));
    expect(p.jobsDone).toBeGreaterThan(0);
  });

  it('rating null without reviews ("No reviews yet")', async () => {
    await t.database.db.execute(sql`delete from reviews where professional_id = ${t.pro2.professionalId}`);
    const p = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro2.professionalId}` })).json();
    expect(p).toMatchObject({ rating: null, reviewsCount: 0 });
    const r = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro2.professionalId}/reviews` })).json();
    expect(r).toEqual({ rating: null, reviewsCount: 0, breakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, reviews: [] });
  });

  it('404 "Professional not found" for an unknown or suspended professional; 400 for a malformed id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/pros/${IDS.leakRepair}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Professional not found');
    const other = (await createPro(t, { city: 'tanger', category: 'electrical' })).professionalId;
    await t.database.db.execute(sql`update professionals set status = 'suspended' where id = ${other}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/pros/${other}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pros/${other}/availability?date=${dayFromNow(t.app, 2)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pros/1' })).statusCode).toBe(400);
  });
});

describe('GET /api/pros/:id/reviews', () => {
  it('latest first with the breakdown; filter by rating; sort', async () => {
    const all = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/reviews` })).json();
    expect(all.reviews.length).toBe(all.reviewsCount);
    const sum = Object.values(all.breakdown as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.reviewsCount);
    const dates = all.reviews.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.reviews[0].author).toMatch(/^\S+$/); // first name only
    const fives = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/reviews?rating=5` })).json();
    expect(fives.reviews.every((r: { rating: number }) => r.rating === 5)).toBe(true);
    const lowest = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/reviews?sort=lowest` })).json();
    expect(lowest.reviews[0].rating).toBe(Math.min(...all.reviews.map((r: { rating: number }) => r.rating)));
    expect((await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/reviews?rating=9` })).statusCode).toBe(400);
  });
});

describe('GET /api/pros/:id/availability', () => {
  it('a date at the end of the calendar is a 400 or an answer, never a 5xx', async () => {
    // 9999-12-30 and 9999-12-31 were a 500: the day arithmetic of the page reached year 10000.
    for (const date of ['9999-12-30', '9999-12-31']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${date}` });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { date: expect.any(String) } });
    }
    const last = await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=9998-12-31` });
    expect(last.statusCode).toBe(200);
    expect(last.json().slots.every((s: { reason: string }) => s.reason === 'TOO_SOON_OR_OUT_OF_RANGE')).toBe(true);
  });

  it('the eight page slots, minus booked ones and hours outside the weekly availability', async () => {
    const date = dayFromNow(t.app, 3);
    const book = await t.app.inject(
      as(t.customer, {
        method: 'POST',
        url: '/api/bookings/hourly',
        payload: { professionalId: t.pro.professionalId, date, time: '14:00', durationHours: 2, location: 'Maârif', contactPhone: '+212612345678' },
      }),
    );
    expect(book.statusCode).toBe(201);
    const res = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${date}&durationHours=1` })).json();
    expect(res.slots.map((s: { time: string }) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']);
    const byTime = Object.fromEntries(res.slots.map((s: { time: string; available: boolean; reason: string | null }) => [s.time, s]));
    expect(byTime['14:00']).toMatchObject({ available: false, reason: 'BOOKED' });
    expect(byTime['15:00']).toMatchObject({ available: false, reason: 'BOOKED' });
    // Right after the booking there is no time to travel (issue 42: at least 15 minutes between two jobs).
    expect(byTime['16:00']).toMatchObject({ available: false });
    expect(byTime['17:00']).toMatchObject({ available: true, reason: null });
    // Two hours from 13:00 would overlap; 2 h from 12:00 ends at 14:00 exactly: no time to travel either;
    // 2 h from 11:00 leaves an hour.
    const two = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${date}&durationHours=2` })).json();
    expect(two.slots.find((s: { time: string }) => s.time === '12:00')).toMatchObject({ available: false });
    expect(two.slots.find((s: { time: string }) => s.time === '11:00')).toMatchObject({ available: true });
  });

  it('outside the weekly availability: NOT_WORKING; too soon or too far: TOO_SOON_OR_OUT_OF_RANGE', async () => {
    // Salma works Monday to Saturday, mornings and afternoons (06:00-18:00).
    let days = 3;
    while (isoWeekdayOf(dayFromNow(t.app, days)) !== 7) days++;
    const sunday = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro2.professionalId}/availability?date=${dayFromNow(t.app, days)}` })).json();
    expect(sunday.slots.every((s: { reason: string }) => s.reason === 'NOT_WORKING')).toBe(true);
    const weekday = dayFromNow(t.app, days + 1);
    const monday = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro2.professionalId}/availability?date=${weekday}&durationHours=2` })).json();
    expect(monday.slots.find((s: { time: string }) => s.time === '17:00')).toMatchObject({ available: false, reason: 'NOT_WORKING' });
    expect(monday.slots.find((s: { time: string }) => s.time === '16:00')).toMatchObject({ available: true });
    const far = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${dayFromNow(t.app, 31)}` })).json();
    expect(far.slots.every((s: { reason: string }) => s.reason === 'TOO_SOON_OR_OUT_OF_RANGE')).toBe(true);
    const today = dayFromNow(t.app, 0);
    t.app.ctx.clock.set(localToUtc(today, '12:30'));
    try {
      const res = (await t.app.inject({ method: 'GET', url: `/api/pros/${t.pro.professionalId}/availability?date=${today}` })).json();
      expect(res.slots.find((s: { time: string }) => s.time === '14:00')).toMatchObject({ reason: 'TOO_SOON_OR_OUT_OF_RANGE' });
      expect(res.slots.find((s: { time: string }) => s.time === '15:00')).toMatchObject({ available: true });
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});
