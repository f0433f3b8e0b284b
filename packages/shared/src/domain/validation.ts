/**
 * Field rules of docs/accounts.md, shared by the web forms and the server (same rule, same message).
 * The English messages are the exact copy of the specification; the web app translates them.
 */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { ACCOUNT_LIMITS } from './accounts';
import { PHONE_COUNTRY_CODE } from './constants';
import { MOROCCO_PHONE_METADATA } from './phone-metadata';

export const VALIDATION_MESSAGES = {
  email: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  name: 'Name must be between 2-50 characters and contain only letters and spaces',
  loginPassword: 'Password must be at least 6 characters long',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  userType: 'Invalid user type selected',
  acceptAge: 'You must confirm that you are at least 18 years old',
  acceptTerms: 'You must accept the terms and the privacy policy',
  phone: 'Invalid phone number - Please enter a valid Moroccan phone number (9 digits after +212)',
  verificationCode: 'Invalid code - Please enter the 6-digit verification code',
  locale: 'Please choose English, French or Arabic',
  /** A one-line field (a name, an address, a search) with a line break or another control character. */
  singleLine: 'Please write this on one line, without special characters',
  /** Free text with a control character other than a tab or a line break (a NUL byte ...). */
  controlCharacters: 'This text contains characters that are not allowed',
} as const;

/**
 * An uploaded PDF (chat file, application document) carrying scripts, automatic actions or embedded
 * files is refused (issue 38; the server's check: http/pdf-active-content.ts). Code PDF_ACTIVE_CONTENT.
 */
export const PDF_ACTIVE_CONTENT_MESSAGE =
  'This PDF contains active content (scripts, automatic actions or embedded files) and cannot be uploaded. Please save it as a plain PDF (for example with "Print to PDF") and try again.';

// ---------------------------------------------------------------------------------------------
// Plain text: what a person can type. Control characters (C0, DEL, C1: \p{Cc}) never are, except
// tabs and line breaks in multi-line text; PostgreSQL refuses NUL in text outright, and a line break
// in a one-line value ends up in places that treat it as a separator (an email subject, a log line).
// ---------------------------------------------------------------------------------------------

// Nor are the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): one left
// open reorders everything after it, in this field and beyond (a name in an email, a line of the receipt
// PDF, an admin's table), so "gnp.exe" reads as "exe.png" (the "Trojan Source" trick). The marks a person
// does type in mixed Arabic and Latin text (LRM U+200E, RLM U+200F, ALM U+061C) stay allowed: they move
// nothing but the characters beside them.
const BIDI_CONTROLS = '\u202a-\u202e\u2066-\u2069';

/** Any control character, a bidirectional control, or the Unicode line and paragraph separators (line breaks too). */
const NOT_SINGLE_LINE = new RegExp(`[\\p{Cc}\\u2028\\u2029${BIDI_CONTROLS}]`, 'u');
/** A control character other than tab, line feed and carriage return, or a bidirectional control. */
const NOT_PLAIN_TEXT = new RegExp(`[^\\P{Cc}\\t\\n\\r]|[${BIDI_CONTROLS}]`, 'u');

/** One line of plain text: no control character, no line break. */
export const isSingleLineText = (text: string): boolean => !NOT_SINGLE_LINE.test(text);
/** Plain text that may span lines: no control character but tab and line breaks. */
export const isPlainText = (text: string): boolean => !NOT_PLAIN_TEXT.test(text);

/** One message per failed sign-up password rule (docs/accounts.md: the stronger rule). */
export const PASSWORD_RULES = [
  { test: (p: string) => p.length >= ACCOUNT_LIMITS.passwordMin, message: `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters long` },
  { test: (p: string) => /\p{Lu}/u.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p: string) => /\p{Ll}/u.test(p), message: 'Password must contain at least one lowercase letter' },
  { test: (p: string) => /\p{Nd}/u.test(p), message: 'Password must contain at least one number' },
  { test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p), message: 'Password must contain at least one special character' },
] as const;

/** better-auth refuses longer passwords; we say so first, in our words. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;

/** The failed rules of a sign-up password, in order; empty when the password is acceptable. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.message);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_TOO_LONG_MESSAGE);
  return problems;
}

/** The single message a form shows under the password field: every failed rule joined with ". ". */
export function passwordMessage(password: string): string | null {
  const problems = passwordProblems(password);
  return problems.length ? problems.join('. ') : null;
}

// Letters of any script (accented Latin, Arabic ...) with their combining marks, and spaces.
const NAME_RE = /^[\p{L}\p{M}]+(?: +[\p{L}\p{M}]+)*$/u;

