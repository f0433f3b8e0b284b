/** Running late, arrival and no-shows of a booking (issue 41, migration 0026, docs/lateness.md). */
import { NO_SHOW_PARTIES } from '@khedma/shared/domain/lateness';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, tstz, updatedAt } from './columns';
import { bookings } from './bookings';
import { professionals } from './professionals';

export const bookingAttendance = pgTable(
  'booking_attendance',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The professional concerned when it was written (the admin's counts read it). */
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** The arrival the latest delay notice announced. */
    expectedArrivalAt: tstz('expected_arrival_at'),
    delayAnnouncedAt: tstz('delay_announced_at'),
    /** "I've arrived". */
    arrivedAt: tstz('arrived_at'),
    /** Who did not come: `professional` (reported by the customer) or `customer` (by the professional). */
    noShowParty: text('no_show_party', { enum: NO_SHOW_PARTIES }),
    noShowReportedAt: tstz('no_show_reported_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_attendance_no_show_party_check', inList(t.noShowParty, NO_SHOW_PARTIES)),
    index('booking_attendance_professional_idx').on(t.professionalId),
  ],
);
