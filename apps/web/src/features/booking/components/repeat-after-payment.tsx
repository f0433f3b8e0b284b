import { CalendarClock } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useSeriesList } from '../../../entities/series/api';

/** The series repeating this booking, if any (made by the server when the wizard's booking with a "Repeat" was paid). */
export function useSeriesOfBooking(bookingId: string) {
  const list = useSeriesList();
  return { ...list, series: list.data?.find((s) => s.sourceBookingId === bookingId && (s.status === 'active' || s.status === 'paused')) ?? null };
}

/**
 * Once the wizard's booking is paid: the series the customer chose at the confirm step ("Repeat"), which the
 * server made in the payment's own transaction (docs/recurring.md "From the wizard"), with a link to it.
 * Nothing when no repeat was chosen.
 */
export function RepeatAfterPayment({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('booking');
  const { t: tr } = useTranslation('recurring');
  const { series } = useSeriesOfBooking(bookingId);
  if (!series) return null;
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
