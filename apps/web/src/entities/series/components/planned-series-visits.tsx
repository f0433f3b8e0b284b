import { useState } from 'react';
import { Repeat } from 'lucide-react';
import type { SeriesDto, SeriesOccurrence } from '@khedma/shared/schemas/recurring';
import { paths } from '../../../config/paths';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { formatLocalDate } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useDeclineSeries, useSeriesList } from '../api';

/** How many planned visits the bookings list shows (the series page has them all). */
const SHOWN = 8;

interface PlannedVisit {
  series: SeriesDto;
  visit: SeriesOccurrence;
  /** The soonest shown visit of its series carries the series' decline. */
  first: boolean;
}

/**
 * A professional's bookings list (docs/recurring.md "The professional's schedule"): the visits of their
 * active series that are not bookings yet (each becomes one 4 weeks ahead, confirmed once paid), soonest
 * first, each marked as a planned visit of a series with a link to it, and the series' decline while the
 * server allows it (before its first visit). Nothing when there are none.
 */
export function PlannedSeriesVisits() {
  const { t } = useTranslation('recurring');
  const language = useLanguage();
  const list = useSeriesList();
  const decline = useDeclineSeries();
  const [declining, setDeclining] = useState<SeriesDto | null>(null);

  if (list.isPending) return null;
  if (list.isError) return <RetryAlert className="mb-6" message={t('list.loadFailed')} onRetry={() => void list.refetch()} />;

  const seen = new Set<string>();
  const visits: PlannedVisit[] = list.data
    .filter((s) => s.viewerRole === 'professional' && s.status === 'active')
    .flatMap((series) => series.occurrences.filter((o) => o.state === 'planned').map((visit) => ({ series, visit })))
    .sort((a, b) => `${a.visit.date} ${a.visit.startTime}`.localeCompare(`${b.visit.date} ${b.visit.startTime}`))
    .slice(0, SHOWN)
    .map((v) => {
      const first = !seen.has(v.series.id);
      seen.add(v.series.id);
      return { ...v, first };
    });
  if (visits.length === 0) return null;

  const confirmDecline = () => {
    if (!declining) return;
    decline.mutate(declining.id, {
      onSuccess: () => {
        toast.success(t('planned.declined'));
        setDeclining(null);
      },
      onError: () => toast.error(t('series.failed')),
    });
  };

  return (
    <section aria-labelledby="planned-series-visits" className="mb-8" data-testid="planned-series-visits">
      <h2 id="planned-series-visits" className="text-xl font-bold text-ink">
        {t('planned.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('planned.lead')}</p>
      <ul className="mt-3 grid gap-3 lg:grid-cols-2">
        {visits.map(({ series, visit, first }) => {
          const title = series.service ? pickLocalized(series.service, language) : series.title;
          return (
            <li key={`${series.id}:${visit.seq}`} className="rounded-card border border-dashed border-primary-300 bg-white p-4" data-testid={`planned-${series.id}-${visit.seq}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-ink">
                  {formatLocalDate(visit.date, language, 'full')} · <span dir="ltr">{visit.startTime}</span>
                </p>
                <span className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
                  <Repeat aria-hidden="true" className="size-3.5" />
                  {t('planned.badge')}
                </span>
              </div>
              <p className="mt-1 text-ink">{title}</p>
              <p className="text-sm text-ink-muted">
                {t(`every.${series.intervalWeeks}` as 'every.1')} · {t('list.for', { name: series.customer?.name ?? '' })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <ButtonLink to={paths.recurringSeries(series.id)} variant="secondary">
                  {t('planned.open')}
                </ButtonLink>
                {first && series.canDecline ? (
                  <Button variant="danger" disabled={decline.isPending} onClick={() => setDeclining(series)}>
                    {t('series.decline')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={declining !== null}
        onOpenChange={(open) => (open ? undefined : setDeclining(null))}
        title={t('series.decline')}
        description={t('series.declineConfirm')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeclining(null)}>
              {t('series.back')}
            </Button>
            <Button variant="danger" disabled={decline.isPending} onClick={confirmDecline}>
              {t('series.decline')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  );
}
