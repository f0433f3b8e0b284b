/**
 * Request and response schemas of the admin API (issue 25, docs/admin.md): the bookings page, the
 * application review, the platform overview, the sensitive-access log and the contact messages.
 * Answers carry masked values only (domain/masking.ts); a reveal is its own request.
 */
import { z } from 'zod';
import { APPLICATION_DOCUMENT_KINDS } from '../domain/applications';
import { ADMIN_ROLES } from '../domain/accounts';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../domain/booking-status';
import { SENSITIVE_ACCESS_ACTIONS, REVEALABLE_FIELDS } from '../domain/masking';
import { isLocalDate } from '../domain/time';
import { isPlainText, VALIDATION_MESSAGES } from '../domain/validation';
import { localizedTextSchema } from './catalog';

const isoInstant = z.iso.datetime({ offset: true });
const money = z.number().int().nonnegative();
const localDate = z.string().refine((v) => isLocalDate(v), { message: 'Invalid date' });

/** SPEC §8 Admin bookings and Applications: the messages the pages show (en; fr and ar in the web locales). */
export const ADMIN_MESSAGES = {
  accessDenied: 'Access denied. Admin privileges required.',
  verifyFailed: 'Failed to verify permissions.',
  selectProfessional: 'Please select a professional',
  refundReason: 'Please provide a reason for the refund',
  rejectReason: 'Please provide a reason for the rejection',
  reassignFailed: 'Failed to reassign booking',
  reassigned: 'Booking reassigned successfully',
  refundFailed: 'Failed to process refund',
  refundedSent: 'Booking refunded and notification sent',
  refundedNoEmail: 'Booking refunded but email notification failed',
  completeFailed: 'Failed to complete booking',
  completedSent: 'Booking completed and notification sent',
  completedNoEmail: 'Booking completed but email notification failed',
  loadApplicationsFailed: 'Failed to load applications',
  professionalCreateFailed: 'Failed to create professional record (status reverted to pending)',
  approvedNoEmail: 'Application approved but welcome email failed to send',
  rejectFailed: 'Failed to reject application',
  rejected: 'Application rejected successfully',
  notPending: 'This application has already been reviewed.',
  professionalNotFree: 'This professional is not available for this booking.',
  /** Reassign decided on a pending booking its professional has just accepted (issue 38). */
  acceptedMeanwhile: 'The professional has just accepted this booking. Reload the list to see it before reassigning.',
  /** Reassign decided on a status the booking no longer has (rescheduled, cancelled...). */
  changedMeanwhile: 'This booking has just changed. Reload the list to see it and try again.',
  /** A reassign request without the status the page showed (an out-of-date page). */
  statusSeen: 'This page is out of date. Please reload it and try again.',
} as const;

export const ADMIN_LIMITS = {
  searchMax: 100,
  reasonMax: 500,
  notesMax: 1000,
  pageSizeMax: 50,
  pageSizeDefault: 20,
} as const;

// ------------------------------------------------------------------------------------------------
// Bookings
// ------------------------------------------------------------------------------------------------

