import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { toast } from '../lib/toast';
import type { BookingEventData } from '@khedma/shared/realtime';
import { bookingKeys, isOwnBookingAction } from '../lib/bookings';
import { formatLocalDate } from '../lib/format';
import { currentLanguage } from '../lib/i18n';
import { getRealtimeClient, invalidateOnResync } from '../lib/realtime';

/** Actions that change a booking's status, and so tell the customer (SPEC §4). */
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
 * Keeps the realtime channel open while a user is signed in (mounted once, lazily, by the root
 * layout): every (re)connection and every booking event re-fetches the bookings queries, and a
 * status change made by someone else shows "Your booking on {date} has been {status}." in the
 * current language (success for confirmed and completed, error for cancelled, info otherwise).
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // The i18n instance is stable: switching language must not reconnect the socket.
  const { i18n } = useTranslation();

  useEffect(() => {
    const client = getRealtimeClient();
    const refetch = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    const offReady = client.on('ready', refetch);
    const offResync = invalidateOnResync(client, queryClient);
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
    const online = () => client.reconnectNow();
    const visible = () => {
      if (document.visibilityState === 'visible') client.reconnectNow();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    client.start();
    return () => {
      offReady();
      offResync();
      offCreated();
      offUpdated();
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      client.stop();
    };
    // A different user (sign-out then sign-in) gets a fresh connection with their own session.
  }, [queryClient, i18n, userId]);

  return null;
}
