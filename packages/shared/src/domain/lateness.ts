/**
 * Running late, arrival and no-shows (issue 41; PRODUCT.md "Lateness and no-shows"; docs/lateness.md).
 *
 * - The assigned professional of a confirmed booking may announce a delay from
 *   `announceFromMinutesBefore` before the start until they arrive: a new arrival time, the start plus
 *   a whole number of minutes (a multiple of `delayStepMinutes`, at most `maxDelayMinutes`), still to
 *   come. A later announcement replaces the earlier one.
 * - A delay of more than `freeCancelDelayMinutes` past the start lets the customer cancel free, until
 *   the professional arrives (cancellation.ts takes `expectedArrival` and `arrivedAt`).
 * - Arrival: the professional presses "I've arrived" (from `announceFromMinutesBefore` before the start
 *   until the scheduled end). That is the only arrival the product knows; a booking with no arrival
 *   recorded is one the professional never said they reached.
 * - The customer reports the professional absent once `noShowAfterMinutes` have passed since the start,
 *   or since the announced arrival when a delay notice covers it, with no arrival: full refund, counted
 *   against the professional.
 * - The professional reports the customer absent once they have arrived and `customerWaitMinutes` have
 *   passed since the later of the start and their arrival: the under-2 h cancellation fee
 *   (CANCELLATION_POLICY.veryLateFeeRate of the service value) goes to the professional, the rest back
 *   to the customer.
 * - Only on a confirmed booking; one report per booking (it ends the booking: cancelled).
 */
import { CANCELLATION_POLICY } from './cancellation-policy';
import type { BookingStatus } from './booking-status';
import { assertMoney, percentOf } from './pricing';
import { MINUTE_MS } from './time';

export const LATENESS_POLICY = {
  /** The professional may announce a delay or their arrival from this long before the start. */
  announceFromMinutesBefore: 60,
  /** The latest arrival a delay may announce, after the start. */
  maxDelayMinutes: 180,
  /** Delays are whole steps of this many minutes. */
  delayStepMinutes: 5,
  /** An announced arrival more than this past the start lets the customer cancel free. */
  freeCancelDelayMinutes: 30,
  /** The customer may report a no-show this long after the start (or the announced arrival). */
  noShowAfterMinutes: 30,
  /** The professional may report the customer absent this long after the start and their arrival. */
  customerWaitMinutes: 15,
} as const;

/** Who reported whom: `professional` = the professional did not come (reported by the customer). */
export const NO_SHOW_PARTIES = ['professional', 'customer'] as const;
export type NoShowParty = (typeof NO_SHOW_PARTIES)[number];

/** booking cancellation_reason written by a no-show report. */
export const NO_SHOW_CANCELLATION_REASON: Record<NoShowParty, string> = {
  professional: 'no_show_professional',
  customer: 'no_show_customer',
};

/** What the product knows of a booking's attendance. */
export interface AttendanceState {
  status: BookingStatus;
  scheduledStart: Date;
  scheduledEnd: Date;
  /** The arrival the latest delay notice announced, if any. */
  expectedArrival: Date | null;
  arrivedAt: Date | null;
  noShow: NoShowParty | null;
}

export type AttendanceRefusal =
  /** Only a confirmed booking (accepted, not yet completed or cancelled). */
  | 'NOT_CONFIRMED'
  /** Earlier than the policy allows. */
  | 'TOO_EARLY'
  /** After the scheduled end (arrival), or after arrival (delay). */
  | 'TOO_LATE'
  | 'ALREADY_ARRIVED'
  | 'NOT_ARRIVED'
  | 'ALREADY_REPORTED'
  /** The delay is not a step of the policy, or beyond its maximum, or already past. */
  | 'INVALID_DELAY';

/** English messages of each refusal (the API's; the web app words them in the reader's language). */
export const ATTENDANCE_MESSAGES: Record<AttendanceRefusal, string> = {
  NOT_CONFIRMED: 'Only a confirmed booking can be reported on.',
  TOO_EARLY: 'It is too early for this.',
  TOO_LATE: 'It is too late for this.',
  ALREADY_ARRIVED: 'The professional has already arrived.',
  NOT_ARRIVED: "Please mark your arrival first.",
  ALREADY_REPORTED: 'A no-show has already been reported for this booking.',
  INVALID_DELAY: 'Please choose a new arrival time still to come, at most 3 hours after the start.',
};

export type AttendanceCheck<T = object> = ({ ok: true } & T) | { ok: false; reason: AttendanceRefusal };

const minutes = (n: number) => n * MINUTE_MS;
const refuse = (reason: AttendanceRefusal) => ({ ok: false as const, reason });

function common(s: AttendanceState): AttendanceRefusal | null {
  if (s.noShow) return 'ALREADY_REPORTED';
  if (s.status !== 'confirmed') return 'NOT_CONFIRMED';
  return null;
}

/** The professional's window to announce (a delay, an arrival) opens this instant. */
export function announceOpensAt(scheduledStart: Date): Date {
  return new Date(scheduledStart.getTime() - minutes(LATENESS_POLICY.announceFromMinutesBefore));
}

