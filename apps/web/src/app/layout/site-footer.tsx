import { Apple, Cookie, Play } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { openCookieSettings } from '../../lib/events';
import { paths } from '../../config/paths';
import { APP_STORE_URL, GOOGLE_PLAY_URL, SOCIAL_LINKS } from '../../config/site';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { SocialIcon } from './social-icons';

const columns: Array<{ title: ParseKeys; links: Array<{ to: string; label: ParseKeys }> }> = [
  {
    title: 'footer.explore',
    links: [
      { to: paths.services(), label: 'nav.services' },
      { to: paths.pricing(), label: 'nav.pricing' },
      { to: paths.faq(), label: 'nav.faq' },
      { to: paths.becomePro(), label: 'nav.becomePro' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: paths.about(), label: 'nav.about' },
      { to: paths.contact(), label: 'nav.contact' },
      { to: paths.professionalOnboarding(), label: 'nav.registerProfessional' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: paths.terms(), label: 'footer.terms' },
      { to: paths.privacy(), label: 'footer.privacy' },
      { to: paths.cookies(), label: 'footer.cookies' },
    ],
  },
];

const link = 'inline-flex min-h-11 items-center rounded py-2 text-sand-200 underline-offset-4 hover:text-white hover:underline';

/** Site footer on a deep-blue band; focus rings switch to saffron (--focus-ring) for contrast. */
export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    // While the floating Become a Professional button shows, room below the last line so it never covers it.
    <footer className="bg-primary-950 text-sand-200 [--focus-ring:var(--color-saffron-400)] [body:has([data-become-pro-fab])_&]:pb-[calc(5rem+env(safe-area-inset-bottom))]">
      {/* [--offscreen-block-size]: the height of this block's content, without its padding (en, fr, ar at 360-1280 px), while the server's page skips it (root-layout.tsx). */}
      <div className="container-page grid gap-10 py-12 [--offscreen-block-size:45rem] sm:[--offscreen-block-size:28rem] lg:grid-cols-[1.4fr_3fr] lg:[--offscreen-block-size:13.5rem]">
        <div className="space-y-5">
          <Link to={paths.home()} className="inline-flex rounded-lg" aria-label={t('a11y.homeLink')}>
            <Logo tone="light" />
          </Link>
          <p className="max-w-sm text-sm">{t('footer.tagline')}</p>
          <div>
            <p className="text-sm font-semibold text-white">{t('footer.followUs')}</p>
            <ul className="mt-2 flex flex-wrap gap-1">
              {SOCIAL_LINKS.map(({ id, href }) => (
                <li key={id}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-11 items-center justify-center rounded-xl text-sand-200 hover:bg-white/10 hover:text-white"
                  >
                    <SocialIcon network={id} className="size-5" />
                    <span className="sr-only">
                      {t(`footer.${id}`)} {t('common.opensInNewTab')}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <nav aria-label={t('a11y.footerNav')} className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-white">{t(column.title)}</h2>
              <ul className="mt-2">
                {column.links.map((entry) => (
                  <li key={entry.to}>
                    <Link to={entry.to} className={link}>
                      {t(entry.label)}
                    </Link>
                  </li>
                ))}
                {column.title === 'footer.legal' ? (
                  <li>
                    <button type="button" onClick={openCookieSettings} className={`${link} gap-2 text-start`}>
                      <Cookie aria-hidden="true" className="size-4 shrink-0" />
                      {t('footer.cookiePreferences')}
                    </button>
                  </li>
                ) : null}
              </ul>
            </div>
          ))}
        </nav>
      </div>

      <div className="container-page flex flex-col gap-6 border-t border-white/10 py-8 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-sm font-semibold text-white">{t('footer.getTheApp')}</p>
          <ul className="mt-3 flex flex-wrap gap-3">
            <li>
              <StoreBadge href={APP_STORE_URL} icon={<Apple aria-hidden="true" className="size-6" />} top={t('footer.appStoreTop')} name={t('footer.appStore')} />
            </li>
            <li>
              <StoreBadge href={GOOGLE_PLAY_URL} icon={<Play aria-hidden="true" className="size-6" />} top={t('footer.googlePlayTop')} name={t('footer.googlePlay')} />
            </li>
          </ul>
        </div>
        <LanguageSwitch tone="dark" className="self-start md:self-auto" />
      </div>

      <div className="container-page space-y-2 border-t border-white/10 py-6 text-xs text-sand-300">
        <p>{t('footer.intermediary')}</p>
        <p>{t('footer.rights', { year })}</p>
      </div>
    </footer>
  );
}

function StoreBadge({ href, icon, top, name }: { href: string; icon: React.ReactNode; top: string; name: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-12 items-center gap-3 rounded-xl border border-white/30 bg-black px-4 py-1.5 text-white hover:border-white/60"
    >
      {icon}
      <span className="flex flex-col leading-tight">
        <span className="text-xs">{top}</span>
        <span className="text-base font-semibold">{name}</span>
      </span>
      <span className="sr-only">{t('common.opensInNewTab')}</span>
    </a>
  );
}
