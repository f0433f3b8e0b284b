/** The errors of booking use cases, with docs/bookings.md's messages. */
import type { BookingWindowResult, TransitionErrorCode } from '@khedma/shared';
import { AppError, badRequest, forbidden } from '../../http/errors';

export const SLOT_TAKEN_MESSAGE = 'This time slot was just taken. Please choose another time.';
export const BOOKING_NOT_FOUND = 'Booking not found';

export const windowError = (result: Extract<BookingWindowResult, { ok: false }>) => {
  const fields: Record<string, string> = {};
  for (const i of result.issues) fields[i.field] ??= i.message;
  return badRequest(result.issues[0]!.message, fields);
};


/**
 * SQLSTATEs of a concurrent booking for the same professional and time, through any driver wrapping:
 * - 23P01, the bookings_no_overlap exclusion constraint refusing the row;
 * - 40P01, a deadlock between two such inserts. An exclusion constraint is checked after the row is
 *   in the index, so two inserts of overlapping rows can each find the other's row and wait for it;
 *   PostgreSQL then aborts one. For that one it is the same news: someone else is taking the slot.
 */
const SLOT_CONFLICT_CODES = new Set(['23P01', '40P01']);

export function isSlotConflict(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code && SLOT_CONFLICT_CODES.has(e.code)) return true;
  }
  return false;
}

/** The database's unpaid-holds trigger refused the booking (migration 0014: P0001, hint UNPAID_HOLD_LIMIT). */
export function isUnpaidHoldLimit(err: unknown): boolean {
  for (let e = err as { code?: string; hint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'P0001' && e.hint === 'UNPAID_HOLD_LIMIT') return true;
  }
  return false;
}

export const slotTaken = () => new AppError('SLOT_TAKEN', SLOT_TAKEN_MESSAGE);

/** A professional answering a request an admin gave to someone else while they looked at it (issue 38). */
export const REASSIGNED_MESSAGE = 'This booking has just been reassigned to another professional.';
export const reassignedMeanwhile = () => new AppError('BOOKING_REASSIGNED', REASSIGNED_MESSAGE);

export function transitionError(code: TransitionErrorCode, from: string, to: string) {
  return code === 'FORBIDDEN'
    ? forbidden('You are not allowed to change this booking.')
    : new AppError('INVALID_TRANSITION', `A ${from} booking cannot become ${to}.`);
}
