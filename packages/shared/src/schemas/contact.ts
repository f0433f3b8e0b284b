import { z } from 'zod';
import { VALIDATION_MESSAGES, isPlainText, isSingleLineText } from '../domain/validation';

/** Contact form (docs/public-site.md): name, email and message required; phone optional. */
export const CONTACT_LIMITS = { nameMax: 100, messageMin: 10, messageMax: 2000, phoneMax: 20 } as const;

/**
 * How many messages the contact form takes (POST /api/contact and the page's plain POST /contact, counted
 * together in the database): per client address an hour, and per sender's email a day.
 */
export const CONTACT_RATE_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 60 * 60 },
  perEmail: { limit: 20, windowSeconds: 24 * 60 * 60 },
} as const;

/** The form's messages (docs/public-site.md gives none for the fields); the web app translates each (contact-messages.ts). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name is too long (${CONTACT_LIMITS.nameMax} characters at most)`,
  email: VALIDATION_MESSAGES.email,
  phone: 'Please enter a valid phone number',
  messageTooShort: `Please enter a message of at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Your message is too long (${CONTACT_LIMITS.messageMax} characters at most)`,
  /** The name goes into the support email's subject: one line, no control characters. */
  singleLine: VALIDATION_MESSAGES.singleLine,
  controlCharacters: VALIDATION_MESSAGES.controlCharacters,
} as const;

export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong)
    .refine(isSingleLineText, CONTACT_MESSAGES.singleLine),
  email: z.string().trim().pipe(z.email(CONTACT_MESSAGES.email)),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phoneMax, CONTACT_MESSAGES.phone)
    .regex(/^\+?[0-9 ()-]{6,20}$/, CONTACT_MESSAGES.phone)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong)
    .refine(isPlainText, CONTACT_MESSAGES.controlCharacters),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.guid(), message: z.string() });

export const CONTACT_SUCCESS_MESSAGE = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE_MESSAGE = 'Failed to send message. Please try again.';
