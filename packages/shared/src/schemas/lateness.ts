/**
 * Running late, no-shows and suspension (issue 41, docs/lateness.md): request and response schemas.
 * Rules: domain/lateness.ts.
 */
import { z } from 'zod';
import { LATENESS_POLICY, NO_SHOW_PARTIES } from '../domain/lateness';
import { PROFESSIONAL_STATUSES } from '../domain/pros';
import { isPlainText, VALIDATION_MESSAGES } from '../domain/validation';

const isoInstant = z.iso.datetime({ offset: true });

export const LATENESS_MESSAGES = {
  delay: `Please choose a delay of ${LATENESS_POLICY.delayStepMinutes} to ${LATENESS_POLICY.maxDelayMinutes} minutes`,
  suspendReason: 'Please provide a reason for the suspension',
  reasonTooLong: 'Reason must be at most 500 characters',
} as const;

export const SUSPENSION_REASON_MAX = 500;

/** What a booking's parties see of its attendance, with what the viewer may do now (in BookingDto). */
export const attendanceSchema = z
  .object({
    /** The arrival the professional's latest delay notice announced (UTC). */
    expectedArrival: isoInstant.nullable(),
    /** Its Casablanca wall-clock time, HH:mm ("Your professional will arrive at 10:40"). */
    expectedArrivalLocalTime: z.string().nullable(),
    arrivedAt: isoInstant.nullable(),
    noShow: z.enum(NO_SHOW_PARTIES).nullable(),
    /** The delay lets the customer cancel free (more than 30 minutes past the start, not arrived). */
    freeCancellation: z.boolean(),
    canAnnounceDelay: z.boolean(),
    canMarkArrived: z.boolean(),
    canReportNoShow: z.boolean(),
    /** From when the viewer may report the other party absent (null: not applicable or unknown yet). */
    noShowOpensAt: isoInstant.nullable(),
  })
  .meta({ id: 'BookingAttendance' });
export type BookingAttendance = z.infer<typeof attendanceSchema>;

/** POST /api/bookings/:id/delay: minutes past the start the professional will arrive. */
export const announceDelayRequestSchema = z
  .object({
    delayMinutes: z
      .number({ message: LATENESS_MESSAGES.delay })
      .int(LATENESS_MESSAGES.delay)
      .min(LATENESS_POLICY.delayStepMinutes, LATENESS_MESSAGES.delay)
      .max(LATENESS_POLICY.maxDelayMinutes, LATENESS_MESSAGES.delay)
      .refine((m) => m % LATENESS_POLICY.delayStepMinutes === 0, LATENESS_MESSAGES.delay),
  })
  .meta({ id: 'AnnounceDelayRequest' });
export type AnnounceDelayRequest = z.infer<typeof announceDelayRequestSchema>;

/** POST /api/admin/professionals/:id/suspend. */
export const suspendProfessionalRequestSchema = z
  .object({
    reason: z
      .string({ error: LATENESS_MESSAGES.suspendReason })
      .trim()
      .min(1, { message: LATENESS_MESSAGES.suspendReason, abort: true })
      .max(SUSPENSION_REASON_MAX, LATENESS_MESSAGES.reasonTooLong)
      .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters),
  })
  .meta({ id: 'SuspendProfessionalRequest' });
export type SuspendProfessionalRequest = z.infer<typeof suspendProfessionalRequestSchema>;

export const professionalIdParamsSchema = z.object({ id: z.guid({ message: 'Professional not found' }) });

/** Lateness and no-show counts of a professional (admin). */
export const attendanceCountsSchema = z.object({
  /** Bookings on which they announced a delay. */
  lateness: z.number().int(),
  /** Bookings whose customer reported them absent. */
  noShows: z.number().int(),
});

export const adminProfessionalRowSchema = z
  .object({
    professionalId: z.guid(),
    fullName: z.string(),
    city: z.string().nullable(),
    status: z.enum(PROFESSIONAL_STATUSES),
    approved: z.boolean(),
    counts: attendanceCountsSchema,
  })
  .meta({ id: 'AdminProfessionalRow' });

export const adminProfessionalsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
});
export const adminProfessionalsResponseSchema = z.object({ items: z.array(adminProfessionalRowSchema) }).meta({ id: 'AdminProfessionals' });
export type AdminProfessionalsResponse = z.infer<typeof adminProfessionalsResponseSchema>;

export const adminProfessionalBookingSchema = z.object({
  bookingId: z.guid(),
  reference: z.string(),
  title: z.string(),
  scheduledStart: isoInstant,
  localDate: z.string(),
  localTime: z.string(),
  status: z.enum(['pending', 'confirmed']),
});

/** GET /api/admin/professionals/:id: the admin's view of a professional. */
export const adminProfessionalSchema = adminProfessionalRowSchema
  .extend({
    name: z.string(),
    suspendedAt: isoInstant.nullable(),
    suspensionReason: z.string().nullable(),
    /** Their accepted bookings still to come: to reassign once they are suspended. */
    upcoming: z.array(adminProfessionalBookingSchema),
  })
  .meta({ id: 'AdminProfessional' });
export type AdminProfessional = z.infer<typeof adminProfessionalSchema>;

/** Answer of suspend / reinstate: the professional now, and whether the email was queued. */
export const suspensionResponseSchema = z.object({ professional: adminProfessionalSchema, emailSent: z.boolean() }).meta({ id: 'SuspensionResponse' });
export type SuspensionResponse = z.infer<typeof suspensionResponseSchema>;
