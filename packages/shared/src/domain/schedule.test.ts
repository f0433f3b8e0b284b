import { describe, expect, it } from 'vitest';
import {
  availabilityFromFlags,
  availableIntervals,
  BOOKING_WINDOW_MESSAGES,
  DEFAULT_DURATION_HOURS,
  defaultEndTime,
  DURATION_CHOICES_HOURS,
  hasAnyAvailability,
  isWithinAvailability,
  localDaySpan,
  PRO_PAGE_TIMES,
  proPageDateBounds,
  proPageTimeOptions,
  toggleAvailabilitySlot,
  toggleWeeklyAvailability,
  validateBookingWindow,
  validateProPageBooking,
  WIZARD_START_TIMES,
  wizardDateBounds,
  wizardEndTimes,
  type BookingWindowResult,
  type WeeklyAvailability,
} from './schedule';
import { localToUtc } from './time';

const at = (iso: string) => new Date(iso);
const codes = (r: BookingWindowResult) => (r.ok ? [] : r.issues.map((i) => `${i.field}:${i.code}`));
const messages = (r: BookingWindowResult) => (r.ok ? [] : r.issues.map((i) => i.message));

// Wednesday 2026-06-10, 10:00 in Casablanca (UTC+1).
const NOW = at('2026-06-10T09:00:00Z');

describe('time and duration choices', () => {
  it('offers start times 08:00 to 18:30 every 30 minutes', () => {
    expect(WIZARD_START_TIMES).toHaveLength(22);
    expect(WIZARD_START_TIMES[0]).toBe('08:00');
    expect(WIZARD_START_TIMES[1]).toBe('08:30');
    expect(WIZARD_START_TIMES.at(-1)).toBe('18:30');
    expect(WIZARD_START_TIMES).not.toContain('19:00');
    expect(WIZARD_START_TIMES).not.toContain('07:30');
  });

  it('has the professional page slots and durations of SPEC', () => {
    expect(PRO_PAGE_TIMES).toEqual(['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']);
    expect(DURATION_CHOICES_HOURS).toEqual([1, 2, 3, 4, 6, 8]);
    expect(DEFAULT_DURATION_HOURS).toBe(2);
  });

  it('defaults the end to start + 1 h', () => {
    expect(defaultEndTime('08:00')).toBe('09:00');
    expect(defaultEndTime('18:30')).toBe('19:30');
  });

  it('offers end times from start + 30 min to start + 8 h on the same day', () => {
    const ends = wizardEndTimes('08:00');
    expect(ends[0]).toBe('08:30');
    expect(ends.at(-1)).toBe('16:00');
    expect(ends).toHaveLength(16);
    const late = wizardEndTimes('18:30');
    expect(late[0]).toBe('19:00');
    expect(late.at(-1)).toBe('23:30');
  });
});

describe('booking horizon on the Casablanca calendar', () => {
  it('wizard: from tomorrow to 30 days ahead', () => {
    expect(wizardDateBounds(NOW)).toEqual({ min: '2026-06-11', max: '2026-07-10' });
  });

  it('professional page: from today', () => {
    expect(proPageDateBounds(NOW)).toEqual({ min: '2026-06-10', max: '2026-07-10' });
  });

  it('uses the Casablanca date, not the UTC date, around midnight', () => {
    // 23:30 UTC on 10 June is 00:30 on 11 June in Casablanca (summer, UTC+1).
    expect(wizardDateBounds(at('2026-06-10T23:30:00Z'))).toEqual({ min: '2026-06-12', max: '2026-07-11' });
    // 22:59 UTC is 23:59 on 10 June: still the 10th.
    expect(wizardDateBounds(at('2026-06-10T22:59:00Z')).min).toBe('2026-06-11');
    // During Ramadan (UTC+0) local and UTC dates agree at 23:30 UTC.
    expect(wizardDateBounds(at('2026-03-10T23:30:00Z')).min).toBe('2026-03-11');
  });
});

