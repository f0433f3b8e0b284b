import { ArrowRight, BadgeCheck, EyeOff, Handshake, Lock, MessageSquareQuote } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { SERVICE_FEE_RATE } from '@khedma/shared/domain/pricing';
import { ESCROW_RELEASE_HOURS } from '@khedma/shared/domain/escrow';
import { paths } from '../../../config/paths';
import { CategoryTile } from '../../../entities/catalog/components/category-visual';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { PageIntro } from '../../../components/ui/page-intro';
import { useServices } from '../../../entities/catalog/api';
import { formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { cheapestByCategory, SAMPLE_CATEGORIES } from '../samples';

/** /pricing (docs/public-site.md Pricing): six sample price cards from the catalogue, Why Fixed Pricing, calls to action. */
export function PricingPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('site');
  const { t: tc } = useTranslation('catalog');
  const language = useLanguage();
  const services = useServices();
  const cheapest = services.data ? cheapestByCategory(services.data) : null;
  const rate = Math.round(SERVICE_FEE_RATE * 100);

  const reasons = [
    { Icon: BadgeCheck, title: ts('pricing.why1Title'), body: ts('pricing.why1Body') },
    { Icon: EyeOff, title: ts('pricing.why2Title'), body: ts('pricing.why2Body', { rate }) },
    { Icon: Lock, title: ts('pricing.why3Title'), body: ts('pricing.why3Body', { hours: ESCROW_RELEASE_HOURS }) },
    { Icon: Handshake, title: ts('pricing.why4Title'), body: ts('pricing.why4Body') },
  ];

  return (
    <>
      <Seo title={t('pages.pricing.title')} description={ts('pricing.description')} />
      <PageIntro title={t('pages.pricing.title')} lead={t('pages.pricing.lead')} />

      <section aria-labelledby="samples" className="container-page py-12 md:py-16">
        <h2 id="samples" className="text-3xl font-bold tracking-tight">
          {ts('pricing.samplesTitle')}
        </h2>
        <p className="mt-2 text-lg text-ink-muted">{ts('pricing.samplesLead')}</p>
        {services.isError && !cheapest ? (
          <p role="alert" className="mt-8 rounded-card bg-cancelled-soft p-4 font-medium text-cancelled">
            {ts('pricing.loadError')}
          </p>
        ) : (
          <ul aria-busy={!cheapest || undefined} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {SAMPLE_CATEGORIES.map((category) => {
              const sample = cheapest?.get(category);
              const categoryName = tc(`categories.${category}`);
              return (
                <li key={category} className="relative flex flex-col overflow-hidden rounded-card border border-sand-200 bg-white">
                  <CategoryTile category={category} className="h-24" iconClassName="size-10" />
                  <div className="flex flex-1 flex-col gap-2 p-6">
                    <h3 className="text-lg font-semibold">{categoryName}</h3>
                    {cheapest ? (
                      sample ? (
                        <>
                          <p className="flex items-baseline gap-2">
                            <span className="text-sm text-ink-muted">{ts('pricing.from')}</span>
                            <span className="text-3xl font-bold">{formatMoney(sample.basePrice)}</span>
                          </p>
                          <p className="text-sm text-ink-muted">{ts('pricing.example', { service: pickLocalized(sample.name, language) })}</p>
                        </>
                      ) : null
                    ) : (
                      <div aria-hidden="true" className="space-y-2">
                        <div className="h-8 w-32 animate-pulse rounded bg-sand-200" />
                        <div className="h-4 w-48 animate-pulse rounded bg-sand-100" />
                      </div>
                    )}
                    <Link
                      to={paths.serviceCategory(category)}
                      className="mt-auto inline-flex min-h-11 items-center gap-2 pt-2 font-semibold text-primary-700 hover:underline"
                    >
                      {ts('pricing.viewCategory', { category: categoryName })}
                      <DirectionalIcon icon={ArrowRight} className="size-4" />
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="why" className="bg-white">
        <div className="container-page py-12 md:py-16">
          <h2 id="why" className="text-3xl font-bold tracking-tight">
            {ts('pricing.whyTitle')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {reasons.map(({ Icon, title, body }) => (
              <li key={title} className="flex gap-4 rounded-card bg-sand-50 p-6">
                <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                  <Icon className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="mt-1 text-ink-muted">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="pricing-cta" className="container-page py-12 md:py-16">
        <div className="flex flex-col gap-6 rounded-card bg-primary-950 p-8 text-white [--focus-ring:var(--color-saffron-400)] md:flex-row md:items-center md:justify-between md:p-10">
          <div>
            <h2 id="pricing-cta" className="text-2xl font-bold">
              {ts('pricing.ctaTitle')}
            </h2>
            <p className="mt-2 text-sand-200">{ts('pricing.ctaBody')}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.services()} variant="accent" size="lg">
              {ts('pricing.browse')}
              <DirectionalIcon icon={ArrowRight} className="size-5" />
            </ButtonLink>
            {/* A job nobody can price before looking: a request the professionals answer with quotes (docs/job-quotes.md). */}
            <ButtonLink to={paths.newJobRequest()} variant="on-dark" size="lg">
              <MessageSquareQuote aria-hidden="true" className="size-5" />
              {ts('pricing.customQuote')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
