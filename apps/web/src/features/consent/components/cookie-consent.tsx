import { useEffect, useState } from 'react';
import { lazyPiece } from '../../../components/lazy-piece';
import { CONSENT_SETTINGS_ATTRIBUTE, onConsentChange, readConsent, saveConsent, showConsentState, type ConsentChoice } from '../consent';
import { OPEN_COOKIE_SETTINGS_EVENT } from '../../../lib/events';

// The settings dialog (Radix) loads only when someone opens it. If its code cannot be fetched (offline),
// the page stays and the reader is told, with Try again; opening it again tries again too.
const CookieSettingsDialog = lazyPiece(() => import('./cookie-settings-dialog').then((m) => m.CookieSettingsDialog));

/**
 * The cookie settings dialog (docs/public-site.md Cookie consent): essential (always on), analytics and
 * marketing, Save Preferences and Cancel. Opened by the banner's Cookie Settings and the footer's Cookie
 * Preferences (a window event), or, when Cookie Settings was pressed before this code arrived, by the
 * mark the banner left on <html>. The banner itself is in the shell (features/consent/components/cookie-banner.tsx), in the
 * server's page. Mounted once by the root layout.
 */
export function CookieConsent() {
  const [record, setRecord] = useState(() => readConsent());
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Counts openings: the dialog is keyed by it, so each opening starts from the stored choice.
  const [openings, setOpenings] = useState(0);

  useEffect(() => onConsentChange(setRecord), []);

  useEffect(() => {
    const open = () => {
      delete document.documentElement.dataset[CONSENT_SETTINGS_ATTRIBUTE];
      setRecord(readConsent());
      setOpenings((n) => n + 1);
      setSettingsOpen(true);
    };
    if (document.documentElement.dataset[CONSENT_SETTINGS_ATTRIBUTE] === 'open') open();
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  const choose = (choice: ConsentChoice) => {
    const saved = saveConsent(choice);
    setRecord(saved);
    showConsentState(saved);
    setSettingsOpen(false);
  };

  return openings > 0 ? (
    <CookieSettingsDialog
      key={openings}
      open={settingsOpen}
      onOpenChange={setSettingsOpen}
      initial={record ?? { analytics: false, marketing: false }}
      onSave={choose}
    />
  ) : null;
}
