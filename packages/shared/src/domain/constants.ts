/**
 * Business constants of Khedma (docs/README.md, docs/README.md), defined once.
 *
 * The database CHECK constraints are built from these lists, so adding a value here and
 * generating a migration is the only way to add a status, role or slot.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations (each list is the allowed values of a database column)
// ---------------------------------------------------------------------------------------------

/** Interface languages; `ar` is right-to-left. profiles.locale */
export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RTL_LOCALES: readonly Locale[] = ['ar'];
/**
 * The reader's interface language, remembered by the web app in localStorage and mirrored in a
 * first-party cookie of the same name, so the server renders public pages in it.
 */
export const LANGUAGE_COOKIE = 'khedma.lang';

/** profiles.user_type; anything else read from outside becomes `customer`. */
export const USER_TYPES = ['customer', 'pro', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const DEFAULT_USER_TYPE: UserType = 'customer';
/** Sign-up lets a visitor choose only these. */
export const SIGNUP_USER_TYPES = ['customer', 'pro'] as const satisfies readonly UserType[];

/** admin_roles.role. An admin user_type with no active role record has all rights. */
export const ADMIN_ROLES = ['super_admin', 'application_reviewer', 'finance_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** bookings.status (docs/README.md). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses that hold the professional's time slot (the bookings exclusion constraint). */
export const ACTIVE_BOOKING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];

/** bookings.payment_status. */
export const BOOKING_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** bookings.kind: a catalogue service at a fixed price, or hourly work booked from a professional's page. */
export const BOOKING_KINDS = ['service', 'hourly'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** booking_price_lines.kind. */
export const PRICE_LINE_KINDS = ['service', 'addon', 'hourly', 'fee'] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];

/** payments.method: online only, no cash (docs/README.md). */
export const PAYMENT_METHODS = ['card', 'bank', 'mobile'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** payments.status (one payment attempt with the provider). */
/**
 * payments.status (docs/payments.md "States"): pending = initiated (the row made with the booking),
 * awaiting_callback = the customer was sent to the provider's hosted page, succeeded = paid (only by a
 * verified callback or a lookup), failed, refunded / partially_refunded (what the provider confirmed).
 */
export const PAYMENT_STATUSES = ['pending', 'awaiting_callback', 'succeeded', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** payment_refunds.status: asked of the provider, confirmed, or refused (the admin's failed list). */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/** CMI: ISO 4217 numeric code of the Moroccan dirham, sent as `currency`. */
export const CMI_CURRENCY_MAD = '504';

/** ledger_entries.kind (double-entry escrow ledger). */
export const LEDGER_ENTRY_KINDS = ['hold', 'release', 'refund', 'cancellation_fee', 'payout'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** ledger_entries.account: fixed accounts, plus one per professional (`pro:<professional id>`). */
export const LEDGER_ACCOUNTS = { customer: 'customer', escrow: 'escrow', platform: 'platform' } as const;
export const proLedgerAccount = (professionalId: string) => `pro:${professionalId}` as const;

/** professional_applications.status. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** professionals.status (terms: suspension for poor ratings or fraud). */
export const PROFESSIONAL_STATUSES = ['active', 'suspended'] as const;
export type ProfessionalStatus = (typeof PROFESSIONAL_STATUSES)[number];

/**
 * payouts.status; pending amount = all payouts minus paid ones. `sent`: in a bank transfer batch
 * (docs/payments.md "Payout batches"), not yet seen on the bank's statement; the ledger moves at `paid`.
 */
export const PAYOUT_STATUSES = ['pending', 'sent', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** messages.message_type; a file message's content is "filename|url". */
export const MESSAGE_TYPES = ['text', 'image', 'file'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** outbox.channel. */
export const OUTBOX_CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** sensitive_access_log.action (docs/README.md log_sensitive_access). */
export const SENSITIVE_ACCESS_ACTIONS = [
  'view_sensitive',
  'view_applications',
  'approve_application',
  'reject_application',
  'view_document',
  /** Issue 41: a professional suspended or reinstated by a super_admin (record: professionals.id). */
  'suspend_professional',
  'reinstate_professional',
] as const;
export type SensitiveAccessAction = (typeof SENSITIVE_ACCESS_ACTIONS)[number];

/** profile_audit_log.change_type (free text in the database; these are the values the product writes). */
export const PROFILE_CHANGE_TYPES = ['create', 'update', 'role_change_attempt', 'avatar_update'] as const;
export type ProfileChangeType = (typeof PROFILE_CHANGE_TYPES)[number];

/** scheduled_jobs.status (durable job queue). */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** idempotency_keys.status. */
export const IDEMPOTENCY_STATUSES = ['in_flight', 'done'] as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Week and availability
// ---------------------------------------------------------------------------------------------

/** Weekdays in ISO order; the database stores the ISO number (1 = Monday ... 7 = Sunday). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const weekdayToIso = (day: Weekday) => (WEEKDAYS.indexOf(day) + 1) as IsoWeekday;
export const isoToWeekday = (iso: IsoWeekday): Weekday => WEEKDAYS[iso - 1]!;

/** professional_availability.slot. allDay clears the other slots of the day and vice versa. */
export const AVAILABILITY_SLOTS = ['morning', 'afternoon', 'evening', 'allDay'] as const;
export type AvailabilitySlot = (typeof AVAILABILITY_SLOTS)[number];

/** Hours of each slot, local time (Africa/Casablanca), end exclusive; 24 = midnight. docs/README.md. */
export const AVAILABILITY_SLOT_HOURS: Readonly<Record<AvailabilitySlot, { start: number; end: number }>> = {
  morning: { start: 6, end: 12 },
  afternoon: { start: 12, end: 18 },
  evening: { start: 18, end: 24 },
  allDay: { start: 6, end: 24 },
};

/** Time zone in which booking times and availability slots are read. */
export const BUSINESS_TIME_ZONE = 'Africa/Casablanca';

// ---------------------------------------------------------------------------------------------
// Money and fees
// ---------------------------------------------------------------------------------------------

/** All amounts are whole MAD (integers). */
export const CURRENCY = 'MAD';
/** Money display: French-Morocco format, no decimals. */
export const MONEY_LOCALE = 'fr-MA';
/** Customer service fee: 15% of (service price + add-ons), rounded to whole MAD, added on top. */
export const SERVICE_FEE_RATE = 0.15;
/** Commission taken from the professional's share (0% by default, docs/README.md). */
export const PRO_COMMISSION_RATE = 0;
/** Price range quoted in marketing copy, and the default maximum of the price filter. */
export const PRICE_RANGE = { min: 50, max: 500 } as const;
export const DEFAULT_MAX_PRICE_FILTER = 1000;
/** Hourly rates a professional may set (earnings calculator range). */
export const HOURLY_RATE = { min: 80, max: 400, step: 10, default: 150 } as const;

/** Earnings calculator (docs/README.md). */
export const EARNINGS_CALCULATOR = {
  hoursPerWeek: { min: 5, max: 60, step: 5, default: 20 },
  hourlyRate: HOURLY_RATE,
  weeksPerMonth: 4.3,
  monthsPerYear: 12,
} as const;

/**
 * Moroccan VAT (TVA) on the platform's own service: the service fee (docs/payments.md "Invoices").
 * The professional's service is billed on the professional's behalf, outside the platform's VAT.
 */
export const VAT_RATE = 0.2;

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

export const LIMITS = {
  bookingTitleMax: 200,
  bookingDescriptionMax: 1000,
  bookingLocationMax: 300,
  nameMin: 2,
  nameMax: 50,
  passwordMin: 8,
  loginPasswordMin: 6,
  verificationCodeLength: 6,
  minimumAge: 18,
  chatFileMaxBytes: 10 * 1024 * 1024,
  avatarMaxBytes: 5 * 1024 * 1024,
  experienceYears: { min: 1, max: 30, default: 1 },
  ratingMin: 1,
  ratingMax: 5,
  /** Professionals whose average falls below this may be suspended. */
  suspensionRatingThreshold: 3,
  serviceSearchLimit: 50,
  searchPageSize: 12,
  popularServices: 6,
  dashboardBookings: 3,
  bookingReferenceLength: 8,
  bookingWizardSteps: 6,
  onboardingWizardSteps: 7,
} as const;

/** Booking durations and times (docs/README.md, docs/README.md). */
export const BOOKING_RULES = {
  minDurationMinutes: 30,
  maxDurationMinutes: 8 * 60,
  durationChoicesHours: [1, 2, 3, 4, 6, 8],
  defaultDurationMinutes: 60,
  /** Wizard start times: 08:00 to 18:30 every 30 minutes. */
  firstStartTime: '08:00',
  lastStartTime: '18:30',
  startTimeStepMinutes: 30,
  /** Professional page time slots. */
  proPageSlots: ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'],
  /** Bookings up to this many days ahead. */
  horizonDays: 30,
  /** The professional page allows today when the slot is at least this far away. */
  sameDayMinLeadHours: 2,
} as const;

/** Rating badge colours: green at 4 or more, yellow at 3 or more, red below. */
export const RATING_BADGE_THRESHOLDS = { good: 4, fair: 3 } as const;

// ---------------------------------------------------------------------------------------------
// Country, phone, banks
// ---------------------------------------------------------------------------------------------

export const COUNTRY = 'Morocco';
export const COUNTRIES = [COUNTRY] as const;
export const PHONE_COUNTRY_CODE = '+212';

/** Banks offered in onboarding (docs/README.md). */
export const BANKS = [
  'Attijariwafa Bank',
  'Banque Populaire',
  'BMCE Bank',
  'Crédit Agricole du Maroc',
  'CIH Bank',
  'Banque Marocaine du Commerce Extérieur',
  'Société Générale Maroc',
  'Crédit du Maroc',
  'Al Barid Bank',
  'Other',
] as const;
export type Bank = (typeof BANKS)[number];

// ---------------------------------------------------------------------------------------------
// Timings (milliseconds unless named otherwise)
// ---------------------------------------------------------------------------------------------

export const TIMINGS = {
  searchDebounceMs: 300,
  typingIndicatorMs: 1000,
  signupRedirectMs: 3000,
  cookieConsentMonths: 6,
  mobileBreakpointPx: 768,
} as const;
