import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { useLanguage } from '../../../../lib/localized';
import { Dialog } from '../../../../components/ui/dialog';
import type { BookingDto } from '../../api';
import { bookingTitle } from '../../booking-text';
import { CancelView } from './cancel-view';
import { DetailsView } from './details-view';
import { RescheduleView } from './reschedule-view';

type View = 'details' | 'cancel' | 'reschedule';

/**
 * The booking details dialog (docs/bookings.md Dashboard): title, status, reference, description, date, time,
 * location, amount, booked-on; and what the viewer may do now, as the server says (canCancel,
 * canReschedule, canAccept, canDecline, rebook): cancel with the fee shown before confirming,
 * reschedule to another slot 24 h or more ahead, accept or decline, Book again.
 */
export function BookingDetailsDialog({ booking, onClose }: { booking: BookingDto | null; onClose: () => void }) {
  const [view, setView] = useState<View>('details');
  const open = booking !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setView('details');
          onClose();
        }
      }}
      title={booking ? <DialogTitle booking={booking} /> : ''}
    >
      {booking ? (
        view === 'cancel' ? (
          <CancelView booking={booking} onBack={() => setView('details')} onDone={onClose} />
        ) : view === 'reschedule' ? (
          <RescheduleView booking={booking} onBack={() => setView('details')} onDone={onClose} />
        ) : (
          <DetailsView booking={booking} onCancel={() => setView('cancel')} onReschedule={() => setView('reschedule')} onDone={onClose} />
        )
      ) : null}
    </Dialog>
  );
}

function DialogTitle({ booking }: { booking: BookingDto }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  return <span>{bookingTitle(booking, language, t)}</span>;
}
