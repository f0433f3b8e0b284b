import { z } from 'zod';

/** Contact form (SPEC §3, §5): name, email and message required; phone optional. */
export const CONTACT_LIMITS = { nameMax: 100, messageMin: 10, messageMax: 2000, phoneMax: 20 } as const;

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(CONTACT_LIMITS.nameMax, 'Please enter your name'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phoneMax, 'Please enter a valid phone number')
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Please enter a valid phone number')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, 'Please enter a message of at least 10 characters')
    .max(CONTACT_LIMITS.messageMax, 'Your message is too long (2000 characters at most)'),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.uuid(), message: z.string() });

export const CONTACT_SUCCESS_MESSAGE = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE_MESSAGE = 'Failed to send message. Please try again.';
