import { ArrowRight, BadgeCheck, Headset, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';

/**
 * / : the hero with its two actions (SPEC §2 Home). The search box, How it works, Popular Services and
 * the statistics band come with the catalogue capability.
 */
export function HomePage() {
  const { t } = useTranslation();
  const highlights = [
    { Icon: Tag, label: t('pages.home.highlightPrice') },
    { Icon: BadgeCheck, label: t('pages.home.highlightVerified') },
    { Icon: Headset, label: t('pages.home.highlightSupport') },
  ];

  return (
    <>
      <Seo title={t('pages.home.title')} />
      <section className="relative isolate overflow-hidden bg-primary-950 text-white">
        <ArchPattern />
        <div className="container-page relative py-16 md:py-24 lg:py-28">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">{t('pages.home.heroTitle')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-sand-200 text-pretty md:text-xl">{t('pages.home.heroSubtitle')}</p>
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
    </>
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
