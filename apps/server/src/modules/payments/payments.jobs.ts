/** The payments module's durable jobs (platform/jobs.ts): kinds and payload schemas. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

const forBooking = z.object({ bookingId: z.string().min(1) });

/** 48 h after completion, the held money goes to the professional and the fee to the platform. */
export const ESCROW_RELEASE_JOB = defineJob('escrow.release', forBooking);

/** An unpaid booking holds the professional's slot this long, then the system cancels it (domain/holds.ts). */
export { UNPAID_HOLD_MINUTES as UNPAID_BOOKING_TTL_MINUTES } from '@khedma/shared/domain/holds';

/** Enqueued with every new booking (by the statement that inserts it), run when its hold ends. */
export const EXPIRE_UNPAID_JOB = defineJob('booking.expire_unpaid', forBooking);

/**
 * Scheduled with every initiate, RECONCILE_AFTER_SECONDS later, and at start-up for every payment
 * awaiting its callback: the provider is asked (payments.service.ts reconcile); for a payment whose
 * callback landed, it finds nothing to do.
 */
export const PAYMENT_RECONCILE_JOB = defineJob('payment.reconcile', z.object({ paymentId: z.guid() }));

/** A refund decided (cancellation, admin refund) sent to the provider until it answers (refunds.service.ts). */
export const PAYMENT_REFUND_JOB = defineJob('payment.refund', z.object({ refundId: z.guid() }));
