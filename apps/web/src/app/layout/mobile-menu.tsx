import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { HeaderAccount } from './header-account';
import { LanguageSwitch } from './language-switch';
import { MAIN_NAV } from './nav-items';

/**
 * The navigation below 768 px: a menu button (aria-expanded, aria-controls) opening a modal sheet from
 * the inline-end side. It is a native <dialog> opened with showModal(): the page behind becomes inert,
 * Escape closes it and focus goes back to the button, all without a dialog library in the first
 * download. Following a link, tapping the backdrop or widening the window past 768 px closes it too.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: any route change (a link in it, the back button)
  // closes it without an extra effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The sheet is hidden from 768 px; an open modal there would leave the page inert.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 48rem)');
    const onChange = () => wide.matches && setOpenOn(null);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('a11y.openMenu')}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-xl text-ink hover:bg-sand-100 md:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <dialog
        ref={dialogRef}
        id={`${id}-menu`}
        aria-labelledby={`${id}-title`}
        // Fired by close() and by Escape: keep state in step and hand focus back to the button.
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        onClick={(event) => event.target === dialogRef.current && close()}
        className={cn(
          'm-0 ms-auto h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-transparent p-0 text-ink md:hidden',
          'backdrop:bg-ink/40 open:animate-sheet-in rtl:[--sheet-from:-100%]',
        )}
      >
        <div className="flex min-h-full flex-col bg-white pb-[env(safe-area-inset-bottom)] shadow-2xl">
          <div className="flex items-center justify-between border-b border-sand-200 px-4 py-3">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {t('a11y.menu')}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={t('a11y.closeMenu')}
              className="inline-flex size-11 items-center justify-center rounded-xl hover:bg-sand-100"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <nav aria-label={t('a11y.mainNav')} className="px-2 py-3">
            <ul>
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-12 items-center rounded-lg px-3 text-base font-medium',
                        isActive ? 'bg-primary-50 text-primary-800' : 'text-ink hover:bg-sand-100',
                      )
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto space-y-4 border-t border-sand-200 px-4 py-4">
            <HeaderAccount variant="menu" onNavigate={close} />
            <LanguageSwitch className="flex w-full [&>a]:flex-1" />
          </div>
        </div>
      </dialog>
    </>
  );
}
