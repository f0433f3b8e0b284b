/**
 * Request and response schemas of the booking API (docs/bookings.md wizard and /booking page, §3 bookings,
 * §5 date and time rules; issue 5).
 *
 * No request carries a price: the client says what it chose (service, city, add-ons, times) and the
 * server prices it (domain/pricing.ts). Unknown keys such as `totalAmount` are stripped by zod and so
 * never reach the service.
 *
 * These schemas check what does not depend on the clock (formats, the half-hour grid, end after start,
 * 30 minutes to 8 hours). Rules relative to "now" (from tomorrow, up to 30 days, 2 h lead on the
 * professional page) need the request time: the service checks them with domain/schedule.ts
 * validateBookingWindow / validateProPageBooking, which use the same codes and copy.
 */
import { z } from 'zod';
import { discountRequestFields } from './discount-fields';
import { BOOKING_KINDS, BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, BOOKING_LIMITS } from '../domain/booking-status';
import { CURRENCY } from '../domain/constants';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../domain/payments';
import { PRICE_LINE_KINDS } from '../domain/pricing';
import { BOOKING_RULES, BOOKING_WINDOW_MESSAGES, DEFAULT_DURATION_HOURS, DURATION_CHOICES_HOURS, PRO_PAGE_TIMES, WIZARD_START_TIMES } from '../domain/schedule';
import { isLocalDate, isLocalTime, timeToMinutes } from '../domain/time';
import { VALIDATION_MESSAGES, isPlainText, isSingleLineText, moroccanPhoneField } from '../domain/validation';
import { addressRequestShape, bookingAddressSchema, streetAddressField } from './address';
import { localizedTextSchema } from './catalog';
import { attendanceSchema } from './lateness';
import { repeatChoiceSchema } from './recurring';

/** Copy for the booking fields docs/bookings.md gives no exact message for. */
export const BOOKING_MESSAGES = {
  serviceRequired: 'Service not found',
  cityRequired: 'Please select a city',
  professionalRequired: 'Professional not found',
  /** An hourly booking in a city the professional does not work in. */
  cityNotServed: 'This professional does not work in this city. Please choose one of their cities.',
  bookingNotFound: 'Booking not found',
  description: `Description must be at most ${BOOKING_LIMITS.descriptionMax} characters`,
  specialRequests: `Special requests must be at most ${BOOKING_LIMITS.descriptionMax} characters`,
  locationRequired: 'Please enter the address',
  location: `Address must be at most ${BOOKING_LIMITS.locationMax} characters`,
  addOns: 'Please choose each add-on at most once',
  duration: 'Please select a duration',
  paymentMethod: 'Please choose a payment method',
  reason: 'Reason must be at most 500 characters',
  refundReason: 'Please provide a reason for the refund',
} as const;

const REASON_MAX = 500;
/** No service has more add-ons than this; a longer list is a broken client. */
const ADD_ONS_MAX = 20;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const id = (message?: string) => z.guid(message ? { message } : undefined);

/** 'YYYY-MM-DD', a real calendar date (Casablanca calendar). */
export const bookingDateField = z
  .string({ error: BOOKING_WINDOW_MESSAGES.DATE_REQUIRED })
  .trim()
  .min(1, { message: BOOKING_WINDOW_MESSAGES.DATE_REQUIRED, abort: true })
  .refine(isLocalDate, BOOKING_WINDOW_MESSAGES.INVALID_DATE)
  .meta({ format: 'date', example: '2026-03-02' });

/** Wizard start time: 08:00-18:30 on the half hour (an enum, so the API document lists them). */
export const wizardStartTimeField = z
  .enum(WIZARD_START_TIMES as [string, ...string[]], { error: BOOKING_WINDOW_MESSAGES.START_TIME_REQUIRED })
  .meta({ example: '10:00' });

