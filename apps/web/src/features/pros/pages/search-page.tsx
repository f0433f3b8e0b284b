import { CalendarPlus, SlidersHorizontal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isValidMinRating, MIN_RATING, SEARCH_PAGE_SORTS } from '@khedma/shared';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useCities, useServices } from '../../../entities/catalog/api';
import { formatNumber } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParamsPatch } from '../../../lib/use-search-params-patch';
import { useProSearch } from '../api';
import { ProResults } from '../components/results';
import { resultCountText, showResultsText } from '../components/result-count';
import { serviceFilterQuery, ServiceOptions } from '../components/service-options';

type SearchSort = (typeof SEARCH_PAGE_SORTS)[number];
const isSort = (v: string | null): v is SearchSort => SEARCH_PAGE_SORTS.includes(v as SearchSort);

/** A filter change into the address: defaults (no city, any rating, best rated) are left out. */
function applySearchFilters(next: URLSearchParams, patch: Record<string, string>) {
  for (const [key, value] of Object.entries(patch)) {
    if (value === '' || (key === 'minRating' && value === '0') || (key === 'sort' && value === 'rating')) next.delete(key);
    else next.set(key, value);
  }
  if ('service' in patch) next.delete('category');
}

/**
 * /search (docs/professionals.md Find Professionals): city, service, minimum rating (0-5 in 0.5 steps) and sort
 * (rating, reviews, price by the real hourly rate), kept in the address; pages of 12 with Load More;
 * the filters in a drawer on phones.
 */
export function SearchPage() {
  const { t } = useTranslation('pros');
  // Each change starts from the last address asked for: a sort chosen right after the slider keeps
  // the minimum rating (e2e/pros.spec.ts).
  const [params, update] = useSearchParamsPatch(applySearchFilters);
  const [drawer, setDrawer] = useState(false);
  const city = params.get('city') ?? '';
  const service = params.get('service') ?? (params.get('category') ? `category:${params.get('category')}` : '');
  const minRatingParam = Number(params.get('minRating') ?? 0);
  const minRating = isValidMinRating(minRatingParam) ? minRatingParam : 0;
  const sortParam = params.get('sort');
  const sort: SearchSort = isSort(sortParam) ? sortParam : 'rating';

  const query = useProSearch({ city: city || undefined, minRating, sort, ...serviceFilterQuery(service) });
  // The filters' lists (the same queries as the filters': one request each).
  const cities = useCities();
  const services = useServices();
  const count = query.data?.pages[0];
  const filters = { city, service, minRating, sort, update };

  return (
    <div className="container-page py-6 md:py-10">
      <Seo title={t('search.title')} />
      <h1 className="text-3xl font-bold text-ink md:text-4xl">{t('search.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('search.subtitle')}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-[17rem_1fr]">
        <aside aria-labelledby="search-filters" className="hidden h-fit rounded-card border border-sand-200 bg-white p-5 md:block">
          <h2 id="search-filters" className="text-lg font-bold text-ink">
            {t('filters.label')}
          </h2>
          <Filters {...filters} />
        </aside>
        <div>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="font-semibold text-ink" data-testid="result-count">
              {resultCountText(t, count)}
            </p>
            <Button variant="secondary" className="md:hidden" onClick={() => setDrawer(true)}>
              <SlidersHorizontal aria-hidden="true" className="size-5" />
              {t('filters.open')}
            </Button>
          </div>
          {/* The lists the filters offer (cities, services) could not be read: said above the results, where
              a phone shows it (the filters are in a drawer there), with a way to ask again (SPEC §8). */}
          {cities.isError || services.isError ? (
            <RetryAlert
              compact
              className="mb-4"
              message={t('errors.searchData')}
              onRetry={() => {
                if (cities.isError) void cities.refetch();
                if (services.isError) void services.refetch();
              }}
            />
          ) : null}
          <ProResults query={query} serviceId={serviceFilterQuery(service).service} onClear={() => update({ city: '', service: '', minRating: '', sort: '' })} />
          <div className="mt-8 rounded-card bg-primary-50 p-5 text-center">
            <p className="font-semibold text-ink">{t('search.fixedPrice')}</p>
            <Link to={paths.bookService()} className={buttonClass({ variant: 'accent', className: 'mt-3' })}>
              <CalendarPlus aria-hidden="true" className="size-5" />
              {t('finder.quickBook')}
            </Link>
          </div>
        </div>
      </div>
      <Dialog
        open={drawer}
        onOpenChange={setDrawer}
        title={t('filters.label')}
        footer={
          <Button className="w-full" onClick={() => setDrawer(false)}>
            {showResultsText(t, count)}
          </Button>
        }
      >
        <Filters {...filters} />
      </Dialog>
    </div>
  );
}

function Filters({
  city,
  service,
  minRating,
  sort,
  update,
}: {
  city: string;
  service: string;
  minRating: number;
  sort: SearchSort;
  update: (patch: Record<string, string>) => void;
}) {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const cities = useCities();
  const services = useServices();
  const serviceList = useMemo(() => services.data ?? [], [services.data]);
  const ids = { city: useId(), service: useId(), rating: useId(), sort: useId() };
  const select = 'min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink';
  return (
    <div className="mt-4 space-y-4">
      <div>
        <label htmlFor={ids.city} className="mb-1.5 block font-semibold text-ink">
          {t('filters.city')}
        </label>
        <select id={ids.city} value={city} onChange={(e) => update({ city: e.target.value })} className={select}>
          <option value="">{t('filters.allCities')}</option>
          {(cities.data ?? []).map((c) => (
            <option key={c.id} value={c.slug}>
              {pickLocalized(c.name, language)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.service} className="mb-1.5 block font-semibold text-ink">
          {t('filters.service')}
        </label>
        <select id={ids.service} value={service} onChange={(e) => update({ service: e.target.value })} className={select}>
          <ServiceOptions services={serviceList} />
        </select>
      </div>
      <div>
        <label htmlFor={ids.rating} className="mb-1.5 block font-semibold text-ink">
          {t('filters.minRating')}: <span className="tabular-nums">{minRating === 0 ? t('filters.anyRating') : formatNumber(minRating, language, 1)}</span>
        </label>
        <input
          id={ids.rating}
          type="range"
          min={MIN_RATING.min}
          max={MIN_RATING.max}
          step={MIN_RATING.step}
          value={minRating}
          onChange={(e) => update({ minRating: e.target.value })}
          className="w-full accent-primary-600"
        />
      </div>
      <div>
        <label htmlFor={ids.sort} className="mb-1.5 block font-semibold text-ink">
          {t('filters.sort')}
        </label>
        <select id={ids.sort} value={sort} onChange={(e) => update({ sort: e.target.value })} className={select}>
          {SEARCH_PAGE_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sorts.${s}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
