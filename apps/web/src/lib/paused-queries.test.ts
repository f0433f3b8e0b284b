import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { currentNetworkNotice, dismissNetworkNotice } from './network-notice';
import { watchPausedQueries } from './paused-queries';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchPausedQueries', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    dismissNetworkNotice();
  });

  it('offline, a shown query with no data says so, and the notice goes when it loads back online', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // As QueryClientProvider does: paused queries carry on when the browser is back online.
    client.mount();
    const stop = watchPausedQueries(client);
    onlineManager.setOnline(false);
    const observer = new QueryObserver(client, { queryKey: ['bookings'], queryFn: () => Promise.resolve(['one']) });
    const unsubscribe = observer.subscribe(() => {});
    await flush();
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    expect(currentNetworkNotice()).not.toBeNull();

    onlineManager.setOnline(true);
    await flush();
    expect(observer.getCurrentResult().data).toEqual(['one']);
    expect(currentNetworkNotice()).toBeNull();
    unsubscribe();
    stop();
  });

  it('a query with data already, or one no page shows, is no reason for the notice', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['services'], ['cached']);
    const stop = watchPausedQueries(client);
    onlineManager.setOnline(false);
    const observer = new QueryObserver(client, { queryKey: ['services'], queryFn: () => Promise.resolve(['fresh']), staleTime: 0 });
    const unsubscribe = observer.subscribe(() => {});
    void client.prefetchQuery({ queryKey: ['unseen'], queryFn: () => Promise.resolve(1) });
    await flush();
    expect(currentNetworkNotice()).toBeNull();
    unsubscribe();
    stop();
  });
});
