import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useTranslation } from '../../../lib/use-translation';
import type { useProSearch } from '../api';
import { ProCard } from './pro-card';

/** The grid of cards with its loading, error and empty states and Load More (pages of 12). */
export function ProResults({
  query,
  serviceId,
  onClear,
}: {
  query: ReturnType<typeof useProSearch>;
  serviceId?: string;
  onClear?: () => void;
}) {
  const { t } = useTranslation('pros');
  if (query.isPending) {
    return (
      <div role="status" className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-52 animate-pulse rounded-card bg-sand-200 motion-reduce:animate-none" />
        ))}
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (query.isError) return <RetryAlert message={t('errors.search')} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-sand-400 bg-white p-8 text-center">
        <SearchX aria-hidden="true" className="mx-auto size-10 text-sand-500" />
        <p className="mt-3 font-semibold text-ink">{t('empty')}</p>
        {onClear ? (
          <Button variant="secondary" className="mt-4" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((pro) => (
          <li key={pro.id}>
            <ProCard pro={pro} serviceId={serviceId} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-6 text-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
