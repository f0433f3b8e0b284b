/**
 * Invoices and credit notes (docs/payments.md "Invoices").
 *
 * - Every paid booking has one invoice; every refund one credit note referencing it. Each kind has its
 *   own gap-free series per year: KH-2026-000001 for invoices, KH-AV-2026-000001 for credit notes
 *   (avoirs).
 * - What the customer pays is two things: the professional's service (the booking's service price and
 *   add-ons), billed by Khedma on the professional's behalf and outside Khedma's VAT; and Khedma's own
 *   service fee, on which Moroccan VAT (VAT_RATE, 20 %) is due. The fee the customer pays includes
 *   the VAT: the invoice states it without VAT, the VAT, and with VAT, to the centime.
 * - A refund credits Khedma's fee first (the platform keeps nothing of a cancelled booking), then the
 *   professional's service for the rest (the cancellation fee a professional keeps is what is not refunded).
 */

/**
 * Moroccan VAT (TVA) on the platform's own service: the service fee (docs/payments.md "Invoices").
 * The professional's service is billed on the professional's behalf, outside the platform's VAT.
 */
export const VAT_RATE = 0.2;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A business customer's ICE (Identifiant Commun de l'Entreprise): 15 digits. */
export const ICE_PATTERN = /^\d{15}$/;
export const isValidIce = (value: string): boolean => ICE_PATTERN.test(value);

export const invoiceNumber = (kind: InvoiceKind, year: number, seq: number): string =>
  `${kind === 'invoice' ? 'KH' : 'KH-AV'}-${year}-${String(seq).padStart(6, '0')}`;

/** An amount with VAT (whole MAD or centimes, as centimes) split into without VAT and the VAT, to the centime. */
export function vatSplit(inclCents: number, rate = VAT_RATE): { exclCents: number; vatCents: number } {
  const exclCents = Math.round(inclCents / (1 + rate));
  return { exclCents, vatCents: inclCents - exclCents };
}

export interface DocumentAmounts {
  serviceCents: number;
  feeExclVatCents: number;
  feeVatCents: number;
  totalCents: number;
}

/** An invoice's amounts from what was paid (whole MAD) and the booking's service fee (whole MAD, VAT included). */
export function invoiceAmounts(paid: number, serviceFee: number): DocumentAmounts {
  const fee = Math.min(serviceFee, paid);
  const { exclCents, vatCents } = vatSplit(fee * 100);
  const serviceCents = (paid - fee) * 100;
  return { serviceCents, feeExclVatCents: exclCents, feeVatCents: vatCents, totalCents: serviceCents + exclCents + vatCents };
}

/**
 * A credit note's amounts: `refund` (whole MAD) credits the fee still uncredited first, then the service.
 * `feeLeftCents` is the invoice's fee (with VAT) minus what earlier credit notes credited of it.
 */
export function creditNoteAmounts(refund: number, feeLeftCents: number): DocumentAmounts {
  const refundCents = refund * 100;
  const feeCents = Math.max(0, Math.min(refundCents, feeLeftCents));
  const { exclCents, vatCents } = vatSplit(feeCents);
  const serviceCents = refundCents - feeCents;
  return { serviceCents, feeExclVatCents: exclCents, feeVatCents: vatCents, totalCents: refundCents };
}
