/**
 * The pure rules of recurring bookings (packages/shared/src/domain/recurring.ts): visit dates across
 * months, years and Morocco's clock changes, the rolling window, and the discount arithmetic; unit
 * examples and fast-check properties. (Here rather than beside the domain: propertyTimeout is the server's.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, quote, SERVICE_FEE_RATE } from '@khedma/shared';
import {
  confirmsOnPayment,
  moveError,
  movedDueForCreation,
  discountedServicePrice,
  dueForCreation,
  endError,
  firstDateAfter,
  occurrenceDate,
  occurrencesBetween,
  paymentDeadline,
  plannedOccurrence,
  RECURRING_DISCOUNT_RATE,
  RECURRING_PAYMENT_DEADLINE_HOURS,
  RECURRING_WINDOW_DAYS,
  recurringQuote,
  repeatRefusal,
  type RecurringInterval,
  type SeriesSchedule,
} from '@khedma/shared/domain/recurring';
import { addDays, isoWeekdayOf, localToUtc, toLocal } from '@khedma/shared/domain/time';
import { propertyTimeout } from '../../test/property';

const weekly = (o: Partial<SeriesSchedule> = {}): SeriesSchedule => ({ firstDate: '2026-01-26', startTime: '10:00', durationMinutes: 120, intervalWeeks: 1, end: { kind: 'never' }, ...o });

describe('visit dates', () => {
  it('keep the weekday across months and years', () => {
    const s = weekly({ firstDate: '2026-12-29', intervalWeeks: 1 });
    expect([0, 1, 2, 5].map((n) => occurrenceDate(s, n))).toEqual(['2026-12-29', '2027-01-05', '2027-01-12', '2027-02-02']);
    expect(occurrenceDate(weekly({ firstDate: '2026-01-31', intervalWeeks: 4 }), 1)).toBe('2026-02-28');
    expect(occurrenceDate(weekly({ firstDate: '2028-02-15', intervalWeeks: 2 }), 1)).toBe('2028-02-29');
    expect(firstDateAfter('2026-03-30', 1)).toBe('2026-04-06');
  });

  it('keep the Casablanca wall-clock time across the clock changes of 2026 (Ramadan, and UTC+0 from 20 September)', () => {
    // Weekly on Sundays at 10:00 from 8 February: UTC+1, then UTC+0 (15 Feb), UTC+1 (22 Mar), UTC+0 (20 Sep).
    const s = weekly({ firstDate: '2026-02-08' });
    const at = (n: number) => plannedOccurrence(s, n).start.toISOString();
    expect(at(0)).toBe('2026-02-08T09:00:00.000Z');
    expect(at(1)).toBe('2026-02-15T10:00:00.000Z');
    expect(at(6)).toBe('2026-03-22T09:00:00.000Z');
    expect(plannedOccurrence(s, 32).date).toBe('2026-09-20');
    expect(plannedOccurrence(s, 32).start.toISOString()).toBe('2026-09-20T10:00:00.000Z');
    for (const n of [0, 1, 6, 32]) expect(toLocal(plannedOccurrence(s, n).start).time).toBe('10:00');
  });

  it('end after a count or on a date', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2027-01-01T00:00:00Z');
    expect(occurrencesBetween(weekly({ end: { kind: 'count', count: 3 } }), from, to).map((o) => o.seq)).toEqual([0, 1, 2]);
    expect(occurrencesBetween(weekly({ end: { kind: 'date', date: '2026-02-09' } }), from, to).map((o) => o.date)).toEqual(['2026-01-26', '2026-02-02', '2026-02-09']);
    expect(endError({ kind: 'count', count: 0 }, '2026-01-26')).toBe('count');
    expect(endError({ kind: 'date', date: '2026-01-25' }, '2026-01-26')).toBe('date');
    expect(endError({ kind: 'date', date: '2026-01-26' }, '2026-01-26')).toBeNull();
  });

  it('are created from more than the payment deadline to RECURRING_WINDOW_DAYS ahead, and due to be paid 24 h before they start', () => {
    const now = new Date('2026-01-26T09:30:00Z'); // 10:30 in Casablanca, visit 0 started at 10:00
    const due = dueForCreation(weekly(), now);
    // 23 February at 10:00 is 28 days and 30 minutes ahead: not yet.
    expect(due.map((o) => o.date)).toEqual(['2026-02-02', '2026-02-09', '2026-02-16']);
    expect(RECURRING_WINDOW_DAYS).toBe(28);
    const start = plannedOccurrence(weekly(), 1).start;
    expect(paymentDeadline(start).getTime()).toBe(start.getTime() - RECURRING_PAYMENT_DEADLINE_HOURS * 3_600_000);
  });
});

describe('the recurring discount', () => {
  it('is 10% of the service price, rounded half up; the fee is on the discounted price', () => {
    expect(RECURRING_DISCOUNT_RATE).toBe(0.1);
    expect(discountedServicePrice(300)).toBe(270);
    expect(discountedServicePrice(255)).toBe(229); // 25.5 rounds up to 26
    const q = recurringQuote({ servicePrice: 300, serviceLabel: 'Deep cleaning', addOns: [{ id: 'a', name: 'Windows', price: 50 }] });
    expect(q).toMatchObject({ servicePrice: 270, addOnsTotal: 50, subtotal: 320, serviceFee: 48, total: 368, discount: 30 });
    expect(q.lines[0]!.label).toBe('Deep cleaning (recurring, 10% off)');
  });
});

describe('a paid visit confirmed by its series', () => {
  const visit = { seriesStatus: 'active', occurrenceState: 'booked', seriesProfessionalId: 'p1', bookingProfessionalId: 'p1', bookingStatus: 'pending' } as const;

  it('is confirmed when its series is active or paused, it is booked, pending and still with the series professional', () => {
    expect(confirmsOnPayment(visit)).toBe(true);
    expect(confirmsOnPayment({ ...visit, seriesStatus: 'paused' })).toBe(true);
  });

  it('waits for the professional otherwise: series ended or declined, visit skipped or rebooked, another professional, not pending', () => {
    expect(confirmsOnPayment({ ...visit, seriesStatus: 'declined' })).toBe(false);
    expect(confirmsOnPayment({ ...visit, seriesStatus: 'cancelled' })).toBe(false);
    expect(confirmsOnPayment({ ...visit, occurrenceState: 'rebooked' })).toBe(false);
    expect(confirmsOnPayment({ ...visit, occurrenceState: 'skipped' })).toBe(false);
    expect(confirmsOnPayment({ ...visit, bookingProfessionalId: 'p2' })).toBe(false);
    expect(confirmsOnPayment({ ...visit, bookingProfessionalId: null })).toBe(false);
    expect(confirmsOnPayment({ ...visit, bookingStatus: 'cancelled' })).toBe(false);
    expect(confirmsOnPayment({ ...visit, bookingStatus: 'confirmed' })).toBe(false);
  });
});

describe('moving a visit before it exists', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const planned = { date: '2026-12-20' };
  const at = (date: string, time = '10:00') => ({ date, start: localToUtc(date, time) });

  it('may go up to 6 days either side of its planned date, and must start more than 24 h ahead', () => {
    expect(moveError(planned, at('2026-12-14'), now)).toBeNull();
    expect(moveError(planned, at('2026-12-26'), now)).toBeNull();
    expect(moveError(planned, at('2026-12-13'), now)).toBe('date');
    expect(moveError(planned, at('2026-12-27'), now)).toBe('date');
    const soon = { date: '2026-12-02' };
    expect(moveError(soon, { date: '2026-12-02', start: new Date(now.getTime() + RECURRING_PAYMENT_DEADLINE_HOURS * 3_600_000) }, now)).toBe('tooSoon');
    expect(moveError(soon, { date: '2026-12-02', start: new Date(now.getTime() + RECURRING_PAYMENT_DEADLINE_HOURS * 3_600_000 + 60_000) }, now)).toBeNull();
  });

  it('is created when the window reaches its moved start: more than 24 h and at most 28 days ahead', () => {
    const h = 3_600_000;
    expect(movedDueForCreation(new Date(now.getTime() + 24 * h), now)).toBe(false);
    expect(movedDueForCreation(new Date(now.getTime() + 25 * h), now)).toBe(true);
    expect(movedDueForCreation(new Date(now.getTime() + RECURRING_WINDOW_DAYS * 24 * h), now)).toBe(true);
    expect(movedDueForCreation(new Date(now.getTime() + RECURRING_WINDOW_DAYS * 24 * h + 1), now)).toBe(false);
  });
});

describe('properties', () => {
  const runs = 300;
  const date = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2025-01-01', n));
  const interval = fc.constantFrom<RecurringInterval>(1, 2, 4);
  const time = fc.constantFrom('08:00', '10:30', '13:00', '18:30');

  it(
    'every visit falls on the first visit\'s weekday, at its wall-clock time, interval weeks after the previous one',
    () => {
      fc.assert(
        fc.property(date, interval, time, fc.integer({ min: 0, max: 60 }), (firstDate, intervalWeeks, startTime, n) => {
          const s = weekly({ firstDate, intervalWeeks, startTime });
          const a = plannedOccurrence(s, n);
          const b = plannedOccurrence(s, n + 1);
          expect(isoWeekdayOf(a.date)).toBe(isoWeekdayOf(firstDate));
          expect(toLocal(a.start).time).toBe(startTime);
          expect(toLocal(a.start).date).toBe(a.date);
          expect(addDays(a.date, 7 * intervalWeeks)).toBe(b.date);
          expect(a.end.getTime() - a.start.getTime()).toBe(s.durationMinutes * 60_000);
        }),
        { numRuns: runs },
      );
    },
    propertyTimeout({ runs }),
  );

  it(
    'the window lists exactly the visits starting in it, in order, once each',
    () => {
      fc.assert(
        fc.property(date, interval, fc.integer({ min: -30, max: 400 }), (firstDate, intervalWeeks, offsetDays) => {
          const s = weekly({ firstDate, intervalWeeks });
          const now = new Date(plannedOccurrence(s, 0).start.getTime() + offsetDays * 86_400_000 + 3_600_000);
          const due = dueForCreation(s, now);
          const from = now.getTime() + RECURRING_PAYMENT_DEADLINE_HOURS * 3_600_000;
          const to = now.getTime() + RECURRING_WINDOW_DAYS * 86_400_000;
          // Brute force from visit 0.
          const expected: number[] = [];
          for (let n = 0; n < 200; n++) {
            const t = plannedOccurrence(s, n).start.getTime();
            if (t > from && t <= to) expected.push(n);
          }
          expect(due.map((o) => o.seq)).toEqual(expected);
        }),
        { numRuns: runs },
      );
    },
    propertyTimeout({ runs }),
  );

  it(
    'the discounted price plus its discount is the price; the fee is the fee of the discounted quote; never negative',
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 5_000 }), (price, addOn) => {
          const q = recurringQuote({ servicePrice: price, addOns: addOn ? [{ id: 'x', name: 'x', price: addOn }] : [] });
          expect(q.servicePrice + q.discount).toBe(price);
          expect(q.discount).toBe(percentOf(price, RECURRING_DISCOUNT_RATE));
          expect(q.servicePrice).toBeGreaterThanOrEqual(0);
          expect(q.serviceFee).toBe(percentOf(q.servicePrice + (addOn || 0), SERVICE_FEE_RATE));
          expect(q.total).toBe(quote({ servicePrice: q.servicePrice, addOns: addOn ? [{ id: 'x', name: 'x', price: addOn }] : [] }).total);
          expect(q.total).toBeLessThanOrEqual(quote({ servicePrice: price, addOns: addOn ? [{ id: 'x', name: 'x', price: addOn }] : [] }).total);
        }),
        { numRuns: runs },
      );
    },
    propertyTimeout({ runs }),
  );
});

describe('repeatRefusal: who may not be repeated as a series ("Book again every …")', () => {
  const plain = { status: 'confirmed', paymentStatus: 'paid', repeatIntervalWeeks: null, series: null };
  it('a booking of no series may; a cancelled one, a visit, one repeated or waiting for its payment to be may not', () => {
    expect(repeatRefusal(plain)).toBeNull();
    expect(repeatRefusal({ ...plain, status: 'completed' })).toBeNull();
    expect(repeatRefusal({ ...plain, status: 'cancelled' })).toBe('cancelled');
    expect(repeatRefusal({ ...plain, series: { role: 'visit' } })).toBe('visit');
    expect(repeatRefusal({ ...plain, series: { role: 'repeats' } })).toBe('repeated');
    // The wizard's Repeat: its series is made when the payment succeeds.
    expect(repeatRefusal({ ...plain, paymentStatus: 'pending', repeatIntervalWeeks: 2 })).toBe('repeated');
    expect(repeatRefusal({ ...plain, paymentStatus: 'failed', repeatIntervalWeeks: 2 })).toBe('repeated');
    // Paid and its series cancelled since: it may be repeated again.
    expect(repeatRefusal({ ...plain, repeatIntervalWeeks: 2 })).toBeNull();
  });
});
