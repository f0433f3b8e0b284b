import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { formatLocalDate } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useMyJobRequests } from '../api';
import { QuoteStatus } from '../components/request-parts';

/** /quotes: the customer's quote requests, newest first. */
export function MyJobRequestsPage() {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  const list = useMyJobRequests();
  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={t('list.title')} noindex />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-ink">{t('list.title')}</h1>
        <ButtonLink to={paths.newJobRequest()} variant="accent">
          {t('list.new')}
        </ButtonLink>
      </div>
      {list.isError ? (
        <RetryAlert message={t('request.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="mt-6 h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      ) : list.data.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t('list.empty')}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {list.data.map((r) => (
            <li key={r.id} className="rounded-card border border-sand-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={paths.jobRequest(r.id)} className="font-semibold text-primary-700 underline">
                  {pickLocalized(r.service.name, language)} · {pickLocalized(r.city.name, language)}
                </Link>
                <QuoteStatus status={r.status} />
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                {t('list.quotes', { count: r.quotes.length })}
                {r.status === 'open' ? ` · ${t('list.closes', { date: formatLocalDate(r.closesOn, language, 'long') })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
