import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { registerServiceWorker } from '../pwa/register';
import type { FormOutcome } from '../lib/form-outcome';
import { AppProviders } from './providers';
import type { createAppRouter } from './router';

/** The browser app: the router and the query cache are made in main.tsx, before the first render. */
export function App({
  router,
  queryClient,
  formOutcome,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  formOutcome?: FormOutcome | null;
}) {
  useEffect(() => {
    // The app has taken over the (possibly server-rendered) page: tests and tools wait for this mark.
    document.documentElement.dataset.app = 'ready';
    // Offline support next, once the browser has nothing more urgent to do.
    registerServiceWorker();
  }, []);
  return (
    <AppProviders queryClient={queryClient} formOutcome={formOutcome}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
