import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { isPhonePlaceholderEmail } from '@khedma/shared/domain/phone-accounts';
import { ChevronDown, LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { focusBeside } from '../../lib/focus';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { directionOf } from '../../lib/i18n';
import { useLanguage } from '../../lib/localized';
import type { ShellUser } from '../session';
import { ACCOUNT_NAV } from './nav-items';
import { useLogout } from './use-logout';
import { UserAvatar } from './user-avatar';

/**
 * The signed-in avatar menu of the header (Dashboard, Profile, Mobile Features, Logout).
 * Loaded lazily: signed-out visitors never download it or the dropdown primitive.
 */
export function AccountMenu({ user, logout }: { user: ShellUser; logout: () => Promise<void> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const onLogout = useLogout(logout);
  const item =
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink outline-none ' +
    'data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-800';

  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Tab or Shift+Tab in the open menu closes it and moves on, as from the button (WAI-ARIA menu button);
  // Radix's menu would keep the focus in it, leaving Escape as the only way out.
  const tabbedAway = useRef<1 | -1 | null>(null);

  return (
    <DropdownMenu.Root dir={directionOf(language)} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        ref={trigger}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full p-1 pe-2 hover:bg-sand-100"
        aria-label={t('nav.accountMenu')}
      >
        <UserAvatar user={user} />
        <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-sand-200 bg-white p-1.5 shadow-lg"
          onKeyDown={(event) => {
            if (event.key !== 'Tab') return;
            event.preventDefault();
            tabbedAway.current = event.shiftKey ? -1 : 1;
            setOpen(false);
          }}
          onCloseAutoFocus={(event) => {
            const step = tabbedAway.current;
            tabbedAway.current = null;
            if (!step || !trigger.current) return;
            event.preventDefault();
            focusBeside(trigger.current, step);
          }}
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-ink-muted">
            <span className="block truncate font-semibold text-ink">{user.name ?? user.email}</span>
            {user.name && !isPhonePlaceholderEmail(user.email) ? <span className="block truncate">{user.email}</span> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-sand-200" />
          {ACCOUNT_NAV.map((entry) => (
            <DropdownMenu.Item key={entry.to} asChild className={item}>
              <Link to={entry.to}>{t(entry.label)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-sand-200" />
          <DropdownMenu.Item className={item} onSelect={() => void onLogout()}>
            <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
