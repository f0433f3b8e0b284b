import { useTranslation } from '../lib/use-translation';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

const TOAST_COLOURS = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 36%)',
  '--info-text': 'hsl(216, 100%, 36%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

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
      // sonner's rich colours put green text on pale green at about 4.2:1 (under WCAG AA's 4.5:1) and red
      // at 4.6:1; darker text keeps every toast readable, also while it fades in (axe measures it then).
      style={TOAST_COLOURS}
    />
  );
}
