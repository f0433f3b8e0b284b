import { ArrowRight, BadgeCheck, CalendarCheck, CreditCard, Headset, Search, Tag } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { paths, withQuery } from '../../../config/paths';
import { SOCIAL_LINKS, SUPPORT_CONTACT } from '../../../config/site';
import { Seo, useSiteOrigin } from '../../../components/seo';
import { ServiceCard, ServiceCardIcons, ServiceCardSkeleton } from '../../../entities/catalog/components/service-card';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { SearchInput } from '../../../components/ui/search-input';
import { useServices } from '../../../entities/catalog/api';
import { StatsBand } from '../components/stats-band';
import { Deferred } from '../../../components/deferred';

/** Popular Services shows the first six active services (docs/public-site.md). */
const POPULAR_COUNT = 6;

/**
 * / (docs/public-site.md Home): hero with Book a Service and Become a Professional, the search box, How it works,
 * Popular Services (skeletons while loading) and the statistics band.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('home');
  const highlights = [
    { Icon: Tag, label: t('pages.home.highlightPrice') },
    { Icon: BadgeCheck, label: t('pages.home.highlightVerified') },
    { Icon: Headset, label: t('pages.home.highlightSupport') },
  ];

  const origin = useSiteOrigin();
  const jsonLd = useMemo(() => {
    return {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Organization',
          '@id': `${origin}/#organization`,
          name: 'Khedma',
          url: `${origin}/`,
          logo: `${origin}/icons/icon-512.png`,
          email: SUPPORT_CONTACT.email,
          telephone: SUPPORT_CONTACT.phone,
          areaServed: { '@type': 'Country', name: 'Morocco' },
          sameAs: SOCIAL_LINKS.map((link) => link.href),
        },
        {
          '@type': 'WebSite',
          '@id': `${origin}/#website`,
          name: 'Khedma',
          url: `${origin}/`,
          inLanguage: ['en', 'fr', 'ar'],
          publisher: { '@id': `${origin}/#organization` },
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${origin}/services?q={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    };
  }, [origin]);

  return (
    <>
      <Seo title={t('pages.home.title')} description={ts('description')} jsonLd={jsonLd} />
      <section className="relative isolate overflow-hidden bg-primary-950 text-white [--focus-ring:var(--color-saffron-400)]">
        <ArchPattern />
        <div className="container-page relative py-14 md:py-24 lg:py-28">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">{t('pages.home.heroTitle')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-sand-200 md:text-xl">{t('pages.home.heroSubtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.services({ toSearch: true })} variant="accent" size="lg">
              {t('pages.home.bookService')}
              <DirectionalIcon icon={ArrowRight} className="size-5" />
            </ButtonLink>
            <ButtonLink to={paths.becomePro()} variant="on-dark" size="lg">
              {t('pages.home.becomePro')}
            </ButtonLink>
          </div>
          <ul className="mt-10 grid gap-3 text-sm text-sand-100 sm:grid-cols-3 sm:gap-6">
            {highlights.map(({ Icon, label }) => (
              <li key={label} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-saffron-400" />
                {label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HomeSearch />
      <Deferred offscreen="skip-offscreen [--offscreen-block-size:58rem] md:[--offscreen-block-size:30rem]">
        <HowItWorks />
      </Deferred>
      <Deferred offscreen="skip-offscreen [--offscreen-block-size:180rem] sm:[--offscreen-block-size:82rem]">
        <PopularServices />
      </Deferred>
      <Deferred offscreen="skip-offscreen [--offscreen-block-size:20rem] md:[--offscreen-block-size:15rem]">
        <StatsBand />
      </Deferred>
    </>
  );
}

/**
 * "What service do you need?": leads to the catalogue's search section with the text. A GET form to
 * /services#search (docs/public-site.md: it works before and without JavaScript, the server renders the
 * search); once the app runs it navigates in place, reading the box itself, so words typed before the
 * app took the page over are kept.
 */
function HomeSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="border-b border-sand-200 bg-white">
      <div className="container-page py-10">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
          {t('searchHeading')}
        </h2>
        <form
          role="search"
          method="get"
          action={`${paths.services()}#search`}
          className="mt-4 flex max-w-3xl flex-col gap-3 sm:flex-row"
          onSubmit={(event) => {
            event.preventDefault();
            const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
            void navigate(withQuery(paths.services(), { q: q || undefined }, 'search'));
          }}
        >
          <SearchInput
            id={`${id}-input`}
            name="q"
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            defaultValue=""
            maxLength={100}
            className="flex-1"
          />
          <Button type="submit" size="lg" className="min-h-13">
            <Search aria-hidden="true" className="size-5" />
            {t('searchSubmit')}
          </Button>
        </form>
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation('home');
  const steps = [
    { Icon: Search, title: t('step1Title'), body: t('step1Body') },
    { Icon: CalendarCheck, title: t('step2Title'), body: t('step2Body') },
    { Icon: CreditCard, title: t('step3Title'), body: t('step3Body') },
  ];
  return (
    <section aria-labelledby="how-heading" className="container-page py-14 md:py-20">
      <h2 id="how-heading" className="text-3xl font-bold tracking-tight">
        {t('howTitle')}
      </h2>
      <p className="mt-2 text-lg text-ink-muted">{t('howLead')}</p>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {steps.map(({ Icon, title, body }, index) => (
          <li key={title} className="rounded-card border border-sand-200 bg-white p-6">
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                <Icon className="size-6" />
              </span>
              <span className="text-sm font-semibold text-accent-700">{t('stepLabel', { number: index + 1 })}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-ink-muted">{body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function PopularServices() {
  const { t } = useTranslation('home');
  const services = useServices();
  const popular = services.data?.slice(0, POPULAR_COUNT);
  return (
    <section aria-labelledby="popular-heading" className="bg-sand-100/60">
      <div className="container-page py-14 md:py-20">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="popular-heading" className="text-3xl font-bold tracking-tight">
              {t('popularTitle')}
            </h2>
            <p className="mt-2 text-lg text-ink-muted">{t('popularLead')}</p>
          </div>
          <ButtonLink to={paths.services()} variant="secondary" className="self-start sm:self-auto">
            {t('viewAll')}
            <DirectionalIcon icon={ArrowRight} className="size-4" />
          </ButtonLink>
        </div>
        {services.isError && !popular ? (
          <p role="alert" className="mt-8 rounded-card bg-cancelled-soft p-4 font-medium text-cancelled">
            {t('popularError')}
          </p>
        ) : (
          <>
            <ServiceCardIcons />
            <ul aria-busy={!popular || undefined} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {popular
                ? popular.map((service) => (
                    <li key={service.id} className="flex [&>article]:flex-1">
                      <ServiceCard service={service} />
                    </li>
                  ))
                : Array.from({ length: POPULAR_COUNT }, (_, i) => (
                    <li key={i}>
                      <ServiceCardSkeleton />
                    </li>
                  ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

/** A row of Moroccan arches, faint, behind the hero (decorative, mirrored with the layout). */
function ArchPattern() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute inset-y-0 end-0 -z-10 h-full w-full opacity-[0.12] md:w-2/3 rtl:-scale-x-100"
      preserveAspectRatio="xMaxYMid slice"
      viewBox="0 0 400 300"
    >
      <defs>
        <pattern id="khedma-arches" width="50" height="75" patternUnits="userSpaceOnUse">
          <path d="M8 75V36a17 17 0 0 1 34 0v39" fill="none" stroke="#f2b33d" strokeWidth="3" />
        </pattern>
        <linearGradient id="khedma-fade" x1="0" x2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="0.6" stopColor="#fff" stopOpacity="1" />
        </linearGradient>
        <mask id="khedma-mask">
          <rect width="400" height="300" fill="url(#khedma-fade)" />
        </mask>
      </defs>
      <rect width="400" height="300" fill="url(#khedma-arches)" mask="url(#khedma-mask)" />
    </svg>
  );
}