/** Wizard end time: any 'HH:mm' of the same day; its distance from the start is checked below. */
export const wizardEndTimeField = z
  .string({ error: BOOKING_WINDOW_MESSAGES.END_TIME_REQUIRED })
  .min(1, { message: BOOKING_WINDOW_MESSAGES.END_TIME_REQUIRED, abort: true })
  .refine(isLocalTime, BOOKING_WINDOW_MESSAGES.INVALID_END_TIME)
  .meta({ example: '12:00' });

/** Professional page slot. */
export const proPageTimeField = z
  .enum(PRO_PAGE_TIMES as [string, ...string[]], { error: BOOKING_WINDOW_MESSAGES.START_TIME_REQUIRED })
  .meta({ example: '14:00' });

/** /booking duration: 1, 2, 3, 4, 6 or 8 hours, 2 when not given. */
export const durationHoursField = z
  .number({ error: BOOKING_MESSAGES.duration })
  .refine((h) => DURATION_CHOICES_HOURS.includes(h), BOOKING_MESSAGES.duration)
  .default(DEFAULT_DURATION_HOURS)
  .meta({ description: `One of ${BOOKING_RULES.durationChoicesHours.join(', ')}` });

/**
 * Optional free text: trimmed, blank becomes undefined. Longer than the limit is refused, not cut.
 * Multi-line (a description) or one line (an address), never with other control characters.
 */
const optionalText = (max: number, message: string, lines: 'single' | 'multi' = 'multi') =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(lines === 'single' ? isSingleLineText : isPlainText, lines === 'single' ? VALIDATION_MESSAGES.singleLine : VALIDATION_MESSAGES.controlCharacters)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Chosen add-ons: ids, each at most once (a set of checkboxes). */
export const addOnIdsField = z
  .array(id())
  .max(ADD_ONS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, BOOKING_MESSAGES.addOns)
  .default([]);

/**
 * End after start and 30 minutes to 8 hours, on the wall clock of the chosen day. Business hours never
 * contain Morocco's clock change (02:00-03:00), so wall-clock and real durations agree here; the
 * service re-checks on the instants with validateBookingWindow.
 */
function refineWizardTimes(value: { startTime: string; endTime: string }, ctx: z.RefinementCtx): void {
  if (!isLocalTime(value.startTime) || !isLocalTime(value.endTime)) return;
  const minutes = timeToMinutes(value.endTime) - timeToMinutes(value.startTime);
  const message =
    minutes <= 0
      ? BOOKING_WINDOW_MESSAGES.END_BEFORE_START
      : minutes < BOOKING_RULES.minDurationMinutes
        ? BOOKING_WINDOW_MESSAGES.DURATION_TOO_SHORT
        : minutes > BOOKING_RULES.maxDurationMinutes
          ? BOOKING_WINDOW_MESSAGES.DURATION_TOO_LONG
          : null;
  if (message) ctx.addIssue({ code: 'custom', path: ['endTime'], message });
}

// ---------------------------------------------------------------------------------------------
// Quote
// ---------------------------------------------------------------------------------------------

/** POST /api/bookings/quote: the price of a wizard choice before booking (step 5 summary). */
export const quoteRequestSchema = z
  .object({
    serviceTypeId: id(BOOKING_MESSAGES.serviceRequired),
    /** The city by id, or by slug (e.g. from a URL). */
    cityId: id(BOOKING_MESSAGES.cityRequired).optional(),
    citySlug: z.string().trim().min(1).max(64).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine).optional(),
    /** Casablanca only. */
    boroughId: id().nullish(),
    addOnIds: addOnIdsField,
  })
  .refine((q) => q.cityId !== undefined || q.citySlug !== undefined, { message: BOOKING_MESSAGES.cityRequired, path: ['cityId'] })
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** POST /api/bookings/quote/hourly: the /booking page summary (hourly rate x hours + fee). */
export const hourlyQuoteRequestSchema = z
  .object({ professionalId: id(BOOKING_MESSAGES.professionalRequired), durationHours: durationHoursField })
  .meta({ id: 'HourlyQuoteRequest' });
export type HourlyQuoteRequest = z.infer<typeof hourlyQuoteRequestSchema>;

const money = z.number().int().nonnegative();

