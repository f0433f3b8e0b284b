/**
 * Payout batches (docs/payments.md "Payout batches"): finance puts pending payouts into one bank
 * transfer batch (a CSV for the bank's bulk transfer, the same as a PDF), each payout becomes `sent`;
 * it becomes `paid` (and the ledger moves) when the bank's statement shows it, or one by one.
 *
 * The rules here are shared by the server (which enforces them) and the admin page (which shows why a
 * payout cannot go into a batch before finance tries).
 */
import { isValidRib, normalizeRib } from './applications';

/** Why a payout stays out of a batch. */
export const PAYOUT_BATCH_EXCLUSIONS = ['NOT_PENDING', 'NO_BANK_DETAILS', 'RIB_INVALID', 'HOLDER_MISSING'] as const;
export type PayoutBatchExclusion = (typeof PAYOUT_BATCH_EXCLUSIONS)[number];

/** At most this many transfers in one batch (bank portals cap a bulk file; ours stays well under). */
export const PAYOUT_BATCH_MAX = 200;
/** Longest beneficiary name and transfer reason a bulk transfer line carries (SWIFT-style 35 characters). */
export const BANK_TEXT_MAX = 35;

/**
 * The bank's reference of a payout: `KHP` and the first 12 hexadecimal digits of its id, upper case
 * (15 characters, letters and digits only: every bank keeps such a reference on the statement line).
 */
export function payoutReference(payoutId: string): string {
  return `KHP${payoutId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/**
 * A name as a bank transfer carries it: Latin capitals, digits, space and . - ' only (accents
 * dropped), spaces collapsed, at most BANK_TEXT_MAX characters. Empty when nothing Latin is left
 * (a name written only in Arabic script): such a payout needs its holder name in Latin letters.
 */
export function bankText(input: string | null | undefined, max = BANK_TEXT_MAX): string {
  return (input ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœ]/gi, (c) => ({ ß: 'SS', æ: 'AE', œ: 'OE' })[c.toLowerCase() as 'ß' | 'æ' | 'œ'])
    .toUpperCase()
    .replace(/[^A-Z0-9 .'-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The 24-digit RIB of a stored account number: spaces dropped; a Moroccan IBAN (MA, 2 check digits, the RIB) gives its RIB. */
export function ribOf(value: string): string {
  const v = normalizeRib(value).toUpperCase();
  return /^MA\d{26}$/.test(v) ? v.slice(4) : v;
}

/** Whether a payout may go into a batch, and if not, why (the first reason that applies). */
export function batchEligibility(p: {
  status: string;
  bank: { accountHolder: string | null; bankAccountIban: string | null } | null | undefined;
}): { ok: true; rib: string; holder: string } | { ok: false; reason: PayoutBatchExclusion } {
  if (p.status !== 'pending') return { ok: false, reason: 'NOT_PENDING' };
  if (!p.bank || !p.bank.bankAccountIban) return { ok: false, reason: 'NO_BANK_DETAILS' };
  const rib = ribOf(p.bank.bankAccountIban);
  if (!isValidRib(rib)) return { ok: false, reason: 'RIB_INVALID' };
  const holder = bankText(p.bank.accountHolder);
  if (!holder) return { ok: false, reason: 'HOLDER_MISSING' };
  return { ok: true, rib, holder };
}

/** A batch's number: KHV-<year>-<its sequence, 4 digits at least>. */
export const payoutBatchNumber = (year: number, seq: number) => `KHV-${year}-${String(seq).padStart(4, '0')}`;
