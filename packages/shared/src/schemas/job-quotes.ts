/**
 * Quotes for jobs without a fixed price (docs/job-quotes.md): the customer's request, the
 * professionals' quotes, the comparison and the acceptance that makes a booking.
 */
import { z } from 'zod';
import { JOB_QUOTE_MESSAGES as M, JOB_QUOTE_RULES as R, JOB_QUOTE_STATUSES, JOB_REQUEST_STATUSES } from '../domain/job-quotes';
import { isLocalDate } from '../domain/time';
import { isPlainText, isSingleLineText, VALIDATION_MESSAGES } from '../domain/validation';
import { bookingDateField, priceLineSchema, wizardEndTimeField, wizardStartTimeField } from './booking';

const money = z.number().int().nonnegative();
const localizedName = z.object({ en: z.string(), fr: z.string(), ar: z.string() });

export const jobRequestIdParamsSchema = z.object({ id: z.guid({ message: M.requestNotFound }) });
export const jobQuoteIdParamsSchema = z.object({ id: z.guid({ message: M.requestNotFound }), quoteId: z.guid({ message: M.quoteNotFound }) });
export const jobRequestPhotoParamsSchema = z.object({ id: z.guid({ message: M.requestNotFound }), photoId: z.guid() });

export const createJobRequestSchema = z
  .object({
    serviceTypeId: z.guid({ message: M.serviceNotFound }),
    cityId: z.guid({ message: M.cityNotServed }),
    boroughId: z.guid().optional(),
    description: z
      .string({ error: M.description })
      .trim()
      .min(R.descriptionMin, M.description)
      .max(R.descriptionMax, M.descriptionMax)
      .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters),
    address: z
      .string({ error: M.address })
      .trim()
      .min(R.addressMin, M.address)
      .max(R.addressMax, M.addressMax)
      .refine(isSingleLineText, VALIDATION_MESSAGES.singleLine),
    preferredDates: z
      .array(z.string().refine(isLocalDate, 'Please choose a valid date'))
      .max(R.preferredDatesMax, M.preferredDates)
      .default([]),
  })
  .meta({ id: 'CreateJobRequest' });
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;

export const jobQuoteLineSchema = z.object({
  label: z
    .string({ error: M.lineLabel })
    .trim()
    .min(2, M.lineLabel)
    .max(R.lineLabelMax, M.lineLabel)
    .refine(isSingleLineText, VALIDATION_MESSAGES.singleLine),
  amount: z.number({ error: M.lineAmount }).int(M.lineAmount).min(1, M.lineAmount).max(R.lineAmountMax, M.lineAmount),
});

/** A professional's quote: lines, until when it holds, and the visit they propose (the booking's time if accepted). */
export const submitJobQuoteSchema = z
  .object({
    lines: z.array(jobQuoteLineSchema).min(R.linesMin, M.lines).max(R.linesMax, M.lines),
    validUntil: z.string({ error: M.validUntil }).refine(isLocalDate, M.validUntil),
    date: bookingDateField,
    startTime: wizardStartTimeField,
    endTime: wizardEndTimeField,
    message: z.string().trim().max(R.messageMax).refine(isPlainText, VALIDATION_MESSAGES.controlCharacters).optional(),
  })
  .meta({ id: 'SubmitJobQuote' });
export type SubmitJobQuote = z.input<typeof submitJobQuoteSchema>;

export const jobQuoteSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_QUOTE_STATUSES),
    lines: z.array(z.object({ label: z.string(), amount: money })),
    /** The lines' sum (the service price). */
    subtotal: money,
    serviceFee: money,
    /** What the customer would pay. */
    total: money,
    validUntil: z.string(),
    /** The proposed visit (Casablanca wall clock). */
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    message: z.string().nullable(),
    /** The professional as the customer compares them: first name, rating and reviews; never contact details. */
    professional: z.object({ id: z.string(), firstName: z.string(), rating: z.number().nullable(), reviewCount: z.number().int() }),
    bookingId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'JobQuote' });
export type JobQuoteDto = z.infer<typeof jobQuoteSchema>;

export const jobRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_REQUEST_STATUSES),
    service: z.object({ id: z.string(), name: localizedName, category: z.string() }),
    city: z.object({ id: z.string(), name: localizedName }),
    description: z.string(),
    /** The street address: the customer's own view and, once accepted, the chosen professional's. */
    address: z.string().nullable(),
    preferredDates: z.array(z.string()),
    photos: z.array(z.object({ id: z.string(), url: z.string(), name: z.string() })),
    closesOn: z.string(),
    createdAt: z.string(),
    /** Customer: every quote; professional: their own only. */
    quotes: z.array(jobQuoteSchema),
    /** The customer's first name (what a professional sees of them before acceptance). */
    customerFirstName: z.string(),
    bookingId: z.string().nullable(),
  })
  .meta({ id: 'JobRequest' });
export type JobRequestDto = z.infer<typeof jobRequestSchema>;

export const jobRequestListSchema = z.array(jobRequestSchema).meta({ id: 'JobRequestList' });

export const acceptJobQuoteResponseSchema = z.object({ bookingId: z.string(), lines: z.array(priceLineSchema), total: money });
export type AcceptJobQuoteResponse = z.infer<typeof acceptJobQuoteResponseSchema>;
