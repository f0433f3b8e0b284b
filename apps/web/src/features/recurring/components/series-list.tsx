import { Link } from 'react-router';
import type { SeriesDto } from '@khedma/shared/schemas/recurring';
import { paths } from '../../../config/paths';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatLocalDate } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useSeriesList } from '../api';

const TONE: Record<SeriesDto['status'], StatusTone> = { active: 'confirmed', paused: 'pending', cancelled: 'cancelled', declined: 'cancelled' };

/** The Recurring tab: every series of the signed-in customer or professional, newest first. */
export function SeriesList() {
  const { t } = useTranslation('recurring');
  const language = useLanguage();
  const list = useSeriesList();
  if (list.isPending) return <div role="status" className="h-32 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />;
  if (list.isError) return <RetryAlert message={t('list.loadFailed')} onRetry={() => void list.refetch()} />;
  return (
    <section aria-labelledby="recurring-title">
      <h2 id="recurring-title" className="text-xl font-bold text-ink">
        {t('list.title')}
      </h2>
      {list.data.length === 0 ? <p className="mt-3 text-ink-muted">{t('list.empty')}</p> : null}
      <ul className="mt-3 space-y-3">
        {list.data.map((s) => {
          const next = s.occurrences.find((o) => o.state === 'booked' || o.state === 'planned');
          return (
            <li key={s.id} className="rounded-card border border-sand-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={paths.recurringSeries(s.id)} className="font-semibold text-primary-700 underline">
                  {s.service ? pickLocalized(s.service, language) : s.title}
                </Link>
                <StatusBadge tone={TONE[s.status]}>{t(`status.${s.status}`)}</StatusBadge>
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                {t('series.schedule', { every: t(`every.${s.intervalWeeks}` as 'every.1'), time: s.startTime })} ·{' '}
                {s.viewerRole === 'customer' ? t('list.with', { name: s.professional.firstName }) : t('list.for', { name: s.customer?.name ?? '' })}
                {next ? ` · ${formatLocalDate(next.date, language, 'medium')}` : ''}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
