import { PHONE_CODE_RULES } from '@khedma/shared';

/**
 * Rate limits of the accounts routes. Counters live in the database (rate_limits), so they hold
 * across every server instance. Per client address unless said otherwise; windows in seconds.
 *
 * Several people can share one address in Morocco (carrier-grade NAT on mobile networks), so the
 * per-address limits stay generous and the email and phone limits, which protect a victim's inbox
 * and phone, are per address of the recipient.
 */
export const AUTH_RATE_LIMITS = {
  // better-auth paths (its own limiter, database storage)
  // Per address, generous: a mobile carrier puts many people behind one address. Each account has its
  // own, tighter counts (APP_RATE_LIMITS.signInPerAccountAndAddress and signInPerAccount), so guessing
  // one password from one address or from many is slow too.
  '/sign-in/email': { window: 60, max: 30 },
  '/request-password-reset': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
  '/change-password': { window: 60, max: 10 },
  '/phone-number/send-otp': { window: 60, max: 5 },
  '/phone-number/verify': { window: 60, max: 10 },
  // Read-only and cheap: not counted (a counter write per page load is not worth it).
  '/get-session': false,
  '/jwks': false,
  '/ok': false,
} as const;

/** Our own limiter (platform/rate-limit.ts) for the routes better-auth does not serve. */
export const APP_RATE_LIMITS = {
  /**
   * Sign-in attempts on one account (by email, right or wrong) from one client address. Checked first:
   * a stranger who tries a victim's email from their own address uses up this count, not the victim's,
   * who still signs in from theirs (an account-wide count alone let anyone who knew an email lock its
   * owner out with ten wrong passwords).
   */
  signInPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Sign-in attempts on one account from all addresses together (the attempts refused by the limit
   * above are not counted): guessing one password from many addresses stays slow, and locking its owner
   * out takes several addresses, each at its own limit.
   */
  signInPerAccount: { limit: 50, windowSeconds: 15 * 60 },
  signUpPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** Confirmation emails asked again from one client address (issue 41: our route, no longer better-auth's). */
  resendPerAddress: { limit: 5, windowSeconds: 60 },
  /** "Choose your password" steps of confirmation links from one client address, right or wrong. */
  confirmPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** Confirmation and reset emails to one address, whoever asks. */
  emailsPerRecipient: { limit: 5, windowSeconds: 60 * 60 },
  /** SMS codes to one phone number, whoever asks. */
  smsPerPhone: { limit: PHONE_CODE_RULES.perPhonePerHour, windowSeconds: 60 * 60 },
  /** A new code to the same number no sooner than a minute after the last one. */
  smsResend: { limit: 1, windowSeconds: PHONE_CODE_RULES.resendAfterSeconds },
  /** SMS codes asked from one client address. */
  smsPerAddress: { limit: PHONE_CODE_RULES.perAddressPerHour, windowSeconds: 60 * 60 },
} as const;
