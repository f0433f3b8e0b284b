/**
 * Account closure and data retention (issue 41, docs/retention.md): the periods of the privacy page
 * ("How long we keep your data") and SPEC.md §9, and who may close an account when. Pure: the server's
 * retention job and closure service, and the web page that explains them, read these.
 */

/** The retention periods, in years (privacy page, SPEC.md §9). */
export const RETENTION_YEARS = {
  /** Payments, refunds, payouts, invoices: accounting and tax obligations. */
  financialRecords: 7,
  /** Complaints or suspected fraud (support requests, the sensitive-access log). */
  complaintRecords: 10,
  /** Booking history: address, phone and free text removed after this. */
  bookingHistory: 2,
  /** A closed account's data: deleted (or anonymised where it must stay) after this. */
  closedAccount: 1,
} as const;

/** `date` moved back by whole calendar years (UTC; 29 February becomes 28 February). */
export function yearsBefore(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  const month = d.getUTCMonth();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  if (d.getUTCMonth() !== month) d.setUTCDate(0);
  return d;
}

/** The instants before which each rule applies, at `now`. */
export interface RetentionCutoffs {
  /** Invoices issued before this lose the customer's identity. */
  financialRecords: Date;
  /** Support requests received before this are deleted. */
  complaintRecords: Date;
  /** Bookings that ended before this are anonymised. */
  bookingHistory: Date;
  /** Accounts closed before this have their data deleted. */
  closedAccounts: Date;
}

export function retentionCutoffs(now: Date): RetentionCutoffs {
  return {
    financialRecords: yearsBefore(now, RETENTION_YEARS.financialRecords),
    complaintRecords: yearsBefore(now, RETENTION_YEARS.complaintRecords),
    bookingHistory: yearsBefore(now, RETENTION_YEARS.bookingHistory),
    closedAccounts: yearsBefore(now, RETENTION_YEARS.closedAccount),
  };
}

/** What stops an account from being closed now (each shown next to the button). */
export const CLOSURE_BLOCKERS = ['admin', 'upcoming_bookings', 'money_in_flight'] as const;
export type ClosureBlocker = (typeof CLOSURE_BLOCKERS)[number];

export interface ClosureFacts {
  userType: 'customer' | 'pro' | 'admin';
  /** Pending or confirmed bookings, as customer or as professional. */
  activeBookings: number;
  /** Payments awaiting their provider, refunds on their way, escrow held on the person's bookings. */
  paymentsInFlight: number;
  /** A professional's balance not paid out yet (MAD) and payouts requested or sent. */
  proBalance: number;
  payoutsInFlight: number;
}

/**
 * Why the account cannot be closed now (empty: it can). Admin accounts are never closed this way: an
 * admin's access is removed by a super admin (docs/retention.md).
 */
export function closureBlockers(f: ClosureFacts): ClosureBlocker[] {
  const out: ClosureBlocker[] = [];
  if (f.userType === 'admin') out.push('admin');
  if (f.activeBookings > 0) out.push('upcoming_bookings');
  if (f.paymentsInFlight > 0 || f.proBalance !== 0 || f.payoutsInFlight > 0) out.push('money_in_flight');
  return out;
}

/** The API's messages (English; the web app shows its own translations by blocker). */
export const CLOSURE_MESSAGES = {
  admin: 'Admin accounts cannot be closed here. Ask a super admin to remove your access.',
  upcoming_bookings: 'You have upcoming bookings. Cancel them or wait until they are completed before closing your account.',
  money_in_flight: 'Money is still on its way to or from you (a payment, a refund, held funds or a payout). You can close your account once it has arrived.',
  confirmRequired: 'Type your email address to confirm.',
  closed: 'Your account is closed.',
} as const;

export const closureMessage = (blockers: readonly ClosureBlocker[]) => blockers.map((b) => CLOSURE_MESSAGES[b]).join(' ');

/** The sign-in address a closed account is moved to, so that its own address is free for a new account. */
export const closedAccountEmail = (userId: string) => `closed-${userId.toLowerCase().replace(/[^a-z0-9-]/g, '')}@closed.invalid`;

/** What a deleted account's name becomes where a record of it must stay (invoices, reviews, chats). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';
export const ANONYMISED_TEXT = '[removed]';
