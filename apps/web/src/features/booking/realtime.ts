import type { BookingEventData } from '@khedma/shared/realtime';
import { bookingKeys, isOwnBookingAction } from '../../entities/booking/api';
import type { RealtimeSubscriptionContext } from '../../lib/feature-realtime';
import { formatLocalDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** Actions that change a booking's status, and so tell the customer (docs/bookings.md). */
const STATUS_ACTIONS = new Set<BookingEventData['action']>([
  'accept',
  'decline',
  'customer_cancel',
  'professional_cancel',
  'payment_failed',
  'complete',
  'refund',
  'reschedule',
]);

/**
 * Every (re)connection and every booking event re-fetches the bookings queries, and a status change
 * made by someone else shows "Your booking on {date} has been {status}." in the current language
 * (success for confirmed and completed, error for cancelled, info otherwise). The toast's strings are
 * app-wide (root catalogue): it can show on any page.
 */
export function subscribe({ client, queryClient, i18n }: RealtimeSubscriptionContext): () => void {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const offReady = client.on('ready', refetch);
  const offCreated = client.on('booking.created', refetch);
  const offUpdated = client.on('booking.updated', (data) => {
    refetch();
    if (!STATUS_ACTIONS.has(data.action) || isOwnBookingAction(data.bookingId, data.action)) return;
    const date = formatLocalDate(data.localDate, currentLanguage(), 'long');
    const message = i18n.t(`bookingStatusToast.${data.status}`, { date });
    if (data.status === 'confirmed' || data.status === 'completed') toast.success(message);
    else if (data.status === 'cancelled') toast.error(message);
    else toast.info(message);
  });
  return () => {
    offReady();
    offCreated();
    offUpdated();
  };
}
