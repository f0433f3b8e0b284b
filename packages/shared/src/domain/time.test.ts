import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isLocalDate,
  isLocalTime,
  isoWeekdayOf,
  LOCAL_DATE_YEARS,
  localDateOf,
  localToUtc,
  minutesToTime,
  resolveLocal,
  startOfLocalDay,
  timeToMinutes,
  toLocal,
  TZ_DATA_VERSION,
  zoneOffsetMinutes,
} from './time';

const at = (iso: string) => new Date(iso);

describe('local date and time strings', () => {
  it('accepts real dates only', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-2-3')).toBe(false);
    expect(isLocalDate('2026-02-03T10:00')).toBe(false);
    expect(isLocalDate('')).toBe(false);
    expect(isLocalDate(undefined)).toBe(false);
    expect(isLocalDate(20260203)).toBe(false);
  });

  it('takes the years of LOCAL_DATE_YEARS, so that a few days added to any of them is still a date', () => {
    expect(isLocalDate('1970-01-01')).toBe(true);
    expect(isLocalDate('1969-12-31')).toBe(false);
    expect(isLocalDate('9998-12-31')).toBe(true);
    // 9999-12-31 + 1 day was '10000-01-01', which parseDate refuses (a 500 of the API for a bad date).
    expect(isLocalDate('9999-12-31')).toBe(false);
    expect(isLocalDate('9999-01-01')).toBe(false);
    expect(addDays(`${LOCAL_DATE_YEARS.max}-12-31`, 30)).toBe(`${LOCAL_DATE_YEARS.max + 1}-01-30`);
    expect(() => startOfLocalDay(addDays(`${LOCAL_DATE_YEARS.max}-12-31`, 2))).not.toThrow();
  });

  it('accepts HH:mm from 00:00 to 23:59', () => {
    for (const t of ['00:00', '08:30', '23:59']) expect(isLocalTime(t)).toBe(true);
    for (const t of ['24:00', '8:30', '08:60', '08:30:00', '', null]) expect(isLocalTime(t)).toBe(false);
  });

  it('converts times to minutes and back', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('18:30')).toBe(1110);
    expect(minutesToTime(1110)).toBe('18:30');
    expect(minutesToTime(0)).toBe('00:00');
    expect(() => minutesToTime(1440)).toThrow(RangeError);
    expect(() => minutesToTime(-1)).toThrow(RangeError);
    expect(() => timeToMinutes('25:00')).toThrow(RangeError);
  });

  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-02-14', 30)).toBe('2026-03-16');
    expect(daysBetween('2026-02-14', '2026-03-16')).toBe(30);
    expect(daysBetween('2026-03-16', '2026-02-14')).toBe(-30);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('gives ISO weekdays (1 Monday ... 7 Sunday)', () => {
    expect(isoWeekdayOf('2026-02-16')).toBe(1); // Monday
    expect(isoWeekdayOf('2026-02-15')).toBe(7); // Sunday
    expect(isoWeekdayOf('2026-02-21')).toBe(6);
  });
});

