/** Small pieces the admin pages share: stat cards, the access redirect, the pager, the role badges. */
import type { LucideIcon } from 'lucide-react';
import { ChevronLeft, ChevronRight, Landmark, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

export function StatCard({ icon: Icon, label, value, loading }: { icon: LucideIcon; label: string; value: string; loading: boolean }) {
  return (
    <div className="flex flex-col gap-2 rounded-card border border-sand-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-4 md:p-5">
      <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 sm:size-12">
        <Icon className="size-5 sm:size-6" />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-ink-muted sm:text-sm">{label}</p>
        {loading ? (
          <span className="mt-1 block h-7 w-16 animate-pulse rounded bg-sand-200 motion-reduce:animate-none" />
        ) : (
          <p className="text-base font-bold whitespace-nowrap text-ink tabular-nums sm:text-2xl">{value}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The server refused the page's first request (401/403): "Access denied. Admin privileges required."
 * and back to /. No answer at all: "Failed to verify permissions." and back to /. Only before any data
 * arrived; a later failure is the page's to show.
 */
export function useAccessRedirect(error: unknown, hasData: boolean) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const denied = isApiError(error) && (error.isForbidden || error.isUnauthorized);
  const unverified = Boolean(error) && !hasData && !(isApiError(error) && error.isClientError);
  useEffect(() => {
    if (!denied && !unverified) return;
    toast.error(t(denied ? 'common.accessDenied' : 'common.verifyFailed'), { id: 'admin:access' });
    void navigate(paths.home(), { replace: true });
  }, [denied, unverified, navigate, t]);
  return denied || unverified;
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('common.pageOf', { page, pages })} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <DirectionalIcon icon={ChevronLeft} aria-hidden="true" className="size-4" />
        {t('common.previous')}
      </Button>
      <span className="text-sm text-ink-muted tabular-nums">{t('common.pageOf', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
        <DirectionalIcon icon={ChevronRight} aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

export function RoleBadges({ superAdmin, finance }: { superAdmin: boolean; finance: boolean }) {
  const { t } = useTranslation('admin');
  if (!superAdmin && !finance) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {superAdmin ? (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-50 px-3 py-1 text-xs font-semibold text-primary-800">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          {t('common.superAdmin')}
        </span>
      ) : null}
      {finance ? (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-completed-soft px-3 py-1 text-xs font-semibold text-completed">
          <Landmark aria-hidden="true" className="size-3.5" />
          {t('common.financialAccess')}
        </span>
      ) : null}
    </div>
  );
}
