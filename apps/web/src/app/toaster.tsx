import { useTranslation } from '../lib/use-translation';
import { Toaster } from 'sonner';

/** Toasts at the top (under the header), on the inline-end side, mirrored in Arabic. Loaded on demand (lib/toast.ts). */
export function AppToaster() {
  const { t, i18n: instance } = useTranslation();
  const dir = instance.dir();
  return (
    <Toaster
      dir={dir}
      position={dir === 'rtl' ? 'top-left' : 'top-right'}
      // Below the sticky header (64 px), so a toast never covers the account menu or the menu button.
      offset={{ top: 76 }}
      mobileOffset={{ top: 72 }}
      richColors
      closeButton
      containerAriaLabel={t('a11y.notifications')}
      toastOptions={{ className: 'font-[inherit]' }}
    />
  );
}
