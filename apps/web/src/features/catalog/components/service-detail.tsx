import type { ServiceTypeDetail } from '@khedma/shared';
import { ArrowLeft, ArrowRight, BadgeCheck, Check, Clock, LoaderCircle, PackageCheck, ShieldCheck, X } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { paths, type ServiceCategory } from '../../../config/paths';
import { categoryVisual, CategoryTile } from '../../../entities/catalog/components/category-visual';
import { localizedUrl, Seo, useSiteOrigin } from '../../../components/seo';
import { Deferred } from '../../../components/deferred';
import { Button, ButtonLink } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { isMissingService, useCities, useService, useServicePrice } from '../../../entities/catalog/api';
import { formatDuration, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { bookServiceHref, SERVICE_FEE_PERCENT, serviceTotals } from '../totals';

/** /services/{id}: loading spinner, Service Not Found, or the service (docs/catalog.md Service detail). */
export function ServiceDetail({ id }: { id: string }) {
  const { t } = useTranslation('catalog');
  const service = useService(id);

  if (service.isPending) {
    return (
      <div role="status" className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-3 py-16 text-ink-muted">
        <Seo title={t('detail.loading')} pending />
        <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary-600 motion-reduce:animate-none" />
        <span>{t('detail.loading')}</span>
      </div>
    );
  }

  if (service.isError) {
    if (isMissingService(service.error)) return <ServiceNotFound />;
    return (
      <div className="container-page py-16">
        <Seo title={t('detail.loadError')} />
        <BackLink />
        <RetryAlert as="h1" className="mt-6" message={t('detail.loadError')} onRetry={() => void service.refetch()} />
      </div>
    );
  }

  return <ServiceView service={service.data} />;
}

function BackLink() {
  const { t } = useTranslation('catalog');
  return (
    <Link to={paths.services()} className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-primary-700 hover:underline">
      <DirectionalIcon icon={ArrowLeft} className="size-5" />
      {t('detail.back')}
    </Link>
  );
}

function ServiceNotFound() {
  const { t } = useTranslation('catalog');
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <Seo title={t('detail.notFoundTitle')} status={404} />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('detail.notFoundTitle')}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{t('detail.notFoundBody')}</p>
      <ButtonLink to={paths.services()} size="lg" className="mt-8">
        <DirectionalIcon icon={ArrowLeft} className="size-5" />
        {t('detail.back')}
      </ButtonLink>
    </section>
  );
}

