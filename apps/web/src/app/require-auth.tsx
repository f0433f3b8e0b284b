import type { ParseKeys } from 'i18next';
import type { RouteGuard } from '../lib/routing';
import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { loginPathWithNext } from '../lib/safe-next';
import { useSession } from '../lib/session';
import { paths } from '../config/paths';

export type RequireAuthProps = RouteGuard;

/**
 * Route guard (docs/accounts.md): a path-less layout route around the pages that need an account or a role.
 * While the session loads it shows a quiet loading state (never the page); signed out it sends the
 * visitor to /login?next=<this page> (the login page comes back here); signed in without the
 * permission it sends them to / or /dashboard with a message. The server checks every call anyway:
 * this only spares people a page they cannot use.
 */
export function RequireAuth({ permission, deniedTo = 'home', signedOutMessage, deniedMessage, userTypes, adminMessage }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <SessionCheck />;
  if (session.status === 'signed-out') {
    return <RedirectWithToast to={loginPathWithNext(`${location.pathname}${location.search}${location.hash}`)} message={signedOutMessage} tone="info" />;
  }
  // The server's list (GET /api/me): a pro account not approved yet has no professional's pages.
  if ((permission && !session.permissions.includes(permission)) || (userTypes && !userTypes.includes(session.user.userType))) {
    const message = session.user.userType === 'admin' ? (adminMessage ?? deniedMessage) : deniedMessage;
    return <RedirectWithToast to={deniedTo === 'home' ? paths.home() : paths.dashboard()} message={message} tone="error" />;
  }
  return <Outlet />;
}

function SessionCheck() {
  const { t } = useTranslation();
  return (
    <div role="status" className="container-page flex min-h-[50vh] items-center justify-center py-16">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-primary-100 border-t-primary-600" />
      <span className="sr-only">{t('auth.guard.checking')}</span>
    </div>
  );
}

function RedirectWithToast({ to, message, tone }: { to: string; message?: ParseKeys; tone: 'info' | 'error' }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    // A fixed id: React's development double effects (and a quick second visit) show one toast.
    if (message) toast[tone](t(message), { id: `guard:${message}` });
    void navigate(to, { replace: true });
  }, [navigate, to, message, tone, t]);
  return <SessionCheck />;
}
