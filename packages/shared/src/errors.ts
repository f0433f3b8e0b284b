/**
 * Error codes the API answers with. The server sends a code and an English fallback message;
 * the web app turns each code into copy in the reader's language (STYLE.md rule 8).
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  /** Email confirmation or password reset link that is invalid or expired. */
  INVALID_TOKEN: 400,
  /** Wrong, expired or over-tried SMS verification code. */
  INVALID_CODE: 400,
  UNAUTHENTICATED: 401,
  /** Sign-in with a wrong email or password. */
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** Sign-in before the email address is confirmed (the web app offers to resend). */
  EMAIL_NOT_CONFIRMED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The client took too long to send the request. */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** Sign-up with an email that already has an account. */
  EMAIL_EXISTS: 409,
  /** Adding an email to an account that already has a confirmed one (docs/accounts.md#email-of-a-phone-account). */
  EMAIL_ALREADY_SET: 409,
  /** Phone number already verified on another account. */
  PHONE_EXISTS: 409,
  /** Signing in by phone with a number no account uses (the sign-up page creates one with it). */
  PHONE_NOT_REGISTERED: 404,
  /** Admin accounts sign in with email and password only (PRODUCT.md). */
  PHONE_SIGN_IN_NOT_ALLOWED: 403,
  SLOT_TAKEN: 409,
  IDEMPOTENCY_IN_FLIGHT: 409,
  INVALID_TRANSITION: 409,
  /** The payment provider refused or failed the payment; the booking is cancelled (docs/README.md Payments). */
  PAYMENT_FAILED: 409,
  /** A booking that is already paid, or whose payment is being processed. */
  ALREADY_PAID: 409,
  /** Cancelling is not allowed now (a professional within 2 h of the start, after the start, final status). */
  CANCELLATION_NOT_ALLOWED: 409,
  /** Rescheduling is not allowed now (less than 24 h before the start, final status). */
  RESCHEDULE_NOT_ALLOWED: 409,
  /** Completing a booking before its scheduled start (domain/booking-status.ts completionAllowed). */
  BOOKING_NOT_STARTED: 409,
  /** A professional answering a request an admin has just given to another professional (issue 38). */
  BOOKING_REASSIGNED: 409,
  /** An admin action decided on a status the booking no longer has (its professional accepted meanwhile). */
  BOOKING_CHANGED: 409,
  /** An admin refund of a booking whose payment was never taken (domain/booking-status.ts refundable). */
  BOOKING_NOT_PAID: 409,
  /** Nobody can take this service, city and time (wizard step 3 offers other times). */
  NO_PROFESSIONAL_AVAILABLE: 409,
  /** The customer already holds MAX_UNPAID_HOLDS unpaid bookings (domain/holds.ts). */
  UNPAID_HOLD_LIMIT: 409,
  /** A second application while one is pending (or after one was approved). */
  APPLICATION_EXISTS: 409,
  /** Submitting an application with a step of the wizard not complete; `fields` names the steps. */
  APPLICATION_INCOMPLETE: 400,
  /** A second review of the same booking. */
  ALREADY_REVIEWED: 409,
  /** Reviewing a booking that is not completed. */
  REVIEW_NOT_ALLOWED: 409,
  /** A second "Was this helpful?" vote by the same user. */
  ALREADY_VOTED: 409,
  /** A second reply by the professional to the same review. */
  ALREADY_REPLIED: 409,
  /** A payout request while another one is pending. */
  PAYOUT_PENDING: 409,
  /** A payout request under the minimum amount (domain/payouts.ts PAYOUT_MINIMUM_AMOUNT). */
  PAYOUT_BELOW_MINIMUM: 409,
  /** Marking paid a payout that is already paid. */
  PAYOUT_ALREADY_PAID: 409,
  /** A payout batch none of whose selected payouts can be sent; `fields` gives each payout's reason. */
  PAYOUT_BATCH_EMPTY: 409,
  /** Guarantee claims (docs/claims.md): reporting a booking that is not completed, after the window, or twice. */
  CLAIM_NOT_ALLOWED: 409,
  CLAIM_WINDOW_CLOSED: 409,
  CLAIM_ALREADY_OPEN: 409,
  /** A promo code created twice (codes are unique, case-insensitive). */
  PROMO_CODE_EXISTS: 409,
  /** A promo code that does not apply to this booking; `fields.promoCode` says why (domain/promos.ts). */
  PROMO_CODE_INVALID: 400,
  /** A referral link that cannot be used by this account (own link, not new, already referred). */
  REFERRAL_INVALID: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A path segment longer than any id or slug of the API. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An uploaded PDF with scripts, automatic actions or embedded files (domain/validation.ts). */
  PDF_ACTIVE_CONTENT: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  /** The request line and headers together are over the server's limit (16 KB). */
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    /** Field path -> message, for bad input on forms. */
    fields?: Record<string, string>;
  };
}