function ServiceView({ service }: { service: ServiceTypeDetail }) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const ids = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [city, setCity] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const formId = `${ids}-book`;
  // Ticked or chosen before the app took the page over (docs/public-site.md): the page's own controls say
  // what was chosen (React keeps what the reader did to them while it takes the page over), so the summary
  // follows them from the first moment.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const ticked = data.getAll('addons').map(String);
    if (ticked.length) setSelected(new Set(ticked));
    const chosenCity = String(data.get('city') ?? '');
    if (chosenCity) setCity(chosenCity);
  }, []);
  const cities = useCities();
  const cityPrice = useServicePrice(service.id, city || null);
  const cityName = cities.data?.find((c) => c.slug === city);

  const name = pickLocalized(service.name, language);
  const description = pickLocalized(service.description, language);
  const categoryName = t(`categories.${service.category}`);
  const { Icon } = categoryVisual(service.category);

  // With a city chosen, the figures wait for that city's price: the base price shown under the city's
  // name (while it loads, or for good when it cannot be read) would be a price we do not charge.
  const priceState = !city ? 'base' : cityPrice.data ? 'city' : cityPrice.isError ? 'error' : 'loading';
  const priceKnown = priceState === 'base' || priceState === 'city';
  const servicePrice = priceState === 'city' ? cityPrice.data!.price : service.basePrice;
  const pricePending = Boolean(city) && cityPrice.isFetching;
  const totals = serviceTotals(servicePrice, service.addOns, selected);
  const cityLabel = cityName ? pickLocalized(cityName.name, language) : city;
  const money = (amount: number) => (priceKnown ? formatMoney(amount) : <UnknownAmount />);
  const navigate = useNavigate();
  // Book This Service sends the page's form (GET /book-service?service=&addons=&city=), so it works before
  // and without JavaScript; the app reads the same form and goes there in place.
  const book = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const ticked = new Set(data.getAll('addons').map(String));
    const addOnIds = service.addOns.filter((addOn) => ticked.has(addOn.id)).map((addOn) => addOn.id);
    void navigate(bookServiceHref(service.id, addOnIds, String(data.get('city') ?? '') || null));
  };

  const toggle = (addOnId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(addOnId)) next.delete(addOnId);
      else next.add(addOnId);
      return next;
    });

  // schema.org Service with its real starting price in MAD; no rating (the catalogue has no reviews).
  const origin = useSiteOrigin();
  const jsonLd = useMemo(() => {
    const url = localizedUrl(origin, paths.service(service.id), language);
    return {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name,
      description,
      serviceType: categoryName,
      url,
      provider: { '@type': 'Organization', name: 'Khedma', url: `${origin}/` },
      areaServed: { '@type': 'Country', name: 'Morocco' },
      offers: {
        '@type': 'Offer',
        price: service.basePrice,
        priceCurrency: 'MAD',
        availability: 'https://schema.org/InStock',
        url,
      },
    };
  }, [service.id, service.basePrice, name, description, categoryName, language, origin]);

  return (
    <div className="pb-28 lg:pb-0">
      <Seo title={name} description={description} type="product" jsonLd={jsonLd} />
      <div className="container-page pt-6">
        <BackLink />
      </div>

      <div className="container-page grid gap-8 py-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-8">
        <div className="min-w-0 space-y-8">
          <header className="space-y-4">
            {service.imageUrl ? (
              <img
                src={service.imageUrl}
                alt=""
                width={1200}
                height={514}
                fetchPriority="high"
                className="h-40 w-full rounded-card object-cover sm:h-56"
              />
            ) : (
              <CategoryTile category={service.category} className="h-32 w-full rounded-card sm:h-48" iconClassName="size-14 sm:size-16" />
            )}
            <Link
              to={paths.serviceCategory(service.category as ServiceCategory)}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-primary-50 px-3 text-sm font-semibold text-primary-800 hover:bg-primary-100"
            >
              <Icon aria-hidden="true" className="size-4" />
              {categoryName}
            </Link>
            <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{name}</h1>
            <p className="max-w-3xl text-lg text-pretty text-ink-muted">{description}</p>
          </header>

          {/* Below the fold on a phone, and nothing to press: taken over as it comes near. */}
          <Deferred className="space-y-8" offscreen="skip-offscreen [--offscreen-block-size:42rem] sm:[--offscreen-block-size:25rem]">
          <section aria-labelledby={`${ids}-details`} className="rounded-card border border-sand-200 bg-white p-6">
            <h2 id={`${ids}-details`} className="text-xl font-semibold">
              {t('detail.detailsHeading')}
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <Detail icon={<Clock className="size-5" />} term={t('detail.duration')}>
                {formatDuration(service.estimatedDurationMinutes, language)}
              </Detail>
              <Detail icon={<PackageCheck className="size-5" />} term={t('detail.materials')}>
                {service.materialsIncluded ? t('detail.materialsIncluded') : t('detail.materialsNotIncluded')}
              </Detail>
              {service.warrantyDays > 0 ? (
                <Detail icon={<ShieldCheck className="size-5" />} term={t('detail.warranty')}>
                  {t('detail.warrantyDays', { count: service.warrantyDays })}
                </Detail>
              ) : null}
              <Detail icon={<BadgeCheck className="size-5" />} term={t('detail.pricing')}>
                {t('detail.fixedPriceNote')}
              </Detail>
            </dl>
          </section>

          {service.includes.length || service.excludes.length ? (
            <div className="grid gap-6 md:grid-cols-2">
              {service.includes.length ? (
                <section aria-labelledby={`${ids}-includes`}>
                  <h2 id={`${ids}-includes`} className="text-xl font-semibold">
                    {t('detail.includedHeading')}
                  </h2>
                  <ul className="mt-3 space-y-2">
                    {service.includes.map((item, i) => (
                      <li key={i} className="flex items-start gap-2">
                        <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-completed" />
                        <span>{pickLocalized(item, language)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {service.excludes.length ? (
                <section aria-labelledby={`${ids}-excludes`}>
                  <h2 id={`${ids}-excludes`} className="text-xl font-semibold">
                    {t('detail.excludedHeading')}
                  </h2>
                  <ul className="mt-3 space-y-2">
                    {service.excludes.map((item, i) => (
                      <li key={i} className="flex items-start gap-2">
                        <X aria-hidden="true" className="mt-1 size-4 shrink-0 text-cancelled" />
                        <span>{pickLocalized(item, language)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          ) : null}

          </Deferred>

          {service.addOns.length ? (
            <section aria-labelledby={`${ids}-addons`}>
              <fieldset>
                <legend id={`${ids}-addons`} className="text-xl font-semibold">
                  {t('detail.addOnsHeading')}
                </legend>
                <p className="mt-1 text-sm text-ink-muted">{t('detail.addOnsHint')}</p>
                <ul className="mt-4 space-y-3">
                  {service.addOns.map((addOn) => {
                    const checked = selected.has(addOn.id);
                    const addOnDescription = addOn.description ? pickLocalized(addOn.description, language) : '';
                    return (
                      <li key={addOn.id}>
                        <label
                          className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border bg-white px-4 py-3 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-600 ${
                            checked ? 'border-primary-600 bg-primary-50' : 'border-sand-300 hover:border-primary-400'
                          }`}
                        >
                          <input
                            type="checkbox"
                            form={formId}
                            name="addons"
                            value={addOn.id}
                            checked={checked}
                            onChange={() => toggle(addOn.id)}
                            className="size-5 shrink-0 accent-primary-600 focus-visible:outline-none"
                          />
                          <span className="min-w-0 flex-1">
                            <span className="block font-medium">{pickLocalized(addOn.name, language)}</span>
                            {addOnDescription ? <span className="block text-sm text-ink-muted">{addOnDescription}</span> : null}
                          </span>
                          <span className="shrink-0 font-semibold whitespace-nowrap">{t('detail.addOnPrice', { price: formatMoney(addOn.price) })}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            </section>
          ) : null}
        </div>

        {service.onQuote ? (
          <aside aria-labelledby={`${ids}-summary`} className="lg:sticky lg:top-32 lg:self-start">
            <div className="space-y-4 rounded-card border border-sand-200 bg-white p-6 shadow-sm">
              <h2 id={`${ids}-summary`} className="text-xl font-semibold">
                {t('detail.onQuoteHeading')}
              </h2>
              <p className="text-sm text-ink-muted">{t('detail.onQuoteLead')}</p>
              <p className="flex items-baseline justify-between gap-2">
                <span className="text-sm text-ink-muted">{t('card.usuallyFrom')}</span>
                <span className="text-xl font-bold">{formatMoney(service.basePrice)}</span>
              </p>
              <ButtonLink to={paths.newJobRequest(service.id)} variant="accent" size="lg" className="w-full">
                {t('detail.requestQuotes')}
                <DirectionalIcon icon={ArrowRight} className="size-5" />
              </ButtonLink>
            </div>
          </aside>
        ) : (
        <aside aria-labelledby={`${ids}-summary`} className="lg:sticky lg:top-32 lg:self-start">
            <div className="space-y-5 rounded-card border border-sand-200 bg-white p-6 shadow-sm">
              <h2 id={`${ids}-summary`} className="text-xl font-semibold">
                {t('detail.summaryHeading')}
              </h2>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${ids}-city`} className="text-sm font-semibold">
                  {t('detail.cityLabel')}
                </label>
                <select
                  id={`${ids}-city`}
                  form={formId}
                  name="city"
                  value={city}
                  onChange={(event) => setCity(event.target.value)}
                  aria-describedby={`${ids}-city-note`}
                  className="min-h-12 w-full rounded-xl border border-sand-500 bg-white px-3 text-base"
                >
                  <option value="">{t('detail.cityAll')}</option>
                  {cities.data?.map((c) => (
                    <option key={c.id} value={c.slug}>
                      {pickLocalized(c.name, language)}
                    </option>
                  ))}
                </select>
                <p id={`${ids}-city-note`} className="text-xs text-ink-muted">
                  {t('detail.cityPriceNote')}
                </p>
              </div>
              <dl className="space-y-2 text-sm" aria-busy={pricePending || undefined}>
                <SummaryLine term={city ? t('detail.cityPrice', { city: cityLabel }) : t('detail.basePrice')}>
                  {money(totals.servicePrice)}
                </SummaryLine>
                {totals.chosen.map((addOn) => (
                  <SummaryLine key={addOn.id} term={pickLocalized(addOn.name, language)}>
                    {t('detail.addOnPrice', { price: formatMoney(addOn.price) })}
                  </SummaryLine>
                ))}
                <SummaryLine term={t('detail.serviceFee', { rate: SERVICE_FEE_PERCENT })}>{money(totals.serviceFee)}</SummaryLine>
                <div className="flex items-baseline justify-between gap-4 border-t border-sand-200 pt-3 text-base">
                  <dt className="font-semibold">{t('detail.total')}</dt>
                  <dd className="text-2xl font-bold" data-testid="service-total">
                    {money(totals.total)}
                  </dd>
                </div>
              </dl>
              {priceState === 'loading' && (
                <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                  {t('detail.cityPriceLoading', { city: cityLabel })}
                </p>
              )}
              {priceState === 'error' && (
                <RetryAlert compact message={t('detail.cityPriceError', { city: cityLabel })} onRetry={() => void cityPrice.refetch()} />
              )}
              <p className="text-xs text-ink-muted">{t('detail.totalNote', { rate: SERVICE_FEE_PERCENT })}</p>
              {/* The add-ons, the city and both Book buttons belong to this form (their `form` attribute). */}
              <form id={formId} ref={formRef} method="get" action={paths.bookService()} onSubmit={book}>
                <input type="hidden" name="service" value={service.id} />
                {/* Phones and tablets use the bottom bar instead. */}
                <div className="hidden lg:block">
                  <Button type="submit" variant="accent" size="lg" className="w-full">
                    {t('detail.book')}
                    <DirectionalIcon icon={ArrowRight} className="size-5" />
                  </Button>
                </div>
              </form>
            </div>
          </aside>
        )}
      </div>

      {service.onQuote ? (
        <div data-action-bar="lg" className="fixed inset-x-0 bottom-0 z-30 border-t border-sand-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden">
          <div className="container-page flex items-center justify-end gap-4 py-3">
            <ButtonLink to={paths.newJobRequest(service.id)} variant="accent" size="lg" className="shrink-0">
              {t('detail.requestQuotes')}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <>
      {/* Phones: the main action in a sticky bottom bar (DESIGN.md "Layout"); data-action-bar keeps floating buttons off the page. */}
      <div data-action-bar="lg" className="fixed inset-x-0 bottom-0 z-30 border-t border-sand-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden">
        <div className="container-page flex items-center justify-between gap-4 py-3">
          <p className="min-w-0">
            <span className="block text-xs text-ink-muted">{t('detail.total')}</span>
            <span className="block text-xl font-bold">{money(totals.total)}</span>
          </p>
          <Button type="submit" form={formId} variant="accent" size="lg" className="shrink-0">
            {t('detail.book')}
          </Button>
        </div>
      </div>
        </>
      )}
    </div>
  );
}

function Detail({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-3 text-sm text-ink-muted">
        <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="-mt-2 ps-12 font-medium">{children}</dd>
    </div>
  );
}

/** A figure not known yet (the city's price is loading or could not be read); the status line says why. */
function UnknownAmount() {
  return <span aria-hidden="true">—</span>;
}

function SummaryLine({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="font-medium whitespace-nowrap">{children}</dd>
    </div>
  );
}
