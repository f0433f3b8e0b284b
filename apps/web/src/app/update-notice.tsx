import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button';
import { applyUpdate, UPDATE_AVAILABLE_EVENT, waitingUpdate } from '../pwa/register';
import { useTranslation } from '../lib/use-translation';

/**
 * "A new version is available" with Reload (docs/public-site.md Offline and install): shown when a new
 * version of the service worker has installed while this page runs the old one (pwa/register.ts). It
 * stays until the reader reloads: nothing switches under them.
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(() => waitingUpdate() !== null);
  useEffect(() => {
    const show = () => setAvailable(true);
    window.addEventListener(UPDATE_AVAILABLE_EVENT, show);
    return () => window.removeEventListener(UPDATE_AVAILABLE_EVENT, show);
  }, []);
  if (!available) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 top-3 z-[55] mx-auto flex max-w-md items-center justify-between gap-3 rounded-card border border-primary-200 bg-white p-4 text-sm text-ink shadow-xl"
    >
      <p className="font-medium">{t('app.updateAvailable')}</p>
      <Button onClick={applyUpdate}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('app.updateReload')}
      </Button>
    </div>
  );
}