describe('validateBookingWindow (wizard)', () => {
  it('accepts tomorrow 10:00-12:00 and returns the UTC instants', () => {
    const r = validateBookingWindow({ date: '2026-06-11', startTime: '10:00', endTime: '12:00' }, { now: NOW });
    expect(r).toEqual({
      ok: true,
      value: {
        date: '2026-06-11',
        startTime: '10:00',
        endDate: '2026-06-11',
        endTime: '12:00',
        start: at('2026-06-11T09:00:00Z'),
        end: at('2026-06-11T11:00:00Z'),
        durationMinutes: 120,
      },
    });
  });

  it('says what is missing in the exact words of SPEC §5', () => {
    const r = validateBookingWindow({}, { now: NOW });
    expect(codes(r)).toEqual(['date:DATE_REQUIRED', 'startTime:START_TIME_REQUIRED', 'endTime:END_TIME_REQUIRED']);
    expect(messages(r)).toEqual(['Please select a date', 'Please select a start time', 'Please select an end time']);
    expect(codes(validateBookingWindow({ date: '', startTime: null, endTime: '' }, { now: NOW }))).toHaveLength(3);
  });

  it('refuses today and the past with "Please select a future date and time"', () => {
    for (const date of ['2026-06-10', '2026-06-09', '2025-01-01']) {
      const r = validateBookingWindow({ date, startTime: '18:30', endTime: '19:30' }, { now: NOW });
      expect(codes(r)).toEqual(['date:NOT_IN_FUTURE']);
      expect(messages(r)).toEqual(['Please select a future date and time']);
    }
  });

  it('accepts up to 30 days ahead, refuses the 31st', () => {
    expect(validateBookingWindow({ date: '2026-07-10', startTime: '08:00', endTime: '09:00' }, { now: NOW }).ok).toBe(true);
    const r = validateBookingWindow({ date: '2026-07-11', startTime: '08:00', endTime: '09:00' }, { now: NOW });
    expect(codes(r)).toEqual(['date:DATE_TOO_FAR']);
    expect(messages(r)).toEqual(['Please select a date within the next 30 days']);
  });

  it('reads "tomorrow" on the Casablanca calendar at the day boundary', () => {
    const input = { date: '2026-06-11', startTime: '10:00', endTime: '11:00' };
    // 23:59 local on the 10th: the 11th is tomorrow.
    expect(validateBookingWindow(input, { now: at('2026-06-10T22:59:00Z') }).ok).toBe(true);
    // 00:00 local on the 11th (23:00 UTC on the 10th): the 11th is today.
    expect(codes(validateBookingWindow(input, { now: at('2026-06-10T23:00:00Z') }))).toEqual(['date:NOT_IN_FUTURE']);
  });

  it('only accepts start times on the grid', () => {
    for (const startTime of ['07:30', '18:45', '19:00', '10:15']) {
      const r = validateBookingWindow({ date: '2026-06-11', startTime, endTime: '20:00' }, { now: NOW });
      expect(codes(r)).toContain('startTime:INVALID_START_TIME');
    }
    expect(validateBookingWindow({ date: '2026-06-11', startTime: '18:30', endTime: '20:00' }, { now: NOW }).ok).toBe(true);
  });

  it('rejects malformed dates and times', () => {
    const r = validateBookingWindow({ date: '2026-06-31', startTime: '9:00', endTime: '25:00' }, { now: NOW });
    expect(codes(r)).toEqual(['date:INVALID_DATE', 'startTime:INVALID_START_TIME', 'endTime:INVALID_END_TIME']);
  });

  it('needs the end after the start', () => {
    expect(codes(validateBookingWindow({ date: '2026-06-11', startTime: '10:00', endTime: '10:00' }, { now: NOW }))).toEqual([
      'endTime:END_BEFORE_START',
    ]);
    expect(codes(validateBookingWindow({ date: '2026-06-11', startTime: '10:00', endTime: '09:00' }, { now: NOW }))).toEqual([
      'endTime:END_BEFORE_START',
    ]);
  });

  it('allows 30 minutes to 8 hours, boundaries included', () => {
    const v = (endTime: string) => validateBookingWindow({ date: '2026-06-11', startTime: '10:00', endTime }, { now: NOW });
    expect(messages(v('10:29'))).toEqual(['Minimum booking duration is 30 minutes']);
    expect(v('10:30').ok).toBe(true);
    expect(v('18:00').ok).toBe(true);
    expect(messages(v('18:01'))).toEqual(['Maximum booking duration is 8 hours']);
    const r = v('18:00');
    expect(r.ok && r.value.durationMinutes).toBe(480);
  });

  it('still reports the duration when the date is missing', () => {
    expect(codes(validateBookingWindow({ startTime: '08:00', endTime: '17:00' }, { now: NOW }))).toEqual([
      'date:DATE_REQUIRED',
      'endTime:DURATION_TOO_LONG',
    ]);
  });

  it('books the switch day to Ramadan time at the same wall-clock time and length', () => {
    const now = at('2026-02-14T09:00:00Z'); // Saturday 10:00 local (+01)
    const sunday = validateBookingWindow({ date: '2026-02-15', startTime: '10:00', endTime: '12:00' }, { now });
    expect(sunday.ok && sunday.value.start.toISOString()).toBe('2026-02-15T10:00:00.000Z'); // +00
    expect(sunday.ok && sunday.value.durationMinutes).toBe(120);
    const back = validateBookingWindow({ date: '2026-03-22', startTime: '10:00', endTime: '12:00' }, { now: at('2026-03-21T10:00:00Z') });
    expect(back.ok && back.value.start.toISOString()).toBe('2026-03-22T09:00:00.000Z'); // +01 again
    expect(back.ok && back.value.durationMinutes).toBe(120);
  });

  it('with minLeadMinutes (reschedule: 24 h), counts real hours across the clock change', () => {
    const now = at('2026-02-14T09:00:00Z'); // Saturday 10:00 local, before the switch
    const lead = { now, minLeadMinutes: 24 * 60 };
    // Sunday 09:00 local is 09:00 UTC: exactly 24 real hours later, although the wall clock says 23.
    expect(validateBookingWindow({ date: '2026-02-15', startTime: '09:00', endTime: '10:00' }, lead).ok).toBe(true);
    const r = validateBookingWindow({ date: '2026-02-15', startTime: '08:30', endTime: '10:00' }, lead);
    expect(codes(r)).toEqual(['startTime:TOO_SOON']);
    expect(messages(r)).toEqual(['Please select a time at least 24 hours from now']);
  });
});

