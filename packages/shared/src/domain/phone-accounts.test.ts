import { describe, expect, it } from 'vitest';
import { isPhonePlaceholderEmail, isStopMessage, phonePlaceholderEmail, reminderKey, reminderTimes } from './phone-accounts';

describe('reminderTimes (19:00 Casablanca the evening before, and two hours before)', () => {
  // Casablanca is UTC+0 since 2026-09-20: wall clock = UTC in these dates.
  const start = new Date('2026-12-10T10:00:00Z');

  it('both reminders for a booking confirmed days ahead', () => {
    expect(reminderTimes(start, new Date('2026-12-01T09:00:00Z'))).toEqual([
      { kind: 'evening', at: new Date('2026-12-09T19:00:00Z') },
      { kind: 'two_hours', at: new Date('2026-12-10T08:00:00Z') },
    ]);
  });

  it('no evening reminder once that evening has passed; none at all within two hours', () => {
    expect(reminderTimes(start, new Date('2026-12-09T20:00:00Z'))).toEqual([{ kind: 'two_hours', at: new Date('2026-12-10T08:00:00Z') }]);
    expect(reminderTimes(start, new Date('2026-12-10T08:30:00Z'))).toEqual([]);
  });

  it('an early-morning booking: the evening reminder still comes before the two-hour one', () => {
    const early = new Date('2026-12-10T00:30:00Z');
    const times = reminderTimes(early, new Date('2026-12-01T00:00:00Z'));
    expect(times.map((t) => t.kind)).toEqual(['evening', 'two_hours']);
    expect(times[0]!.at < times[1]!.at).toBe(true);
  });

  it('the key names the booking, the kind and the start (a moved booking gets new reminders)', () => {
    expect(reminderKey('b1', 'evening', start)).not.toBe(reminderKey('b1', 'evening', new Date('2026-12-11T10:00:00Z')));
  });
});

describe('WhatsApp STOP words', () => {
  it('recognises STOP in English, French and Arabic, alone and in any case', () => {
    for (const t of ['STOP', ' stop ', 'Stop.', 'ARRÊT', 'arret', 'توقف', 'Unsubscribe']) expect(isStopMessage(t)).toBe(true);
    for (const t of ['stop sending me the reminder tomorrow please', 'hello', 'stopper?no']) expect(isStopMessage(t)).toBe(false);
  });
});

describe('placeholder emails of phone accounts', () => {
  it('are on a reserved domain and recognised', () => {
    const e = phonePlaceholderEmail('+212612345678');
    expect(e).toBe('212612345678@phone.khedma.invalid');
    expect(isPhonePlaceholderEmail(e.toUpperCase())).toBe(true);
    expect(isPhonePlaceholderEmail('someone@example.ma')).toBe(false);
  });
});
