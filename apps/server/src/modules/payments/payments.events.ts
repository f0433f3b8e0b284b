/** Events the payments module emits (platform/events.ts). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** An unpaid booking was cancelled by the system after UNPAID_BOOKING_TTL_MINUTES (committed). */
    'payment.expired': { bookingId: string };
    /** A payment's outcome was recorded from the provider's verified callback or a lookup (committed). */
    'payment.reconciled': { bookingId: string; outcome: 'paid' | 'failed' | 'refunded' };
  }
}

export {};
