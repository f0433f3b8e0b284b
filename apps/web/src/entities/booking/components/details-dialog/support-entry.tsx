import { LifeBuoy } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { paths } from '../../../../config/paths';
import { useTranslation } from '../../../../lib/use-translation';
import type { BookingDto } from '../../api';

/**
 * "Get help with this booking" (docs/support.md): opens a support ticket on it, for its customer or
 * its professional (an admin has the queue instead). Its words are the support feature's.
 */
export function SupportEntry({ booking, onDone }: { booking: BookingDto; onDone: () => void }) {
  const { t } = useTranslation('support');
  if (booking.viewerRole === 'admin') return null;
  return (
    <ButtonLink to={paths.supportNew({ booking: booking.id })} variant="ghost" onClick={onDone} data-testid="booking-support">
      <LifeBuoy aria-hidden="true" className="size-4" />
      {t('entry.booking')}
    </ButtonLink>
  );
}
