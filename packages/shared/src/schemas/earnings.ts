/**
 * Earnings, payouts and receipts (docs/reviews-and-earnings.md). Every amount is whole MAD read from
 * the escrow ledger and the payouts table.
 */
import { z } from 'zod';
import { LOCALES } from '../domain/constants';
import { PAYMENT_METHODS, PAYMENT_REFUND_STATUSES } from '../domain/payments';
import { PAYOUT_STATUSES } from '../domain/payouts';
import { PAYOUT_BATCH_EXCLUSIONS, PAYOUT_BATCH_MAX } from '../domain/payout-batches';
import { INVOICE_KINDS } from '../domain/invoices';

/** SPEC §8 Earnings and payouts. */
export const EARNINGS_MESSAGES = {
  loadFailed: 'Failed to load earnings data',
  requestFailed: 'Failed to submit payout request',
  requested: 'Payout request submitted successfully!',
  pending: 'A payout request is already pending.',
  belowMinimum: (minimum: number) => `The minimum payout is ${minimum} MAD.`,
  notFound: 'Payout not found',
  alreadyPaid: 'This payout is already paid.',
  batchEmpty: 'None of the selected payouts can be sent: see the reason next to each.',
  batchNotFound: 'Batch not found',
  statementEmpty: 'The statement has no lines with a reference and an amount.',
  statementInvalid: 'The statement could not be read: it must be a CSV with reference, amount and date columns.',
  exclusions: {
    NOT_PENDING: 'Not pending: already in a batch or paid.',
    NO_BANK_DETAILS: 'No bank account on file.',
    RIB_INVALID: 'The RIB is not valid (24 digits whose key checks out).',
    HOLDER_MISSING: 'The account holder name is missing or not in Latin letters.',
  },
  notAProfessional: 'Only approved professionals have earnings.',
  receiptNotFound: 'Receipt not found',
  invoiceNotFound: 'Invoice not found',
} as const;

const money = z.number().int();
const instant = z.iso.datetime({ offset: true });

export const payoutSchema = z
  .object({ id: z.guid(), amount: money, status: z.enum(PAYOUT_STATUSES), createdAt: instant, paidAt: instant.nullable() })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

export const earningsSummarySchema = z
  .object({
    currency: z.literal('MAD'),
    /** Bookings of this professional with status completed. */
    completedJobs: z.number().int(),
    /** The professional's share of money the escrow holds for their bookings (not released yet). */
    escrowHeld: money,
    /** Everything ever credited to the professional's ledger account (releases, cancellation fees). */
    released: money,
    /** Payouts marked paid (moved out of the ledger account). */
    paidOut: money,
    /** Pending payouts: all payouts minus paid ones. */
    pendingPayouts: money,
    /** The ledger balance (released - paid out). */
    balance: money,
    /** What a request would take now: balance minus pending payouts. */
    requestable: money,
    minimumPayout: money,
    /** Released money per Casablanca month, the last 6 months, oldest first. */
    monthly: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: money })),
    /** Newest first. */
    payouts: z.array(payoutSchema),
  })
  .meta({ id: 'EarningsSummary' });
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

export const payoutRequestResponseSchema = z.object({ payout: payoutSchema, message: z.string() }).meta({ id: 'PayoutRequested' });

export const payoutIdParamsSchema = z.object({ id: z.guid() });
export const adminPayoutsQuerySchema = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });

/**
 * Where a payout goes: the bank details of the professional's latest approved application, the
 * account number masked (last 4 digits; the full one only through POST /api/admin/payouts/{id}/reveal).
 */
