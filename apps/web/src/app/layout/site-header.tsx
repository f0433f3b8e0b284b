import { useTranslation } from '../../lib/use-translation';
import { Link, NavLink } from 'react-router';
import { cn } from '../../components/ui/cn';
import { paths } from '../../config/paths';
import { HeaderAccount } from './header-account';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';

/**
 * Sticky header. Below 768 px: logo and the menu button. From 768 px the navigation shows, on a second
 * row up to 1280 px (seven links, the account buttons and the language switch do not fit one row at
 * tablet widths in French), then inline.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="container-page flex flex-wrap items-center gap-x-4">
        <Link to={paths.home()} className="flex min-h-16 items-center rounded-lg" aria-label={t('a11y.homeLink')}>
          <Logo />
        </Link>
        <nav
          aria-label={t('a11y.mainNav')}
          className="order-last hidden basis-full md:block xl:order-none xl:basis-auto"
        >
          <ul className="-mx-3 flex flex-wrap items-center pb-2 xl:mx-0 xl:pb-0">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'relative inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors',
                      isActive ? 'text-primary-700 after:absolute after:inset-x-3 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-primary-600' : 'text-ink hover:bg-sand-100',
                    )
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-3">
          <div className="hidden items-center gap-3 md:flex">
            <LanguageSwitch />
            <HeaderAccount variant="header" />
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
