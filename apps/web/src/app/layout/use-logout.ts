import { useCallback } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { paths } from '../../config/paths';

/** Logs out, returns to / (docs/public-site.md) and says so; on failure says "Logout failed" (docs/public-site.md). */
export function useLogout(logout: () => Promise<void>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
      toast.success(t('auth.logoutSuccess'));
      await navigate(paths.home());
    } catch {
      toast.error(t('auth.logoutFailure'));
    }
  }, [logout, navigate, t]);
}