export const payoutBankSchema = z.object({ bankName: z.string().nullable(), accountHolder: z.string().nullable(), account: z.string().nullable() });
export const adminPayoutSchema = payoutSchema
  .extend({
    professional: z.object({ id: z.guid(), name: z.string(), fullName: z.string(), city: z.string().nullable() }),
    /** Null when the professional has no approved application. */
    bank: payoutBankSchema.nullable(),
    /** The bank's reference of the transfer (set when the payout goes into a batch). */
    reference: z.string().nullable(),
    /** The batch the payout was sent in, and when. */
    batch: z.object({ id: z.guid(), number: z.string() }).nullable(),
    sentAt: instant.nullable(),
    /** Why a pending payout cannot go into a batch now (null: it can, or it is not pending). */
    batchExclusion: z.enum(PAYOUT_BATCH_EXCLUSIONS).nullable(),
  })
  .meta({ id: 'AdminPayout' });
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsResponseSchema = z
  .object({ items: z.array(adminPayoutSchema), pendingTotal: money, sentTotal: money, paidTotal: money })
  .meta({ id: 'AdminPayouts' });
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;
/** The full account number of a payout's professional (finance access; logged). Null when none is on file. */
export const payoutRevealResponseSchema = z.object({ value: z.string().nullable() }).meta({ id: 'PayoutBankAccount' });
export type PayoutRevealResponse = z.infer<typeof payoutRevealResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Payout batches (docs/payments.md "Payout batches")
// ---------------------------------------------------------------------------------------------

export const createPayoutBatchSchema = z
  .object({ payoutIds: z.array(z.guid()).min(1, 'Select at least one payout.').max(PAYOUT_BATCH_MAX) })
  .meta({ id: 'CreatePayoutBatch' });
export const payoutBatchSchema = z
  .object({
    id: z.guid(),
    number: z.string(),
    createdAt: instant,
    count: z.number().int(),
    total: money,
    /** How many of its payouts the bank has paid so far. */
    paidCount: z.number().int(),
  })
  .meta({ id: 'PayoutBatch' });
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export const payoutExclusionSchema = z.object({ payoutId: z.guid(), reason: z.enum(PAYOUT_BATCH_EXCLUSIONS), message: z.string() });
export const createPayoutBatchResponseSchema = z
  .object({ batch: payoutBatchSchema, excluded: z.array(payoutExclusionSchema) })
  .meta({ id: 'PayoutBatchCreated' });
export type CreatePayoutBatchResponse = z.infer<typeof createPayoutBatchResponseSchema>;
export const payoutBatchesResponseSchema = z.object({ items: z.array(payoutBatchSchema) }).meta({ id: 'PayoutBatches' });
export type PayoutBatchesResponse = z.infer<typeof payoutBatchesResponseSchema>;
export const payoutBatchParamsSchema = z.object({ id: z.guid() });
export const payoutBatchFileQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

/** The bank statement's lines, as the CSV file's text (at most 1 MB). */
export const payoutStatementSchema = z.object({ csv: z.string().min(1).max(1_000_000) }).meta({ id: 'PayoutStatement' });
export const STATEMENT_LINE_ISSUES = ['UNKNOWN_REFERENCE', 'AMOUNT_MISMATCH', 'NOT_SENT', 'ALREADY_PAID', 'UNREADABLE'] as const;
export type StatementLineIssue = (typeof STATEMENT_LINE_ISSUES)[number];
export const payoutStatementResultSchema = z
  .object({
    /** Payouts marked paid by this import. */
    paid: z.array(z.object({ line: z.number().int(), payoutId: z.guid(), reference: z.string(), amount: money })),
    /** Lines that matched nothing (or a payout already paid: importing the same statement twice pays nothing twice). */
    unmatched: z.array(
      z.object({ line: z.number().int(), reference: z.string(), amount: z.number().nullable(), date: z.string().nullable(), issue: z.enum(STATEMENT_LINE_ISSUES) }),
    ),
  })
  .meta({ id: 'PayoutStatementResult' });
export type PayoutStatementResult = z.infer<typeof payoutStatementResultSchema>;

export const receiptParamsSchema = z.object({ bookingId: z.guid() });
export const receiptQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

