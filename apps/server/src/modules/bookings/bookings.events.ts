/** Events the bookings module emits (platform/events.ts). */
import type { Db } from '../../db/client';

declare module '../../platform/events' {
  interface DomainEvents {
    /** An admin completed a booking; emitted inside its transaction (`tx`): listeners write with it. */
    'booking.completed': { tx: Db; bookingId: string; completedAt: Date };
    /**
     * An admin gave a booking to another professional; emitted inside its transaction (`tx`): what
     * belonged to the booking's professional (its conversation) moves to the new one with it.
     */
    'booking.reassigned': { tx: Db; bookingId: string; professionalId: string };
  }
}
