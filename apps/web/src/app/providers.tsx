import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { lazyPiece } from '../components/lazy-piece';
import { ApiError } from '../lib/api';
import { FormOutcomeProvider, type FormOutcome } from '../lib/form-outcome';
import { i18n } from '../lib/i18n';
import { watchPausedMutations } from '../lib/paused-mutations';
import { watchPausedQueries } from '../lib/paused-queries';
import { loadToaster, onToasterNeeded } from '../lib/toast';
import { NetworkNoticeHost } from './network-notice';
import { collectDashboardTabs, DashboardTabsProvider, type DashboardTabModule } from '../lib/dashboard-tabs';

// Loaded ahead of need (first interaction): offline, it waits quietly for the connection to come back,
// and a toast asked for meanwhile shows in the network notice instead (lib/toast.ts).
const AppToaster = lazyPiece(() => import('./toaster').then((m) => m.AppToaster), { failure: 'silent' });

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

/**
 * Mounts the Toaster when it is first needed: a toast through lib/toast.ts, or the visitor's first
 * tap or key press (toasts follow actions; sonner replays any shown before it mounted). Keeps the
 * toast library out of the first load.
 */
function ToasterHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    const need = () => setNeeded(true);
    // Offline this fails quietly: the next toast fetches the library again, the Toaster back online.
    const onInteraction = () => void loadToaster().catch(() => {});
    const off = onToasterNeeded(need);
    window.addEventListener('pointerdown', onInteraction, { capture: true, passive: true });
    window.addEventListener('keydown', onInteraction, { capture: true, passive: true });
    return () => {
      off();
      window.removeEventListener('pointerdown', onInteraction, { capture: true });
      window.removeEventListener('keydown', onInteraction, { capture: true });
    };
  }, [needed]);
  if (!needed) return null;
  return <AppToaster />;
}

/** The dashboard's tabs, each registered by its feature (lib/dashboard-tabs.tsx). */
const dashboardTabs = collectDashboardTabs(import.meta.glob<DashboardTabModule>('../features/*/dashboard-tab.tsx', { eager: true }));

/** App-wide providers: i18n (initialised before render, see main.tsx), TanStack Query, toasts, the network notice. */
export function AppProviders({
  children,
  queryClient: givenClient,
  i18n: givenI18n,
  formOutcome,
}: {
  children: ReactNode;
  /** The server's answer to a form sent as plain HTML, for the page it rendered (lib/form-outcome.tsx). */
  formOutcome?: FormOutcome | null;
  /** Given by main.tsx (seeded with the server render's data) and by the server render itself. */
  queryClient?: QueryClient;
  /** The server render passes one instance per language. */
  i18n?: I18n;
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  // Offline, a page waiting for data it cannot fetch says so instead of loading forever.
  useEffect(() => watchPausedQueries(queryClient), [queryClient]);
  // Offline, a change (paying, the contact form) waits for the connection: said, and sent once back online.
  useEffect(() => watchPausedMutations(queryClient, () => (givenI18n ?? i18n).t('errors.api.offlineQueued')), [queryClient, givenI18n]);
  return (
    <I18nextProvider i18n={givenI18n ?? i18n}>
      <QueryClientProvider client={queryClient}>
        <FormOutcomeProvider outcome={formOutcome}>
          <DashboardTabsProvider tabs={dashboardTabs}>{children}</DashboardTabsProvider>
        </FormOutcomeProvider>
        <ToasterHost />
        <NetworkNoticeHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
