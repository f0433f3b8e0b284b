import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDistance, formatDuration, formatHourlyRate, formatList, formatMoney, formatNumber, formatTime, intlLocale } from './format';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('formats whole MAD with fr-MA style grouping', () => {
    expect(formatMoney(1250)).toBe(`1${NNBSP}250${NBSP}MAD`);
    expect(formatMoney(250)).toBe(`250${NBSP}MAD`);
    expect(formatMoney(0)).toBe(`0${NBSP}MAD`);
    expect(formatMoney(1234567)).toBe(`1${NNBSP}234${NNBSP}567${NBSP}MAD`);
  });

  it('rounds to whole MAD and keeps the sign', () => {
    expect(formatMoney(172.5)).toBe(`173${NBSP}MAD`);
    expect(formatMoney(-1500)).toBe(`-1${NNBSP}500${NBSP}MAD`);
  });

  it('reads as "1 250 MAD" once spaces are normalised', () => {
    expect(formatMoney(1250).replace(/\s/g, ' ')).toBe('1 250 MAD');
  });

  it('never prints NaN', () => {
    expect(formatMoney(Number.NaN)).not.toContain('NaN');
  });
});

describe('formatHourlyRate', () => {
  it('appends the hour unit', () => {
    expect(formatHourlyRate(250, 'en')).toBe(`250${NBSP}MAD/h`);
    expect(formatHourlyRate(250, 'ar')).toBe(`250${NBSP}MAD/س`);
  });
});

describe('formatDuration', () => {
  it('uses "2h 30min" in English', () => {
    expect(formatDuration(150, 'en')).toBe('2h 30min');
    expect(formatDuration(120, 'en')).toBe('2h');
    expect(formatDuration(45, 'en')).toBe('45min');
    expect(formatDuration(0, 'en')).toBe('0min');
  });

  it('spaces units in French and localises them in Arabic', () => {
    expect(formatDuration(150, 'fr')).toBe(`2${NBSP}h 30${NBSP}min`);
    expect(formatDuration(150, 'ar')).toBe(`2${NBSP}س 30${NBSP}د`);
  });

  it('rounds to whole minutes', () => {
    expect(formatDuration(90.4, 'en')).toBe('1h 30min');
  });
});

describe('dates and times', () => {
  // 12:05 UTC is 13:05 in Casablanca (UTC+1 outside Ramadan), whatever the machine's time zone.
  const summer = '2025-06-15T12:05:00Z';
  // During Ramadan 2025 Morocco was on UTC+0.
  const ramadan = '2025-03-05T14:30:00Z';

  it('shows the time in Africa/Casablanca, 24-hour, Latin digits', () => {
    expect(formatTime(summer, 'en')).toBe('13:05');
    expect(formatTime(summer, 'fr')).toBe('13:05');
    expect(formatTime(summer, 'ar')).toBe('13:05');
    expect(formatTime(ramadan, 'en')).toBe('14:30');
  });

  it('shows the date in the reader language', () => {
    expect(formatDate(summer, 'en')).toBe('15 Jun 2025');
    expect(formatDate(summer, 'fr')).toBe('15 juin 2025');
    expect(formatDate(summer, 'ar')).toBe('15 يونيو 2025');
    expect(formatDate(summer, 'ar', 'long')).toMatch(/^15 يونيو 2025$/);
    expect(formatDate(new Date('2025-08-01T10:00:00Z'), 'ar', 'long')).toBe('1 غشت 2025');
  });

  it('uses the Casablanca calendar day near midnight', () => {
    // 23:30 UTC on 14 June is 00:30 on 15 June in Casablanca.
    expect(formatDate('2025-06-14T23:30:00Z', 'en')).toBe('15 Jun 2025');
  });

  it('reads the shipped rules, not the runtime\'s: UTC+0 since 2026-09-20 (issue 20)', () => {
    // Node 20.20's own data (IANA 2025c) would print 11:00 and 13:00 here.
    expect(formatTime('2026-11-24T10:00:00Z', 'en')).toBe('10:00');
    expect(formatDateTime('2026-09-20T12:00:00Z', 'fr')).toContain('12:00');
    expect(formatTime('2026-09-19T11:00:00Z', 'en')).toBe('12:00');
    // 23:30 UTC on 24 November is still 24 November in Casablanca now.
    expect(formatDate('2026-11-24T23:30:00Z', 'en')).toBe('24 Nov 2026');
  });

  it('combines date and time', () => {
    expect(formatDateTime(summer, 'en')).toBe('15 Jun 2025, 13:05');
    expect(formatDateTime(summer, 'ar')).toContain('13:05');
    expect(formatDateTime(summer, 'ar')).not.toMatch(/[٠-٩]/);
  });
});

import { formatLocalDate } from './format';
describe('formatLocalDate', () => {
  it('shows the calendar day the server gives, whatever the machine time zone', () => {
    expect(formatLocalDate('2026-12-03', 'en', 'medium')).toMatch(/3 Dec 2026/);
    expect(formatLocalDate('2026-12-31', 'fr', 'long')).toMatch(/31 décembre 2026/);
    expect(formatLocalDate('2027-01-01', 'en', 'full')).toMatch(/Friday/);
  });
});

describe('formatNumber', () => {
  it('groups and rounds in each language, with the decimals asked for', () => {
    expect(formatNumber(4.84, 'en', 1)).toBe('4.8');
    expect(formatNumber(5000, 'en')).toBe('5,000');
    expect(formatNumber(4.84, 'fr', 1)).toBe('4,8');
    // The same formatter serves again (cached) and still gives the same answer.
    expect(formatNumber(4.84, 'fr', 1)).toBe('4,8');
    expect(formatNumber(0, 'ar')).toBe('0');
  });

  it('writes what Intl.NumberFormat writes for the interface locales', () => {
    for (const language of ['en', 'fr', 'ar'] as const) {
      for (const decimals of [0, 1, 2]) {
        const intl = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        for (const value of [0, 4.8, 12, 999, 1000, 5000, 12345.678, 1234567, 0.05]) {
          expect(formatNumber(value, language, decimals), `${language} ${decimals} ${value}`).toBe(intl.format(value));
        }
      }
    }
  });
});

describe('formatDistance', () => {
  it('writes km to the tenth in the reader\'s number format, the unit never wrapped away', () => {
    expect(formatDistance(3.2, 'en')).toBe('3.2\u00a0km');
    expect(formatDistance(3.24, 'fr')).toBe('3,2\u00a0km');
    expect(formatDistance(12, 'ar')).toBe('12,0\u00a0كم');
    expect(formatDistance(0.04, 'en')).toBe('0.0\u00a0km');
  });
});

describe('formatList', () => {
  it('separates names with the comma of the language (Arabic: U+060C)', () => {
    expect(formatList(['Anfa', 'Maarif'], 'en')).toBe('Anfa, Maarif');
    expect(formatList(['Anfa', 'Maarif'], 'fr')).toBe('Anfa, Maarif');
    expect(formatList(['أنفا', 'المعاريف'], 'ar')).toBe('أنفا، المعاريف');
    expect(formatList(['أنفا'], 'ar')).toBe('أنفا');
  });
});
