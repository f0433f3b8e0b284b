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
  CONFLICT: 409,
  /** Sign-up with an email that already has an account. */
  EMAIL_EXISTS: 409,
  /** Phone number already verified on another account. */
  PHONE_EXISTS: 409,
  SLOT_TAKEN: 409,
  IDEMPOTENCY_IN_FLIGHT: 409,
  INVALID_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
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
