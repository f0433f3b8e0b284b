/**
 * Public reads of a professional (docs/professionals.md Professional profile, docs/professionals.md real figures):
 * the profile page, its reviews and the booking panel's free slots.
 *
 * Privacy: clients see a professional's first name only (docs/professionals.md "Clients see only the first
 * name"; professionals.name holds it), never the full name, phone or email.
 */
import { z } from 'zod';
import { CATEGORIES } from '../domain/catalog';
import { AVAILABILITY_SLOTS, BOOKING_RULES, DEFAULT_DURATION_HOURS, DURATION_CHOICES_HOURS } from '../domain/schedule';
import { WEEKDAYS, daysBetween, isLocalDate } from '../domain/time';
import {
  isValidMinRating,
  MIN_RATING,
  PRO_PROFILE_LIMITS,
  PRO_SEARCH_PAGE_SIZE,
  PRO_SEARCH_SORTS,
  PRO_SEARCH_TEXT_MAX,
} from '../domain/pros';
import { isPlainText, isSingleLineText, VALIDATION_MESSAGES } from '../domain/validation';
import { serviceAreaSchema } from './address';
import { localizedTextSchema } from './catalog';
import { bookingDateField } from './booking';

export const PROS_MESSAGES = {
  notFound: 'Professional not found',
  notAProfessional: 'Only approved professionals have a professional profile.',
  minRating: `Minimum rating must be between ${MIN_RATING.min} and ${MIN_RATING.max} in steps of ${MIN_RATING.step}`,
  sort: 'Unknown sort order',
  page: 'Page must be a whole number from 1',
  hourlyRate: `Hourly rate must be a whole number of MAD from ${PRO_PROFILE_LIMITS.hourlyRateMin} to ${PRO_PROFILE_LIMITS.hourlyRateMax}`,
  about: `About must be at most ${PRO_PROFILE_LIMITS.aboutMax} characters`,
  services: 'Please select at least one service',
  unknownService: 'One of the services does not exist',
  city: 'Please select a city',
  cities: `Please select at least one city (at most ${PRO_PROFILE_LIMITS.citiesMax})`,
  cityTwice: 'Each city once',
  boroughs: 'Please select at least one borough',
  boroughsOutsideCity: 'Boroughs apply only to Casablanca',
  availability: 'Please choose at least one time slot in the week',
  allDay: 'All day cannot be combined with another slot of the same day',
  dayOffRange: 'The last day off must be on or after the first',
  dayOffSpan: `Days off may span at most ${PRO_PROFILE_LIMITS.dayOffSpanMaxDays} days`,
  daysOffMax: `At most ${PRO_PROFILE_LIMITS.daysOffMax} periods of days off`,
  skills: `At most ${PRO_PROFILE_LIMITS.skillsMax} skills of ${PRO_PROFILE_LIMITS.skillMax} characters`,
} as const;

export const proIdParamsSchema = z.object({ id: z.guid(PROS_MESSAGES.notFound) });

const rating = z.number().min(0).max(5).nullable();

/** A city a professional works in, with the boroughs they cover there (none where the city has none). */
export const proAreaViewSchema = z
  .object({
    city: z.object({ id: z.guid(), slug: z.string(), name: localizedTextSchema }),
    boroughs: z.array(z.object({ id: z.guid(), name: localizedTextSchema })),
  })
  .meta({ id: 'ProArea' });
export type ProAreaView = z.infer<typeof proAreaViewSchema>;

export const ratingBreakdownSchema = z
  .object({ 5: z.number().int(), 4: z.number().int(), 3: z.number().int(), 2: z.number().int(), 1: z.number().int() })
  .meta({ id: 'RatingBreakdown' });

