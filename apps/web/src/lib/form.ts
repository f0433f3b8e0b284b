/**
 * Form helpers shared by every feature: run the shared zod schema (the server's own rule) and turn
 * its English messages (docs/README.md, exact) into the reader's language.
 */
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState, type ChangeEvent, type FocusEvent } from 'react';
import { useTranslation } from './use-translation';
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
  [VALIDATION_MESSAGES.singleLine, 'validation.singleLine'],
  [VALIDATION_MESSAGES.controlCharacters, 'validation.controlCharacters'],
  [PASSWORD_TOO_LONG_MESSAGE, 'validation.passwordTooLong'],
  ...PASSWORD_RULES.map((rule, i) => [rule.message, PASSWORD_RULE_KEYS[i]!] as [string, ValidationKey]),
  [PROFILE_MESSAGES.location, 'validation.location'],
  [PROFILE_MESSAGES.aboutMe, 'validation.aboutMe'],
  [PROFILE_MESSAGES.ice, 'validation.ice'],
  [PROFILE_MESSAGES.avatarTooLarge, 'validation.avatarTooLarge'],
  [PROFILE_MESSAGES.avatarType, 'validation.avatarType'],
  [PROFILE_MESSAGES.avatarMissing, 'validation.avatarMissing'],
]);

/**
 * The reader's-language version of a shared validation message. The sign-up password message is
 * several rules joined with ". " (docs/README.md): each part is translated and joined the same way.
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

type Values = Record<string, string | boolean>;

export interface FormOptions<V extends Values, Out> {
  initial: V;
  schema: SafeParser<Out>;
  /** Prefix of the controls' ids (`${idPrefix}-${field}`), so the first invalid one can take focus. */
  idPrefix: string;
  /** Values as the schema expects them (extra fixed fields, renamed ones). */
  toInput?: (values: V) => unknown;
  /**
   * The message for a field left empty, when the schema's own would list every rule (the sign-up
   * password: "Password is required" reads better than five rules for an empty field).
   */
  emptyMessages?: Partial<Record<keyof V & string, string>>;
}

/**
 * A small form state for the shared schemas: values, the messages to show (a field's message appears
 * once the user moved on to another field or submitted, and goes as soon as it is fixed), server field errors,
 * and submit() which returns the parsed data or focuses the first invalid field.
 */
export function useSchemaForm<V extends Values, Out>({ initial, schema, idPrefix, toInput, emptyMessages }: FormOptions<V, Out>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<FieldErrors>({});

  const result = useMemo(() => {
    const r = validate(schema, toInput ? toInput(values) : values);
    if (r.ok || !emptyMessages) return r;
    const errors = { ...r.errors };
    for (const [name, message] of Object.entries(emptyMessages) as Array<[string, string | undefined]>) {
      if (message && errors[name] && values[name] === '') errors[name] = message;
    }
    return { ok: false as const, errors };
  }, [schema, toInput, values, emptyMessages]);
  const clientErrors = result.ok ? {} : result.errors;

  const errorOf = (name: keyof V & string): string | undefined => {
    const message = serverErrors[name] ?? (submitted || touched[name] ? clientErrors[name] : undefined);
    return message ? translateValidationMessage(t, message) : undefined;
  };

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrorsState((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name as string];
      return next;
    });
  }, []);

  const id = (name: keyof V & string) => `${idPrefix}-${name}`;

  /** Props for a text input, textarea or select bound to `name`. */
  const field = (name: keyof V & string) => ({
    id: id(name),
    name,
    value: String(values[name] ?? ''),
    error: errorOf(name),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(name, e.target.value as V[typeof name]),
    onBlur: (e: FocusEvent) => {
      // Leaving for another field shows this one's message. Not when focus goes to the submit button
      // (or nowhere): the message would appear between press and release, move the button, and
      // swallow the click; submitting shows every message anyway.
      const next = e.relatedTarget;
      if (!(next instanceof HTMLElement) || (next instanceof HTMLButtonElement && next.type === 'submit')) return;
      setTouched((s) => (s[name] ? s : { ...s, [name]: true }));
    },
  });

  /** Props for a checkbox bound to `name`. */
  const checkbox = (name: keyof V & string) => ({
    id: id(name),
    name,
    checked: Boolean(values[name]),
    error: errorOf(name),
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.checked as V[typeof name]),
  });

  const focusFirst = (errors: FieldErrors) => {
    const first = (Object.keys(initial) as string[]).find((k) => errors[k]);
    if (first) requestAnimationFrame(() => document.getElementById(`${idPrefix}-${first}`)?.focus());
  };

  /** The parsed data when every rule holds; otherwise shows every message and focuses the first field. */
  const submit = (): Out | null => {
    setSubmitted(true);
    if (result.ok) return result.data;
    focusFirst(result.errors);
    return null;
  };

  /** Field messages from the server (English, shared): shown until the field changes. */
  const setServerErrors = (errors: FieldErrors) => {
    setServerErrorsState(errors);
    focusFirst(errors);
  };

  return { values, setValue, field, checkbox, submit, setServerErrors, errorOf, reset: () => setValues(initial) };
}
