/**
 * Request and response schemas of recurring bookings (docs/recurring.md): a series repeating one of the
 * customer's bookings with the same professional, and what can be done to it and to each visit.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_PAYMENT_STATUSES } from '../domain/booking-status';
import { CURRENCY } from '../domain/constants';
import {
  OCCURRENCE_STATES,
  RECURRING_INTERVALS,
  RECURRING_MAX_COUNT,
  RECURRING_MESSAGES,
  SERIES_STATUSES,
  UNAVAILABLE_REASONS,
} from '../domain/recurring';
import { BOOKING_WINDOW_MESSAGES, WIZARD_START_TIMES } from '../domain/schedule';
import { isLocalDate } from '../domain/time';
import { localizedTextSchema } from './catalog';

const guid = (message: string) => z.guid({ message });
const money = z.number().int().nonnegative();

export const seriesEndSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  z.object({ kind: z.literal('count'), count: z.number({ error: RECURRING_MESSAGES.endCount }).int(RECURRING_MESSAGES.endCount).min(1, RECURRING_MESSAGES.endCount).max(RECURRING_MAX_COUNT, RECURRING_MESSAGES.endCount) }),
  z.object({ kind: z.literal('date'), date: z.string({ error: RECURRING_MESSAGES.endDate }).refine(isLocalDate, RECURRING_MESSAGES.endDate).meta({ format: 'date' }) }),
]);

/** The wizard's "Repeat", sent with the booking (POST /api/bookings `repeat`): the series is made once it is paid. */
export const repeatChoiceSchema = z
  .object({
    intervalWeeks: z.union(RECURRING_INTERVALS.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>], {
      error: 'Please choose how often',
    }),
    end: seriesEndSchema,
  })
  .meta({ id: 'RepeatChoice' });
export type RepeatChoice = z.infer<typeof repeatChoiceSchema>;

/** POST /api/recurring/series: repeat one of my bookings (the wizard's "Repeat" or "Book again every ..."). */
export const createSeriesRequestSchema = z
  .object({
    bookingId: guid(RECURRING_MESSAGES.notFound),
    intervalWeeks: z.union(RECURRING_INTERVALS.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>], {
      error: 'Please choose how often',
    }),
    end: seriesEndSchema,
  })
  .meta({ id: 'CreateSeriesRequest' });
export type CreateSeriesRequest = z.infer<typeof createSeriesRequestSchema>;

export const seriesIdParamsSchema = z.object({ id: guid(RECURRING_MESSAGES.notFound) });
/** `seq` as text: a position that is not a whole number names no visit (404 from the service, not 400). */
export const occurrenceParamsSchema = z.object({ id: guid(RECURRING_MESSAGES.notFound), seq: z.string().max(64) });

/** The visit position of a path, or null when it names none. */
export function visitSeq(value: string): number | null {
  return /^\d{1,4}$/.test(value) ? Number(value) : null;
}

/** PATCH /api/recurring/series/:id/time: a new start time for every following visit not paid yet. */
export const changeSeriesTimeRequestSchema = z
  .object({ startTime: z.enum(WIZARD_START_TIMES as [string, ...string[]], { error: BOOKING_WINDOW_MESSAGES.START_TIME_REQUIRED }) })
  .meta({ id: 'ChangeSeriesTimeRequest' });

/** POST /api/recurring/series/:id/occurrences/:seq/move: another date and start for a visit not created yet. */
export const moveOccurrenceRequestSchema = z
  .object({
    date: z.string({ error: RECURRING_MESSAGES.moveDate }).refine(isLocalDate, RECURRING_MESSAGES.moveDate).meta({ format: 'date' }),
    startTime: z.enum(WIZARD_START_TIMES as [string, ...string[]], { error: BOOKING_WINDOW_MESSAGES.START_TIME_REQUIRED }),
  })
  .meta({ id: 'MoveOccurrenceRequest' });
export type MoveOccurrenceRequest = z.infer<typeof moveOccurrenceRequestSchema>;

/** The states a visit is shown in: a moved visit not created yet is shown planned (with `movedFrom`). */
const SHOWN_STATES = ['booked', 'skipped', 'unavailable', 'rebooked', 'planned'] as const satisfies ReadonlyArray<(typeof OCCURRENCE_STATES)[number] | 'planned'>;

export const occurrenceSchema = z
  .object({
    seq: z.number().int(),
    date: z.string(),
    startTime: z.string(),
    /** Planned: not created yet (beyond the rolling window, the series paused, or moved by the customer). */
    state: z.enum(SHOWN_STATES),
    /** The customer moved it before it was created: the date it was planned on (else null). */
    movedFrom: z.string().nullable(),
    reason: z.enum(UNAVAILABLE_REASONS).nullable(),
    booking: z
      .object({
        id: z.string(),
        status: z.enum(BOOKING_STATUSES),
        paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
        scheduledStart: z.string(),
        total: money,
        /** Paid by: then an unpaid visit is cancelled (free). */
        payBy: z.string().nullable(),
        canPay: z.boolean(),
      })
      .nullable(),
    canSkip: z.boolean(),
    /** Unavailable: another professional may be asked (service bookings only). */
    canRebook: z.boolean(),
    /** Not created yet: the customer may move it to another date and time (docs/recurring.md). */
    canMove: z.boolean(),
  })
  .meta({ id: 'SeriesOccurrence' });
export type SeriesOccurrence = z.infer<typeof occurrenceSchema>;

export const seriesSchema = z
  .object({
    id: z.string(),
    status: z.enum(SERIES_STATUSES),
    viewerRole: z.enum(['customer', 'professional']),
    intervalWeeks: z.number().int(),
    startTime: z.string(),
    durationMinutes: z.number().int(),
    firstDate: z.string(),
    end: seriesEndSchema,
    title: z.string(),
    service: localizedTextSchema.nullable(),
    location: z.string(),
    professional: z.object({ id: z.string(), firstName: z.string() }),
    customer: z.object({ name: z.string() }).nullable(),
    sourceBookingId: z.string(),
    /** What one visit costs now (the recurring discount included). */
    price: z.object({ servicePrice: money, discount: money, serviceFee: money, total: money, currency: z.literal(CURRENCY) }).nullable(),
    occurrences: z.array(occurrenceSchema),
    canDecline: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Series' });
export type SeriesDto = z.infer<typeof seriesSchema>;

export const seriesListResponseSchema = z.array(seriesSchema).meta({ id: 'SeriesList' });

/** POST .../occurrences/:seq/rebook: the one-off booking made with another professional. */
export const rebookResponseSchema = z.object({ bookingId: z.string(), series: seriesSchema }).meta({ id: 'SeriesRebook' });
