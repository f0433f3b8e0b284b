import { describe, expect, it } from 'vitest';
import { loginPathWithNext, safeNextPath } from './safe-next';

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

describe('loginPathWithNext', () => {
  it('carries a safe path back', () => {
    expect(loginPathWithNext('/chat?conversation=7')).toBe('/login?next=%2Fchat%3Fconversation%3D7');
  });
  it('leaves out the default landing and unsafe values', () => {
    expect(loginPathWithNext('/dashboard')).toBe('/login');
    expect(loginPathWithNext('//evil.example')).toBe('/login');
    expect(loginPathWithNext(undefined)).toBe('/login');
  });
});
