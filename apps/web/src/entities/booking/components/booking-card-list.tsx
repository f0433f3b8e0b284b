import { useState } from 'react';
import type { BookingDto } from '../api';
import { Button } from '../../../components/ui/button';
import { BookingDetailsDialog } from './details-dialog/booking-details-dialog';
import { BookingSummary } from './booking-summary';

/**
 * Booking cards, each with a "View details" button opening the details dialog (cancel, reschedule,
 * book again). Used by the dashboard (first 3) and My Bookings (all); the dialog follows the live list,
 * so a status change arriving while it is open shows in it.
 */
export function BookingCardList({
  bookings,
  viewLabel,
  className,
  headingLevel,
}: {
  bookings: readonly BookingDto[];
  viewLabel: string;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = bookings.find((b) => b.id === openId) ?? null;
  return (
    <>
      <ul className={className}>
        {bookings.map((booking) => (
          <li key={booking.id}>
            <BookingSummary
              booking={booking}
              headingLevel={headingLevel}
              actions={
                <Button variant="secondary" onClick={() => setOpenId(booking.id)}>
                  {viewLabel}
                </Button>
              }
            />
          </li>
        ))}
      </ul>
      <BookingDetailsDialog booking={open} onClose={() => setOpenId(null)} />
    </>
  );
}
