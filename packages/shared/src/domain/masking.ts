/**
 * Masking of sensitive values (docs/admin.md, SPEC §5): what an admin answer carries instead of the
 * value until a reveal (its own request, checked and logged). The server masks; the web app only shows.
 *
 * - phone: first 3 and last 2 digits (spaces and punctuation dropped, a leading + kept);
 * - email: first and last character of the local part, the domain kept;
 * - IBAN / RIB: first 4 and last 4 characters (spaces dropped);
 * - tax id: first 2 and last 2 characters.
 *
 * A value too short to keep those ends is masked whole: masking never gives the full value back.
 */

/** sensitive_access_log.action (docs/admin.md "Audit"). */
export const SENSITIVE_ACCESS_ACTIONS = [
  'view_sensitive',
  'view_applications',
  'approve_application',
  'reject_application',
  'view_document',
  /** Issue 41: a professional suspended or reinstated by a super_admin (record: professionals.id). */
  'suspend_professional',
  'reinstate_professional',
] as const;
export type SensitiveAccessAction = (typeof SENSITIVE_ACCESS_ACTIONS)[number];
export const MASK_CHAR = '•';

/** Keeps `head` leading and `tail` trailing characters of `value`, every other one masked. */
export function maskMiddle(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) return MASK_CHAR.repeat(Math.max(chars.length, 4));
  return chars.slice(0, head).join('') + MASK_CHAR.repeat(chars.length - head - tail) + chars.slice(chars.length - tail).join('');
}

export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const plus = phone.trim().startsWith('+') ? '+' : '';
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return plus + maskMiddle(digits, 3, 2);
}

export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return maskMiddle(email, 1, 1);
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const chars = [...local];
  const masked = chars.length <= 2 ? MASK_CHAR.repeat(3) : chars[0] + MASK_CHAR.repeat(chars.length - 2) + chars[chars.length - 1];
  return `${masked}@${domain}`;
}

export function maskIban(iban: string | null | undefined): string | null {
  if (!iban) return null;
  const compact = iban.replace(/\s+/g, '');
  return compact ? maskMiddle(compact, 4, 4) : null;
}

export function maskTaxId(taxId: string | null | undefined): string | null {
  if (!taxId) return null;
  const compact = taxId.trim();
  return compact ? maskMiddle(compact, 2, 2) : null;
}

/** The sensitive fields of an application a reveal may ask for, and who may reveal each. */
export const REVEALABLE_FIELDS = ['phone', 'email', 'iban', 'taxId'] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];
/** Bank and tax data need finance access (finance:read); contact data the reviewer's right. */
export const FINANCIAL_FIELDS: readonly RevealableField[] = ['iban', 'taxId'];

export function maskField(field: RevealableField, value: string | null | undefined): string | null {
  switch (field) {
    case 'phone':
      return maskPhone(value);
    case 'email':
      return maskEmail(value);
    case 'iban':
      return maskIban(value);
    case 'taxId':
      return maskTaxId(value);
  }
}
