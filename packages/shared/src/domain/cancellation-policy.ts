/**
 * The cancellation policy's figures (docs/bookings.md "Cancellation"), apart from its rules (cancellation.ts)
 * so that lateness.ts, which cancellation.ts reads, can take the no-show fee from them without a loop.
 */
/** Customer cancellation policy (docs/bookings.md). */
export const CANCELLATION_POLICY = {
  /** Free whatever the start, within this many minutes after booking. */
  freeWindowAfterBookingMinutes: 15,
  /** Free up to this many hours before the start. */
  freeBeforeStartHours: 24,
  /** From 24 h to 2 h before the start: this share of the service value. */
  lateFeeRate: 0.25,
  /** Under this many hours before the start: veryLateFeeRate. */
  veryLateThresholdHours: 2,
  veryLateFeeRate: 0.5,
  /** A professional cannot cancel within this many hours of the start. */
  proNoCancelHours: 2,
} as const;
/** Refunds reach the customer within this many business days. */
export const REFUND_BUSINESS_DAYS = 10;