/** Name rule: 2-50 characters, letters (accented included) and spaces only, after trimming. */
export function isValidName(name: string): boolean {
  const n = name.trim();
  const length = [...n].length;
  return length >= ACCOUNT_LIMITS.nameMin && length <= ACCOUNT_LIMITS.nameMax && NAME_RE.test(n);
}

// A pragmatic address pattern: something@domain.tld, no spaces; the server and the form agree on it.
const EMAIL_RE = /^[^\s@"<>()[\]\\,;:\p{Cc}]+@[^\s@"<>()[\]\\,;:\p{Cc}]+\.[^\s@"<>()[\]\\,;:\p{Cc}]{2,}$/u;
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(e) && !e.includes('..');
}

/** What a typed phone number may hold: digits (any script's), spaces, + ( ) - . and no-break spaces. */
const PHONE_CHARACTERS = /^[\p{Nd}\s+().-]{1,30}$/u;

/**
 * Moroccan mobile or landline number (docs/accounts.md: +212, then 5, 6 or 7, then 8 digits), as people type
 * it: international (`+212 612 345 678`, `00212612345678`), national (`0612345678`, `06 12 34 56 78`,
 * `06-12-34-56-78`) or the 9 digits alone (the onboarding field has +212 fixed in front), in Latin or
 * Arabic-Indic digits. Parsed and checked against Morocco's numbering plan by libphonenumber-js
 * (the maintained port of Google's libphonenumber). Returns E.164 (+212XXXXXXXXX), or null when it
 * is not such a number.
 */
export function normalizeMoroccanPhone(input: string): string | null {
  if (typeof input !== 'string' || !PHONE_CHARACTERS.test(input)) return null;
  const phone = parsePhoneNumberFromString(input, { defaultCountry: 'MA', extract: false }, MOROCCO_PHONE_METADATA);
  if (!phone || phone.countryCallingCode !== PHONE_COUNTRY_CODE.slice(1) || !phone.isValid()) return null;
  // The numbering plan also has toll-free (80x) and shared-cost (89x) numbers: nobody can be reached there.
  return /^[567]\d{8}$/.test(phone.nationalNumber) ? phone.number : null;
}

export const isValidMoroccanPhone = (input: string) => normalizeMoroccanPhone(input) !== null;

// ---------------------------------------------------------------------------------------------
// zod fields (used by packages/shared/src/schemas/*)
// ---------------------------------------------------------------------------------------------

/** Trimmed, lower-cased email with the §5 message. */
export const emailField = z
  .string({ error: VALIDATION_MESSAGES.emailRequired })
  .trim()
  .min(1, VALIDATION_MESSAGES.emailRequired)
  .refine(isValidEmail, VALIDATION_MESSAGES.email)
  .transform((e) => e.toLowerCase())
  .meta({ format: 'email', example: 'customer@demo.ma' });

/** Full name or first name: trimmed, inner runs of spaces collapsed. */
export const nameField = z
  .string({ error: VALIDATION_MESSAGES.name })
  .trim()
  .refine(isValidName, VALIDATION_MESSAGES.name)
  .transform((n) => n.replace(/\s+/g, ' '))
  .meta({ example: 'Amina El Idrissi' });

/** Sign-up / new password: the stronger rule, one message per failed rule joined with ". ". */
export const newPasswordField = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .superRefine((p, ctx) => {
    const message = passwordMessage(p);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .meta({ format: 'password', example: 'Demo!2345' });

/** Login password: only 6 or more characters before asking the server (docs/accounts.md). */
export const loginPasswordField = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .min(ACCOUNT_LIMITS.loginPasswordMin, VALIDATION_MESSAGES.loginPassword)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  .meta({ format: 'password', example: 'Demo!2345' });

/** Moroccan phone, normalised to +212XXXXXXXXX. */
export const moroccanPhoneField = z
  .string({ error: VALIDATION_MESSAGES.phone })
  .refine(isValidMoroccanPhone, VALIDATION_MESSAGES.phone)
  .transform((p) => normalizeMoroccanPhone(p)!)
  .meta({ example: '+212 612 345 678' });

/** A one-line string field (slugs, search text, URLs ...): refuses control characters and line breaks. */
export const singleLineString = (message: string = VALIDATION_MESSAGES.singleLine) => z.string().refine(isSingleLineText, message);

/** A 6-character verification code. */
export const verificationCodeField = z
  .string({ error: VALIDATION_MESSAGES.verificationCode })
  .trim()
  .regex(new RegExp(`^\\d{${ACCOUNT_LIMITS.verificationCodeLength}}$`), VALIDATION_MESSAGES.verificationCode);