export const receiptSchema = z
  .object({
    bookingId: z.guid(),
    reference: z.string(),
    /** The customer's language (the receipt's language unless ?lang= asks for another). */
    locale: z.enum(LOCALES),
    title: z.string(),
    customerName: z.string(),
    professionalName: z.string(),
    city: z.string(),
    lines: z.array(z.object({ kind: z.string(), label: z.string(), amount: money })),
    serviceFee: money,
    /** Promo code and referral credit taken off (docs/promos.md); total is what was paid. */
    discounts: z.array(z.object({ source: z.enum(['promo', 'credit']), code: z.string().nullable(), amount: money })).optional(),
    total: money,
    paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
    paidAt: instant.nullable(),
    bookedAt: instant,
    scheduledStart: instant,
    completedAt: instant.nullable(),
    status: z.string(),
    refunds: z.array(z.object({ amount: money, at: instant })),
    refundedTotal: money,
    company: z.object({ name: z.string(), address: z.string(), email: z.string(), website: z.string() }),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

// ---------------------------------------------------------------------------------------------
// Invoices and credit notes (docs/payments.md "Invoices"): amounts in centimes
// ---------------------------------------------------------------------------------------------

const cents = z.number().int();
export const invoiceDocumentSchema = z
  .object({
    id: z.guid(),
    kind: z.enum(INVOICE_KINDS),
    number: z.string(),
    issuedAt: instant,
    /** A credit note's invoice number. */
    invoiceNumber: z.string().nullable(),
    /** The professional's service, billed on their behalf, outside the platform's VAT. */
    serviceCents: cents,
    /** Khedma's service fee without VAT, the VAT on it, the total (service + fee with VAT). */
    feeExclVatCents: cents,
    feeVatCents: cents,
    totalCents: cents,
    vatRate: z.number(),
  })
  .meta({ id: 'InvoiceDocument' });
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;
export const invoiceSchema = z
  .object({
    bookingId: z.guid(),
    /** The customer's language (the invoice's language unless ?lang= asks for another). */
    locale: z.enum(LOCALES),
    title: z.string(),
    professionalName: z.string(),
    seller: z.object({ name: z.string(), address: z.string(), ice: z.string(), if: z.string(), rc: z.string() }),
    customer: z.object({ name: z.string(), ice: z.string().nullable() }),
    invoice: invoiceDocumentSchema,
    creditNotes: z.array(invoiceDocumentSchema),
    /**
     * The platform's discounts on the booking (docs/promos.md), in centimes: the invoice lists the
     * professional's service at its price, then each discount taken off it (its total is what was paid).
     */
    discounts: z.array(z.object({ source: z.enum(['promo', 'credit']), code: z.string().nullable(), amountCents: cents })).optional(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceQuerySchema = z.object({
  lang: z.enum(LOCALES).optional(),
  /** A credit note of the booking (its id); without it, the invoice. */
  document: z.guid().optional(),
});

/**
 * Finance's payment lists (docs/payments.md): refunds the provider refused, with its reason, and the
 * daily reconciliation's differences. GET /api/admin/payments/refunds/failed and /reconciliation.
 */
export const failedRefundSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  /** The booking's reference as customers and support see it (bookingReference). */
  bookingReference: z.string(),
  paymentId: z.string(),
  customerName: z.string(),
  amount: z.number().int(),
  /** Why the refund was decided (the admin's or the cancellation's reason). */
  reason: z.string().nullable(),
  /** The provider's words when it refused. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  /** When the provider refused it. */
  failedAt: z.string(),
});
export type FailedRefund = z.infer<typeof failedRefundSchema>;
export const failedRefundsResponseSchema = z.object({ refunds: z.array(failedRefundSchema) });
export type FailedRefundsResponse = z.infer<typeof failedRefundsResponseSchema>;

export const refundIdParamsSchema = z.object({ id: z.guid() });

/** A retried refund's state once its job ran: succeeded, failed again (with the reason), or still pending. */
export const retryRefundResponseSchema = z.object({
  refund: z.object({ id: z.string(), status: z.enum(PAYMENT_REFUND_STATUSES), failureReason: z.string().nullable() }),
});
export type RetryRefundResponse = z.infer<typeof retryRefundResponseSchema>;

/** What a reconciliation difference is about (reconciliation.service.ts). */
export const RECONCILIATION_KINDS = ['status', 'amount', 'refunded', 'unreachable'] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];
export const reconciliationDifferenceSchema = z.object({
  /** The run's date (UTC calendar date, YYYY-MM-DD). */
  runDate: z.string(),
  paymentId: z.string(),
  bookingId: z.string().nullable(),
  bookingReference: z.string().nullable(),
  kind: z.string(),
  /** Ours and the provider's: whole MAD for amount and refunded, a status word otherwise. */
  ours: z.string(),
  theirs: z.string(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;
export const reconciliationResponseSchema = z.object({ differences: z.array(reconciliationDifferenceSchema) });
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;
