import { describe, expect, it } from 'vitest';
import { validateBookingWindow } from '@khedma/shared';
import en from '../locales/en.json';
import { END_TIME_CHOICES, issuesByField } from './schedule-step';
import { groupServices } from './service-step';

const now = new Date('2026-11-22T10:00:00Z');

describe('schedule step', () => {
  it('shows the SPEC §5 message under each field', () => {
    const r = validateBookingWindow({ date: '', startTime: '', endTime: '' }, { now });
    expect(r.ok).toBe(false);
    const byField = issuesByField(r.ok ? [] : r.issues);
    expect(en.schedule.errors[byField.date!.code]).toBe('Please select a date');
    expect(en.schedule.errors[byField.startTime!.code]).toBe('Please select a start time');
    expect(en.schedule.errors[byField.endTime!.code]).toBe('Please select an end time');
  });

  it('has the exact English of every SPEC §5 message', () => {
    expect(en.schedule.errors.DURATION_TOO_SHORT).toBe('Minimum booking duration is 30 minutes');
    expect(en.schedule.errors.DURATION_TOO_LONG).toBe('Maximum booking duration is 8 hours');
    expect(en.schedule.errors.NOT_IN_FUTURE).toBe('Please select a future date and time');
  });

  it('offers end times that can exceed 8 hours, so the limit is explained rather than hidden', () => {
    expect(END_TIME_CHOICES[0]).toBe('08:30');
    expect(END_TIME_CHOICES.at(-1)).toBe('23:30');
    const r = validateBookingWindow({ date: '2026-11-24', startTime: '08:00', endTime: '17:00' }, { now });
    expect(r.ok ? null : issuesByField(r.issues).endTime?.code).toBe('DURATION_TOO_LONG');
  });
});

describe('service search', () => {
  const service = (id: string, category: 'plumbing' | 'cleaning', en: string, fr: string, price: number) => ({
    id,
    category,
    name: { en, fr, ar: en },
    description: { en: '', fr: '', ar: '' },
    basePrice: price,
    estimatedDurationMinutes: 60,
    imageUrl: null,
    materialsIncluded: false,
    warrantyDays: 0,
    onQuote: false,
  });
  const list = [service('c1', 'cleaning', 'Home cleaning', 'Ménage', 200), service('p2', 'plumbing', 'Water heater', 'Chauffe-eau', 300), service('p1', 'plumbing', 'Leak repair', 'Fuite', 150)];

  it('groups by category in catalogue order, cheapest first', () => {
    const groups = groupServices(list, '');
    expect(groups.map((g) => g.category)).toEqual(['plumbing', 'cleaning']);
    expect(groups[0]!.services.map((s) => s.id)).toEqual(['p1', 'p2']);
  });

  it('finds a service in any language, ignoring accents and case, or by a word for its category', () => {
    expect(groupServices(list, '  MÉNAGE ').flatMap((g) => g.services.map((s) => s.id))).toEqual(['c1']);
    expect(groupServices(list, 'plombier').flatMap((g) => g.services.map((s) => s.id))).toEqual(['p1', 'p2']);
    expect(groupServices(list, 'Chauffe-éau').flatMap((g) => g.services.map((s) => s.id))).toEqual(['p2']);
    expect(groupServices(list, 'menage').flatMap((g) => g.services.map((s) => s.id))).toEqual(['c1']);
    expect(groupServices(list, 'plomberie').flatMap((g) => g.services.map((s) => s.id))).toEqual(['p1', 'p2']);
  });

  it('keeps only the services a preselected professional offers', () => {
    expect(groupServices(list, '', new Set(['p2'])).flatMap((g) => g.services.map((s) => s.id))).toEqual(['p2']);
  });
});
