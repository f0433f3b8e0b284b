/**
 * Request and response schemas of the support API (docs/support.md): a person's tickets
 * (/api/support/tickets) and the admin queue (/api/admin/support/tickets).
 */
import { z } from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGES, SUPPORT_RULES, SUPPORT_SOURCES, SUPPORT_STATUSES } from '../domain/support';
import { isPlainText, isSingleLineText } from '../domain/validation';

const subject = z
  .string()
  .trim()
  .min(SUPPORT_RULES.subjectMin, SUPPORT_MESSAGES.subjectTooShort)
  .max(SUPPORT_RULES.subjectMax, SUPPORT_MESSAGES.subjectTooLong)
  .refine(isSingleLineText, 'Please keep the subject on one line.');

const body = z
  .string()
  .trim()
  .min(SUPPORT_RULES.messageMin, SUPPORT_MESSAGES.messageRequired)
  .max(SUPPORT_RULES.messageMax, SUPPORT_MESSAGES.messageTooLong)
  .refine(isPlainText, 'Please remove the control characters.');

export const supportTicketParamsSchema = z.object({ id: z.guid() });

/** POST /api/support/tickets: a signed-in person opens a ticket, on one of their bookings or not. */
export const createSupportTicketRequestSchema = z
  .object({
    subject,
    category: z.enum(SUPPORT_CATEGORIES, SUPPORT_MESSAGES.category),
    message: body,
    /** One of the caller's bookings (as its customer or its professional); anything else is 404. */
    bookingId: z.guid().nullish(),
  })
  .meta({ id: 'CreateSupportTicketRequest' });
export type CreateSupportTicketRequest = z.infer<typeof createSupportTicketRequestSchema>;

/** POST .../messages: a reply (the person's or support's). */
export const supportReplyRequestSchema = z.object({ message: body }).meta({ id: 'SupportReplyRequest' });

/** POST /api/admin/support/tickets/:id/messages: support's answer, or an internal note the person never sees. */
export const supportAdminReplyRequestSchema = z
  .object({ message: body, internal: z.boolean().default(false) })
  .meta({ id: 'SupportAdminReplyRequest' });

/** PATCH /api/admin/support/tickets/:id: status and assignment (null unassigns); an empty body changes nothing. */
export const supportAdminUpdateRequestSchema = z
  .object({
    status: z.enum(SUPPORT_STATUSES).optional(),
    assigneeId: z.string().min(1).max(64).nullable().optional(),
  })
  .meta({ id: 'SupportAdminUpdateRequest' });

export const supportFileSchema = z.object({
  name: z.string(),
  /** A signed URL of the private file, valid for SUPPORT_RULES.fileUrlTtlSeconds. */
  url: z.string(),
  contentType: z.string(),
  type: z.enum(['image', 'file']),
});

export const supportMessageSchema = z
  .object({
    id: z.guid(),
    author: z.enum(['user', 'support']),
    /** Shown to the person: their own name, or "Khedma support" for the team (no admin's name). */
    authorName: z.string(),
    body: z.string(),
    file: supportFileSchema.nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SupportMessage' });

/** What the person sees of a ticket: never an internal note, never who in the team handles it. */
export const supportTicketSummarySchema = z
  .object({
    id: z.guid(),
    reference: z.string(),
    subject: z.string(),
    category: z.enum(SUPPORT_CATEGORIES),
    status: z.enum(SUPPORT_STATUSES),
    bookingId: z.guid().nullable(),
    bookingReference: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    /** When the first answer is due (the shared first-answer target), and when it came. */
    firstAnswerDue: z.iso.datetime({ offset: true }),
    firstAnsweredAt: z.iso.datetime({ offset: true }).nullable(),
    /** When a resolved ticket closes itself. */
    closesAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'SupportTicketSummary' });

export const supportTicketSchema = supportTicketSummarySchema
  .extend({ messages: z.array(supportMessageSchema), canReply: z.boolean(), canResolve: z.boolean() })
  .meta({ id: 'SupportTicket' });
export const supportTicketListSchema = z.object({ tickets: z.array(supportTicketSummarySchema) }).meta({ id: 'SupportTicketList' });

export type SupportMessage = z.infer<typeof supportMessageSchema>;
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;
export type SupportTicket = z.infer<typeof supportTicketSchema>;

// Admin side.

export const supportQueueQuerySchema = z.object({
  status: z.enum([...SUPPORT_STATUSES, 'active', 'all']).default('active'),
  /** `me`: assigned to the caller; `none`: unassigned. */
  assigned: z.enum(['any', 'me', 'none']).default('any'),
});

const adminPerson = z.object({ id: z.string(), name: z.string() });

export const supportAdminMessageSchema = supportMessageSchema
  .extend({ internal: z.boolean(), authorId: z.string().nullable() })
  .meta({ id: 'SupportAdminMessage' });

export const supportQueueItemSchema = supportTicketSummarySchema
  .extend({
    source: z.enum(SUPPORT_SOURCES),
    requester: z.object({ name: z.string(), email: z.string(), userId: z.string().nullable(), userType: z.string().nullable() }),
    assignee: adminPerson.nullable(),
    /** Since when support owes an answer (open tickets), else null. */
    waitingSince: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'SupportQueueItem' });

export const supportQueueSchema = z
  .object({ tickets: z.array(supportQueueItemSchema), admins: z.array(adminPerson) })
  .meta({ id: 'SupportQueue' });

export const supportAdminTicketSchema = supportQueueItemSchema
  .extend({ messages: z.array(supportAdminMessageSchema), admins: z.array(adminPerson) })
  .meta({ id: 'SupportAdminTicket' });

export type SupportQueueItem = z.infer<typeof supportQueueItemSchema>;
export type SupportAdminTicket = z.infer<typeof supportAdminTicketSchema>;
export type SupportAdminMessage = z.infer<typeof supportAdminMessageSchema>;
