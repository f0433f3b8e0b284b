/**
 * Text a person types never holds control characters (PostgreSQL refuses NUL in text outright), and a
 * one-line value never holds a line break (a name ends up in an email subject). Every schema that takes
 * free text from a client says so in words the web app translates.
 */
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, emailField, isPlainText, isSingleLineText, isValidEmail } from '../domain/validation';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema, signUpRequestSchema } from './auth';
import { cancelBookingRequestSchema, createBookingRequestSchema, createHourlyBookingRequestSchema, quoteRequestSchema, refundBookingRequestSchema } from './booking';
import { citySlugParamsSchema, priceQuerySchema, serviceSearchQuerySchema } from './catalog';
import { completeBookingRequestSchema } from './admin';
import { CONTACT_MESSAGES, contactRequestSchema } from './contact';
import { updateProfileRequestSchema } from './profile';

const NUL = '\u0000';
const messagesOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('plain text rules', () => {
  it('one line: no control character, no line break of any kind', () => {
    for (const ok of ['Casablanca', 'Fès', 'الدار البيضاء', 'a b', '']) expect(isSingleLineText(ok), ok).toBe(true);
    for (const bad of [NUL, 'a\nb', 'a\r\nBcc: x', 'a\tb', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\u007fb', 'a\u001bb', 'a\u009bb']) {
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('multi-line: tabs and line breaks, but no other control character', () => {
    for (const ok of ['one\ntwo', 'one\r\ntwo', 'a\tb', 'Bonjour !']) expect(isPlainText(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of [NUL, `x${NUL}y`, 'a\u0007b', 'a\u007fb', 'a\u0085b', 'a\u001bb']) expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('no bidirectional embedding, override or isolate (one left open reorders the rest); the marks typed in mixed Arabic and Latin stay', () => {
    for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(isSingleLineText(`invoice${control}gnp.exe`), JSON.stringify(control)).toBe(false);
      expect(isPlainText(`line one\ninvoice${control}gnp.exe`), JSON.stringify(control)).toBe(false);
    }
    for (const ok of ['Appartement 3, \u200fحي الرياض\u200f', 'Rue \u200eRiad\u200e 12', 'الدار البيضاء\u061c 20250']) {
      expect(isSingleLineText(ok), JSON.stringify(ok)).toBe(true);
      expect(isPlainText(ok), JSON.stringify(ok)).toBe(true);
    }
    expect(messagesOf(contactRequestSchema.safeParse({ name: 'Salma\u202eiss', email: 'salma@example.ma', message: 'A \u2067question\u2069' }))).toEqual({
      name: VALIDATION_MESSAGES.singleLine,
      message: VALIDATION_MESSAGES.controlCharacters,
    });
  });

  it('an email address has no control character', () => {
    expect(isValidEmail(`nobody${NUL}@example.com`)).toBe(false);
    expect(isValidEmail('nobody@exa\u0001mple.com')).toBe(false);
    expect(emailField.safeParse(`nobody${NUL}@example.com`).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.email);
  });
});

describe('contact form', () => {
  const good = { name: 'Salma Idrissi', email: 'salma@example.ma', message: 'A question about a move.' };

  it('says a name over 100 characters is too long (not that it is missing)', () => {
    expect(messagesOf(contactRequestSchema.safeParse({ ...good, name: 'x'.repeat(101) }))).toEqual({ name: CONTACT_MESSAGES.nameTooLong });
    expect(CONTACT_MESSAGES.nameTooLong).toBe('Your name is too long (100 characters at most)');
    expect(contactRequestSchema.safeParse({ ...good, name: 'x'.repeat(100) }).success).toBe(true);
    expect(messagesOf(contactRequestSchema.safeParse({ ...good, name: '  ' }))).toEqual({ name: 'Please enter your name' });
  });

  it('keeps the name on one line (it goes into the support email subject) and the message free of control characters', () => {
    expect(VALIDATION_MESSAGES.singleLine).toBe('Please write this on one line, without special characters');
    expect(VALIDATION_MESSAGES.controlCharacters).toBe('This text contains characters that are not allowed');
    expect(messagesOf(contactRequestSchema.safeParse({ ...good, name: 'Evil\r\nBcc: x@example.com' }))).toEqual({ name: VALIDATION_MESSAGES.singleLine });
    expect(messagesOf(contactRequestSchema.safeParse({ ...good, name: `Salma${NUL}` }))).toEqual({ name: VALIDATION_MESSAGES.singleLine });
    expect(messagesOf(contactRequestSchema.safeParse({ ...good, message: `Hello there ${NUL} friend` }))).toEqual({
      message: VALIDATION_MESSAGES.controlCharacters,
    });
    // A message may span lines.
    expect(contactRequestSchema.safeParse({ ...good, message: 'Hello,\r\n\r\nA question about a move.' }).success).toBe(true);
  });
});

describe('every free-text field of the API', () => {
  const uuid = '2e4b9a37-ddd9-5d0e-8c3e-7ce5e48540b0';
  const cases: Array<[string, { safeParse(v: unknown): { success: boolean } }, unknown]> = [
    ['catalogue search', serviceSearchQuerySchema, { q: NUL }],
    ['price city', priceQuerySchema, { city: NUL }],
    ['boroughs city', citySlugParamsSchema, { slug: NUL }],
    ['quote city slug', quoteRequestSchema, { serviceTypeId: uuid, citySlug: `x${NUL}` }],
    ['booking description', createBookingRequestSchema, { serviceTypeId: uuid, cityId: uuid, date: '2030-01-02', startTime: '10:00', endTime: '12:00', description: `a${NUL}` }],
    ['booking address', createBookingRequestSchema, { serviceTypeId: uuid, cityId: uuid, date: '2030-01-02', startTime: '10:00', endTime: '12:00', location: 'a\nb' }],
    ['hourly booking address', createHourlyBookingRequestSchema, { professionalId: uuid, date: '2030-01-02', time: '10:00', location: `a${NUL}`, contactPhone: '+212612345678' }],
    ['cancel reason', cancelBookingRequestSchema, { reason: `a${NUL}` }],
    ['refund reason', refundBookingRequestSchema, { reason: `a${NUL}` }],
    ['completion notes (control character)', completeBookingRequestSchema, { notes: `Done\u0007` }],
    ['completion notes (right-to-left override)', completeBookingRequestSchema, { notes: 'Paid in cash \u202e0001 DAM' }],
    ['profile city', updateProfileRequestSchema, { location: 'Rabat\nx' }],
    ['profile about', updateProfileRequestSchema, { about_me: `a${NUL}` }],
    ['sign-up next', signUpRequestSchema, { name: 'Amina', email: 'a@b.ma', password: 'Demo!2345', confirmPassword: 'Demo!2345', acceptAge: true, acceptTerms: true, next: `/x${NUL}` }],
    ['password reset email', forgotPasswordRequestSchema, { email: `nobody${NUL}@example.com` }],
    ['password reset token', resetPasswordRequestSchema, { token: `abc${NUL}`, newPassword: 'Demo!2345' }],
  ];
  it.each(cases)('%s refuses a control character', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('still accepts what people type: a multi-line description, accented and Arabic text', () => {
    const base = { serviceTypeId: uuid, cityId: uuid, date: '2030-01-02', startTime: '10:00', endTime: '12:00' };
    expect(createBookingRequestSchema.safeParse({ ...base, description: 'Kitchen sink.\nSecond floor, door on the left.', location: 'Rue de Fès, Maârif' }).success).toBe(true);
    expect(serviceSearchQuerySchema.safeParse({ q: 'سباك' }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ about_me: 'Plombier depuis 10 ans.\nDisponible le week-end.' }).success).toBe(true);
    expect(completeBookingRequestSchema.safeParse({ notes: 'Tuyau changé.\nالعمل تم.' }).success).toBe(true);
  });
});
