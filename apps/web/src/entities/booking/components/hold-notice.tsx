import { Hourglass } from 'lucide-react';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../components/ui/button';
import { formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingDto } from '../api';

/**
 * An unpaid hold of the customer's (docs/bookings.md Unpaid holds): until when the time is held, and
 * Pay now. Shown on the booking's card and in its details; nothing when the booking cannot be paid.
 */
export function HoldNotice({ booking, pay = true }: { booking: BookingDto; pay?: boolean }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  if (!booking.canPay || !booking.holdExpiresAt) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-pending/40 bg-pending-soft p-3 text-sm text-ink" data-hold>
      <Hourglass aria-hidden="true" className="size-4 shrink-0 text-pending" />
      <p className="min-w-0 flex-1 break-words">
        <span className="font-semibold">{t('paymentStatus.pending')}</span>
        {' · '}
        {t('hold.notice', { time: formatTime(booking.holdExpiresAt, language) })}
      </p>
      {pay ? (
        <ButtonLink to={paths.payBooking(booking.id)} variant="accent">
          {t('hold.payNow')}
        </ButtonLink>
      ) : null}
    </div>
  );
}