describe('validateProPageBooking (/booking form)', () => {
  it('accepts a later slot today and computes the end from the duration', () => {
    const r = validateProPageBooking({ date: '2026-06-10', time: '14:00', durationHours: 3 }, { now: NOW });
    expect(r).toEqual({
      ok: true,
      value: {
        date: '2026-06-10',
        startTime: '14:00',
        endDate: '2026-06-10',
        endTime: '17:00',
        start: at('2026-06-10T13:00:00Z'),
        end: at('2026-06-10T16:00:00Z'),
        durationMinutes: 180,
      },
    });
  });

  it('defaults the duration to 2 hours', () => {
    const r = validateProPageBooking({ date: '2026-06-11', time: '09:00' }, { now: NOW });
    expect(r.ok && r.value.durationMinutes).toBe(120);
    expect(r.ok && r.value.endTime).toBe('11:00');
  });

  it('allows a slot exactly 2 h away and refuses one under 2 h', () => {
    const now = at('2026-06-10T09:00:00Z'); // 10:00 local
    expect(validateProPageBooking({ date: '2026-06-10', time: '12:00' }, { now }).ok).toBe(true);
    const r = validateProPageBooking({ date: '2026-06-10', time: '12:00' }, { now: at('2026-06-10T09:00:01Z') });
    expect(codes(r)).toEqual(['startTime:TOO_SOON']);
    expect(messages(r)).toEqual(['Please select a time at least 2 hours from now']);
  });

  it('refuses a slot already passed today, yesterday, and beyond 30 days', () => {
    expect(codes(validateProPageBooking({ date: '2026-06-10', time: '09:00' }, { now: NOW }))).toEqual(['date:NOT_IN_FUTURE']);
    expect(codes(validateProPageBooking({ date: '2026-06-09', time: '15:00' }, { now: NOW }))).toEqual(['date:NOT_IN_FUTURE']);
    expect(validateProPageBooking({ date: '2026-07-10', time: '15:00' }, { now: NOW }).ok).toBe(true);
    expect(codes(validateProPageBooking({ date: '2026-07-11', time: '15:00' }, { now: NOW }))).toEqual(['date:DATE_TOO_FAR']);
  });

  it('only accepts the eight slots and the six durations', () => {
    expect(codes(validateProPageBooking({ date: '2026-06-11', time: '13:00' }, { now: NOW }))).toEqual(['startTime:INVALID_START_TIME']);
    for (const durationHours of [0, 5, 7, 1.5, 9]) {
      expect(codes(validateProPageBooking({ date: '2026-06-11', time: '09:00', durationHours }, { now: NOW }))).toEqual([
        'durationHours:INVALID_DURATION',
      ]);
    }
  });

  it('reports missing date and time with the SPEC messages', () => {
    expect(messages(validateProPageBooking({}, { now: NOW }))).toEqual(['Please select a date', 'Please select a start time']);
  });

  it('lets a long job end after midnight', () => {
    const r = validateProPageBooking({ date: '2026-06-11', time: '17:00', durationHours: 8 }, { now: NOW });
    expect(r.ok && [r.value.endDate, r.value.endTime]).toEqual(['2026-06-12', '01:00']);
  });

  it('lists the slots of a date with what is still bookable', () => {
    const today = proPageTimeOptions('2026-06-10', NOW);
    expect(today.filter((o) => o.available).map((o) => o.time)).toEqual(['12:00', '14:00', '15:00', '16:00', '17:00']);
    expect(proPageTimeOptions('2026-06-11', NOW).every((o) => o.available)).toBe(true);
    expect(proPageTimeOptions('2026-06-09', NOW).some((o) => o.available)).toBe(false);
    expect(proPageTimeOptions('2026-07-11', NOW).some((o) => o.available)).toBe(false);
    expect(proPageTimeOptions('not-a-date', NOW).some((o) => o.available)).toBe(false);
  });
});

