/**
 * Unpaid holds (docs/bookings.md Unpaid holds): a booking made but not yet paid holds its professional's
 * slot for a short while, so the customer can pay without losing it; after that it is cancelled and the
 * slot is free again. So that nobody can hold a professional's calendar without paying, a customer holds
 * at most MAX_UNPAID_HOLDS at once (the database refuses a third: migration 0014) and makes bookings at
 * a limited rate, per account and per network address.
 */

/** How long an unpaid booking holds its slot. */
export const UNPAID_HOLD_MINUTES = 15;

/** Unpaid bookings one customer may hold at the same time (the database's trigger holds the same number). */
export const MAX_UNPAID_HOLDS = 2;

/** Bookings made per hour: by one account, and from one network address (several accounts). */
export const BOOKING_CREATE_LIMITS = {
  perAccount: { limit: 10, windowSeconds: 60 * 60 },
  perAddress: { limit: 30, windowSeconds: 60 * 60 },
} as const;

export const UNPAID_HOLD_LIMIT_MESSAGE = 'You already have 2 bookings waiting for payment. Pay for one or cancel it before booking again.';
export const BOOKING_RATE_LIMIT_MESSAGE = 'You have made many bookings in a short time. Please wait a moment and try again.';

/** Whether a booking is an unpaid hold: made, not paid, not ended. */
export function isUnpaidHold(b: { status: string; paymentStatus: string }): boolean {
  return b.status === 'pending' && b.paymentStatus === 'pending';
}

/** When an unpaid hold made at `createdAt` ends (then the slot is released). */
export function holdExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + UNPAID_HOLD_MINUTES * 60_000);
}
