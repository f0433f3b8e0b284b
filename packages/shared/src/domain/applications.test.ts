import { describe, expect, it } from 'vitest';
import {
  ageOn,
  compactAvailability,
  formatRib,
  hasAnySlot,
  isAdultOn,
  isConsistentAvailability,
  isValidRib,
  latestAdultBirthDate,
  onboardingProgress,
  ribWithKey,
  toggleSlot,
} from './applications';

describe('RIB key', () => {
  // A real-format Moroccan RIB: bank 3, locality 3, account 16, key 2.
  const valid = ribWithKey('0117800000123456789012');

  it('accepts 24 digits whose number is divisible by 97, with or without spaces', () => {
    expect(valid).toHaveLength(24);
    expect(BigInt(valid) % 97n).toBe(0n);
    expect(isValidRib(valid)).toBe(true);
    expect(isValidRib(formatRib(valid))).toBe(true);
    expect(formatRib(valid)).toBe(`${valid.slice(0, 3)} ${valid.slice(3, 6)} ${valid.slice(6, 22)} ${valid.slice(22)}`);
  });

  it('refuses a wrong key, a wrong length or letters', () => {
    const key = Number(valid.slice(22));
    const wrongKey = valid.slice(0, 22) + String((key + 1) % 100).padStart(2, '0');
    expect(isValidRib(wrongKey)).toBe(false);
    expect(isValidRib(valid.slice(0, 23))).toBe(false);
    expect(isValidRib(valid + '0')).toBe(false);
    expect(isValidRib(valid.slice(0, 23) + 'A')).toBe(false);
    expect(isValidRib('')).toBe(false);
    // Any single-digit change breaks the key (97 > 10).
    for (let i = 0; i < 24; i++) {
      const d = (Number(valid[i]) + 1) % 10;
      expect(isValidRib(valid.slice(0, i) + d + valid.slice(i + 1))).toBe(false);
    }
  });
});

describe('age rule (18 or over)', () => {
  it('counts whole years', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('accepts 18 on the birthday, refuses the day before, the future and non-dates', () => {
    expect(isAdultOn('2008-11-24', '2026-11-24')).toBe(true);
    expect(isAdultOn('2008-11-25', '2026-11-24')).toBe(false);
    expect(isAdultOn('2030-01-01', '2026-11-24')).toBe(false);
    expect(isAdultOn('2001-02-30', '2026-11-24')).toBe(false);
    expect(isAdultOn('24/11/1990', '2026-11-24')).toBe(false);
    expect(isAdultOn('1850-01-01', '2026-11-24')).toBe(false);
  });

  it('gives the latest allowed birth date', () => {
    expect(latestAdultBirthDate('2026-11-24')).toBe('2008-11-24');
    expect(latestAdultBirthDate('2028-02-29')).toBe('2010-02-28');
  });
});

describe('availability (allDay excludes the other slots)', () => {
  it('allDay clears the other slots of the day, and another slot clears allDay', () => {
    expect(toggleSlot({ morning: true, evening: true }, 'allDay')).toEqual({ allDay: true });
    expect(toggleSlot({ allDay: true }, 'morning')).toEqual({ morning: true });
    expect(toggleSlot({ morning: true }, 'afternoon')).toEqual({ morning: true, afternoon: true });
    expect(toggleSlot({ morning: true, afternoon: true }, 'morning')).toEqual({ afternoon: true });
    expect(toggleSlot(undefined, 'evening')).toEqual({ evening: true });
  });

  it('needs a slot in the week and no allDay with another slot', () => {
    expect(hasAnySlot({})).toBe(false);
    expect(hasAnySlot({ monday: { morning: false } })).toBe(false);
    expect(hasAnySlot({ sunday: { evening: true } })).toBe(true);
    expect(isConsistentAvailability({ monday: { allDay: true, morning: true } })).toBe(false);
    expect(isConsistentAvailability({ monday: { allDay: true }, tuesday: { morning: true, evening: true } })).toBe(true);
  });

  it('stores only ticked slots', () => {
    expect(compactAvailability({ monday: { morning: false }, friday: { evening: true, morning: false } })).toEqual({ friday: { evening: true } });
  });
});

describe('progress', () => {
  it('says Step n of 7 with a percent', () => {
    expect(onboardingProgress(1)).toEqual({ step: 1, total: 7, percent: 14 });
    expect(onboardingProgress(7)).toEqual({ step: 7, total: 7, percent: 100 });
    expect(onboardingProgress(9).step).toBe(7);
  });
});