describe('BOOKING_WINDOW_MESSAGES', () => {
  it('holds the six SPEC §5 messages verbatim', () => {
    expect(BOOKING_WINDOW_MESSAGES).toMatchObject({
      DATE_REQUIRED: 'Please select a date',
      START_TIME_REQUIRED: 'Please select a start time',
      END_TIME_REQUIRED: 'Please select an end time',
      DURATION_TOO_SHORT: 'Minimum booking duration is 30 minutes',
      DURATION_TOO_LONG: 'Maximum booking duration is 8 hours',
      NOT_IN_FUTURE: 'Please select a future date and time',
    });
  });
});

describe('availability toggling (SPEC §4)', () => {
  it('allDay clears the other slots of the day', () => {
    expect(toggleAvailabilitySlot(['morning', 'evening'], 'allDay')).toEqual(['allDay']);
  });

  it('another slot clears allDay', () => {
    expect(toggleAvailabilitySlot(['allDay'], 'afternoon')).toEqual(['afternoon']);
  });

  it('adds and removes slots, keeping a stable order', () => {
    expect(toggleAvailabilitySlot([], 'evening')).toEqual(['evening']);
    expect(toggleAvailabilitySlot(['evening'], 'morning')).toEqual(['morning', 'evening']);
    expect(toggleAvailabilitySlot(['morning', 'evening'], 'morning')).toEqual(['evening']);
    expect(toggleAvailabilitySlot(['allDay'], 'allDay')).toEqual([]);
  });

  it('toggles one weekday and leaves the others', () => {
    const week: WeeklyAvailability = { monday: ['morning'], tuesday: ['allDay'] };
    const next = toggleWeeklyAvailability(week, 'tuesday', 'evening');
    expect(next).toEqual({ monday: ['morning'], tuesday: ['evening'] });
    expect(week.tuesday).toEqual(['allDay']); // not mutated
    expect(toggleWeeklyAvailability({}, 'sunday', 'allDay')).toEqual({ sunday: ['allDay'] });
  });

  it('converts onboarding flags and checks at least one slot', () => {
    const week = availabilityFromFlags({ monday: { morning: true, evening: false }, friday: { allDay: true }, sunday: {} });
    expect(week).toEqual({ monday: ['morning'], friday: ['allDay'] });
    expect(hasAnyAvailability(week)).toBe(true);
    expect(hasAnyAvailability(availabilityFromFlags({ monday: { morning: false } }))).toBe(false);
    expect(hasAnyAvailability({ monday: [] })).toBe(false);
  });
});

describe('availableIntervals', () => {
  it('maps slots to minutes and joins consecutive ones', () => {
    expect(availableIntervals(['morning'])).toEqual([{ start: 360, end: 720 }]);
    expect(availableIntervals(['morning', 'afternoon'])).toEqual([{ start: 360, end: 1080 }]);
    expect(availableIntervals(['morning', 'afternoon', 'evening'])).toEqual([{ start: 360, end: 1440 }]);
    expect(availableIntervals(['evening', 'morning'])).toEqual([
      { start: 360, end: 720 },
      { start: 1080, end: 1440 },
    ]);
    expect(availableIntervals(['allDay'])).toEqual([{ start: 360, end: 1440 }]);
    expect(availableIntervals(['allDay', 'morning'])).toEqual([{ start: 360, end: 1440 }]);
    expect(availableIntervals([])).toEqual([]);
  });
});

