/**
 * Cancellation and reschedule policy (docs/bookings.md, docs/bookings.md).
 *
 * Customer cancelling an accepted (confirmed) booking:
 * - free within 15 minutes after booking, whatever the start (inclusive: at exactly 15 min, free);
 * - free when the start is 24 h or more away (exactly 24 h: free);
 * - 25% of the service value from 24 h to 2 h before (exactly 2 h: 25%);
 * - 50% under 2 h;
 * - not at all once the service has started (an admin handles disputes and refunds).
 *
 * Decisions (not spelled out by docs/bookings.md):
 * - The "service value" is the subtotal: service price + add-ons (or hourly rate x hours), without
 *   the customer's 15% service fee, the same base the service fee is taken on.
 * - The platform's service fee is refunded on every cancellation, free or not: Khedma charges it on
 *   delivered services ("15% on completed bookings", docs/bookings.md), and so the refund is exactly
 *   paid - fee, the escrow rule (escrow.ts): the cancellation fee goes to the professional, the rest
 *   back to the customer, nothing to the platform.
 * - A pending booking (nobody accepted it yet) is cancelled free by its customer: the professional
 *   has committed nothing, and the state machine puts the fee on confirmed -> cancelled only.
 * - The fee is capped at what was actually paid (an unpaid booking has nothing to keep).
 * - Fees are rounded half up to whole MAD, like the service fee (pricing.ts percentOf).
 * - Free, even after the start, while the professional's announced arrival is more than 30 minutes
 *   past the start and they have not arrived (issue 41, lateness.ts).
 *
 * Professionals: a pending request may be declined at any time (free for the customer); an accepted
 * booking may be cancelled only 2 h or more before the start (exactly 2 h: allowed), with a full
 * refund. Verified emergencies within 2 h go through an admin refund. Admin refunds are full.
 */
import type { BookingStatus } from './booking-status';
import { delayAllowsFreeCancellation } from './lateness';
import { assertMoney, percentOf } from './pricing';
import { HOUR_MS, MINUTE_MS } from './time';
import { CANCELLATION_POLICY } from './cancellation-policy';

export { CANCELLATION_POLICY, REFUND_BUSINESS_DAYS } from './cancellation-policy';

export type CancellationActor = 'customer' | 'professional' | 'admin';

export interface CancellationInput {
  actor: CancellationActor;
  status: BookingStatus;
  now: Date;
  /** bookings.scheduled_start. */
  scheduledStart: Date;
  /** bookings.created_at: starts the 15-minute free window. */
  bookedAt: Date;
  /** Service price + add-ons (the quote's subtotal), whole MAD. */
  serviceValue: number;
  /** What the customer has paid and is held in escrow (the quote's total), 0 when unpaid. */
  amountPaid: number;
  /** The arrival the professional's latest delay notice announced (lateness.ts), and their arrival. */
  expectedArrival?: Date | null;
  arrivedAt?: Date | null;
}

/** Why the answer is what it is; the web app words it, e.g. next to the fee before confirming. */
export type CancellationReason =
  /** Free: within 15 min of booking. */
  | 'FREE_WINDOW_AFTER_BOOKING'
  /** Free: 24 h or more before the start. */
  | 'FREE_BEFORE_24H'
  /** Free: the professional had not accepted yet. */
  | 'NOT_YET_ACCEPTED'
  /** 25%: from 24 h to 2 h before. */
  | 'LATE_CANCELLATION'
  /** 50%: under 2 h before. */
  | 'VERY_LATE_CANCELLATION'
  /** Free: the professional announced an arrival more than 30 min past the start (lateness.ts). */
  | 'PROFESSIONAL_LATE'
  /** Professional declines a pending request: full refund. */
  | 'PROFESSIONAL_DECLINED'
  /** Professional cancels an accepted booking 2 h or more ahead: full refund. */
  | 'PROFESSIONAL_CANCELLED'
  /** Admin refund: full. */
  | 'ADMIN_REFUND'
  // Refusals:
  /** Completed or already cancelled. */
  | 'FINAL_STATUS'
  /** The customer cannot cancel an accepted booking once it has started. */
  | 'ALREADY_STARTED'
  /** The professional cannot cancel within 2 h of the start (docs/bookings.md). */
  | 'PROFESSIONAL_TOO_LATE';

export interface CancellationOutcome {
  allowed: boolean;
  /** Kept from the payment and paid to the professional. 0 when refused. */
  fee: number;
  /** Returned to the customer: amountPaid - fee. 0 when refused. */
  refund: number;
  /** The policy rate applied to the service value (0, 0.25, 0.5). */
  feeRate: number;
  reason: CancellationReason;
}

