import { describe, expect, it } from 'vitest';
import { LOCALES } from '@khedma/shared';
import { bookingEmail } from './bookings.emails';

// Issue 22 item 1: user text (a pasted link as the address) wraps in the email instead of widening it.
describe('booking emails wrap user text', () => {
  const longWord = `https://example.ma/${'x'.repeat(300)}`;
  for (const locale of LOCALES) {
    it(`${locale}: every cell of the facts table breaks a long word, inside a fixed-width table`, () => {
      const { html } = bookingEmail('created', locale, 'Salma', {
        reference: 'AB12CD34',
        title: 'Plumbing',
        start: new Date('2026-12-01T10:00:00Z'),
        location: longWord,
        total: 250,
        url: 'https://khedma.ma/dashboard/bookings',
      });
      expect(html).toContain(longWord);
      expect(html).toMatch(/<body style="[^"]*overflow-wrap:anywhere/);
      const table = /<table[^>]*style="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(table).toContain('table-layout:fixed');
      expect(table).toContain('width:100%');
      const cells = [...html.matchAll(/<td style="([^"]*)"/g)].map((m) => m[1]!);
      expect(cells.length).toBeGreaterThan(0);
      for (const style of cells) expect(style).toContain('overflow-wrap:anywhere');
    });
  }
});
