import { LOCALES } from '@khedma/shared';
import { describe, expect, it } from 'vitest';
import { bookingNotice, bookingSms, NOTICE_KINDS } from './bookings.notices';

const facts = { reference: 'AB12CD34', title: 'Leak repair', start: new Date('2027-02-08T10:00:00Z') };

describe('booking notices (push and SMS copy)', () => {
  it('every kind has a title and a body naming the booking, in every language', () => {
    for (const locale of LOCALES) {
      for (const kind of NOTICE_KINDS) {
        const n = bookingNotice(kind, locale, facts);
        expect(n.title.length, `${locale} ${kind}`).toBeGreaterThan(0);
        expect(n.body, `${locale} ${kind}`).toContain('AB12CD34');
        expect(n.body, `${locale} ${kind}`).toContain('Leak repair');
      }
    }
  });

  it('dates are Casablanca wall-clock time, Latin digits', () => {
    expect(bookingNotice('confirmed', 'en', facts).body).toMatch(/8 February 2027.*10:00/);
    expect(bookingNotice('confirmed', 'ar', facts).body).toMatch(/10:00/);
  });

  it('an SMS stays within three GSM segments in French and English', () => {
    for (const locale of ['en', 'fr'] as const) for (const kind of NOTICE_KINDS) expect(bookingSms(kind, locale, facts).length, `${locale} ${kind}`).toBeLessThanOrEqual(459);
  });
});
