/**
 * A phone account adds its email address from the profile and confirms it (issue 42,
 * docs/accounts.md#email-of-a-phone-account): GET and POST /api/accounts/email, POST
 * /api/accounts/email/confirm.
 */
import { z } from 'zod';
import { isPhonePlaceholderEmail } from '../domain/phone-accounts';
import { emailField, singleLineString, VALIDATION_MESSAGES } from '../domain/validation';

/** The account's email as its owner sees it: a phone account's stand-in address is no email (null). */
export const accountEmailSchema = z
  .object({
    /** The account's real address (null for a phone account that has not confirmed one). */
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    /** The address a confirmation link was sent to and not yet confirmed (the live link's). */
    pendingEmail: z.string().nullable(),
    /** Whether this account may add an email (a phone account without a confirmed one). */
    canAdd: z.boolean(),
  })
  .meta({ id: 'AccountEmail' });
export type AccountEmail = z.infer<typeof accountEmailSchema>;

/** POST /api/accounts/email: the address to confirm; sending again (the same or another) replaces the link. */
export const addEmailRequestSchema = z
  .strictObject({
    email: emailField.refine((e) => !isPhonePlaceholderEmail(e), VALIDATION_MESSAGES.email),
  })
  .meta({ id: 'AddEmailRequest' });
export type AddEmailRequest = z.input<typeof addEmailRequestSchema>;

export const addEmailResponseSchema = z
  .object({ status: z.literal(true), pendingEmail: z.string() })
  .meta({ id: 'AddEmailResponse' });
export type AddEmailResponse = z.infer<typeof addEmailResponseSchema>;

/** POST /api/accounts/email/confirm: the token of the link sent to the added address. */
export const confirmAddedEmailRequestSchema = z
  .strictObject({ token: singleLineString().min(1).max(200) })
  .meta({ id: 'ConfirmAddedEmailRequest' });
export type ConfirmAddedEmailRequest = z.infer<typeof confirmAddedEmailRequestSchema>;

export const confirmAddedEmailResponseSchema = z
  .object({ status: z.literal(true), email: z.string() })
  .meta({ id: 'ConfirmAddedEmailResponse' });
export type ConfirmAddedEmailResponse = z.infer<typeof confirmAddedEmailResponseSchema>;
