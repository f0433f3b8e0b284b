/**
 * Confirming an email sign-up, closing one's account and exporting one's data (issue 41,
 * docs/accounts.md, docs/retention.md): requests and answers of /api/accounts/confirm-email and
 * /api/account/*.
 */
import { z } from 'zod';
import { CLOSURE_BLOCKERS, RETENTION_YEARS } from '../domain/retention';
import { VALIDATION_MESSAGES, newPasswordField, singleLineString } from '../domain/validation';

/**
 * POST /api/accounts/confirm-email: the confirmation link's token and the password the owner of the
 * address chooses now (the one typed at sign-up could be anybody's, docs/accounts.md "Confirmation").
 */
export const confirmEmailRequestSchema = z
  .object({
    token: singleLineString().min(1).max(200),
    password: newPasswordField,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || typeof v.password !== 'string' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
  })
  .meta({ id: 'ConfirmEmailRequest' });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

export const confirmEmailResponseSchema = z
  .object({
    status: z.literal(true),
    /** Where to go now: the path the sign-up was heading to, with ?verified=1. */
    next: z.string(),
  })
  .meta({ id: 'ConfirmEmailResponse' });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

/** GET /api/account/closure: whether the account may be closed now, and what is kept for how long. */
export const closureStatusSchema = z
  .object({
    canClose: z.boolean(),
    blockers: z.array(z.enum(CLOSURE_BLOCKERS)),
    /** The periods the page explains (years). */
    retentionYears: z.object({
      financialRecords: z.literal(RETENTION_YEARS.financialRecords),
      complaintRecords: z.literal(RETENTION_YEARS.complaintRecords),
      bookingHistory: z.literal(RETENTION_YEARS.bookingHistory),
      closedAccount: z.literal(RETENTION_YEARS.closedAccount),
    }),
  })
  .meta({ id: 'ClosureStatus' });
export type ClosureStatus = z.infer<typeof closureStatusSchema>;

/** POST /api/account/close: the account's own email address typed again, as a confirmation. */
export const closeAccountRequestSchema = z
  .object({ confirmEmail: z.string().trim().min(1, 'Type your email address to confirm.').max(320) })
  .meta({ id: 'CloseAccountRequest' });
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

export const closeAccountResponseSchema = z
  .object({ status: z.literal(true), closedAt: z.string(), dataDeletedAfter: z.string() })
  .meta({ id: 'CloseAccountResponse' });
export type CloseAccountResponse = z.infer<typeof closeAccountResponseSchema>;

const row = z.record(z.string(), z.unknown());

/** GET /api/account/export: the signed-in person's own data, as a JSON download. */
export const accountExportSchema = z
  .object({
    format: z.literal('khedma-account-export/1'),
    exportedAt: z.string(),
    account: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), phoneNumber: z.string().nullable(), createdAt: z.string() }),
    profile: row.nullable(),
    notificationPreferences: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
    professional: row.nullable(),
    bookings: z.array(row),
    messages: z.array(row),
    reviewsWritten: z.array(row),
    reviewsReceived: z.array(row),
    payments: z.array(row),
    invoices: z.array(row),
    payouts: z.array(row),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
