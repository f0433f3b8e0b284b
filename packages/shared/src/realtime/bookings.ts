/** Realtime events of bookings (server -> client only). */
import type { BookingPaymentStatus, BookingStatus, BookingAction } from '../domain/booking-status';

/** A booking changed: status, payment or time. */
export interface BookingEventData {
  bookingId: string;
  /** First 8 characters of the id, upper case. */
  reference: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  /** UTC instant (ISO 8601); shown in Africa/Casablanca ("Your booking on {date} has been {status}."). */
  scheduledStart: string;
  /** The start's date on the Casablanca wall clock (YYYY-MM-DD), computed by the server. */
  localDate: string;
  /** What happened; `created` for a new booking, `paid` / `payment_failed` for payments. */
  action: BookingAction | 'created' | 'paid';
}

export interface BookingServerEvents {
  /** A booking was created by this user (another tab or device should list it). */
  'booking.created': BookingEventData;
  /** A booking of this user (as customer or assigned professional) changed. */
  'booking.updated': BookingEventData;
}
