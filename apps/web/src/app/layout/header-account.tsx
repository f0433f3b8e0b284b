import { LogOut } from 'lucide-react';
import { isPhonePlaceholderEmail } from '@khedma/shared/domain/phone-accounts';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { lazyPiece } from '../../components/lazy-piece';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { paths } from '../../config/paths';
import { useShellSession, type ShellUser } from '../session';
import { ACCOUNT_NAV } from './nav-items';
import { useLogout } from './use-logout';
import { UserAvatar } from './user-avatar';

// Loaded with a signed-in page, not asked for: if its code cannot be fetched, the placeholder stays and
// it is tried again once the browser is back online.
const AccountMenu = lazyPiece(() => import('./account-menu').then((m) => m.AccountMenu), {
  fallback: <div aria-hidden="true" className="size-11 rounded-full bg-sand-100" />,
  failure: 'silent',
});

/**
 * The account slot of the header and of the mobile menu. Signed out: Log in and Sign up. Signed in:
 * the avatar menu (header) or the account links and Log out (mobile menu). The session comes from
 * useShellSession (src/app/session.ts), where the auth feature plugs in.
 */
export function HeaderAccount({ variant, onNavigate }: { variant: 'header' | 'menu'; onNavigate?: () => void }) {
  const session = useShellSession();
  const { t } = useTranslation();

  if (session.status !== 'signed-in') {
    const loading = session.status === 'loading';
    // While the session loads (and in the server's page), the signed-out buttons hold their own place,
    // hidden: the header does not jump when they appear, in any language ("Connexion" and
    // "Inscription" are wider than "Log in" and "Sign up").
    return (
      <div
        aria-hidden={loading || undefined}
        inert={loading}
        className={cn('flex gap-2', variant === 'menu' && 'flex-col', loading && 'animate-pulse rounded-xl bg-sand-100 [&>*]:invisible')}
      >
        <Link to={paths.login()} onClick={onNavigate} className={buttonClass({ variant: variant === 'menu' ? 'secondary' : 'ghost' })}>
          {t('nav.login')}
        </Link>
        <Link to={paths.signup()} onClick={onNavigate} className={buttonClass({ variant: 'primary' })}>
          {t('nav.signup')}
        </Link>
      </div>
    );
  }

  if (variant === 'header') {
    return <AccountMenu user={session.user} logout={session.logout} />;
  }

  return <MenuAccount user={session.user} logout={session.logout} onNavigate={onNavigate} />;
}

function MenuAccount({ user, logout, onNavigate }: { user: ShellUser; logout: () => Promise<void>; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const onLogout = useLogout(logout);
  return (
    <div>
      <div className="flex items-center gap-3 px-3 py-2">
        <UserAvatar user={user} />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold">{user.name ?? user.email}</span>
          {user.name && !isPhonePlaceholderEmail(user.email) ? <span className="block truncate text-xs text-ink-muted">{user.email}</span> : null}
        </span>
      </div>
      <ul className="mt-1">
        {ACCOUNT_NAV.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} onClick={onNavigate} className="flex min-h-11 items-center rounded-lg px-3 font-medium hover:bg-sand-100">
              {t(entry.label)}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => {
              onNavigate?.();
              void onLogout();
            }}
            className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-start font-medium hover:bg-sand-100"
          >
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
