import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Navigate, useLocation } from 'react-router';
import { loginPathWithNext } from '../../../lib/safe-next';
import { useSession, type SessionUser } from '../../../lib/session';

/**
 * Renders its children for a signed-in user; sends a visitor to /login?next=<this page> (they come
 * back after logging in); shows a loading state while the session is checked (docs/bookings.md wizard).
 */
export function SignedIn({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signed-out') return <Navigate replace to={loginPathWithNext(`${location.pathname}${location.search}`)} />;
  return <>{children(session.user)}</>;
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="container-page py-16" role="status" aria-live="polite">
      <div className="mx-auto h-2 w-48 overflow-hidden rounded-full bg-primary-100">
        <div className="h-full w-1/3 animate-progress bg-primary-600 motion-reduce:animate-none rtl:-scale-x-100" />
      </div>
      <p className="mt-4 text-center text-sm text-ink-muted">{t('common.loading')}</p>
    </div>
  );
}