/** Whether the professional may announce a delay of `delayMinutes` past the start now; the new arrival. */
export function checkDelay(s: AttendanceState, now: Date, delayMinutes: number): AttendanceCheck<{ arrivalAt: Date }> {
  const c = common(s);
  if (c) return refuse(c);
  if (s.arrivedAt) return refuse('ALREADY_ARRIVED');
  if (now.getTime() < announceOpensAt(s.scheduledStart).getTime()) return refuse('TOO_EARLY');
  const p = LATENESS_POLICY;
  if (!Number.isInteger(delayMinutes) || delayMinutes < p.delayStepMinutes || delayMinutes > p.maxDelayMinutes || delayMinutes % p.delayStepMinutes !== 0) {
    return refuse('INVALID_DELAY');
  }
  const arrivalAt = new Date(s.scheduledStart.getTime() + minutes(delayMinutes));
  if (arrivalAt.getTime() <= now.getTime()) return refuse('INVALID_DELAY');
  return { ok: true, arrivalAt };
}

/** Whether the professional may say "I've arrived" now. */
export function checkArrival(s: AttendanceState, now: Date): AttendanceCheck {
  const c = common(s);
  if (c) return refuse(c);
  if (s.arrivedAt) return refuse('ALREADY_ARRIVED');
  if (now.getTime() < announceOpensAt(s.scheduledStart).getTime()) return refuse('TOO_EARLY');
  if (now.getTime() > s.scheduledEnd.getTime()) return refuse('TOO_LATE');
  return { ok: true };
}

/**
 * From when `reporter` may report the other party absent (null when it cannot be worked out yet: the
 * professional has not marked their arrival).
 */
export function noShowOpensAt(s: Pick<AttendanceState, 'scheduledStart' | 'expectedArrival' | 'arrivedAt'>, reporter: 'customer' | 'professional'): Date | null {
  const start = s.scheduledStart.getTime();
  if (reporter === 'customer') {
    // A delay notice covers the time it announced: the 30 minutes count from the announced arrival.
    const from = Math.max(start, s.expectedArrival?.getTime() ?? start);
    return new Date(from + minutes(LATENESS_POLICY.noShowAfterMinutes));
  }
  if (!s.arrivedAt) return null;
  return new Date(Math.max(start, s.arrivedAt.getTime()) + minutes(LATENESS_POLICY.customerWaitMinutes));
}

/** Whether `reporter` (the booking's customer or its professional) may report the other absent now. */
export function checkNoShow(s: AttendanceState, now: Date, reporter: 'customer' | 'professional'): AttendanceCheck {
  const c = common(s);
  if (c) return refuse(c);
  if (reporter === 'customer' && s.arrivedAt) return refuse('ALREADY_ARRIVED');
  const opens = noShowOpensAt(s, reporter);
  if (!opens) return refuse('NOT_ARRIVED');
  if (now.getTime() < opens.getTime()) return refuse('TOO_EARLY');
  return { ok: true };
}

/**
 * The money of a no-show report: the professional absent, everything back to the customer; the
 * customer absent, the under-2 h cancellation fee to the professional (capped at what was paid), the
 * rest back. Whole MAD.
 */
export function noShowOutcome(party: NoShowParty, serviceValue: number, amountPaid: number): { fee: number; refund: number; feeRate: number } {
  assertMoney(serviceValue, 'serviceValue');
  assertMoney(amountPaid, 'amountPaid');
  const feeRate = party === 'customer' ? CANCELLATION_POLICY.veryLateFeeRate : 0;
  const fee = Math.min(percentOf(serviceValue, feeRate), amountPaid);
  return { fee, refund: amountPaid - fee, feeRate };
}

/** A delay notice lets the customer cancel free: announced arrival more than 30 minutes past the start, not arrived. */
export function delayAllowsFreeCancellation(input: { scheduledStart: Date; expectedArrival?: Date | null; arrivedAt?: Date | null }): boolean {
  if (!input.expectedArrival || input.arrivedAt) return false;
  return input.expectedArrival.getTime() - input.scheduledStart.getTime() > minutes(LATENESS_POLICY.freeCancelDelayMinutes);
}

/** The delays a professional may pick (minutes after the start), in order. */
export function delayChoices(): number[] {
  const out: number[] = [];
  for (let m = LATENESS_POLICY.delayStepMinutes; m <= LATENESS_POLICY.maxDelayMinutes; m += LATENESS_POLICY.delayStepMinutes) out.push(m);
  return out;
}

/** What one party of a booking may do about attendance now (BookingDto.attendance; the buttons to show). */
export function attendanceActions(
  s: AttendanceState,
  now: Date,
  viewer: 'customer' | 'professional' | 'admin',
): { canAnnounceDelay: boolean; canMarkArrived: boolean; canReportNoShow: boolean; noShowOpensAt: Date | null; freeCancellation: boolean } {
  const isPro = viewer === 'professional';
  const reporter = viewer === 'admin' ? null : viewer;
  const open = s.status === 'confirmed' && !s.noShow;
  return {
    // The form stays offered until the arrival; a delay already past is refused by checkDelay.
    canAnnounceDelay: isPro && open && !s.arrivedAt && now.getTime() >= announceOpensAt(s.scheduledStart).getTime(),
    canMarkArrived: isPro && checkArrival(s, now).ok,
    canReportNoShow: reporter !== null && checkNoShow(s, now, reporter).ok,
    noShowOpensAt: reporter && open && !(reporter === 'customer' && s.arrivedAt) ? noShowOpensAt(s, reporter) : null,
    freeCancellation: open && delayAllowsFreeCancellation(s),
  };
}
