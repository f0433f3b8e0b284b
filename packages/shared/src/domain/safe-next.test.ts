import { describe, expect, it } from 'vitest';
import { safeNextPath, verifiedLandingPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/bookings', '/dashboard/bookings'],
    ['/booking/abc?date=2030-01-02&time=10%3A00', '/booking/abc?date=2030-01-02&time=10%3A00'],
    ['/chat#latest', '/chat#latest'],
    ['/pro/42', '/pro/42'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example/steal',
    'http:/evil.example',
    '//evil.example',
    '//evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /dashboard',
    '/login',
    '/login?next=/dashboard',
    '/signup',
    '/reset-password?token=abc',
    `/${'a'.repeat(2100)}`,
  ])('falls back to the dashboard for %j', (raw) => {
    expect(safeNextPath(raw as string | null | undefined)).toBe('/dashboard');
  });

  it('uses the given fallback', () => {
    expect(safeNextPath('https://evil.example', '/')).toBe('/');
  });

  it('drops the one-shot landing parameters', () => {
    expect(safeNextPath('/dashboard?verified=1')).toBe('/dashboard');
    expect(safeNextPath('/dashboard?verified=1&error=INVALID_TOKEN&tab=messages')).toBe('/dashboard?tab=messages');
    expect(safeNextPath('/chat?lang=ar')).toBe('/chat');
  });
});

describe('verifiedLandingPath', () => {
  it('lands on the dashboard by default, with the confirmed notice', () => {
    expect(verifiedLandingPath(undefined)).toBe('/dashboard?verified=1');
    expect(verifiedLandingPath('')).toBe('/dashboard?verified=1');
  });

  it('lands on the safe next path, keeping its query and hash', () => {
    expect(verifiedLandingPath('/book-service?service=s1&addons=a1,a2&city=rabat')).toBe(
      '/book-service?service=s1&addons=a1%2Ca2&city=rabat&verified=1',
    );
    expect(verifiedLandingPath('/chat#latest')).toBe('/chat?verified=1#latest');
    // A stale notice in the path is not doubled.
    expect(verifiedLandingPath('/dashboard?verified=1&error=INVALID_TOKEN')).toBe('/dashboard?verified=1');
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/signup?next=/x'])(
    'never leaves the site for %j',
    (raw) => {
      expect(verifiedLandingPath(raw)).toBe('/dashboard?verified=1');
    },
  );
});
