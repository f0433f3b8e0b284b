import { Cookie } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { lazyPiece } from '../../../components/lazy-piece';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { onConsentChange, readConsent, saveConsent, type ConsentChoice } from '../../../lib/consent';
import { OPEN_COOKIE_SETTINGS_EVENT } from '../../../lib/events';

// The settings dialog (Radix) loads only when someone opens it. If its code cannot be fetched (offline),
// the page stays and the reader is told, with Try again; opening it again tries again too.
const CookieSettingsDialog = lazyPiece(() => import('./cookie-settings-dialog').then((m) => m.CookieSettingsDialog));

/** docs/public-site.md: the banner fades in 100 ms after the page loads. */
export const BANNER_DELAY_MS = 100;

/**
 * Cookie consent (docs/public-site.md): with no valid choice (none yet, or older than 6 months) a banner fades
 * in with Accept All, Essential Only and Cookie Settings; the settings dialog also opens from the
 * footer's Cookie Preferences (window event). Mounted once by the root layout, after the footer so it
 * never comes first in the tab order; non-modal, so the page stays usable while it shows.
 */
export function CookieConsent() {
  const { t } = useTranslation('consent');
  const titleId = useId();
  const [record, setRecord] = useState(() => readConsent());
  const [faded, setFaded] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Counts openings: the dialog is keyed by it, so each opening starts from the stored choice.
  const [openings, setOpenings] = useState(0);

  useEffect(() => onConsentChange(setRecord), []);

  useEffect(() => {
    const open = () => {
      setOpenings((n) => n + 1);
      setSettingsOpen(true);
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  useEffect(() => {
    if (record) return;
    const id = window.setTimeout(() => setFaded(true), BANNER_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [record]);

  const choose = (choice: ConsentChoice) => {
    setRecord(saveConsent(choice));
    setSettingsOpen(false);
  };

  const openSettings = () => {
    setOpenings((n) => n + 1);
    setSettingsOpen(true);
  };

  return (
    <>
      {record ? null : (
        <section
          aria-labelledby={titleId}
          className={cn(
            'fixed inset-x-3 bottom-3 z-[45] rounded-card border border-sand-300 bg-white p-5 text-ink shadow-xl transition-opacity duration-200 sm:inset-x-auto sm:start-4 sm:bottom-4 sm:w-96',
            // Above a page's sticky action bar (Book This Service, the booking steps' Continue) while it shows, not over it (issue 22).
            "max-lg:[body:has([data-action-bar='lg'])_&]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))]",
            "max-md:[body:has([data-action-bar='md'])_&]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))]",
            faded ? 'visible opacity-100' : 'invisible opacity-0',
          )}
        >
          <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold">
            <Cookie aria-hidden="true" className="size-5 text-accent-600" />
            {t('banner.title')}
          </h2>
          <p className="mt-2 text-sm text-ink-muted">
            {t('banner.body')}{' '}
            <Link to={paths.cookies()} className="font-semibold text-primary-700 underline">
              {t('banner.policy')}
            </Link>
          </p>
          <div className="mt-4 grid grid-cols-2 gap-2">
            <Button onClick={() => choose({ analytics: true, marketing: true })}>{t('banner.acceptAll')}</Button>
            <Button variant="secondary" onClick={() => choose({ analytics: false, marketing: false })}>
              {t('banner.essentialOnly')}
            </Button>
            <Button variant="ghost" className="col-span-2" onClick={openSettings}>
              {t('banner.settings')}
            </Button>
          </div>
        </section>
      )}
      {openings > 0 ? (
        <CookieSettingsDialog
          key={openings}
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          initial={record ?? { analytics: false, marketing: false }}
          onSave={choose}
        />
      ) : null}
    </>
  );
}
