import { describe, expect, it } from 'vitest';
import { paths, routes, toServiceCategory, withQuery } from './paths';

describe('paths', () => {
  it('builds the static pages', () => {
    expect(paths.home()).toBe('/');
    expect(paths.nativeFeatures()).toBe('/native-features');
    expect(paths.adminReviewProfessionals()).toBe('/admin/review-professionals');
    expect(paths.devMailbox()).toBe('/dev/mailbox');
    expect(paths.termsNew()).toBe('/terms-new');
  });

  it('builds the services URLs', () => {
    expect(paths.services()).toBe('/services');
    expect(paths.services({ toSearch: true })).toBe('/services#search');
    expect(paths.services({ category: 'plumbing' })).toBe('/services?category=plumbing');
    expect(paths.serviceCategory('cleaning')).toBe('/services/cleaning');
    expect(paths.service('a b/c')).toBe('/services/a%20b%2Fc');
  });

  it('builds the professional and booking URLs', () => {
    expect(paths.pro('42')).toBe('/pro/42');
    expect(paths.professional('42')).toBe('/professional/42');
    expect(paths.booking('p1', { date: '2025-07-01', time: '09:30', description: 'Leak & drip' })).toBe(
      '/booking/p1?date=2025-07-01&time=09%3A30&description=Leak+%26+drip',
    );
    expect(paths.booking()).toBe('/booking');
    expect(paths.booking('p1', { date: '2025-07-01' })).toBe('/booking/p1?date=2025-07-01');
    expect(paths.bookings({ success: true })).toBe('/bookings?success=true');
    expect(paths.search({ city: 'Rabat', minRating: 4 })).toBe('/search?city=Rabat&minRating=4');
  });

  it('skips empty query values', () => {
    expect(withQuery('/x', { a: undefined, b: null, c: '', d: 0 })).toBe('/x?d=0');
  });

  it('tells categories from service ids', () => {
    expect(toServiceCategory('plumbing')).toBe('plumbing');
    expect(toServiceCategory('Plumbing')).toBe('plumbing');
    expect(toServiceCategory('3f2a-uuid')).toBeNull();
    expect(toServiceCategory(undefined)).toBeNull();
  });

  it('covers every route of SPEC §2', () => {
    const spec = [
      '/', '/about', '/services', '/contact', '/faq', '/pricing', '/terms', '/privacy', '/cookies', '/login',
      '/signup', '/become-pro', '/register-professional', '/professional-onboarding', '/apply-professional',
      '/dashboard', '/dashboard/bookings', '/profile', '/pro-profile', '/pro-bookings', '/bookings', '/book',
      '/search', '/book-service', '/chat', '/native-features', '/admin/review-professionals', '/admin/bookings',
      '/terms-new', '/privacy-new',
    ];
    const patterns = Object.values(routes) as string[];
    expect(spec.filter((route) => !patterns.includes(route))).toEqual([]);
    expect(patterns).toEqual(expect.arrayContaining(['/services/:serviceId', '/pro/:id', '/professional/:id', '/booking/:proId?']));
  });
});
