import { CalendarDays, Clock, Hash, MapPin, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingDto } from '../api';
import { formatLocalDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { StatusBadge } from '../../../components/ui/status-badge';
import { bookingDescription, bookingLocation, bookingTitle } from '../booking-text';
import { HoldNotice } from './hold-notice';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="sr-only">{label}</dt>
      <dd className="flex min-w-0 items-start gap-2 break-words text-ink">
        <span className="mt-0.5 shrink-0 text-primary-600">{icon}</span>
        <span className="min-w-0">{children}</span>
      </dd>
    </div>
  );
}

/** One booking as a list shows it (docs/bookings.md My Bookings): status, date, time, location, reference, description, amount. */
export function BookingSummary({
  booking,
  headingLevel = 3,
  actions,
  hold = true,
}: {
  booking: BookingDto;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  /** Show an unpaid hold's notice with Pay now (not on the payment page itself). */
  hold?: boolean;
}) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const location = bookingLocation(booking, language);
  const description = bookingDescription(booking, language, t);
  return (
    <article className="rounded-card border border-sand-200 bg-white p-4 md:p-5" data-booking-reference={booking.reference} aria-label={`${bookingTitle(booking, language, t)} ${booking.reference}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="min-w-0 text-base font-bold text-ink md:text-lg">{bookingTitle(booking, language, t)}</Heading>
        <StatusBadge tone={booking.status}>{tc(`status.${booking.status}`)}</StatusBadge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact icon={<CalendarDays aria-hidden="true" className="size-4" />} label={t('summary.date')}>
          {formatLocalDate(booking.local.date, language, 'full')}
        </Fact>
        <Fact icon={<Clock aria-hidden="true" className="size-4" />} label={t('summary.time')}>
          <span dir="ltr">
            <bdi>{booking.local.startTime}</bdi> – <bdi>{booking.local.endTime}</bdi>
          </span>
        </Fact>
        <Fact icon={<MapPin aria-hidden="true" className="size-4" />} label={t('summary.location')}>
          {/* Typed by the customer, often in French: isolated, so "12 Rue ..." keeps its order in Arabic. */}
          <bdi>{location}</bdi>
        </Fact>
        <Fact icon={<Hash aria-hidden="true" className="size-4" />} label={t('summary.reference')}>
          <span className="font-mono font-semibold tracking-wider" dir="ltr">
            {booking.reference}
          </span>
        </Fact>
        <Fact icon={<Wallet aria-hidden="true" className="size-4" />} label={t('summary.amount')}>
          <span className="font-semibold">{formatMoney(booking.amounts.total)}</span>
          {booking.paymentStatus !== 'paid' ? <span className="text-ink-muted"> · {t(`paymentStatus.${booking.paymentStatus}`)}</span> : null}
        </Fact>
      </dl>
      {description ? (
        <p className="mt-3 line-clamp-2 text-sm text-ink-muted">
          <bdi>{description}</bdi>
        </p>
      ) : null}
      {hold && booking.canPay ? (
        <div className="mt-3">
          <HoldNotice booking={booking} />
        </div>
      ) : null}
      {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
