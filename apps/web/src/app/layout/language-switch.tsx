import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { cn } from '../../components/ui/cn';
import { LANGUAGES, setLanguage, type Language } from '../../lib/i18n';
import { useLanguage } from '../../lib/localized';

const SHORT: Record<Language, string> = { en: 'EN', fr: 'FR', ar: 'AR' };

/** The address of this page in `language`: the same path and query with `?lang=` set (docs/public-site.md). */
export function languageHref(pathname: string, search: string, language: Language): string {
  const query = new URLSearchParams(search);
  query.set('lang', language);
  return `${pathname}?${query.toString()}`;
}

/**
 * EN / FR / AR switch (header, mobile menu, footer). Links to this page with `?lang=` (docs/public-site.md:
 * every control works before and without JavaScript): before the app takes the page over, or without
 * scripts, the browser follows the link and the server renders the page in that language and remembers
 * it in the language cookie. Once the app runs, a plain click switches in place (no reload). The current
 * language is marked with aria-current; each link's name starts with its visible code and adds the
 * language's own name ("AR العربية") for screen readers.
 */
export function LanguageSwitch({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t } = useTranslation();
  const active = useLanguage();
  const { pathname, search } = useLocation();

  const choose = (event: MouseEvent<HTMLAnchorElement>, language: Language) => {
    // A new tab or window (modifier keys, middle button) opens the link as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (language === active) return;
    setLanguage(language).catch(() => toast.error(t('errors.api.network')));
  };

  return (
    <div
      role="group"
      aria-label={t('a11y.language')}
      className={cn(
        'inline-flex items-center rounded-xl p-0.5',
        tone === 'light' ? 'border border-sand-300 bg-white' : 'border border-white/25 bg-white/5',
        className,
      )}
    >
      {LANGUAGES.map((language) => {
        const current = language === active;
        return (
          <a
            key={language}
            href={languageHref(pathname, search, language)}
            hrefLang={language}
            aria-current={current ? 'true' : undefined}
            onClick={(event) => choose(event, language)}
            className={cn(
              'inline-flex min-h-11 min-w-11 items-center justify-center rounded-[0.625rem] px-2 text-sm font-semibold transition-colors',
              tone === 'light'
                ? current
                  ? 'bg-primary-600 text-white'
                  : 'text-ink-muted hover:bg-sand-100 hover:text-ink'
                : current
                  ? 'bg-saffron-400 text-ink'
                  : 'text-sand-100 hover:bg-white/10',
            )}
          >
            <span lang="en">{SHORT[language]}</span>
            <span className="sr-only" lang={language}>
              {' '}
              {t(`language.${language}`)}
            </span>
          </a>
        );
      })}
    </div>
  );
}
