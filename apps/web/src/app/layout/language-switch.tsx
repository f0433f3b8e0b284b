import { useTranslation } from '../../lib/use-translation';
import { toast } from '../../lib/toast';
import { cn } from '../../components/ui/cn';
import { LANGUAGES, setLanguage, type Language } from '../../lib/i18n';
import { useLanguage } from '../../lib/localized';

const SHORT: Record<Language, string> = { en: 'EN', fr: 'FR', ar: 'AR' };

/**
 * EN / FR / AR switch (header, mobile menu, footer). A group of toggle buttons; each button's name
 * starts with its visible code and adds the language's own name ("AR العربية") for screen readers.
 */
export function LanguageSwitch({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t } = useTranslation();
  const active = useLanguage();

  const choose = (language: Language) => {
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
        const pressed = language === active;
        return (
          <button
            key={language}
            type="button"
            aria-pressed={pressed}
            onClick={() => choose(language)}
            className={cn(
              'inline-flex min-h-11 min-w-11 items-center justify-center rounded-[0.625rem] px-2 text-sm font-semibold transition-colors',
              tone === 'light'
                ? pressed
                  ? 'bg-primary-600 text-white'
                  : 'text-ink-muted hover:bg-sand-100 hover:text-ink'
                : pressed
                  ? 'bg-saffron-400 text-ink'
                  : 'text-sand-100 hover:bg-white/10',
            )}
          >
            <span lang="en">{SHORT[language]}</span>
            <span className="sr-only" lang={language}>
              {' '}
              {t(`language.${language}`)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
