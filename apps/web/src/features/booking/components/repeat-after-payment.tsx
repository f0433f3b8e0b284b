import { CalendarClock } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingDto } from '../../../entities/booking/api';
import { SeriesLink } from '../../../entities/booking/components/series-link';

/**
 * Once a booking is paid: the series the customer chose at the wizard's confirm step ("Repeat"), which the server
 * made in the payment's own transaction (docs/recurring.md "From the wizard"), or the series this paid visit
 * belongs to, with a link to it; both from the booking's answer (`booking.series`). Nothing for a booking of no series.
 */
export function RepeatAfterPayment({ booking }: { booking: BookingDto }) {
  const { t } = useTranslation('booking');
  const { t: tr } = useTranslation('recurring');
  const { series } = booking;
  if (!series) return null;
  if (series.role === 'visit') return <SeriesLink series={series} />;
  return (
    <div role="status" data-testid="repeat-created" className="flex items-start gap-3 rounded-card border border-primary-200 bg-primary-50 p-4 text-start text-ink">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
      <div className="space-y-2">
        <p className="font-semibold">{t('wizard.repeat.created', { every: tr(`every.${String(series.intervalWeeks) as '1' | '2' | '4'}`) })}</p>
        <ButtonLink to={paths.recurringSeries(series.id)} variant="secondary">
          {t('wizard.repeat.open')}
        </ButtonLink>
      </div>
    </div>
  );
}