export const priceLineSchema = z
  .object({
    kind: z.enum(PRICE_LINE_KINDS),
    label: z.string(),
    /** 1, or hours for an hourly line. */
    quantity: z.number().positive(),
    unitAmount: money,
    amount: money,
  })
  .meta({ id: 'PriceLine' });
export type PriceLineDto = z.infer<typeof priceLineSchema>;

/** What the customer pays, line by line. Commission and payout are the professional's business. */
export const quoteResponseSchema = z
  .object({
    lines: z.array(priceLineSchema),
    servicePrice: money,
    addOnsTotal: money,
    subtotal: money,
    serviceFee: money,
    total: money,
    currency: z.literal(CURRENCY),
  })
  .meta({ id: 'Quote' });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Assignment preview (wizard step 3)
// ---------------------------------------------------------------------------------------------

const wizardWindowShape = {
  date: bookingDateField,
  startTime: wizardStartTimeField,
  endTime: wizardEndTimeField,
};

/** POST /api/bookings/assignment: who would take this service, city and time. */
export const assignmentPreviewRequestSchema = z
  .object({
    serviceTypeId: id(BOOKING_MESSAGES.serviceRequired),
    cityId: id(BOOKING_MESSAGES.cityRequired),
    boroughId: id().nullish(),
    ...wizardWindowShape,
  })
  .superRefine(refineWizardTimes)
  .meta({ id: 'AssignmentPreviewRequest' });
export type AssignmentPreviewRequest = z.infer<typeof assignmentPreviewRequestSchema>;

/** The assigned professional as a customer sees them: first name only (docs/bookings.md). */
export const assignedProfessionalSchema = z
  .object({
    id: id(),
    firstName: z.string(),
    /** Average 1-5; null: "No reviews yet". */
    rating: z.number().min(0).max(5).nullable(),
    reviewsCount: z.number().int().nonnegative(),
    jobsDone: z.number().int().nonnegative(),
  })
  .meta({ id: 'AssignedProfessional' });

/** A time the customer could pick instead when nobody is free. */
export const alternativeSlotSchema = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });

/** Copy of the "nobody is free" answer (the web app translates the code). */
export const NO_PROFESSIONAL_MESSAGE =
  'No professional is available for this service, city and time. Please choose another time.';

export const assignmentPreviewResponseSchema = z
  .discriminatedUnion('available', [
    z.object({ available: z.literal(true), professional: assignedProfessionalSchema }),
    z.object({
      available: z.literal(false),
      code: z.literal('NO_PROFESSIONAL_AVAILABLE'),
      message: z.string(),
      /** Up to 6 other start times (same day first, then the following days) that do have someone. */
      alternatives: z.array(alternativeSlotSchema),
    }),
  ])
  .meta({ id: 'AssignmentPreview' });
export type AssignmentPreviewResponse = z.infer<typeof assignmentPreviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------------------------

/** POST /api/bookings: the wizard's booking (fixed-price catalogue service). */
export const createBookingRequestSchema = z
  .object({
    serviceTypeId: id(BOOKING_MESSAGES.serviceRequired),
    cityId: id(BOOKING_MESSAGES.cityRequired),
    boroughId: id().nullish(),
    /** A professional preselected from the finder, or the one step 3 showed; the server re-checks. */
    professionalId: id(BOOKING_MESSAGES.professionalRequired).optional(),
    ...wizardWindowShape,
    addOnIds: addOnIdsField,
    description: optionalText(BOOKING_LIMITS.descriptionMax, BOOKING_MESSAGES.description),
    /** The street address, required (issue 42); the pin, landmark, floor and door beside it. */
    location: streetAddressField,
    ...addressRequestShape,
    ...discountRequestFields,
    /** The confirm step's "Repeat" (docs/recurring.md): stored with the booking, the series made when it is paid. */
    repeat: repeatChoiceSchema.optional(),
  })
  .superRefine(refineWizardTimes)
  .meta({ id: 'CreateBookingRequest' });
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;

