/** Realtime events of running late and no-shows (issue 41, docs/lateness.md; server -> client only). */

/** Something about whether the parties meet changed: a delay, an arrival, a no-show report. */
export interface BookingAttendanceEventData {
  bookingId: string;
  /** First 8 characters of the id, upper case. */
  reference: string;
  kind: 'delay' | 'arrived' | 'no_show';
  /** delay: the announced arrival (UTC, ISO 8601) and its Casablanca wall-clock time (HH:mm). */
  expectedArrival: string | null;
  expectedArrivalLocalTime: string | null;
  /** no_show: who did not come. */
  noShow: 'professional' | 'customer' | null;
}

export interface LatenessServerEvents {
  /** To the booking's customer and professional. */
  'booking.attendance': BookingAttendanceEventData;
}
