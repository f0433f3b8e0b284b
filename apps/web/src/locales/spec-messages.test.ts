/**
 * Issue 38 item 13: the SPEC's messages that were missing, each verbatim in English at the key of the
 * situation it is shown in (the journeys of e2e/newcomer.spec.ts show them on screen), and translated in
 * French and Arabic (never the English left in place).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(SRC, file), 'utf8')) as Record<string, unknown>;
const at = (catalogue: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

const MESSAGES: Array<[catalogue: string, key: string, english: string]> = [
  ['features/profile/locales', 'form.unexpected', 'An unexpected error occurred'],
  ['features/pros/locales', 'errors.searchData', 'Failed to load search data'],
  ['features/booking/locales', 'errors.addOns', 'Failed to fetch add-ons'],
  ['features/booking/locales', 'errors.addOnsTitle', 'Error'],
  ['features/booking/locales', 'errors.noServices', 'No services available. Please contact support.'],
  ['features/booking/locales', 'errors.loadBookingsRetry', 'Unable to load bookings. Please try again.'],
  ['features/booking/locales', 'errors.bookingFailed', 'Booking Failed'],
  ['features/booking/locales', 'errors.authRequired', 'Authentication Required'],
  ['features/booking/locales', 'errors.loginToUpdate', 'You must be logged in to update bookings'],
  ['features/booking/locales', 'errors.loginToCreate', 'Please login to create a booking'],
  ['locales', 'auth.guard.createBooking', 'Please login to create a booking'],
  ['features/earnings/locales', 'request.failedTitle', 'Failed to request payout'],
];

describe('the SPEC §8 messages of issue 38', () => {
  it.each(MESSAGES)('%s %s is "%s" in English and translated in fr and ar', (dir, key, english) => {
    expect(at(read(`${dir}/en.json`), key)).toBe(english);
    for (const language of ['fr', 'ar']) {
      const translated = at(read(`${dir}/${language}.json`), key);
      expect(typeof translated).toBe('string');
      expect(translated).not.toBe(english);
    }
  });
});
