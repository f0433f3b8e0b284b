/**
 * Guarantee claims (docs/claims.md): request and response schemas of /api/bookings/{id}/claim/* and
 * /api/admin/claims. The rules are domain/claims.ts's.
 */
import { z } from 'zod';
import { CLAIM_OUTCOMES, CLAIM_REQUESTS, CLAIM_RULES, CLAIM_STATUSES } from '../domain/claims';
import { isPlainText, VALIDATION_MESSAGES } from '../domain/validation';
import { bookingDateField, wizardStartTimeField } from './booking';

export const CLAIM_FIELD_MESSAGES = {
  description: 'Please describe what went wrong',
  descriptionMin: `Please describe what went wrong in at least ${CLAIM_RULES.descriptionMin} characters`,
  descriptionMax: `Description must be at most ${CLAIM_RULES.descriptionMax} characters`,
  request: 'Please choose what you ask for',
  amount: 'Please enter the amount to refund',
  reason: 'Please give a reason',
  reasonMax: `Reason must be at most ${CLAIM_RULES.reasonMax} characters`,
} as const;

const text = (min: number, max: number, required: string, minMessage: string, maxMessage: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .min(min, minMessage)
    .max(max, maxMessage)
    .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters);

const reasonField = text(CLAIM_RULES.reasonMin, CLAIM_RULES.reasonMax, CLAIM_FIELD_MESSAGES.reason, CLAIM_FIELD_MESSAGES.reason, CLAIM_FIELD_MESSAGES.reasonMax);
const amountField = z.number({ error: CLAIM_FIELD_MESSAGES.amount }).int(CLAIM_FIELD_MESSAGES.amount).positive(CLAIM_FIELD_MESSAGES.amount).max(1_000_000, CLAIM_FIELD_MESSAGES.amount);

export const claimBookingParamsSchema = z.object({ id: z.guid() });

/** POST /api/bookings/{id}/claim: the customer reports a problem (photos follow, one request each). */
export const openClaimRequestSchema = z
  .object({
    description: text(CLAIM_RULES.descriptionMin, CLAIM_RULES.descriptionMax, CLAIM_FIELD_MESSAGES.description, CLAIM_FIELD_MESSAGES.descriptionMin, CLAIM_FIELD_MESSAGES.descriptionMax),
    request: z.enum(CLAIM_REQUESTS, { error: CLAIM_FIELD_MESSAGES.request }),
    /** The partial refund asked for, MAD (only with `partial_refund`). */
    amount: amountField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.request === 'partial_refund' && v.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: CLAIM_FIELD_MESSAGES.amount });
  })
  .meta({ id: 'OpenClaimRequest' });
export type OpenClaimRequest = z.infer<typeof openClaimRequestSchema>;

/** POST /api/bookings/{id}/claim/answer: the professional offers a return visit or disputes. */
export const answerClaimRequestSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('return_visit'), date: bookingDateField, startTime: wizardStartTimeField }),
    z.object({ kind: z.literal('dispute'), reason: reasonField }),
  ])
  .meta({ id: 'AnswerClaimRequest' });
export type AnswerClaimRequest = z.infer<typeof answerClaimRequestSchema>;

/** POST /api/bookings/{id}/claim/reply: the customer accepts the return visit, or rejects it (to an admin). */
export const replyClaimRequestSchema = z
  .object({ accept: z.boolean(), reason: reasonField.optional() })
  .meta({ id: 'ReplyClaimRequest' });
export type ReplyClaimRequest = z.infer<typeof replyClaimRequestSchema>;

/** POST /api/admin/bookings/{id}/claim/decision: a super admin rejects the report or decides a return visit. */
export const decideClaimRequestSchema = z
  .object({
    decision: z.enum(['reject', 'return_visit']),
    reason: reasonField,
    /** Return visit: a free slot of the professional. */
    date: bookingDateField.optional(),
    startTime: wizardStartTimeField.optional(),
  })
  .meta({ id: 'DecideClaimRequest' });

/** POST /api/admin/bookings/{id}/claim/refund: a super or finance admin decides a refund. */
export const refundClaimRequestSchema = z
  .object({
    decision: z.enum(['partial_refund', 'full_refund']),
    reason: reasonField,
    /** Partial refund, MAD: at most what was paid and not refunded already. */
    amount: amountField.optional(),
  })
  .meta({ id: 'RefundClaimRequest' });

/** Either decision, as the decisions service takes it. */
export type DecideClaimRequest = z.infer<typeof decideClaimRequestSchema> | z.infer<typeof refundClaimRequestSchema>;

const visitSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** Casablanca wall clock. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});

export const claimSchema = z
  .object({
    id: z.guid(),
    bookingId: z.guid(),
    status: z.enum(CLAIM_STATUSES),
    request: z.enum(CLAIM_REQUESTS),
    requestedAmount: z.number().int().nullable(),
    description: z.string(),
    photos: z.array(z.object({ id: z.string(), url: z.string() })),
    /** The professional's answer. */
    visit: visitSchema.nullable(),
    disputeReason: z.string().nullable(),
    answeredAt: z.iso.datetime().nullable(),
    /** The customer's rejection of the visit. */
    customerReason: z.string().nullable(),
    /** The outcome once resolved. */
    outcome: z.enum(CLAIM_OUTCOMES).nullable(),
    decisionReason: z.string().nullable(),
    refundAmount: z.number().int().nullable(),
    /** When the refund went to the card (the provider confirmed), or null while it is on its way. */
    refundedAt: z.iso.datetime().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Claim' });
export type Claim = z.infer<typeof claimSchema>;

/** GET /api/bookings/{id}/claim: the booking's guarantee window and its claims, newest first. */
export const claimContextSchema = z
  .object({
    bookingId: z.guid(),
    viewer: z.enum(['customer', 'professional', 'admin']),
    window: z.object({ open: z.boolean(), until: z.iso.datetime().nullable(), untilDate: z.string().nullable() }),
    /** Whether this viewer may report a problem now (the customer, within the window, none open). */
    canOpen: z.boolean(),
    /** What may still be refunded, MAD. */
    refundable: z.number().int(),
    claims: z.array(claimSchema),
  })
  .meta({ id: 'ClaimContext' });
export type ClaimContext = z.infer<typeof claimContextSchema>;

export const adminClaimRowSchema = z
  .object({
    claim: claimSchema,
    reference: z.string(),
    title: z.string(),
    customerName: z.string(),
    professionalName: z.string().nullable(),
    totalAmount: z.number().int(),
    refundable: z.number().int(),
  })
  .meta({ id: 'AdminClaimRow' });
export type AdminClaimRow = z.infer<typeof adminClaimRowSchema>;

export const adminClaimsResponseSchema = z.object({ items: z.array(adminClaimRowSchema) }).meta({ id: 'AdminClaimsResponse' });
export type AdminClaimsResponse = z.infer<typeof adminClaimsResponseSchema>;