/** POST /api/bookings/hourly: the /booking/{professionalId} form (hourly rate x duration). */
export const createHourlyBookingRequestSchema = z
  .object({
    professionalId: id(BOOKING_MESSAGES.professionalRequired),
    /**
     * The city the customer books in: one of the professional's cities (else 400, cityNotServed).
     * Left out: the professional's first city (what the form sent before professionals had several).
     */
    cityId: id(BOOKING_MESSAGES.cityRequired).optional(),
    date: bookingDateField,
    time: proPageTimeField,
    durationHours: durationHoursField,
    location: streetAddressField,
    ...addressRequestShape,
    contactPhone: moroccanPhoneField,
    specialRequests: optionalText(BOOKING_LIMITS.descriptionMax, BOOKING_MESSAGES.specialRequests),
    description: optionalText(BOOKING_LIMITS.descriptionMax, BOOKING_MESSAGES.description),
    ...discountRequestFields,
  })
  .meta({ id: 'CreateHourlyBookingRequest' });
export type CreateHourlyBookingRequest = z.infer<typeof createHourlyBookingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Booking
// ---------------------------------------------------------------------------------------------

export const bookingIdParamsSchema = z.object({ id: id(BOOKING_MESSAGES.bookingNotFound) });

export const bookingAddOnSchema = z.object({ id: z.string(), name: z.string(), price: money });

export const bookingAmountsSchema = z
  .object({
    servicePrice: money,
    addOnsTotal: money,
    subtotal: money,
    serviceFee: money,
    total: money,
    /** Promo code and credit taken off (docs/promos.md): total = subtotal + serviceFee - discount. */
    discount: money.optional(),
    /** Kept on a paid cancellation, null otherwise. */
    cancellationFee: money.nullable(),
    currency: z.literal(CURRENCY),
  })
  .meta({ id: 'BookingAmounts' });

const isoInstant = z.iso.datetime({ offset: true });

export const bookingSchema = z
  .object({
    id: id(),
    /** First 8 characters of the id, upper case (domain bookingReference). */
    reference: z.string().length(BOOKING_LIMITS.referenceLength),
    kind: z.enum(BOOKING_KINDS),
    status: z.enum(BOOKING_STATUSES),
    paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
    title: z.string(),
    description: z.string(),
    service: z.object({ id: id(), name: localizedTextSchema }).nullable(),
    /** UTC instants; shown in Africa/Casablanca. */
    scheduledStart: isoInstant,
    scheduledEnd: isoInstant,
    /**
     * The same times on the Casablanca wall clock, computed by the server. Clients show these as they
     * are rather than converting the instants themselves: browsers' time-zone data can disagree with the
     * server's about Morocco's offset, and the server's is the one bookings were validated with.
     */
    local: z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      startTime: z.string().regex(/^\d{2}:\d{2}$/),
      endTime: z.string().regex(/^\d{2}:\d{2}$/),
    }),
    durationMinutes: z.number().int().positive(),
    location: z.string(),
    /** Landmark, floor, door, and the pin for the customer and the assigned professional only (issue 42). */
    address: bookingAddressSchema,
    city: z.object({ id: id(), name: localizedTextSchema }),
    amounts: bookingAmountsSchema,
    lines: z.array(priceLineSchema),
    addOns: z.array(bookingAddOnSchema),
    /** Customers see the professional's first name only (docs/bookings.md). rating null: "No reviews yet". */
    professional: z.object({
      id: id(),
      firstName: z.string(),
      rating: z.number().min(0).max(5).nullable(),
      reviewsCount: z.number().int().nonnegative(),
    }),
    /** Present for the assigned professional and admins; null for others. */
    customer: z.object({ name: z.string() }).nullable(),
    /** The customer's phone, for the assigned professional and admins; null for others. */
    contactPhone: z.string().nullable(),
    specialRequests: z.string().nullable(),
    completedAt: isoInstant.nullable(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
    /** How the caller relates to the booking; the flags below are for this caller. */
    viewerRole: z.enum(['customer', 'professional', 'admin']),
    /** The customer may cancel now (POST /api/bookings/:id/cancel). */
    canCancel: z.boolean(),
    /** The fee the customer would pay if they cancelled now (null when they cannot cancel). */
    cancellationFeePreview: money.nullable(),
    /** The customer may move it (POST /api/bookings/:id/reschedule). */
    canReschedule: z.boolean(),
    /** The assigned professional may accept / decline it (pending and paid). */
    canAccept: z.boolean(),
    canDecline: z.boolean(),
    /**
     * An unpaid hold (domain/holds.ts): when it ends and the slot is released unless paid; null once
     * paid or ended. The customer may pay it until then (POST /api/bookings/:id/pay).
     */
    holdExpiresAt: isoInstant.nullable(),
    /** The customer may pay it now (an unpaid hold of their own). */
    canPay: z.boolean(),
    /**
     * Customers: what was given back to their card (whole MAD) and when the provider confirmed it, and
     * what is on its way (docs/payments.md Refunds); null for others and when nothing was refunded.
     */
    refund: z
      .object({ toCard: money, at: z.iso.datetime({ offset: true }).nullable(), pending: money })
      .nullable()
      .optional(),
    /** "Book again": set on completed bookings. */
    rebook: z.object({ professionalId: id(), serviceTypeId: id().nullable() }).nullable(),
    /**
     * Recurring bookings (docs/recurring.md), decided by the server: the series this booking is a visit of
     * (`visit`, whatever the series' state), else the live series that repeats it (`repeats`: made from the
     * wizard's Repeat once paid, or from "Book again every …"). Its customer and professional only; null otherwise.
     */
    series: z.object({ id: id(), intervalWeeks: z.number().int().positive(), role: z.enum(['visit', 'repeats']) }).nullable(),
    /**
     * The customer may repeat it now ("Book again every …", POST /api/recurring/series): not cancelled, not a
     * visit of a series, not repeated by a live series, and no wizard Repeat waiting for its payment.
     */
    canRepeat: z.boolean(),
    /** Running late, arrival and no-shows (issue 41, schemas/lateness.ts); absent for admins. */
    attendance: attendanceSchema.optional(),
  })
  .meta({ id: 'Booking' });
