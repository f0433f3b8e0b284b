import type { QueryClient } from '@tanstack/react-query';
import { dismissNetworkNotice, showNetworkNotice, type NetworkNotice } from './network-notice';

/**
 * Offline, TanStack Query pauses a change (a payment, the contact form) instead of sending it, and sends
 * it once when the browser is back online (its onlineManager): the button said "Processing payment…" or
 * "Sending…" with no end and no word of why (issue 38). While a change waits for the connection, the
 * shell's network notice says the connection is gone and that it will be sent once back online; the
 * notice goes when none is left waiting. `message` is read when the notice shows (the reader's language).
 */
export function watchPausedMutations(queryClient: QueryClient, message: () => string): () => void {
  const cache = queryClient.getMutationCache();
  let notice: NetworkNotice | null = null;

  const update = () => {
    const waiting = cache.getAll().some((mutation) => mutation.state.isPaused);
    if (!waiting) {
      if (notice) dismissNetworkNotice(notice);
      notice = null;
      return;
    }
    if (notice) return;
    notice = { message: message() };
    showNetworkNotice(notice);
  };

  const unsubscribe = cache.subscribe(update);
  update();
  return () => {
    unsubscribe();
    if (notice) dismissNetworkNotice(notice);
    notice = null;
  };
}