export const adminBookingListQuerySchema = z
  .object({
    /** Over the reference/id, the customer (name, email), the professional's name and the service. */
    search: z.string().trim().max(ADMIN_LIMITS.searchMax).optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    cityId: z.guid({ message: 'Unknown city' }).optional(),
    /** Casablanca calendar dates, inclusive. */
    from: localDate.optional(),
    to: localDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageSizeMax).default(ADMIN_LIMITS.pageSizeDefault),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be before the end date', path: ['to'] });
export type AdminBookingListQuery = z.infer<typeof adminBookingListQuerySchema>;

export const adminBookingStatsSchema = z
  .object({
    total: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    /** Sum of the totals of completed bookings (whole MAD). */
    revenue: money,
  })
  .meta({ id: 'AdminBookingStats' });
export type AdminBookingStats = z.infer<typeof adminBookingStatsSchema>;

export const adminBookingRowSchema = z
  .object({
    id: z.guid(),
    reference: z.string(),
    title: z.string(),
    service: z.object({ id: z.guid(), name: localizedTextSchema }).nullable(),
    /** The customer's name and masked email (no phone in admin lists). */
    customer: z.object({ name: z.string(), email: z.string() }),
    professional: z.object({ id: z.guid(), name: z.string() }).nullable(),
    scheduledStart: isoInstant,
    local: z.object({ date: z.string(), startTime: z.string(), endTime: z.string() }),
    status: z.enum(BOOKING_STATUSES),
    paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
    totalAmount: money,
    city: z.object({ id: z.guid(), name: localizedTextSchema }),
    completedAt: isoInstant.nullable(),
    completionNotes: z.string().nullable(),
    cancellationReason: z.string().nullable(),
    /** What the caller may do with it now (rights and status). */
    actions: z.object({ reassign: z.boolean(), refund: z.boolean(), complete: z.boolean() }),
  })
  .meta({ id: 'AdminBooking' });
export type AdminBookingRow = z.infer<typeof adminBookingRowSchema>;

export const adminBookingListResponseSchema = z
  .object({
    items: z.array(adminBookingRowSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    stats: adminBookingStatsSchema,
  })
  .meta({ id: 'AdminBookingList' });
export type AdminBookingListResponse = z.infer<typeof adminBookingListResponseSchema>;

export const adminBookingParamsSchema = z.object({ id: z.guid({ message: 'Booking not found' }) });

export const reassignCandidateSchema = z.object({
  professionalId: z.guid(),
  name: z.string(),
  rating: z.number().min(0).max(5).nullable(),
  reviewsCount: z.number().int().nonnegative(),
  /** Their load: bookings of the last 30 days. */
  jobsLast30Days: z.number().int().nonnegative(),
  jobsDone: z.number().int().nonnegative(),
  /** Km from their base location to the booking's pin, to the tenth (issue 42); null when either is unknown. */
  distanceKm: z.number().nonnegative().nullable(),
});
export type ReassignCandidate = z.infer<typeof reassignCandidateSchema>;
export const reassignCandidatesResponseSchema = z.object({ candidates: z.array(reassignCandidateSchema) }).meta({ id: 'ReassignCandidates' });

export const reassignBookingRequestSchema = z.object({
  professionalId: z.guid({ message: ADMIN_MESSAGES.selectProfessional }),
  /**
   * The status the admin saw (the row's). The reassignment is made only while the booking still has
   * it: a professional's accept racing the reassignment wins or loses as a whole (issue 38).
   */
  expectedStatus: z.enum(['pending', 'confirmed'], { message: ADMIN_MESSAGES.statusSeen }),
});
/** The refund's request is bookings' own: refundBookingRequestSchema (schemas/booking.ts). */
export const completeBookingRequestSchema = z.object({
  // Notes go into the customer's email: plain text like every other free text (issue 38).
  notes: z.string().trim().max(ADMIN_LIMITS.notesMax).refine(isPlainText, VALIDATION_MESSAGES.controlCharacters).optional(),
});

/** The booking after the action, and whether its email was handed to the mailer. */
export const adminBookingActionResponseSchema = z
  .object({ booking: adminBookingRowSchema, emailSent: z.boolean() })
  .meta({ id: 'AdminBookingAction' });
export type AdminBookingActionResponse = z.infer<typeof adminBookingActionResponseSchema>;

// ------------------------------------------------------------------------------------------------
// Applications
// ------------------------------------------------------------------------------------------------

export const adminApplicationSchema = z
  .object({
    id: z.guid(),
    submittedAt: isoInstant,
    fullName: z.string(),
    /** Masked (reveal: POST .../reveal). */
    email: z.string(),
    phone: z.string().nullable(),
    city: localizedTextSchema.nullable(),
    services: z.array(z.object({ id: z.guid(), name: localizedTextSchema })),
    experienceYears: z.number().int(),
    hourlyRate: z.number().int().nullable(),
    description: z.string().nullable(),
    /** Only for finance_admin and super_admin; the account and tax id masked. */
    financial: z
      .object({ bankName: z.string().nullable(), accountHolder: z.string().nullable(), iban: z.string().nullable(), taxId: z.string().nullable() })
      .nullable(),
    documents: z.array(z.enum(APPLICATION_DOCUMENT_KINDS)),
  })
  .meta({ id: 'AdminApplication' });
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const adminApplicationListResponseSchema = z
  .object({
    applications: z.array(adminApplicationSchema),
    access: z.object({ superAdmin: z.boolean(), finance: z.boolean() }),
  })
  .meta({ id: 'AdminApplicationList' });
export type AdminApplicationListResponse = z.infer<typeof adminApplicationListResponseSchema>;

export const adminApplicationParamsSchema = z.object({ id: z.guid({ message: 'Application not found' }) });
export const adminApplicationDocumentParamsSchema = z.object({
  id: z.guid({ message: 'Application not found' }),
  kind: z.enum(APPLICATION_DOCUMENT_KINDS, { message: 'Unknown document' }),
});

export const revealRequestSchema = z.object({ field: z.enum(REVEALABLE_FIELDS, { message: 'Unknown field' }) });
export const revealResponseSchema = z.object({ field: z.enum(REVEALABLE_FIELDS), value: z.string().nullable() }).meta({ id: 'RevealedField' });

export const documentUrlResponseSchema = z.object({ url: z.string(), expiresAt: isoInstant }).meta({ id: 'DocumentUrl' });

export const approveApplicationResponseSchema = z
  .object({ status: z.literal('approved'), name: z.string(), professionalId: z.guid(), emailSent: z.boolean() })
  .meta({ id: 'ApproveApplication' });
export type ApproveApplicationResponse = z.infer<typeof approveApplicationResponseSchema>;

export const rejectApplicationRequestSchema = z.object({
  reason: z
    .string({ message: ADMIN_MESSAGES.rejectReason })
    .trim()
    .min(1, { message: ADMIN_MESSAGES.rejectReason })
    .max(ADMIN_LIMITS.reasonMax),
});
export const rejectApplicationResponseSchema = z.object({ status: z.literal('rejected'), emailSent: z.boolean() }).meta({ id: 'RejectApplication' });

// ------------------------------------------------------------------------------------------------
// Overview, log, contact messages
// ------------------------------------------------------------------------------------------------

export const adminOverviewResponseSchema = z
  .object({ stats: adminBookingStatsSchema, pendingApplications: z.number().int().nonnegative(), roles: z.array(z.enum(ADMIN_ROLES)) })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewResponseSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageSizeMax).default(ADMIN_LIMITS.pageSizeDefault),
});

