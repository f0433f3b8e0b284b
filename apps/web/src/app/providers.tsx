import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { ApiError } from '../lib/api';
import { i18n } from '../lib/i18n';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists and pages stay fresh for 30 s: quick back-and-forth on a shaky 4G reuses them.
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        // One retry for network and server errors; a 4xx answer will not change by asking again.
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.isClientError),
      },
      mutations: { retry: false },
    },
  });
}

/** Toasts at the top, on the inline-end side, mirrored in Arabic. */
function AppToaster() {
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

/** App-wide providers: i18n (initialised before render, see main.tsx), TanStack Query, toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