export type BookingDto = z.infer<typeof bookingSchema>;

/** Responses of GET /api/bookings/:id, create, pay, accept, decline, cancel, reschedule. */
export const bookingResponseSchema = bookingSchema;

/** GET /api/bookings (My Bookings, newest first) and GET /api/pro/bookings. */
export const bookingListQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES).optional(),
  /**
   * Whose list: `customer` (bookings I made) or `professional` (bookings assigned to me). Default:
   * professional for a professional account, customer otherwise.
   */
  role: z.enum(['customer', 'professional']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
export const bookingListResponseSchema = z.array(bookingSchema).meta({ id: 'BookingList' });

/** GET /api/bookings/stats: the dashboard cards, from real data. */
export const bookingStatsResponseSchema = z
  .object({
    role: z.enum(['customer', 'professional']),
    /** All bookings of the list (made by me, or assigned to me), unpaid holds apart. */
    total: z.number().int().nonnegative(),
    /** Customers: unpaid holds waiting for payment (not in the other figures). */
    awaitingPayment: z.number().int().nonnegative(),
    /** Of those, created in the current month on the Casablanca calendar. */
    thisMonth: z.number().int().nonnegative(),
    /** Professionals: completed jobs. */
    completed: z.number().int().nonnegative(),
    /** Professionals: requests waiting for an answer. */
    pending: z.number().int().nonnegative(),
    /** Customers: what they paid, minus what was refunded, whole MAD (0 for professionals). */
    totalSpent: money,
    currency: z.literal(CURRENCY),
  })
  .meta({ id: 'BookingStats' });
export type BookingStatsResponse = z.infer<typeof bookingStatsResponseSchema>;

/** Headers of the create routes: an optional Idempotency-Key (a retry with it returns the first answer). */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
    .optional()
    .meta({ description: 'Any unique string per attempt (a UUID); retries of the same attempt send the same key.' }),
});

