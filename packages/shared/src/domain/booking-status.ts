/**
 * The booking state machine (docs/bookings.md Booking status; issue 5): which status may follow which, and
 * who may move it. Timing rules (the cancellation fee, the professional's 2-hour limit) live in
 * cancellation.ts; a service checks both before it writes.
 *
 *   pending --accept--> confirmed --complete--> completed (final)
 *      |   <--reschedule--  |
 *      |                    +--customer_cancel/professional_cancel/refund--+
 *      +--decline/customer_cancel/payment_failed/refund--> cancelled (final) <--+
 */
// Status lists (BOOKING_STATUSES, BOOKING_PAYMENT_STATUSES) are defined in constants.ts.

/** bookings.status . */
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
/** idempotency_keys.status. */
export const IDEMPOTENCY_STATUSES = ['in_flight', 'done'] as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUSES)[number];

/** A booking's text fields and its public reference (docs/bookings.md). */
export const BOOKING_LIMITS = {
  titleMax: 200,
  descriptionMax: 1000,
  locationMax: 300,
  referenceLength: 8,
} as const;

/** Who is asking. */
export type ActorRole = 'customer' | 'professional' | 'admin' | 'system';

/**
 * The caller and their relation to the booking, worked out by the service from the session:
 * `isOwner` for the booking's customer, `isAssigned` for its professional.
 */
export interface BookingActor {
  role: ActorRole;
  isOwner?: boolean;
  isAssigned?: boolean;
}

/** Named moves, so emails, events and logs can say what happened and not only the new status. */
export type BookingAction =
  | 'accept'
  | 'decline'
  | 'customer_cancel'
  | 'payment_failed'
  | 'complete'
  | 'professional_cancel'
  | 'refund'
  | 'reschedule'
  /** A paid visit of a series its professional agreed to is confirmed by the system (recurring.ts confirmsOnPayment). */
  | 'series_confirm'
  /** An admin gives the booking to another professional (status unchanged). */
  | 'reassign';

export interface BookingTransition {
  action: BookingAction;
  from: BookingStatus;
  to: BookingStatus;
  /** May this actor take this move? */
  allows: (actor: BookingActor) => boolean;
}

const customerOwner = (a: BookingActor) => a.role === 'customer' && a.isOwner === true;
const assignedPro = (a: BookingActor) => a.role === 'professional' && a.isAssigned === true;
const admin = (a: BookingActor) => a.role === 'admin';
const system = (a: BookingActor) => a.role === 'system';

/** Every allowed move. Anything not listed is INVALID_TRANSITION; completed and cancelled are final. */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = Object.freeze([
  // The assigned professional accepts the request (pro bookings page, "Booking confirmed!").
  { action: 'accept', from: 'pending', to: 'confirmed', allows: assignedPro },
  // A visit of a recurring series is confirmed when its payment succeeds: its professional agreed to
  // the series (docs/recurring.md; recurring.ts confirmsOnPayment decides which visits).
  { action: 'series_confirm', from: 'pending', to: 'confirmed', allows: system },
  // The assigned professional declines ("Booking declined."): the customer is refunded in full.
  { action: 'decline', from: 'pending', to: 'cancelled', allows: assignedPro },
  // The customer withdraws a request nobody has accepted yet: free (cancellation.ts).
  { action: 'customer_cancel', from: 'pending', to: 'cancelled', allows: customerOwner },
  // The payment failed or was abandoned: the system releases the professional's slot.
  { action: 'payment_failed', from: 'pending', to: 'cancelled', allows: system },
  // An admin refunds a booking before anyone accepted it (admin bookings page "Refund").
  { action: 'refund', from: 'pending', to: 'cancelled', allows: admin },
  // An admin marks the service delivered (admin "Complete"); escrow is released 48 h later.
  { action: 'complete', from: 'confirmed', to: 'completed', allows: admin },
  // The customer cancels an accepted booking, paying the docs/bookings.md fee (cancellation.ts).
  { action: 'customer_cancel', from: 'confirmed', to: 'cancelled', allows: customerOwner },
  // The professional withdraws, only more than 2 h before the start (cancellation.ts); full refund.
  { action: 'professional_cancel', from: 'confirmed', to: 'cancelled', allows: assignedPro },
  // An admin refunds an accepted booking (admin "Refund", a reason is required).
  { action: 'refund', from: 'confirmed', to: 'cancelled', allows: admin },
  // The customer moves an accepted booking to another slot at least 24 h ahead (issue 5): the
  // professional must confirm the new time, so it is a request again. Timing: cancellation.ts.
  { action: 'reschedule', from: 'confirmed', to: 'pending', allows: customerOwner },
] satisfies BookingTransition[]);

/** Statuses no transition leaves. */
export const FINAL_BOOKING_STATUSES: readonly BookingStatus[] = ['completed', 'cancelled'];

export const isFinalStatus = (status: BookingStatus): boolean => FINAL_BOOKING_STATUSES.includes(status);

export type TransitionErrorCode = 'INVALID_TRANSITION' | 'FORBIDDEN';

