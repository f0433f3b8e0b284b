import { Check, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { scrollBehavior } from '../../../lib/motion';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../components/ui/cn';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useBoroughs, useCities, useServicePrice } from '../../../entities/catalog/api';
import { formatMoney } from '../../../lib/format';
import { LoadError, SkeletonGrid, StepHeading } from './step-parts';
import { cityHasBoroughs } from './wizard-state';

function Choice({ selected, onClick, children, describedBy }: { selected: boolean; onClick: () => void; children: ReactNode; describedBy?: string }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-describedby={describedBy}
      onClick={onClick}
      className={cn(
        'flex min-h-12 w-full items-center gap-3 rounded-xl border bg-white px-4 py-2 text-start font-medium text-ink transition-colors',
        selected ? 'border-primary-600 ring-2 ring-primary-600' : 'border-sand-300 hover:border-primary-400 hover:bg-primary-50/40',
      )}
    >
      {children}
      {selected ? <Check aria-hidden="true" className="ms-auto size-5 text-primary-600" /> : null}
    </button>
  );
}

/** Step 2: the city, then for Casablanca the borough (docs/bookings.md). Choosing moves on. */
export function CityStep({
  cityId,
  citySlug,
  boroughId,
  serviceId,
  onSelectCity,
  onSelectBorough,
}: {
  /** The chosen service: each city says its price there (prices differ by city, issue 38). */
  serviceId?: string | null;
  cityId: string | null;
  citySlug: string | null;
  boroughId: string | null;
  onSelectCity: (city: { id: string; slug: string }) => void;
  onSelectBorough: (boroughId: string | null) => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const cities = useCities();
  const showBoroughs = cityHasBoroughs(citySlug);
  const boroughs = useBoroughs(showBoroughs ? citySlug : null);
  const boroughHeading = useRef<HTMLHeadingElement>(null);
  const priceIds = useId();
  // On a phone the areas start below the fold: bring them into view once Casablanca is chosen.
  useEffect(() => {
    if (showBoroughs) boroughHeading.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [showBoroughs]);

  return (
    <section aria-labelledby="wizard-step-heading" className="space-y-5">
      <StepHeading title={t('wizard.city.title')} lead={t('wizard.city.lead')} />
      {cities.isPending ? (
        <SkeletonGrid count={5} />
      ) : cities.isError ? (
        <LoadError message={t('errors.loadCities')} onRetry={() => void cities.refetch()} />
      ) : cities.data.length === 0 ? (
        <p className="text-ink-muted">{t('errors.noCities')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cities.data.map((city) => (
            <li key={city.id}>
              <Choice
                selected={city.id === cityId}
                onClick={() => onSelectCity({ id: city.id, slug: city.slug })}
                describedBy={serviceId ? `${priceIds}-${city.slug}` : undefined}
              >
                <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary-600" />
                {pickLocalized(city.name, language)}
                {serviceId ? <CityPrice id={`${priceIds}-${city.slug}`} serviceId={serviceId} citySlug={city.slug} /> : null}
              </Choice>
            </li>
          ))}
        </ul>
      )}
      {showBoroughs ? (
        <div className="space-y-3 border-t border-sand-200 pt-5">
          <h3 ref={boroughHeading} className="scroll-mt-24 text-lg font-bold text-ink">
            {t('wizard.city.boroughTitle')}
          </h3>
          <p className="text-sm text-ink-muted">{t('wizard.city.boroughLead')}</p>
          {boroughs.isPending ? (
            <SkeletonGrid count={6} />
          ) : boroughs.isError ? (
            <LoadError message={t('errors.loadCities')} onRetry={() => void boroughs.refetch()} />
          ) : (
            <ul className="grid grid-cols-2 gap-2 lg:grid-cols-3">
              <li className="col-span-2 lg:col-span-3">
                <Choice selected={false} onClick={() => onSelectBorough(null)}>
                  {t('wizard.city.anyBorough')}
                </Choice>
              </li>
              {boroughs.data.map((borough) => (
                <li key={borough.id}>
                  <Choice selected={borough.id === boroughId} onClick={() => onSelectBorough(borough.id)}>
                    {pickLocalized(borough.name, language)}
                  </Choice>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The chosen service's price in this city, at the end of its button ("170 MAD"): the button's description
 * (aria-describedby), so its name stays the city's.
 */
function CityPrice({ id, serviceId, citySlug }: { id: string; serviceId: string; citySlug: string }) {
  const price = useServicePrice(serviceId, citySlug);
  // Always there (empty while the price loads): the button's aria-describedby names it.
  return (
    <bdi id={id} aria-hidden="true" className="ms-auto text-sm font-semibold whitespace-nowrap text-primary-700 tabular-nums">
      {price.data ? formatMoney(price.data.price) : null}
    </bdi>
  );
}
