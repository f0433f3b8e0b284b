import { CalendarPlus, MapPin, Star, Users, Wrench, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORIES, FINDER_SORTS, type ServiceTypeSummary } from '@khedma/shared';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, buttonClass } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { useCities, useServices } from '../../../entities/catalog/api';
import { useDebouncedValue } from '../../../lib/debounce';
import { formatNumber } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useProSearch, useProStats } from '../api';
import { ProResults } from '../components/results';
import { resultCountText } from '../components/result-count';
import { categoryFilter, serviceFilterQuery, ServiceOptions, useServiceFilterLabel } from '../components/service-options';

/**
 * The service filter a `category` query parameter sets (docs/professionals.md finder): a category slug, or a
 * service whose name (in any language) matches it case-insensitively.
 */
export function serviceFromCategoryParam(value: string | null, services: readonly ServiceTypeSummary[]): string {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return '';
  const category = CATEGORIES.find((c) => c === wanted);
  if (category) return categoryFilter(category);
  const service = services.find((s) => [s.name.en, s.name.fr, s.name.ar].some((n) => n.toLowerCase() === wanted));
  return service?.id ?? '';
}

type FinderSort = (typeof FINDER_SORTS)[number];

/**
 * /professionals: the Professionals finder (docs/professionals.md; login required). Stats from real data, filters
 * (search debounced 300 ms, service, city, sort by name, service or location), the result count,
 * chips, and cards with the real rating, reviews and hourly rate; Book Now preselects the professional.
 */
export function ProfessionalsPage() {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const services = useServices();
  const cities = useCities();
  const serviceList = useMemo(() => services.data ?? [], [services.data]);
  const [text, setText] = useState(() => params.get('search') ?? '');
  // null until the user picks one: then ?category= decides (once the services are known).
  const [serviceChoice, setService] = useState<string | null>(null);
  const [city, setCity] = useState('');
  const [sort, setSort] = useState<FinderSort>('name');
  const search = useDebouncedValue(text.trim());
  const ids = { service: useId(), city: useId(), sort: useId(), search: useId() };
  const serviceLabel = useServiceFilterLabel(serviceList);

  const categoryParam = params.get('category');
  const service = serviceChoice ?? serviceFromCategoryParam(categoryParam, serviceList);

  const query = useProSearch({ q: search || undefined, city: city || undefined, sort, ...serviceFilterQuery(service) });
  const count = query.data?.pages[0];
  const cityName = (slug: string) => {
    const c = cities.data?.find((x) => x.slug === slug);
    return c ? pickLocalized(c.name, language) : slug;
  };

  function clear() {
    setText('');
    setService('');
    setCity('');
    setSort('name');
    setParams(new URLSearchParams(), { replace: true });
  }

  const chips = [
    search ? { key: 'search', label: t('chips.search', { text: search }), remove: () => setText('') } : null,
    service
      ? {
          key: 'service',
          label: serviceLabel(service),
          remove: () => {
            setService('');
            if (categoryParam) {
              const next = new URLSearchParams(params);
              next.delete('category');
              setParams(next, { replace: true });
            }
          },
        }
      : null,
    city ? { key: 'city', label: cityName(city), remove: () => setCity('') } : null,
  ].filter((c) => c !== null);

  return (
    <div className="container-page py-6 md:py-10">
      <Seo title={t('finder.title')} />
      <h1 className="text-3xl font-bold text-ink md:text-4xl">{t('finder.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('finder.subtitle')}</p>

      <StatsTiles />

      <section aria-label={t('filters.label')} className="mt-6 rounded-card border border-sand-200 bg-white p-4 md:p-5">
        <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-4">
          <SearchInput
            id={ids.search}
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onClear={() => setText('')}
            clearLabel={t('filters.clearSearch')}
            className="lg:col-span-1"
          />
          <div>
            <label htmlFor={ids.service} className="sr-only">
              {t('filters.service')}
            </label>
            <select id={ids.service} value={service} onChange={(e) => setService(e.target.value)} className="min-h-13 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink">
              <ServiceOptions services={serviceList} />
            </select>
          </div>
          <div>
            <label htmlFor={ids.city} className="sr-only">
              {t('filters.city')}
            </label>
            <select id={ids.city} value={city} onChange={(e) => setCity(e.target.value)} className="min-h-13 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink">
              <option value="">{t('filters.allCities')}</option>
              {(cities.data ?? []).map((c) => (
                <option key={c.id} value={c.slug}>
                  {pickLocalized(c.name, language)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.sort} className="sr-only">
              {t('filters.sort')}
            </label>
            <select id={ids.sort} value={sort} onChange={(e) => setSort(e.target.value as FinderSort)} className="min-h-13 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink">
              {FINDER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <Button variant="ghost" onClick={clear}>
            {t('filters.clear')}
          </Button>
          <Link to={paths.bookService()} className={buttonClass({ variant: 'accent' })}>
            <CalendarPlus aria-hidden="true" className="size-5" />
            {t('finder.quickBook')}
          </Link>
        </div>
      </section>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <p role="status" className="font-semibold text-ink" data-testid="result-count">
          {resultCountText(t, count)}
        </p>
        {chips.length ? (
          <ul aria-label={t('chips.label')} className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  onClick={chip.remove}
                  className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-primary-50 px-3 text-sm font-medium text-primary-800 hover:bg-primary-100"
                >
                  {chip.label}
                  <X aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t('chips.remove')}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="mt-4">
        <ProResults query={query} serviceId={serviceFilterQuery(service).service} onClear={clear} />
      </div>
    </div>
  );
}

function StatsTiles() {
  const { t } = useTranslation('pros');
  const language = useLanguage();
  const stats = useProStats();
  const value = (n: number | null | undefined, decimals = 0) => (n === undefined ? '…' : n === null ? '–' : formatNumber(n, language, decimals));
  const tiles = [
    { key: 'professionals', icon: Users, value: value(stats.data?.professionals) },
    { key: 'services', icon: Wrench, value: value(stats.data?.services) },
    { key: 'cities', icon: MapPin, value: value(stats.data?.cities) },
    { key: 'rating', icon: Star, value: value(stats.data ? stats.data.averageRating : undefined, 1) },
  ] as const;
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
      {tiles.map(({ key, icon: Icon, value: v }) => (
        <div key={key} className="rounded-card border border-sand-200 bg-white p-4">
          <dt className="flex items-center gap-2 text-sm text-ink-muted">
            <Icon aria-hidden="true" className="size-4 text-primary-600" />
            {t(`stats.${key}`)}
          </dt>
          <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
