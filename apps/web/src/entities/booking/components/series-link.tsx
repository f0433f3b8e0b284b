import { Repeat } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import type { BookingDto } from '../api';

type Every = '1' | '2' | '4';

/**
 * The recurring series this booking belongs to (a visit of it) or that repeats it, as the server links them
 * (`booking.series`, docs/recurring.md): said, with a link to the series, in place of "Book again every …".
 */
export function SeriesLink({ series, onNavigate }: { series: NonNullable<BookingDto['series']>; onNavigate?: () => void }) {
  const { t } = useTranslation('recurring');
  const every = String(series.intervalWeeks) as Every;
  return (
    <div data-testid="booking-series" className="flex flex-wrap items-center gap-3 rounded-card border border-primary-200 bg-primary-50 p-3 text-ink">
      <Repeat aria-hidden="true" className="size-5 shrink-0 text-primary-700" />
      <p className="font-medium">{series.role === 'visit' ? t(`entry.visitOf.${every}`) : t(`entry.repeats.${every}`)}</p>
      <ButtonLink to={paths.recurringSeries(series.id)} variant="secondary" className="ms-auto" onClick={onNavigate}>
        {t('entry.openSeries')}
      </ButtonLink>
    </div>
  );
}
