import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { formatLocalDate } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useProJobRequests } from '../api';
import { QuoteStatus } from '../components/request-parts';

/** /dashboard/job-requests: requests a professional may quote (their services and cities), and those they quoted. */
export function ProJobRequestsPage() {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  const list = useProJobRequests();
  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={t('pro.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('pro.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('pro.lead')}</p>
      {list.isError ? (
        <RetryAlert message={t('request.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="mt-6 h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      ) : list.data.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t('pro.empty')}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {list.data.map((r) => {
            const mine = r.quotes[0];
            return (
              <li key={r.id} className="rounded-card border border-sand-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={paths.proJobRequest(r.id)} className="font-semibold text-primary-700 underline">
                    {pickLocalized(r.service.name, language)} · {pickLocalized(r.city.name, language)}
                  </Link>
                  <QuoteStatus status={mine ? mine.status : r.status} />
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-ink">{r.description}</p>
                {r.status === 'open' && !mine ? <p className="mt-1 text-sm text-ink-muted">{t('list.closes', { date: formatLocalDate(r.closesOn, language, 'long') })}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
