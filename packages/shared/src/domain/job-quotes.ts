/**
 * Quotes for jobs without a fixed price (docs/job-quotes.md): a customer's job request for a service
 * priced "on quote", the professionals' quotes (line items, validity, the visit they propose), and
 * the accepted quote's price as a booking's. Pure: no I/O.
 */
import { CHAT_RULES } from './chat';
import { quote, type Quote } from './pricing';
import { addDays, type LocalDate } from './time';

export const JOB_QUOTE_RULES = {
  /** A request takes quotes for this many days, then expires (unless one was accepted). */
  requestOpenDays: 7,
  /** The request's text: long enough to price, short enough to read. */
  descriptionMin: 20,
  descriptionMax: 2000,
  addressMin: 5,
  addressMax: 200,
  /** Dates the customer prefers (optional), each within the booking horizon. */
  preferredDatesMax: 3,
  /** Photos of the job (the chat's image rules: types and size). */
  photosMax: 5,
  photoMaxBytes: CHAT_RULES.maxFileBytes,
  photoTypes: CHAT_RULES.imageTypes,
  /** A quote's lines. */
  linesMin: 1,
  linesMax: 10,
  lineLabelMax: 80,
  /** One line, whole MAD. */
  lineAmountMax: 100_000,
  /** The quote's message to the customer. */
  messageMax: 1000,
  /** A quote stays valid at most this many days (and never past the visit it proposes). */
  validityMaxDays: 14,
  /** Requests one customer may open per day (abuse). */
  requestsPerDay: 5,
} as const;

/** Request states: open (taking quotes), accepted (one quote became a booking), expired, cancelled. */
export const JOB_REQUEST_STATUSES = ['open', 'accepted', 'expired', 'cancelled'] as const;
export type JobRequestStatus = (typeof JOB_REQUEST_STATUSES)[number];

/**
 * Quote states: submitted, accepted, declined (another quote was accepted, or the request closed),
 * withdrawn by the professional, expired (past its validity; computed on read, see quoteState).
 */
export const JOB_QUOTE_STATUSES = ['submitted', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type JobQuoteStatus = (typeof JOB_QUOTE_STATUSES)[number];

export interface JobQuoteLine {
  label: string;
  amount: number;
}

/** The sum of a quote's lines (whole MAD). */
export function jobQuoteSubtotal(lines: readonly JobQuoteLine[]): number {
  return lines.reduce((sum, l) => sum + l.amount, 0);
}

/**
 * What the customer pays for an accepted quote: the lines' sum is the service price, and the usual
 * service fee is added on top (the same `quote` as every booking, so fees and the ledger agree).
 */
export function jobQuotePrice(lines: readonly JobQuoteLine[], serviceLabel: string): Quote {
  return quote({ servicePrice: jobQuoteSubtotal(lines), serviceLabel });
}

/** The last day a request takes quotes (Casablanca calendar). */
export function jobRequestClosesOn(createdOn: LocalDate): LocalDate {
  return addDays(createdOn, JOB_QUOTE_RULES.requestOpenDays);
}

/** The latest validity a quote may state, made on `today` for a visit on `visitDate`. */
export function latestValidity(today: LocalDate, visitDate: LocalDate): LocalDate {
  const max = addDays(today, JOB_QUOTE_RULES.validityMaxDays);
  return visitDate < max ? visitDate : max;
}

/** A stored status as the reader sees it on `today`: a submitted quote past its validity is expired. */
export function quoteState(stored: JobQuoteStatus, validUntil: LocalDate, today: LocalDate): JobQuoteStatus {
  return stored === 'submitted' && validUntil < today ? 'expired' : stored;
}

/** A stored request status as seen on `today`: an open request past its closing day is expired. */
export function requestState(stored: JobRequestStatus, closesOn: LocalDate, today: LocalDate): JobRequestStatus {
  return stored === 'open' && closesOn < today ? 'expired' : stored;
}

/**
 * Who is told when a request takes quotes again (an accepted quote's booking expired unpaid,
 * docs/job-quotes.md), per professional who offers the service in the city or has quoted it:
 * - `quote_open`: their quote, declined by that acceptance, is open again and still valid: the customer may choose it;
 * - `request_open`: they have not quoted it: they may now;
 * - nothing for the others: the quote that lapsed (its booking's key is spent), a withdrawn quote, one past
 *   its validity (one quote per professional: they cannot send another).
 */
export function reopenNotice(quote: { status: JobQuoteStatus; validUntil: LocalDate } | null, today: LocalDate): 'quote_open' | 'request_open' | null {
  if (!quote) return 'request_open';
  return quoteState(quote.status, quote.validUntil, today) === 'submitted' ? 'quote_open' : null;
}

/** English copy of the rules' messages (the web app has them in three languages). */
export const JOB_QUOTE_MESSAGES = {
  description: `Please describe the job in at least ${JOB_QUOTE_RULES.descriptionMin} characters`,
  descriptionMax: `Description must be at most ${JOB_QUOTE_RULES.descriptionMax} characters`,
  address: 'Please enter the address',
  addressMax: `Address must be at most ${JOB_QUOTE_RULES.addressMax} characters`,
  preferredDates: `Choose at most ${JOB_QUOTE_RULES.preferredDatesMax} dates`,
  notOnQuote: 'This service has a fixed price: book it directly.',
  onQuoteService: 'This service is priced on quote: request quotes instead.',
  serviceNotFound: 'Service not found',
  cityNotServed: 'This service is not offered in this city.',
  requestNotFound: 'Quote request not found',
  quoteNotFound: 'Quote not found',
  requestClosed: 'This request no longer takes quotes.',
  alreadyQuoted: 'You have already sent a quote for this request.',
  notMatching: 'This request is not for a service you offer in your city.',
  lines: `Add between ${JOB_QUOTE_RULES.linesMin} and ${JOB_QUOTE_RULES.linesMax} lines`,
  lineLabel: 'Please describe this line',
  lineAmount: 'Please enter an amount in whole MAD',
  validUntil: 'Please choose until when the quote is valid',
  validityTooLong: `A quote is valid for at most ${JOB_QUOTE_RULES.validityMaxDays} days, and not after the visit`,
  quoteExpired: 'This quote has expired.',
  notFree: 'You are not available at this time: choose a time within your hours, outside your days off and bookings.',
  quoteNotOpen: 'This quote can no longer be accepted.',
  tooManyRequests: `You can open at most ${JOB_QUOTE_RULES.requestsPerDay} quote requests a day.`,
  tooManyPhotos: `You can add at most ${JOB_QUOTE_RULES.photosMax} photos`,
  photoType: 'Photos must be JPEG, PNG, WebP or GIF images',
} as const;
