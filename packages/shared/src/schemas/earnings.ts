/**
 * Earnings, payouts and receipts (docs/reviews-and-earnings.md). Every amount is whole MAD read from
 * the escrow ledger and the payouts table.
 */
import { z } from 'zod';
import { LOCALES, PAYMENT_METHODS, PAYOUT_STATUSES } from '../domain/constants';

/** SPEC §8 Earnings and payouts. */
export const EARNINGS_MESSAGES = {
  loadFailed: 'Failed to load earnings data',
  requestFailed: 'Failed to submit payout request',
  requested: 'Payout request submitted successfully!',
  pending: 'A payout request is already pending.',
  belowMinimum: (minimum: number) => `The minimum payout is ${minimum} MAD.`,
  notFound: 'Payout not found',
  alreadyPaid: 'This payout is already paid.',
  notAProfessional: 'Only approved professionals have earnings.',
  receiptNotFound: 'Receipt not found',
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
  })
  .meta({ id: 'AdminPayout' });
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsResponseSchema = z
  .object({ items: z.array(adminPayoutSchema), pendingTotal: money, paidTotal: money })
  .meta({ id: 'AdminPayouts' });
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;
/** The full account number of a payout's professional (finance access; logged). Null when none is on file. */
export const payoutRevealResponseSchema = z.object({ value: z.string().nullable() }).meta({ id: 'PayoutBankAccount' });
export type PayoutRevealResponse = z.infer<typeof payoutRevealResponseSchema>;

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