describe('Africa/Casablanca offsets from the shipped IANA rules (2026d or later)', () => {
  // Issue 20. Node 20.20's own data (2025c) keeps Morocco at UTC+1 after 2026-09-20 with Ramadan
  // switches in 2027: each assertion after 2026-09-20 below fails with the runtime's rules.
  it('is UTC+1 on 2026-09-19 at noon and UTC+0 from 2026-09-20 on, with no switch after', () => {
    expect(zoneOffsetMinutes(at('2026-09-19T11:00:00Z'))).toBe(60);
    expect(toLocal(at('2026-09-19T11:00:00Z')).time).toBe('12:00');
    expect(zoneOffsetMinutes(at('2026-09-20T12:00:00Z'))).toBe(0);
    expect(toLocal(at('2026-09-20T12:00:00Z')).time).toBe('12:00');
    expect(zoneOffsetMinutes(at('2026-11-24T12:00:00Z'))).toBe(0);
    expect(zoneOffsetMinutes(at('2027-02-20T12:00:00Z'))).toBe(0); // Ramadan 2027: no change any more
    expect(zoneOffsetMinutes(at('2027-04-01T12:00:00Z'))).toBe(0);
    expect(zoneOffsetMinutes(at('2030-07-01T12:00:00Z'))).toBe(0);
  });

  it('switches on 2026-09-20 at 01:00 UTC (02:00 +01 becomes 01:00 +00)', () => {
    expect(zoneOffsetMinutes(at('2026-09-20T00:59:59Z'))).toBe(60);
    expect(zoneOffsetMinutes(at('2026-09-20T01:00:00Z'))).toBe(0);
  });

  it('a booking at 10:00 on each side of 2026-09-20 keeps its local time (25 hours apart)', () => {
    const sat = localToUtc('2026-09-19', '10:00');
    const sun = localToUtc('2026-09-20', '10:00');
    expect(sat.toISOString()).toBe('2026-09-19T09:00:00.000Z');
    expect(sun.toISOString()).toBe('2026-09-20T10:00:00.000Z');
    expect((sun.getTime() - sat.getTime()) / 3_600_000).toBe(25);
    expect(toLocal(sat)).toMatchObject({ date: '2026-09-19', time: '10:00' });
    expect(toLocal(sun)).toMatchObject({ date: '2026-09-20', time: '10:00' });
    // Today (2026-11-24): 10:00 in Casablanca is 10:00 UTC.
    expect(localToUtc('2026-11-24', '10:00').toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('keeps the historical Ramadan 2026 switches (2026-02-15 and 2026-03-22 at 02:00 UTC)', () => {
    expect(zoneOffsetMinutes(at('2026-01-10T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes(at('2026-02-15T01:59:59Z'))).toBe(60);
    expect(zoneOffsetMinutes(at('2026-02-15T02:00:00Z'))).toBe(0);
    expect(zoneOffsetMinutes(at('2026-03-22T01:59:59Z'))).toBe(0);
    expect(zoneOffsetMinutes(at('2026-03-22T02:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes(at('2026-07-01T12:00:00Z'))).toBe(60);
  });

  it('does not read the runtime\'s rules, and knows only the zones it ships', () => {
    expect(TZ_DATA_VERSION >= '2026d').toBe(true);
    expect(() => zoneOffsetMinutes(at('2026-09-20T12:00:00Z'), 'Europe/Paris')).toThrow(/No time-zone rules/);
  });

  it('rejects an invalid instant', () => {
    expect(() => zoneOffsetMinutes(new Date('nope'))).toThrow(RangeError);
  });
});

describe('localToUtc', () => {
  it('maps a wall-clock time to UTC with the offset of that day', () => {
    expect(localToUtc('2026-01-10', '10:00').toISOString()).toBe('2026-01-10T09:00:00.000Z');
    expect(localToUtc('2026-03-01', '10:00').toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('keeps the same wall-clock time on both sides of the switch to Ramadan time (2026-02-15)', () => {
    // 10:00 in Casablanca on Saturday and on Sunday: the instants are 25 hours apart.
    const sat = localToUtc('2026-02-14', '10:00');
    const sun = localToUtc('2026-02-15', '10:00');
    expect(sat.toISOString()).toBe('2026-02-14T09:00:00.000Z');
    expect(sun.toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect((sun.getTime() - sat.getTime()) / 3_600_000).toBe(25);
    expect(toLocal(sat).time).toBe('10:00');
    expect(toLocal(sun).time).toBe('10:00');
  });

  it('keeps the same wall-clock time on both sides of the switch back (2026-03-22)', () => {
    const sat = localToUtc('2026-03-21', '10:00');
    const sun = localToUtc('2026-03-22', '10:00');
    expect(sat.toISOString()).toBe('2026-03-21T10:00:00.000Z');
    expect(sun.toISOString()).toBe('2026-03-22T09:00:00.000Z');
    expect((sun.getTime() - sat.getTime()) / 3_600_000).toBe(23);
  });

  it('has no switch in 2027 any more (2025c had Ramadan time from 2027-02-07 to 2027-03-14)', () => {
    expect(localToUtc('2027-02-06', '09:30').toISOString()).toBe('2027-02-06T09:30:00.000Z');
    expect(localToUtc('2027-02-07', '09:30').toISOString()).toBe('2027-02-07T09:30:00.000Z');
    expect(localToUtc('2027-03-14', '09:30').toISOString()).toBe('2027-03-14T09:30:00.000Z');
  });

  it('resolves the repeated hour of 2026-09-20 (01:00-01:59 happens twice)', () => {
    expect(resolveLocal('2026-09-20', '01:30')).toEqual({ kind: 'ambiguous', earlier: at('2026-09-20T00:30:00Z'), later: at('2026-09-20T01:30:00Z') });
    expect(localToUtc('2026-09-20', '00:59').toISOString()).toBe('2026-09-19T23:59:00.000Z');
    expect(localToUtc('2026-09-20', '02:00').toISOString()).toBe('2026-09-20T02:00:00.000Z');
  });

  it('resolves the repeated hour when clocks go back (2026-02-15 02:00-02:59 happens twice)', () => {
    const r = resolveLocal('2026-02-15', '02:30');
    expect(r).toEqual({ kind: 'ambiguous', earlier: at('2026-02-15T01:30:00Z'), later: at('2026-02-15T02:30:00Z') });
    expect(localToUtc('2026-02-15', '02:30').toISOString()).toBe('2026-02-15T01:30:00.000Z');
    expect(() => localToUtc('2026-02-15', '02:30', { disambiguation: 'reject' })).toThrow(/ambiguous/);
    // Either side of the repeated hour is unique.
    expect(resolveLocal('2026-02-15', '01:59').kind).toBe('unique');
    expect(localToUtc('2026-02-15', '01:59').toISOString()).toBe('2026-02-15T00:59:00.000Z');
    expect(localToUtc('2026-02-15', '03:00').toISOString()).toBe('2026-02-15T03:00:00.000Z');
  });

  it('moves a skipped time forward when clocks go forward (2026-03-22 02:00-02:59 does not exist)', () => {
    expect(resolveLocal('2026-03-22', '02:30')).toEqual({ kind: 'gap', instant: at('2026-03-22T02:30:00Z') });
    const t = localToUtc('2026-03-22', '02:30');
    expect(toLocal(t).time).toBe('03:30');
    expect(() => localToUtc('2026-03-22', '02:00', { disambiguation: 'reject' })).toThrow(/does not exist/);
    expect(localToUtc('2026-03-22', '01:59').toISOString()).toBe('2026-03-22T01:59:00.000Z');
    expect(localToUtc('2026-03-22', '03:00').toISOString()).toBe('2026-03-22T02:00:00.000Z');
  });

  it('round-trips every half hour of the switch weeks', () => {
    for (const start of ['2026-02-12', '2026-03-19', '2026-09-17', '2027-02-04']) {
      for (let d = 0; d < 6; d++) {
        const date = addDays(start, d);
        for (let m = 0; m < 1440; m += 30) {
          const time = minutesToTime(m);
          const r = resolveLocal(date, time);
          if (r.kind === 'gap') continue;
          const local = toLocal(localToUtc(date, time));
          expect(`${local.date} ${local.time}`).toBe(`${date} ${time}`);
        }
      }
    }
  });

  it('places a time just after local midnight on the previous UTC day in summer', () => {
    // (The suite is also run with TZ=America/New_York and TZ=Asia/Tokyo: results never depend on the
    // machine's zone.)
    const t = localToUtc('2026-07-01', '00:30');
    expect(t.toISOString()).toBe('2026-06-30T23:30:00.000Z');
    expect(localDateOf(t)).toBe('2026-07-01');
  });

  it('throws on malformed input', () => {
    expect(() => localToUtc('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => localToUtc('2026-02-10', '10h00')).toThrow(RangeError);
  });
});

describe('toLocal and day boundaries', () => {
  it('reads an instant on the Casablanca clock, with weekday and offset', () => {
    expect(toLocal(at('2026-02-15T01:30:00Z'))).toEqual({ date: '2026-02-15', time: '02:30', minutes: 150, weekday: 7, offsetMinutes: 60 });
    expect(toLocal(at('2026-02-15T02:30:00Z'))).toEqual({ date: '2026-02-15', time: '02:30', minutes: 150, weekday: 7, offsetMinutes: 0 });
  });

  it('puts 23:30 UTC on the next Casablanca day in summer, the same day during Ramadan', () => {
    expect(localDateOf(at('2026-06-10T23:30:00Z'))).toBe('2026-06-11');
    expect(localDateOf(at('2026-03-10T23:30:00Z'))).toBe('2026-03-10');
  });

  it('midnight with hourCycle h23 reads 00:00, not 24:00', () => {
    expect(toLocal(at('2026-06-10T23:00:00Z')).time).toBe('00:00');
  });

  it('gives the instant a Casablanca day starts', () => {
    expect(startOfLocalDay('2026-06-11').toISOString()).toBe('2026-06-10T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    // The switch days have no gap at midnight.
    expect(startOfLocalDay('2026-02-15').toISOString()).toBe('2026-02-14T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-22').toISOString()).toBe('2026-03-22T00:00:00.000Z');
  });
});