export type TransitionResult =
  | { ok: true; transition: { action: BookingAction; from: BookingStatus; to: BookingStatus } }
  | { ok: false; code: TransitionErrorCode };

/**
 * Whether `actor` may move a booking from `from` to `to`. INVALID_TRANSITION when no rule leads
 * there (whoever asks: final statuses, skipping confirmation, going back); FORBIDDEN when a rule
 * exists but not for this caller (another customer, an unassigned professional).
 */
export function checkTransition(from: BookingStatus, to: BookingStatus, actor: BookingActor): TransitionResult {
  const candidates = BOOKING_TRANSITIONS.filter((t) => t.from === from && t.to === to);
  if (candidates.length === 0) return { ok: false, code: 'INVALID_TRANSITION' };
  const match = candidates.find((t) => t.allows(actor));
  if (!match) return { ok: false, code: 'FORBIDDEN' };
  return { ok: true, transition: { action: match.action, from, to } };
}

/** Boolean form of `checkTransition`, for hiding buttons a user may not press. */
export function canTransition(from: BookingStatus, to: BookingStatus, actor: BookingActor): boolean {
  return checkTransition(from, to, actor).ok;
}

/** Thrown by `assertTransition`; `code` is one of the API error codes (errors.ts). */
export class BookingTransitionError extends Error {
  constructor(
    readonly code: TransitionErrorCode,
    readonly from: BookingStatus,
    readonly to: BookingStatus,
  ) {
    super(code === 'FORBIDDEN' ? `Not allowed to move a ${from} booking to ${to}` : `A ${from} booking cannot become ${to}`);
    this.name = 'BookingTransitionError';
  }
}

/**
 * `checkTransition` for services that want an exception: returns the transition taken or throws a
 * BookingTransitionError whose code maps to 409 (INVALID_TRANSITION) or 403 (FORBIDDEN).
 */
export function assertTransition(
  from: BookingStatus,
  to: BookingStatus,
  actor: BookingActor,
): { action: BookingAction; from: BookingStatus; to: BookingStatus } {
  const r = checkTransition(from, to, actor);
  if (!r.ok) throw new BookingTransitionError(r.code, from, to);
  return r.transition;
}

/** The statuses this actor could move the booking to now (the buttons to show). */
export function nextStatuses(from: BookingStatus, actor: BookingActor): BookingStatus[] {
  return [...new Set(BOOKING_TRANSITIONS.filter((t) => t.from === from && t.allows(actor)).map((t) => t.to))];
}

/**
 * Completion's timing (issue 38): an admin marks a booking delivered only once its scheduled start has
 * come. Before it the job cannot have happened, and completing would start the 48 h escrow release
 * before the work. The state machine says who may complete; this says when.
 */
export function completionAllowed(now: Date, scheduledStart: Date): boolean {
  return now.getTime() >= scheduledStart.getTime();
}

/** The API's message when `completionAllowed` says no (code BOOKING_NOT_STARTED). */
export const COMPLETION_BEFORE_START_MESSAGE = 'This booking has not started yet. It can be completed once its scheduled start has passed.';

// ---------------------------------------------------------------------------------------------
// Payment status (bookings.payment_status)
// ---------------------------------------------------------------------------------------------

/**
 * How a booking's payment status may change: a pending payment is paid or fails; a failed one may be
 * retried (paid) or given up (stays failed, the booking is cancelled); a paid one is refunded in full
 * or in part (a cancellation fee was kept); a partial refund may later be completed by an admin.
 */
export const PAYMENT_STATUS_TRANSITIONS: Readonly<Record<BookingPaymentStatus, readonly BookingPaymentStatus[]>> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['refunded', 'partially_refunded'],
  partially_refunded: ['refunded'],
  refunded: [],
};

/**
 * Whether an admin refund has money to give back (issue 38): only a paid booking's. A hold whose
 * payment is pending or failed took nothing; it is released on its own when its payment time runs out.
 */
export function refundable(paymentStatus: BookingPaymentStatus): boolean {
  return paymentStatus === 'paid';
}

/** The API's message when `refundable` says no (code BOOKING_NOT_PAID). */
export const REFUND_UNPAID_MESSAGE = 'This booking has not been paid: there is nothing to refund.';

export function canTransitionPayment(from: BookingPaymentStatus, to: BookingPaymentStatus): boolean {
  return PAYMENT_STATUS_TRANSITIONS[from].includes(to);
}

/**
 * The payment status after a refund of `refund` out of `paid`: nothing back leaves it paid (a
 * cancellation fee that took everything), everything back is refunded, in between partially.
 */
export function paymentStatusAfterRefund(paid: number, refund: number): BookingPaymentStatus {
  if (refund <= 0) return 'paid';
  return refund >= paid ? 'refunded' : 'partially_refunded';
}

// ---------------------------------------------------------------------------------------------
// Reference
// ---------------------------------------------------------------------------------------------

/** The short booking reference shown to people: the first 8 characters of the id, upper case. */
export function bookingReference(id: string): string {
  return id.slice(0, BOOKING_LIMITS.referenceLength).toUpperCase();
}
