import { Clock, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CATEGORIES, CATEGORY_INFO, categoriesMatchingSearch, normalizeSearchText, type Category, type ServiceTypeSummary } from '@khedma/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDuration, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useServicePrice, useServices } from '../../../entities/catalog/api';
import { CategoryIcon } from '../components/category-icon';
import { StepHeading, LoadError, SkeletonGrid } from './step-parts';

/**
 * Services matching the search as the server's catalogue search matches them (shared folding and
 * category words): the folded text of a name or description in any language, or a service of a
 * category the query names ("plombier", "menage"); grouped by category in catalogue order.
 */
export function groupServices(services: readonly ServiceTypeSummary[], query: string, allowed?: ReadonlySet<string>) {
  const q = normalizeSearchText(query).trim();
  const named = new Set(categoriesMatchingSearch(query));
  const matches = services.filter((s) => {
    if (allowed && !allowed.has(s.id)) return false;
    // A job priced on quote is requested at /quotes/new (docs/job-quotes.md), never booked at a fixed price.
    if (s.onQuote) return false;
    if (!q || named.has(s.category)) return true;
    return normalizeSearchText([...Object.values(s.name), ...Object.values(s.description)].join('\n')).includes(q);
  });
  const groups: Array<{ category: Category; services: ServiceTypeSummary[] }> = [];
  for (const category of [...CATEGORIES].sort((a, b) => CATEGORY_INFO[a].sortOrder - CATEGORY_INFO[b].sortOrder)) {
    const inCategory = matches.filter((s) => s.category === category).sort((a, b) => a.basePrice - b.basePrice);
    if (inCategory.length) groups.push({ category, services: inCategory });
  }
  return groups;
}

/** Step 1: the service, as a grid by category with a search box. Choosing one moves on. */
export function ServiceStep({
  selectedId,
  allowedIds,
  city,
  onSelect,
}: {
  selectedId: string | null;
  /** The city when it is known already (a link's ?city=, or back from step 2): each card says its price there. */
  city?: { slug: string; name: string } | null;
  /** A preselected professional: only the services they offer. */
  allowedIds?: ReadonlySet<string>;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const services = useServices();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searchId = useId();
  const groups = useMemo(() => groupServices(services.data ?? [], deferred, allowedIds), [services.data, deferred, allowedIds]);

  return (
    <section aria-labelledby="wizard-step-heading" className="space-y-5">
      <StepHeading title={t('wizard.service.title')} lead={t('wizard.service.lead')} />
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('wizard.service.search')}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-sand-600" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('wizard.service.search')}
          className="min-h-12 w-full rounded-xl border border-sand-500 bg-white ps-11 pe-4 text-base text-ink placeholder:text-sand-600"
        />
      </div>
      {services.isPending ? (
        <SkeletonGrid />
      ) : services.isError ? (
        <LoadError message={t('errors.loadServices')} onRetry={() => void services.refetch()} />
      ) : (services.data ?? []).length === 0 ? (
        <p role="status" className="rounded-card border border-dashed border-sand-300 bg-white p-6 text-center font-medium text-ink">
          {t('errors.noServices')}
        </p>
      ) : groups.length === 0 ? (
        <div className="rounded-card border border-dashed border-sand-300 bg-white p-6 text-center">
          <p className="font-medium text-ink">{t('wizard.service.noMatch', { query: deferred })}</p>
          <Button variant="ghost" className="mt-2" onClick={() => setQuery('')}>
            {t('wizard.service.clearSearch')}
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          {groups.map(({ category, services: list }) => (
            <div key={category}>
              <h3 className="mb-3 flex items-center gap-2 text-base font-bold text-ink">
                <CategoryIcon category={category} className="size-8 rounded-lg [&>svg]:size-4" />
                {pickLocalized(CATEGORY_INFO[category].name, language)}
              </h3>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((service) => {
                  const selected = service.id === selectedId;
                  return (
                    <li key={service.id}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        onClick={() => onSelect(service.id)}
                        className={cn(
                          'flex h-full min-h-11 w-full flex-col items-start gap-1 rounded-card border bg-white p-4 text-start transition-colors',
                          selected ? 'border-primary-600 ring-2 ring-primary-600' : 'border-sand-300 hover:border-primary-400 hover:bg-primary-50/40',
                        )}
                      >
                        <span className="font-semibold text-ink">{pickLocalized(service.name, language)}</span>
                        <span className="line-clamp-2 text-sm text-ink-muted">{pickLocalized(service.description, language)}</span>
                        <span className="mt-auto flex w-full flex-wrap items-center justify-between gap-2 pt-2 text-sm">
                          {city ? (
                            <CityPrice serviceId={service.id} city={city} fallback={t('wizard.service.from', { price: formatMoney(service.basePrice) })} />
                          ) : (
                            <span className="font-semibold text-primary-700">{t('wizard.service.from', { price: formatMoney(service.basePrice) })}</span>
                          )}
                          <span className="inline-flex items-center gap-1 text-ink-muted">
                            <Clock aria-hidden="true" className="size-4" />
                            {formatDuration(service.estimatedDurationMinutes, language)}
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The service's price in the known city ("Casablanca: 170 MAD", issue 38): the confirm step's price, said
 * from the start instead of the catalogue's "From 150 MAD". The catalogue's words until it arrives. The amount is
 * isolated (FSI…PDI) so that in Arabic it reads "170 MAD", not "MAD 170".
 */
function CityPrice({ serviceId, city, fallback }: { serviceId: string; city: { slug: string; name: string }; fallback: string }) {
  const { t } = useTranslation('booking');
  const price = useServicePrice(serviceId, city.slug);
  return (
    <span className="font-semibold text-primary-700" data-city-price={price.data ? '' : undefined}>
      {price.data ? t('wizard.service.cityPrice', { city: city.name, price: `\u2068${formatMoney(price.data.price)}\u2069` }) : fallback}
    </span>
  );
}