export const accessLogEntrySchema = z.object({
  id: z.guid(),
  actor: z.object({ id: z.string(), name: z.string() }),
  action: z.enum(SENSITIVE_ACCESS_ACTIONS),
  tableName: z.string(),
  recordId: z.string(),
  fields: z.array(z.string()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoInstant,
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogResponseSchema = z
  .object({ items: z.array(accessLogEntrySchema), total: z.number().int().nonnegative(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AccessLog' });

export const contactMessageEntrySchema = z.object({
  id: z.guid(),
  name: z.string(),
  /** Masked like every admin answer. */
  email: z.string(),
  message: z.string(),
  createdAt: isoInstant,
});
export type ContactMessageEntry = z.infer<typeof contactMessageEntrySchema>;
export const contactMessagesResponseSchema = z
  .object({ items: z.array(contactMessageEntrySchema), total: z.number().int().nonnegative(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'ContactMessages' });

/** A durable job that failed for good (every retry spent), as the admin overview lists it. */
export const FAILED_JOB_CHANNELS = ['email', 'push', 'other'] as const;
export const failedJobEntrySchema = z.object({
  id: z.guid(),
  kind: z.string(),
  channel: z.enum(FAILED_JOB_CHANNELS),
  /** Emails: the recipient, masked like every admin answer. */
  recipient: z.string().nullable(),
  /** Emails: the subject. */
  subject: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** The last error's message (no stack), at most 300 characters. */
  lastError: z.string().nullable(),
  failedAt: isoInstant,
});
export type FailedJobEntry = z.infer<typeof failedJobEntrySchema>;
export const failedJobsResponseSchema = z
  .object({ items: z.array(failedJobEntrySchema), total: z.number().int().nonnegative(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'FailedJobs' });
export const failedJobParamsSchema = z.object({ id: z.guid() });
export const retryFailedJobResponseSchema = z.object({ id: z.guid(), status: z.enum(['done', 'pending', 'failed']) }).meta({ id: 'RetriedJob' });
