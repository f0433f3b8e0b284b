import { RotateCcw, WifiOff, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../components/ui/button';
import { currentNetworkNotice, dismissNetworkNotice, subscribeNetworkNotice } from '../lib/network-notice';
import { useTranslation } from '../lib/use-translation';

/**
 * Shows lib/network-notice.ts's notice: under the header, on the inline-end side (where toasts go),
 * announced (role="alert"), with Try again when there is something to try again, and a close button.
 * Part of the first download, so it works when nothing more can be fetched.
 */
export function NetworkNoticeHost() {
  const { t } = useTranslation();
  const notice = useSyncExternalStore(subscribeNetworkNotice, currentNetworkNotice, () => null);
  if (!notice) return null;
  const { retry } = notice;
  return (
    <div
      role="alert"
      className="fixed inset-x-3 top-[72px] z-50 flex items-start gap-3 rounded-card border border-sand-300 bg-white p-4 text-sm text-ink shadow-xl sm:inset-x-auto sm:end-4 sm:top-[76px] sm:w-96"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-cancelled" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{notice.message ?? t('errors.api.network')}</p>
        {retry ? (
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => {
              dismissNetworkNotice(notice);
              retry();
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('common.retry')}
          </Button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissNetworkNotice(notice)}
        aria-label={t('common.close')}
        className="-me-2 -mt-2 inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-muted hover:bg-sand-100"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
