import { describe, expect, it } from 'vitest';
import { becomeProDismissedKey, showsBecomeProFabOn } from './become-pro-fab';

describe('where the Become a Professional button shows', () => {
  it.each(['/', '/dashboard', '/Dashboard/', '//'])('on %s', (path) => {
    expect(showsBecomeProFabOn(path)).toBe(true);
  });

  it.each([
    // Issue 38: not over the lists and cards of the other pages.
    '/services',
    '/services/plumbing',
    '/search',
    '/professionals',
    '/profile',
    '/pro-profile',
    '/pro-bookings',
    '/dashboard/bookings',
    '/become-pro',
    '/become-pro/',
    '/Become-Pro',
    '/register-professional',
    '/professional-onboarding',
    '/professional-onboarding/step-2',
    '/apply-professional',
    '/admin',
    '/admin/review-professionals',
    '/admin/bookings',
    '/book-service',
    '/booking',
    '/booking/0b6f7c9e-1f2a-4c3d-9e8f-000000000001',
    '/pro/e08bab2c-139b-5c49-85d4-773804c4f9d1',
    '/professional/e08bab2c-139b-5c49-85d4-773804c4f9d1',
  ])('not on %s (lists, onboarding, admin and booking pages)', (path) => {
    expect(showsBecomeProFabOn(path)).toBe(false);
  });

  it('remembers a dismissal per user', () => {
    expect(becomeProDismissedKey('u1')).not.toBe(becomeProDismissedKey('u2'));
    expect(becomeProDismissedKey('u1')).toMatch(/^khedma\./);
  });
});
