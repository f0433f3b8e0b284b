import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** Toasts at the top, on the inline-end side, mirrored in Arabic. Loaded on demand (lib/toast.ts). */
export function AppToaster() {
  const { t, i18n: instance } = useTranslation();
  const dir = instance.dir();
  return (
    <Toaster
      dir={dir}
      position={dir === 'rtl' ? 'top-left' : 'top-right'}
      richColors
      closeButton
      containerAriaLabel={t('a11y.notifications')}
      toastOptions={{ className: 'font-[inherit]' }}
    />
  );
}
