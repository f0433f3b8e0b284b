import { Cookie } from 'lucide-react';
import { useEffect, useId, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../config/paths';
import { CONSENT_SETTINGS_ATTRIBUTE, onConsentChange, readConsent, saveConsent, showConsentState, type ConsentChoice } from '../consent';
import { openCookieSettings } from '../../../lib/events';
import { useTranslation } from '../../../lib/use-translation';

/** docs/public-site.md: the banner fades in 100 ms after the page loads. */
export const BANNER_DELAY_MS = 100;

/**
 * The cookie banner (docs/public-site.md Cookie consent): Accept All, Essential Only and Cookie Settings.
 * It is part of every page as the server renders it, the same for everyone (nothing of a visitor is
 * rendered on the server), and hidden until <html data-consent="ask"> shows it (styles/site.css): /boot.js
 * sets that 100 ms after a server-rendered page loads when the browser holds no valid choice, and handles
 * the buttons until the app takes the page over (docs/decisions/0008); from then on this component does,
 * and on pages the browser renders it sets the attribute itself. Without JavaScript it stays hidden: no
 * optional script can run then, so there is nothing to consent to. The choice holds across tabs (the
 * storage event). Non-modal, after the footer in the tab order; the settings dialog is lazy
 * (features/consent).
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const titleId = useId();

  useEffect(() => {
    // On a page the browser rendered (no /boot.js), or when boot.js has not decided yet: the fade after 100 ms.
    const decided = document.documentElement.dataset.consent !== undefined;
    const id = decided ? undefined : window.setTimeout(() => showConsentState(readConsent()), BANNER_DELAY_MS);
    if (decided) showConsentState(readConsent());
    const stop = onConsentChange(showConsentState);
    return () => {
      window.clearTimeout(id);
      stop();
    };
  }, []);

  const choose = (event: MouseEvent, choice: ConsentChoice) => {
    // Handled here: /boot.js, still listening on the document, leaves a handled press alone.
    event.preventDefault();
    showConsentState(saveConsent(choice));
  };

  return (
    <section
      aria-labelledby={titleId}
      data-cookie-banner=""
      className={cn(
        'fixed inset-x-3 bottom-3 z-[45] rounded-card border border-sand-300 bg-white p-5 text-ink shadow-xl sm:inset-x-auto sm:start-4 sm:bottom-4 sm:w-96',
        // Above a page's sticky action bar (Book This Service, the booking steps' Continue) while it shows, not over it (issue 22).
        "max-lg:[body:has([data-action-bar='lg'])_&]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))]",
        "max-md:[body:has([data-action-bar='md'])_&]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))]",
      )}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold">
        <Cookie aria-hidden="true" className="size-5 text-accent-600" />
        {t('cookieBanner.title')}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        {t('cookieBanner.body')}{' '}
        <Link to={paths.cookies()} className="font-semibold text-primary-700 underline">
          {t('cookieBanner.policy')}
        </Link>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button data-consent-choice="all" onClick={(event) => choose(event, { analytics: true, marketing: true })}>
          {t('cookieBanner.acceptAll')}
        </Button>
        <Button data-consent-choice="essential" variant="secondary" onClick={(event) => choose(event, { analytics: false, marketing: false })}>
          {t('cookieBanner.essentialOnly')}
        </Button>
        <Button
          data-consent-choice="settings"
          variant="ghost"
          className="col-span-2"
          onClick={(event) => {
            event.preventDefault();
            // Kept on <html> too: the dialog's code may still be on its way (it opens when it arrives).
            document.documentElement.dataset[CONSENT_SETTINGS_ATTRIBUTE] = 'open';
            openCookieSettings();
          }}
        >
          {t('cookieBanner.settings')}
        </Button>
      </div>
    </section>
  );
}
