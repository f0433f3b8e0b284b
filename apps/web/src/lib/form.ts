/**
 * Form helpers shared by every feature: run the shared zod schema (the server's own rule) and turn
 * its English messages (SPEC §5, exact) into the reader's language.
 */
import type { TFunction } from 'i18next';
import { PASSWORD_RULES, PASSWORD_TOO_LONG_MESSAGE, VALIDATION_MESSAGES } from '@khedma/shared/domain/validation';
import { PROFILE_MESSAGES } from '@khedma/shared/schemas/profile';

/** What the helpers need of a zod schema (kept structural: the web app does not depend on zod itself). */
export interface SafeParser<Out> {
  safeParse(value: unknown): { success: true; data: Out } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export type FieldErrors = Record<string, string>;

/** Validates `values`: the parsed data, or the first English message of each failing field. */
export function validate<Out>(schema: SafeParser<Out>, values: unknown): { ok: true; data: Out } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

const PASSWORD_RULE_KEYS = ['validation.passwordMin', 'validation.passwordUpper', 'validation.passwordLower', 'validation.passwordNumber', 'validation.passwordSpecial'] as const;

type ValidationKey = `validation.${string}`;

/** English message (shared with the server) -> key of its translation in src/locales/*.json. */
const KEY_BY_MESSAGE = new Map<string, ValidationKey>([
  [VALIDATION_MESSAGES.email, 'validation.email'],
  [VALIDATION_MESSAGES.emailRequired, 'validation.emailRequired'],
  [VALIDATION_MESSAGES.name, 'validation.name'],
  [VALIDATION_MESSAGES.loginPassword, 'validation.loginPassword'],
  [VALIDATION_MESSAGES.passwordRequired, 'validation.passwordRequired'],
  [VALIDATION_MESSAGES.passwordsDoNotMatch, 'validation.passwordsDoNotMatch'],
  [VALIDATION_MESSAGES.userType, 'validation.userType'],
  [VALIDATION_MESSAGES.acceptAge, 'validation.acceptAge'],
  [VALIDATION_MESSAGES.acceptTerms, 'validation.acceptTerms'],
  [VALIDATION_MESSAGES.phone, 'validation.phone'],
  [VALIDATION_MESSAGES.verificationCode, 'validation.verificationCode'],
  [VALIDATION_MESSAGES.locale, 'validation.locale'],
  [PASSWORD_TOO_LONG_MESSAGE, 'validation.passwordTooLong'],
  ...PASSWORD_RULES.map((rule, i) => [rule.message, PASSWORD_RULE_KEYS[i]!] as [string, ValidationKey]),
  [PROFILE_MESSAGES.location, 'validation.location'],
  [PROFILE_MESSAGES.aboutMe, 'validation.aboutMe'],
  [PROFILE_MESSAGES.avatarTooLarge, 'validation.avatarTooLarge'],
  [PROFILE_MESSAGES.avatarType, 'validation.avatarType'],
  [PROFILE_MESSAGES.avatarMissing, 'validation.avatarMissing'],
]);

/**
 * The reader's-language version of a shared validation message. The sign-up password message is
 * several rules joined with ". " (PRODUCT.md §2): each part is translated and joined the same way.
 * A message we do not know is shown as it came (English) rather than lost.
 */
export function translateValidationMessage(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  if (key) return t(key as never);
  const parts = message.split('. ');
  if (parts.length > 1 && parts.every((p) => KEY_BY_MESSAGE.has(p))) {
    return parts.map((p) => t(KEY_BY_MESSAGE.get(p)! as never)).join('. ');
  }
  return message;
}

/** Whether a message is one of the shared validation messages (so it may be shown to the user). */
export function isKnownValidationMessage(message: string): boolean {
  return KEY_BY_MESSAGE.has(message) || message.split('. ').every((p) => KEY_BY_MESSAGE.has(p));
}

/** Server field errors (`error.fields`) keyed by our form's field names. */
export function mapServerFields(fields: Record<string, string>, rename: Record<string, string> = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) out[rename[key] ?? key] = message;
  return out;
}