describe('isWithinAvailability', () => {
  // Thursday 2026-06-11 in summer (UTC+1).
  const local = (time: string, date = '2026-06-11') => localToUtc(date, time);
  const fits = (week: WeeklyAvailability, from: string, to: string, date?: string) =>
    isWithinAvailability(week, local(from, date), local(to, date));

  it('fits inside a slot, edges included', () => {
    const week: WeeklyAvailability = { thursday: ['morning'] };
    expect(fits(week, '06:00', '12:00')).toBe(true);
    expect(fits(week, '08:00', '10:00')).toBe(true);
    expect(fits(week, '05:30', '07:00')).toBe(false);
    expect(fits(week, '11:30', '12:30')).toBe(false);
  });

  it('joins consecutive slots but not slots with a gap', () => {
    expect(fits({ thursday: ['morning', 'afternoon'] }, '11:00', '13:00')).toBe(true);
    expect(fits({ thursday: ['morning', 'evening'] }, '11:00', '19:00')).toBe(false);
    expect(fits({ thursday: ['morning', 'evening'] }, '18:30', '20:00')).toBe(true);
  });

  it('allDay covers 06:00 to midnight', () => {
    const week: WeeklyAvailability = { thursday: ['allDay'] };
    expect(fits(week, '06:00', '18:00')).toBe(true);
    expect(isWithinAvailability(week, local('22:00'), local('00:00', '2026-06-12'))).toBe(true);
    expect(fits(week, '05:00', '07:00')).toBe(false);
  });

  it('uses the Casablanca weekday of the booking', () => {
    expect(fits({ wednesday: ['allDay'] }, '10:00', '11:00')).toBe(false);
    expect(fits({ thursday: ['allDay'] }, '10:00', '11:00')).toBe(true);
    // 23:00-24:00 Thursday local is 22:00-23:00 UTC Thursday; 00:30 local Friday is 23:30 UTC Thursday.
    expect(isWithinAvailability({ thursday: ['evening'] }, at('2026-06-11T22:00:00Z'), at('2026-06-11T23:00:00Z'))).toBe(true);
    expect(isWithinAvailability({ thursday: ['allDay'], friday: ['allDay'] }, at('2026-06-11T23:30:00Z'), at('2026-06-12T00:30:00Z'))).toBe(false);
  });

  it('refuses a booking running past midnight or empty', () => {
    const week: WeeklyAvailability = { thursday: ['allDay'], friday: ['allDay'] };
    expect(isWithinAvailability(week, local('23:00'), local('01:00', '2026-06-12'))).toBe(false);
    expect(isWithinAvailability(week, local('10:00'), local('10:00'))).toBe(false);
    expect(isWithinAvailability(week, local('11:00'), local('10:00'))).toBe(false);
  });

  it('reads slots on the wall clock on the day the clocks change', () => {
    const week: WeeklyAvailability = { saturday: ['morning'], sunday: ['morning'] };
    // 06:00-12:00 local on Saturday 14 Feb (+01) is 05:00-11:00 UTC ...
    expect(isWithinAvailability(week, at('2026-02-14T05:00:00Z'), at('2026-02-14T11:00:00Z'))).toBe(true);
    // ... but on Sunday 15 Feb (+00) the same UTC hours are 05:00-11:00 local: before the slot.
    expect(isWithinAvailability(week, at('2026-02-15T05:00:00Z'), at('2026-02-15T11:00:00Z'))).toBe(false);
    expect(isWithinAvailability(week, localToUtc('2026-02-15', '06:00'), localToUtc('2026-02-15', '12:00'))).toBe(true);
  });

  it('treats a missing day as unavailable', () => {
    expect(fits({}, '10:00', '11:00')).toBe(false);
  });
});

describe('localDaySpan', () => {
  it('gives weekday and minutes, midnight end as 1440', () => {
    expect(localDaySpan(localToUtc('2026-06-11', '18:00'), localToUtc('2026-06-12', '00:00'))).toEqual({
      date: '2026-06-11',
      weekday: 4,
      startMinutes: 1080,
      endMinutes: 1440,
    });
    expect(localDaySpan(localToUtc('2026-06-11', '18:00'), localToUtc('2026-06-12', '00:30'))).toBeNull();
  });
});
