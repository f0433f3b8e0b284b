import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { isApiError } from '../../../lib/api';
import { formatWait } from '../wait-time';

/**
 * The sentence for a failed account call that has no specific message: offline, rate limited
 * (with how long to wait, from Retry-After), or the page's own fallback (docs/accounts.md).
 */
export function useAuthErrorText() {
  const { t, i18n } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string): string => {
      if (isApiError(error) && error.isNetwork) return tShell('errors.api.network');
      if (isApiError(error) && error.isRateLimited) {
        const time = formatWait(error.retryAfterSeconds, i18n.language);
        return time ? t('errors.rateLimited', { time }) : t('errors.rateLimitedShort');
      }
      return fallback;
    },
    [t, tShell, i18n.language],
  );
}
