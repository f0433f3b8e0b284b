import { bookingKeys, isOwnBookingAction } from '../../entities/booking/api';
import type { RealtimeSubscriptionContext } from '../../lib/feature-realtime';
import { toast } from '../../lib/toast';

/**
 * Running late and no-shows (issue 41): every attendance event re-fetches the bookings (the open
 * booking shows the new arrival time without a reload), and the other party hears it: "Your
 * professional will arrive at 10:40", or that a no-show was reported.
 */
export function subscribe({ client, queryClient, i18n }: RealtimeSubscriptionContext): () => void {
  return client.on('booking.attendance', (data) => {
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    if (isOwnBookingAction(data.bookingId, data.kind)) return;
    if (data.kind === 'arrived') return;
    void i18n.loadNamespaces('lateness').then(() => {
      if (data.kind === 'delay' && data.expectedArrivalLocalTime) toast.info(i18n.t('lateness:toasts.late', { time: data.expectedArrivalLocalTime }));
      else if (data.kind === 'no_show') toast.error(i18n.t('lateness:toasts.noShow'));
    });
  });
}