// ---------------------------------------------------------------------------------------------
// Payment, cancellation, reschedule, refund
// ---------------------------------------------------------------------------------------------

/** POST /api/bookings/:id/pay: starts a hosted payment (docs/payments.md). */
export const payBookingRequestSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: BOOKING_MESSAGES.paymentMethod }),
    /** The language of the provider's page (fr, ar or en); the customer's by default. */
    lang: z.enum(['fr', 'ar', 'en']).optional(),
  })
  .meta({ id: 'PayBookingRequest' });
export type PayBookingRequest = z.infer<typeof payBookingRequestSchema>;

/** What the browser must do: post these fields to the provider's hosted page (an auto-submitting form). */
export const paymentRedirectSchema = z
  .object({
    url: z.string(),
    method: z.literal('POST'),
    fields: z.record(z.string(), z.string()),
  })
  .meta({ id: 'PaymentRedirect' });
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

export const payBookingResponseSchema = z
  .object({
    booking: bookingSchema,
    payment: z.object({
      id: z.string(),
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(PAYMENT_STATUSES),
      amount: money,
      /** The provider is the built-in CMI simulator (a TEST gateway: no real money moves). */
      demo: z.boolean(),
    }),
    /** Absent when the booking is paid already (a retry whose first answer was lost). */
    redirect: paymentRedirectSchema.optional(),
  })
  .meta({ id: 'PayBookingResponse' });
export type PayBookingResponse = z.infer<typeof payBookingResponseSchema>;

/** POST /api/bookings/:id/cancel. */
export const cancelBookingRequestSchema = z
  .object({ reason: optionalText(REASON_MAX, BOOKING_MESSAGES.reason) })
  .meta({ id: 'CancelBookingRequest' });
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

/** GET /api/bookings/:id/cancellation: the fee shown before the customer confirms. */
export const cancellationPreviewResponseSchema = z
  .object({
    allowed: z.boolean(),
    fee: money,
    refund: money,
    feeRate: z.number().min(0).max(1),
    /** cancellation.ts CancellationReason, e.g. FREE_BEFORE_24H, LATE_CANCELLATION, PROFESSIONAL_TOO_LATE. */
    reason: z.string(),
    /** Who would be cancelling: the customer, or the assigned professional. */
    actor: z.enum(['customer', 'professional']),
    currency: z.literal(CURRENCY),
  })
  .meta({ id: 'CancellationPreview' });
export type CancellationPreviewResponse = z.infer<typeof cancellationPreviewResponseSchema>;

/** POST /api/bookings/:id/reschedule: another slot of the same professional, 24 h or more ahead. */
export const rescheduleBookingRequestSchema = z
  .object(wizardWindowShape)
  .superRefine(refineWizardTimes)
  .meta({ id: 'RescheduleBookingRequest' });
export type RescheduleBookingRequest = z.infer<typeof rescheduleBookingRequestSchema>;

/**
 * GET /api/bookings/:id/reschedule-options (issue 22): every date of the wizard's horizon with the start
 * times the booking could move to, its length kept: 24 h or more ahead, inside the professional's weekly
 * availability, not on a day off, not over another of their bookings. An empty list: nothing that day.
 */
export const rescheduleOptionsResponseSchema = z
  .object({
    durationMinutes: z.number().int().positive(),
    days: z.array(z.object({ date: z.string(), startTimes: z.array(z.string()) })),
  })
  .meta({ id: 'RescheduleOptions' });
export type RescheduleOptionsResponse = z.infer<typeof rescheduleOptionsResponseSchema>;

/** POST /api/admin/bookings/:id/refund: a reason is required (docs/bookings.md). */
export const refundBookingRequestSchema = z
  .object({
    reason: z
      .string({ error: BOOKING_MESSAGES.refundReason })
      .trim()
      .min(1, { message: BOOKING_MESSAGES.refundReason, abort: true })
      .max(REASON_MAX, BOOKING_MESSAGES.reason)
      .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters),
  })
  .meta({ id: 'RefundBookingRequest' });
export type RefundBookingRequest = z.infer<typeof refundBookingRequestSchema>;
