import type { Query, QueryClient } from '@tanstack/react-query';
import { dismissNetworkNotice, showNetworkNotice, type NetworkNotice } from './network-notice';

/**
 * Offline, TanStack Query pauses a fetch instead of failing it (networkMode 'online' before the first
 * try, and the retries of every mode), so a page waiting for its first data would show its skeletons
 * with no word of why. While a query that some page shows has no data and is paused, the shell's
 * network notice says the reader seems to be offline; paused queries carry on by themselves when the
 * browser is back online (TanStack's onlineManager), and the notice goes when none is left waiting.
 */
export function watchPausedQueries(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  let notice: NetworkNotice | null = null;
  // The queries the notice has been shown for: closing it is respected until a new one is stuck.
  let told = new Set<string>();

  const waiting = (query: Query) => query.state.fetchStatus === 'paused' && query.state.data === undefined && query.getObserversCount() > 0;

  const update = () => {
    const stuck = cache.getAll().filter(waiting);
    if (stuck.length === 0) {
      told = new Set();
      if (notice) dismissNetworkNotice(notice);
      notice = null;
      return;
    }
    if (stuck.every((query) => told.has(query.queryHash))) return;
    for (const query of stuck) told.add(query.queryHash);
    const shown: NetworkNotice = {
      // Offline the queries pause again and the notice comes back; online they load.
      retry: () => {
        told = new Set();
        for (const query of stuck) void query.fetch().catch(() => {});
        update();
      },
    };
    notice = shown;
    showNetworkNotice(shown);
  };

  const unsubscribe = cache.subscribe(update);
  update();
  return () => {
    unsubscribe();
    if (notice) dismissNetworkNotice(notice);
    notice = null;
  };
}
