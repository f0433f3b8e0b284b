import { describe, expect, it } from 'vitest';
import { loginPathWithNext, signupPathWithNext } from './safe-next';

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

describe('signupPathWithNext', () => {
  it('carries a safe path to the sign-up page', () => {
    expect(signupPathWithNext('/book-service?service=s1&addons=a1,a2')).toBe('/signup?next=%2Fbook-service%3Fservice%3Ds1%26addons%3Da1%252Ca2');
  });
  it('leaves out the default landing and unsafe values', () => {
    expect(signupPathWithNext('/dashboard')).toBe('/signup');
    expect(signupPathWithNext('https://evil.example')).toBe('/signup');
    expect(signupPathWithNext('/\\evil.example')).toBe('/signup');
    expect(signupPathWithNext(null)).toBe('/signup');
  });
});
