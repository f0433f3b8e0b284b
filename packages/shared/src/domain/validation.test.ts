import { describe, expect, it } from 'vitest';
import { signUpRequestSchema } from '../schemas/auth';
import { updateProfileRequestSchema } from '../schemas/profile';
import {
  VALIDATION_MESSAGES,
  isValidEmail,
  isValidName,
  isValidMoroccanPhone,
  moroccanPhoneField,
  normalizeMoroccanPhone,
  passwordMessage,
  passwordProblems,
} from './validation';

describe('sign-up password (PRODUCT.md §2: the stronger rule)', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Demo!2345')).toEqual([]);
    expect(passwordMessage('Demo!2345')).toBeNull();
  });

  it('gives one message per failed rule, joined with ". "', () => {
    expect(passwordMessage('abc')).toBe(
      'Password must be at least 8 characters long. Password must contain at least one uppercase letter. ' +
        'Password must contain at least one number. Password must contain at least one special character',
    );
    expect(passwordMessage('ABCDEFGH1!')).toBe('Password must contain at least one lowercase letter');
    expect(passwordMessage('abcdefgh1!')).toBe('Password must contain at least one uppercase letter');
    expect(passwordMessage('Abcdefgh!')).toBe('Password must contain at least one number');
    expect(passwordMessage('Abcdefgh1')).toBe('Password must contain at least one special character');
    expect(passwordMessage('Ab1!')).toBe('Password must be at least 8 characters long');
  });
});

describe('name (SPEC §5)', () => {
  it.each(['Jo', 'Amina El Idrissi', 'Hélène Côté', 'يوسف بنعلي', 'a'.repeat(50), '  Omar  '])('accepts %j', (n) => {
    expect(isValidName(n)).toBe(true);
  });
  it.each(['J', 'a'.repeat(51), 'John3', "O'Brien", 'Jean-Luc', 'x@y', '', '   '])('refuses %j', (n) => {
    expect(isValidName(n)).toBe(false);
  });
});

describe('email (SPEC §5)', () => {
  it.each(['a@b.ma', ' customer@demo.ma ', 'first.last+tag@sub.example.com'])('accepts %j', (e) => {
    expect(isValidEmail(e)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', 'a@b.c', 'a b@c.ma', '@c.ma', 'a@@c.ma', 'a..b@c.ma'])('refuses %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
});

describe('Moroccan phone (SPEC §5)', () => {
  it('normalises +212 then 5, 6 or 7 then 8 digits, spaces ignored', () => {
    expect(normalizeMoroccanPhone('+212 612 345 678')).toBe('+212612345678');
    expect(normalizeMoroccanPhone('+212712345678')).toBe('+212712345678');
    expect(normalizeMoroccanPhone('+212 5 22 00 00 00')).toBe('+212522000000');
    // The onboarding field: 9 digits after a fixed +212.
    expect(normalizeMoroccanPhone('6 12 34 56 78')).toBe('+212612345678');
  });
  // Issue 22 item 7: the national form, as Moroccans write their numbers, was refused.
  it.each([
    ['0612345678', '+212612345678'],
    ['06 12 34 56 78', '+212612345678'],
    ['06-12-34-56-78', '+212612345678'],
    ['06.12.34.56.78', '+212612345678'],
    ['0712345678', '+212712345678'],
    ['05 22 00 00 00', '+212522000000'],
    ['00212 612 345 678', '+212612345678'],
    ['+212 (0)6 12 34 56 78', '+212612345678'],
    ['٠٦١٢٣٤٥٦٧٨', '+212612345678'],
  ])('accepts the way people type it: %j is %s', (typed, e164) => {
    expect(normalizeMoroccanPhone(typed)).toBe(e164);
    expect(isValidMoroccanPhone(typed)).toBe(true);
  });
  it.each([
    '+212812345678',
    '0812345678', // no Moroccan number starts with 8 but toll-free and shared-cost lines
    '0800123456',
    '+21261234567',
    '+2126123456789',
    '06123456789',
    '061234567',
    '+33612345678',
    '0033612345678',
    'abc',
    '',
    'call 0612345678',
    '0612345678 ext. 12',
    '06 12 34 56 7x',
  ])('refuses %j', (p) => {
    expect(normalizeMoroccanPhone(p)).toBeNull();
  });
  it('the shared fields store E.164, so server and web agree', () => {
    expect(moroccanPhoneField.parse('06 12 34 56 78')).toBe('+212612345678');
    expect(moroccanPhoneField.safeParse('0812345678').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.phone);
  });
});

describe('sign-up request schema', () => {
  const good = {
    name: 'Amina El Idrissi',
    email: ' Amina@Example.MA ',
    password: 'Demo!2345',
    confirmPassword: 'Demo!2345',
    userType: 'pro',
    acceptAge: true,
    acceptTerms: true,
  };

  it('accepts a good form, trims and lower-cases the email, defaults the locale', () => {
    const r = signUpRequestSchema.parse(good);
    expect(r.email).toBe('amina@example.ma');
    expect(r.locale).toBe('en');
    expect(r.userType).toBe('pro');
  });

  it('reports each field with the SPEC message', () => {
    const r = signUpRequestSchema.safeParse({
      ...good,
      name: 'A1',
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
      userType: 'admin',
      acceptAge: false,
      acceptTerms: false,
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: VALIDATION_MESSAGES.name,
      email: VALIDATION_MESSAGES.email,
      password: passwordMessage('short'),
      confirmPassword: VALIDATION_MESSAGES.passwordsDoNotMatch,
      userType: VALIDATION_MESSAGES.userType,
      acceptAge: VALIDATION_MESSAGES.acceptAge,
      acceptTerms: VALIDATION_MESSAGES.acceptTerms,
    });
  });
});

describe('profile update schema', () => {
  it('trims, stores empty as null, normalises the phone and keeps unknown fields for the audit', () => {
    const r = updateProfileRequestSchema.parse({
      full_name: '  Omar   Benali ',
      location: '   ',
      phone: '+212 6 12 34 56 78',
      about_me: null,
      user_type: 'admin',
    });
    expect(r).toEqual({ full_name: 'Omar Benali', location: null, phone: '+212612345678', about_me: null, user_type: 'admin' });
  });

  it('refuses a bad phone with the SPEC message', () => {
    const r = updateProfileRequestSchema.safeParse({ phone: '0612' });
    expect(r.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.phone);
  });
});
