import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { passwordMessage, VALIDATION_MESSAGES } from '@khedma/shared/domain/validation';
import { signInRequestSchema, signUpRequestSchema } from '@khedma/shared/schemas/auth';
import { profileFormSchema } from '@khedma/shared/schemas/profile';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { isKnownValidationMessage, translateValidationMessage, validate } from './form';

/** A stand-in for i18next's t over one catalogue ("validation.email" -> the string). */
function tOf(catalogue: Record<string, unknown>): TFunction {
  return ((key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue) ?? key) as unknown as TFunction;
}

describe('validate', () => {
  it('returns the parsed data when every rule holds', () => {
    const r = validate(signInRequestSchema, { email: '  Customer@Demo.ma ', password: 'secret1' });
    expect(r).toEqual({ ok: true, data: { email: 'customer@demo.ma', password: 'secret1' } });
  });

  it('keeps the first message of each failing field (login checks only 6 characters)', () => {
    const r = validate(signInRequestSchema, { email: 'nope', password: '12345' });
    expect(r).toEqual({ ok: false, errors: { email: VALIDATION_MESSAGES.email, password: 'Password must be at least 6 characters long' } });
  });

  it('sign-up: one message per failed password rule joined with ". ", mismatch and both legal boxes', () => {
    const r = validate(signUpRequestSchema, {
      userType: 'customer',
      name: 'A',
      email: 'a@b.ma',
      password: 'abc',
      confirmPassword: 'abd',
      acceptAge: false,
      acceptTerms: false,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.password).toBe(
      'Password must be at least 8 characters long. Password must contain at least one uppercase letter. Password must contain at least one number. Password must contain at least one special character',
    );
    expect(r.errors.confirmPassword).toBe('Passwords do not match');
    expect(r.errors.name).toBe(VALIDATION_MESSAGES.name);
    expect(r.errors.acceptAge).toBe(VALIDATION_MESSAGES.acceptAge);
    expect(r.errors.acceptTerms).toBe(VALIDATION_MESSAGES.acceptTerms);
  });

  it('profile form: trims, empty as null, Moroccan phone normalised', () => {
    const r = validate(profileFormSchema, { full_name: '  Amina  El Idrissi ', phone: '+212 6 12 34 56 78', location: 'Rabat', about_me: '   ' });
    expect(r).toEqual({ ok: true, data: { full_name: 'Amina El Idrissi', phone: '+212612345678', location: 'Rabat', about_me: null } });
    expect(validate(profileFormSchema, { phone: '0612' })).toEqual({ ok: false, errors: { phone: VALIDATION_MESSAGES.phone } });
  });
});

describe('translateValidationMessage', () => {
  it('keeps the exact English copy', () => {
    const t = tOf(en);
    for (const message of Object.values(VALIDATION_MESSAGES)) expect(translateValidationMessage(t, message)).toBe(message);
    const joined = passwordMessage('abc')!;
    expect(translateValidationMessage(t, joined)).toBe(joined);
  });

  it('translates each part of a joined password message', () => {
    const t = tOf(fr);
    expect(translateValidationMessage(t, passwordMessage('abcdefgh')!)).toBe(
      [fr.validation.passwordUpper, fr.validation.passwordNumber, fr.validation.passwordSpecial].join('. '),
    );
    expect(translateValidationMessage(t, VALIDATION_MESSAGES.passwordsDoNotMatch)).toBe(fr.validation.passwordsDoNotMatch);
  });

  it('shows an unknown message as it came', () => {
    expect(translateValidationMessage(tOf(fr), 'Something else')).toBe('Something else');
    expect(isKnownValidationMessage('Something else')).toBe(false);
    expect(isKnownValidationMessage(VALIDATION_MESSAGES.phone)).toBe(true);
  });
});