export const proProfileSchema = z
  .object({
    id: z.guid(),
    /** First name only (docs/professionals.md). */
    name: z.string(),
    avatarUrl: z.string().nullable(),
    /** An approved (vetted) professional: the verified tick. */
    verified: z.boolean(),
    /** The first city the professional works in. */
    city: z.object({ id: z.guid(), slug: z.string(), name: localizedTextSchema }),
    /** Every city they work in (the first first), each with the boroughs covered where the city has them. */
    areas: z.array(proAreaViewSchema),
    /** Whole MAD per hour. */
    hourlyRate: z.number().int().nonnegative(),
    about: z.string().nullable(),
    skills: z.array(z.string()),
    services: z.array(z.object({ id: z.guid(), category: z.enum(CATEGORIES), name: localizedTextSchema })),
    /** Average of real reviews; null when there are none ("No reviews yet"). */
    rating,
    reviewsCount: z.number().int().nonnegative(),
    jobsDone: z.number().int().nonnegative(),
    /** Weekdays with at least one availability slot, Monday first (the panel's "available days"). */
    availableDays: z.array(z.enum(WEEKDAYS)),
    memberSince: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProProfile' });
export type ProProfile = z.infer<typeof proProfileSchema>;

export const proReviewsQuerySchema = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional(),
  sort: z.enum(['newest', 'oldest', 'highest', 'lowest', 'helpful']).default('newest'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ProReviewsQuery = z.infer<typeof proReviewsQuerySchema>;

export const proReviewSchema = z
  .object({
    id: z.guid(),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    comment: z.string().nullable(),
    helpfulCount: z.number().int().nonnegative(),
    /** The reviewer's first name. */
    author: z.string(),
    /** The professional's one public reply (issue 27). */
    reply: z.string().nullable(),
    repliedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProReview' });

export const proReviewsResponseSchema = z
  .object({
    rating,
    reviewsCount: z.number().int().nonnegative(),
    breakdown: ratingBreakdownSchema,
    reviews: z.array(proReviewSchema),
  })
  .meta({ id: 'ProReviews' });
export type ProReviewsResponse = z.infer<typeof proReviewsResponseSchema>;

export const proAvailabilityQuerySchema = z.object({
  date: bookingDateField,
  /** How long the booking would last (the /booking duration choice). */
  durationHours: z.coerce
    .number()
    .refine((h) => DURATION_CHOICES_HOURS.includes(h), 'Please select a duration')
    .default(DEFAULT_DURATION_HOURS),
  /**
   * The address's pin when the form has one (issue 42): travel time to and from the professional's other
   * jobs is reckoned from it; without, the minimum buffer (creation checks again with the pin).
   */
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type ProAvailabilityQuery = z.infer<typeof proAvailabilityQuerySchema>;

export const proAvailabilityResponseSchema = z
  .object({
    date: z.string(),
    durationHours: z.number(),
    /** The professional page slots (09:00 ... 17:00), each free or not, with why not. */
    slots: z.array(
      z.object({
        time: z.string(),
        available: z.boolean(),
        /** TOO_SOON_OR_OUT_OF_RANGE (under 2 h away, past, beyond 30 days), NOT_WORKING, DAY_OFF, BOOKED. */
        /** DAY_OFF: the date is in one of the professional's days off. */
        reason: z.enum(['TOO_SOON_OR_OUT_OF_RANGE', 'NOT_WORKING', 'DAY_OFF', 'BOOKED']).nullable(),
      }),
    ),
  })
  .meta({ id: 'ProAvailability', description: `Slots ${BOOKING_RULES.proPageSlots.join(', ')}` });
export type ProAvailabilityResponse = z.infer<typeof proAvailabilityResponseSchema>;

// ------------------------------------------------------------------------------------------------
// Search (/search) and the professionals finder: GET /api/pros
// ------------------------------------------------------------------------------------------------

/** "all" or blank clears a filter (docs/professionals.md "filter value all clears service or city filter"). */
const allMeansNone = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'all') ? undefined : v);

export const proSearchQuerySchema = z.object({
  /** A city slug (casablanca) or id. */
  city: z.preprocess(allMeansNone, z.string().trim().max(60).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine).optional()),
  /** A service type id. */
  service: z.preprocess(allMeansNone, z.guid('Unknown service').optional()),
  /** A category (plumbing ...): professionals offering any service of it. */
  category: z.preprocess(
    (v) => (typeof v === 'string' ? allMeansNone(v.toLowerCase()) : v),
    z.enum(CATEGORIES, { error: 'Unknown category' }).optional(),
  ),
  minRating: z.preprocess(
    allMeansNone,
    z.coerce.number({ error: PROS_MESSAGES.minRating }).refine(isValidMinRating, PROS_MESSAGES.minRating).default(0),
  ),
  /** Text over the first name, the services' names and the city's names (any language). */
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().slice(0, PRO_SEARCH_TEXT_MAX) : v),
    z.string().refine(isSingleLineText, VALIDATION_MESSAGES.singleLine).optional(),
  ),
  sort: z.enum(PRO_SEARCH_SORTS, { error: PROS_MESSAGES.sort }).default('rating'),
  page: z.coerce.number({ error: PROS_MESSAGES.page }).int(PROS_MESSAGES.page).min(1, PROS_MESSAGES.page).max(10_000, PROS_MESSAGES.page).default(1),
});
export type ProSearchQuery = z.infer<typeof proSearchQuerySchema>;
export type ProSearchParams = z.input<typeof proSearchQuerySchema>;

export const proCardSchema = z
  .object({
    id: z.guid(),
    /** First name only. */
    name: z.string(),
    avatarUrl: z.string().nullable(),
    verified: z.boolean(),
    /** The city searched for when the search names one (any of the professional's), else their first city. */
    city: z.object({ id: z.guid(), slug: z.string(), name: localizedTextSchema }),
    /** How many cities the professional works in (the card says "+n" beyond the one shown). */
    citiesCount: z.number().int().min(1),
    /** Services offered, by name; the first is the card's badge. */
    services: z.array(z.object({ id: z.guid(), category: z.enum(CATEGORIES), name: localizedTextSchema })),
    hourlyRate: z.number().int().nonnegative(),
    /** Average of real reviews (the ratings aggregate); null without any. */
    rating,
    reviewsCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'ProCard' });
export type ProCard = z.infer<typeof proCardSchema>;

export const proSearchResponseSchema = z
  .object({
    items: z.array(proCardSchema),
    /**
     * Every professional matching the filters (the finder's result count); when `totalExact` is false,
     * PRO_SEARCH_COUNT_CAP and more match ("more than ..."): a text search or a service with a category
     * counts only that far (issue 40).
     */
    total: z.number().int().nonnegative(),
    /** false: more than `total` professionals match (the count stopped there); true: exactly `total`. */
    totalExact: z.boolean(),
    page: z.number().int().min(1),
    pageSize: z.literal(PRO_SEARCH_PAGE_SIZE),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ProSearchResult' });
export type ProSearchResponse = z.infer<typeof proSearchResponseSchema>;

/** The finder's stats tiles, from real data. */
export const proStatsSchema = z
  .object({
    professionals: z.number().int().nonnegative(),
    services: z.number().int().nonnegative(),
    cities: z.number().int().nonnegative(),
    /** Average of every review of an active professional; null without any. */
    averageRating: rating,
  })
  .meta({ id: 'ProStats' });
export type ProStats = z.infer<typeof proStatsSchema>;

// ------------------------------------------------------------------------------------------------
// The professional's own profile (/pro-profile, the dashboard's Services tab): /api/pros/me/settings
// ------------------------------------------------------------------------------------------------

const daySlotsSchema = z
  .array(z.enum(AVAILABILITY_SLOTS))
  .max(AVAILABILITY_SLOTS.length)
  .refine((slots) => new Set(slots).size === slots.length, 'Each slot once')
  .refine((slots) => !slots.includes('allDay') || slots.length === 1, PROS_MESSAGES.allDay);

export const weeklyAvailabilitySchema = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, daySlotsSchema.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof daySlotsSchema>>)
  .strict()
  .meta({ id: 'WeeklyAvailability' });

const localDate = z.string().refine(isLocalDate, 'Please select a date').meta({ format: 'date' });

export const dayOffRangeSchema = z
  .object({ startsOn: localDate, endsOn: localDate })
  .refine((r) => r.endsOn >= r.startsOn, { message: PROS_MESSAGES.dayOffRange, path: ['endsOn'] })
  .refine((r) => daysBetween(r.startsOn, r.endsOn) < PRO_PROFILE_LIMITS.dayOffSpanMaxDays, { message: PROS_MESSAGES.dayOffSpan, path: ['endsOn'] })
  .meta({ id: 'DayOffRange' });

/** One city of the professional's profile with its boroughs: at least one where the city has boroughs
 * (Casablanca), none elsewhere (checked by the server, which knows the city). */
export const proAreaInputSchema = z
  .object({
    cityId: z.guid(PROS_MESSAGES.city),
    boroughIds: z
      .array(z.guid())
      .max(100)
      .default([])
      .transform((ids) => [...new Set(ids)]),
  });
export type ProAreaInput = z.output<typeof proAreaInputSchema>;

export const updateProSettingsSchema = z
  .object({
    about: z
      .string()
      .trim()
      .max(PRO_PROFILE_LIMITS.aboutMax, PROS_MESSAGES.about)
      .refine(isPlainText, VALIDATION_MESSAGES.controlCharacters)
      .transform((a) => (a === '' ? null : a))
      .nullable(),
    hourlyRate: z.coerce
      .number({ error: PROS_MESSAGES.hourlyRate })
      .int(PROS_MESSAGES.hourlyRate)
      .min(PRO_PROFILE_LIMITS.hourlyRateMin, PROS_MESSAGES.hourlyRate)
      .max(PRO_PROFILE_LIMITS.hourlyRateMax, PROS_MESSAGES.hourlyRate),
    skills: z
      .array(z.string().trim().min(1).max(PRO_PROFILE_LIMITS.skillMax, PROS_MESSAGES.skills).refine(isSingleLineText, VALIDATION_MESSAGES.singleLine))
      .max(PRO_PROFILE_LIMITS.skillsMax, PROS_MESSAGES.skills)
      .default([]),
    serviceIds: z
      .array(z.guid(PROS_MESSAGES.unknownService))
      .min(1, PROS_MESSAGES.services)
      .max(PRO_PROFILE_LIMITS.servicesMax)
      .transform((ids) => [...new Set(ids)]),
    /** The cities worked in, the first first; each city once. */
    areas: z
      .array(proAreaInputSchema, { error: PROS_MESSAGES.cities })
      .min(1, PROS_MESSAGES.cities)
      .max(PRO_PROFILE_LIMITS.citiesMax, PROS_MESSAGES.cities)
      .refine((areas) => new Set(areas.map((a) => a.cityId)).size === areas.length, PROS_MESSAGES.cityTwice),
    availability: weeklyAvailabilitySchema.refine((w) => Object.values(w).some((slots) => (slots?.length ?? 0) > 0), PROS_MESSAGES.availability),
    daysOff: z.array(dayOffRangeSchema).max(PRO_PROFILE_LIMITS.daysOffMax, PROS_MESSAGES.daysOffMax).default([]),
  })
  .meta({ id: 'UpdateProSettings' });
export type UpdateProSettings = z.input<typeof updateProSettingsSchema>;
export type ProSettingsInput = z.output<typeof updateProSettingsSchema>;

export const proSettingsSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    about: z.string().nullable(),
    hourlyRate: z.number().int().nonnegative(),
    skills: z.array(z.string()),
    serviceIds: z.array(z.guid()),
    /** The cities worked in, the first first, each with its boroughs. */
    areas: z.array(z.object({ cityId: z.guid(), boroughIds: z.array(z.guid()) })),
    availability: weeklyAvailabilitySchema,
    daysOff: z.array(z.object({ startsOn: z.string(), endsOn: z.string() })),
    /** The base location and service radius (issue 42); both null: the whole of their cities. */
    serviceArea: serviceAreaSchema,
  })
  .meta({ id: 'ProSettings' });
export type ProSettings = z.infer<typeof proSettingsSchema>;
