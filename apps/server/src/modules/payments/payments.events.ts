/** Events the payments module emits (platform/events.ts). */
import type { Db } from '../../db/client';

declare module '../../platform/events' {
  interface DomainEvents {
    /** An unpaid booking was cancelled by the system after UNPAID_BOOKING_TTL_MINUTES (committed). */
    'payment.expired': { bookingId: string };
    /**
     * A booking's payment succeeded: emitted inside the transaction that records it (`tx`), under the
     * booking's row lock, so a listener's change commits with the payment or not at all (a series visit
     * is confirmed then: docs/recurring.md). `runAfterCommit` takes the id of a job the listener
     * enqueued in `tx`, run at once once the payment committed (an email).
     */
    'payment.succeeded': { tx: Db; bookingId: string; at: Date; runAfterCommit: (jobId: string | null) => void };
    /**
     * A payment's outcome recorded (from the provider's callback or a lookup), or an unpaid booking
     * expired: emitted inside the transaction that records it (`tx`, after the change and after
     * `payment.succeeded`), so what a listener writes (the bookings module's announcement: event,
     * emails, alerts) commits with it. `runAfterCommit` takes the id of each job to run at once after.
     */
    'payment.settled': { tx: Db; bookingId: string; outcome: 'paid' | 'failed' | 'refunded' | 'expired'; runAfterCommit: (jobId: string | null) => void };
  }
}

export {};