const refused = (reason: CancellationReason): CancellationOutcome => ({ allowed: false, fee: 0, refund: 0, feeRate: 0, reason });

function allowed(input: CancellationInput, feeRate: number, reason: CancellationReason): CancellationOutcome {
  const fee = Math.min(percentOf(input.serviceValue, feeRate), input.amountPaid);
  return { allowed: true, fee, refund: input.amountPaid - fee, feeRate, reason };
}

/** The fee rate a customer pays to cancel an accepted booking `msBeforeStart` ahead (> 0). */
export function customerFeeRate(msBeforeStart: number): number {
  const p = CANCELLATION_POLICY;
  if (msBeforeStart >= p.freeBeforeStartHours * HOUR_MS) return 0;
  if (msBeforeStart >= p.veryLateThresholdHours * HOUR_MS) return p.lateFeeRate;
  return p.veryLateFeeRate;
}

/** True while the 15-minute free window after booking is open (inclusive of the 15th minute). */
export function inFreeWindowAfterBooking(bookedAt: Date, now: Date): boolean {
  const since = now.getTime() - bookedAt.getTime();
  return since >= 0 && since <= CANCELLATION_POLICY.freeWindowAfterBookingMinutes * MINUTE_MS;
}

/**
 * Whether this actor may cancel now, and what is kept and refunded. The caller has already checked
 * the actor's relation to the booking (booking-status.ts); this adds the timing and the money.
 */
export function cancellationOutcome(input: CancellationInput): CancellationOutcome {
  assertMoney(input.serviceValue, 'serviceValue');
  assertMoney(input.amountPaid, 'amountPaid');
  const { actor, status, now, scheduledStart, bookedAt } = input;
  if (status === 'completed' || status === 'cancelled') return refused('FINAL_STATUS');
  const msBeforeStart = scheduledStart.getTime() - now.getTime();

  switch (actor) {
    case 'admin':
      return allowed(input, 0, 'ADMIN_REFUND');
    case 'professional':
      if (status === 'pending') return allowed(input, 0, 'PROFESSIONAL_DECLINED');
      if (msBeforeStart < CANCELLATION_POLICY.proNoCancelHours * HOUR_MS) return refused('PROFESSIONAL_TOO_LATE');
      return allowed(input, 0, 'PROFESSIONAL_CANCELLED');
    case 'customer': {
      if (status === 'pending') return allowed(input, 0, 'NOT_YET_ACCEPTED');
      // Issue 41: a delay of more than 30 minutes past the start, before the professional arrives.
      if (delayAllowsFreeCancellation(input)) return allowed(input, 0, 'PROFESSIONAL_LATE');
      if (msBeforeStart <= 0) return refused('ALREADY_STARTED');
      if (inFreeWindowAfterBooking(bookedAt, now)) return allowed(input, 0, 'FREE_WINDOW_AFTER_BOOKING');
      const rate = customerFeeRate(msBeforeStart);
      const reason: CancellationReason =
        rate === 0 ? 'FREE_BEFORE_24H' : rate === CANCELLATION_POLICY.lateFeeRate ? 'LATE_CANCELLATION' : 'VERY_LATE_CANCELLATION';
      return allowed(input, rate, reason);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reschedule
// ---------------------------------------------------------------------------------------------

export type RescheduleReason = 'ALLOWED' | 'FINAL_STATUS' | 'TOO_LATE';

/**
 * Whether the customer may move a booking (issue 5; FAQ "cancel or reschedule at least 24 hours
 * ahead"): the booking must still be 24 h or more away, or booked within the last 15 minutes, so a
 * reschedule is never a way around the cancellation fee. The new time must itself be 24 h or more
 * away: pass `minLeadMinutes: 24 * 60` to schedule.ts validateBookingWindow
 * (RESCHEDULE_MIN_LEAD_MINUTES).
 */
export function reschedulePolicy(input: {
  status: BookingStatus;
  now: Date;
  scheduledStart: Date;
  bookedAt: Date;
}): { allowed: boolean; reason: RescheduleReason } {
  if (input.status === 'completed' || input.status === 'cancelled') return { allowed: false, reason: 'FINAL_STATUS' };
  const ahead = input.scheduledStart.getTime() - input.now.getTime();
  if (ahead >= CANCELLATION_POLICY.freeBeforeStartHours * HOUR_MS || inFreeWindowAfterBooking(input.bookedAt, input.now)) {
    return { allowed: true, reason: 'ALLOWED' };
  }
  return { allowed: false, reason: 'TOO_LATE' };
}

/** A rescheduled booking's new start must be at least this far from now. */
export const RESCHEDULE_MIN_LEAD_MINUTES = CANCELLATION_POLICY.freeBeforeStartHours * 60;
