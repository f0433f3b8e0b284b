/**
 * GET /api/bookings/:id/reschedule-options (issue 22 item 6): the reschedule form offers only the times
 * the rules and the professional allow; every offered time is accepted by the move itself, and a time
 * left out is refused by it. Who may not ask: signed out, another customer, the professional.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekdayOf, type LocalDate } from '@khedma/shared';
import { HOUR_MS, localToUtc } from '@khedma/shared/domain/time';
import * as s from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { casablancaDate, createCustomer, createPro, type TestPro, type TestUser } from '../../test/factories';

const URL = (id: string) => `/api/bookings/${id}/reschedule-options`;
type Options = { durationMinutes: number; days: Array<{ date: string; startTimes: string[] }> };

/** Days ahead of the first Monday-to-Friday date from `days` ahead on. */
function weekdayIndexFrom(days: number): number {
  for (let d = days; ; d++) if (isoWeekdayOf(casablancaDate(d) as LocalDate) <= 5) return d;
}
const weekdayFrom = (days: number) => casablancaDate(weekdayIndexFrom(days)) as LocalDate;

describe('reschedule options', () => {
  let t: TestApp;
  let pro: TestPro;
  let customer: TestUser;
  let other: TestUser;
  let mine: string;
  const busyDay = weekdayFrom(4);
  const otherDayOff = weekdayFrom(weekdayIndexFrom(4) + 1);

  const book = async (who: TestUser, date: string, startTime: string, endTime: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
      payload: { serviceTypeId: pro.serviceTypeIds[0], cityId: pro.cityId, professionalId: pro.professionalId, date, startTime, endTime, location: '12 Rue Ibnou Sina' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    const paid = await t.app.inject({ method: 'POST', url: `/api/bookings/${id}/pay`, headers: { cookie: who.cookie }, payload: { method: 'card' } });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Mornings (06:00-12:00), Monday to Friday only.
    pro = await createPro(t, { availability: [1, 2, 3, 4, 5].map((d) => [d, 'morning'] as [number, 'morning']) });
    customer = await createCustomer(t);
    other = await createCustomer(t);
    await t.database.db.insert(s.professionalDaysOff).values({ professionalId: pro.professionalId, startsOn: otherDayOff, endsOn: otherDayOff });
    // Someone else's booking 09:30-10:30 on the busy day (no pins: the 15-minute travel buffer around it,
    // issue 42); the customer's own, one hour, later.
    await book(other, busyDay, '09:30', '10:30');
    mine = await book(customer, weekdayFrom(12), '08:00', '09:00');
  }, 60_000);
  afterAll(async () => t?.close());

  it("offers only working mornings 24 h or more ahead, not on a day off, not over another booking; the booking's own slot is free", async () => {
    const res = await t.app.inject({ method: 'GET', url: URL(mine), headers: { cookie: customer.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Options>();
    expect(body.durationMinutes).toBe(60);
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.date).toBe(casablancaDate(1));
    const now = Date.now();
    for (const day of body.days) {
      const weekday = isoWeekdayOf(day.date as LocalDate);
      if (weekday > 5 || day.date === otherDayOff) expect(day.startTimes, day.date).toEqual([]);
      for (const time of day.startTimes) {
        const start = localToUtc(day.date as LocalDate, time as '08:00');
        expect(start.getTime() - now, `${day.date} ${time} is 24 h ahead`).toBeGreaterThanOrEqual(24 * HOUR_MS - 60_000);
        // Inside the morning: from 08:00 (the wizard's first start) to a start ending by 12:00.
        expect(time >= '08:00' && time <= '11:00', `${day.date} ${time}`).toBe(true);
      }
    }
    const busy = body.days.find((d) => d.date === busyDay)!;
    expect(busy.startTimes).toEqual(['08:00', '11:00']);
    const own = body.days.find((d) => d.date === weekdayFrom(12))!;
    expect(own.startTimes).toContain('08:00');
  });

  it('an offered time is accepted by the move; a time left out is refused', async () => {
    const refused = await t.app.inject({ method: 'POST', url: `/api/bookings/${mine}/reschedule`, headers: { cookie: customer.cookie }, payload: { date: busyDay, startTime: '10:00', endTime: '11:00' } });
    expect(refused.statusCode).toBe(409);
    const sunday = (() => {
      for (let d = 2; ; d++) if (isoWeekdayOf(casablancaDate(d) as LocalDate) === 7) return casablancaDate(d);
    })();
    const notWorking = await t.app.inject({ method: 'POST', url: `/api/bookings/${mine}/reschedule`, headers: { cookie: customer.cookie }, payload: { date: sunday, startTime: '09:00', endTime: '10:00' } });
    expect(notWorking.statusCode).toBe(409);
    const moved = await t.app.inject({ method: 'POST', url: `/api/bookings/${mine}/reschedule`, headers: { cookie: customer.cookie }, payload: { date: busyDay, startTime: '11:00', endTime: '12:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Its new place is its own: still offered to it, and taken for others.
    const after = (await t.app.inject({ method: 'GET', url: URL(mine), headers: { cookie: customer.cookie } })).json<Options>();
    expect(after.days.find((d) => d.date === busyDay)!.startTimes).toEqual(['08:00', '11:00']);
  });

  it('only the customer of the booking may ask: signed out 401, another customer 404, the professional not', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL(mine) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: URL(mine), headers: { cookie: other.cookie } })).statusCode).toBe(404);
    // The assigned professional does not move a customer's booking: to them it is not theirs to move.
    const asPro = await t.app.inject({ method: 'GET', url: URL(mine), headers: { cookie: pro.cookie } });
    expect(asPro.statusCode).toBe(404);
    expect(asPro.body).not.toContain('startTimes');
    expect((await t.app.inject({ method: 'GET', url: URL('not-a-uuid'), headers: { cookie: customer.cookie } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: URL(randomUUID()), headers: { cookie: customer.cookie } })).statusCode).toBe(404);
  });

  it('a cancelled booking may not move: 409 RESCHEDULE_NOT_ALLOWED', async () => {
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/bookings/${mine}/cancel`, headers: { cookie: customer.cookie }, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: URL(mine), headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('RESCHEDULE_NOT_ALLOWED');
  });
});
