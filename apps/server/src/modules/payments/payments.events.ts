/** Events the payments module emits (platform/events.ts). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** An unpaid booking was cancelled by the system after UNPAID_BOOKING_TTL_MINUTES (committed). */
    'payment.expired': { bookingId: string };
    /** A payment attempt left unrecorded by a dead process was recorded from the provider's answer (committed). */
    'payment.reconciled': { bookingId: string; outcome: 'paid' | 'failed' | 'refunded' };
  }
}

export {};
