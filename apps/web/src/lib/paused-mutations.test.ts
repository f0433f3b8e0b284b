import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { currentNetworkNotice, dismissNetworkNotice } from './network-notice';
import { watchPausedMutations } from './paused-mutations';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const MESSAGE = 'offline: sent once back online';

describe('watchPausedMutations (issue 38)', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    dismissNetworkNotice();
  });

  it('offline, a change waiting for the connection says so; back online it is sent once and the notice goes', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    // As QueryClientProvider does: paused mutations carry on when the browser is back online.
    client.mount();
    const stop = watchPausedMutations(client, () => MESSAGE);
    onlineManager.setOnline(false);
    let sent = 0;
    const observer = new MutationObserver(client, { mutationFn: () => Promise.resolve(++sent) });
    const result = observer.mutate(undefined);
    await flush();
    expect(observer.getCurrentResult().isPaused).toBe(true);
    expect(sent).toBe(0);
    expect(currentNetworkNotice()?.message).toBe(MESSAGE);

    onlineManager.setOnline(true);
    await expect(result).resolves.toBe(1);
    await flush();
    expect(sent).toBe(1);
    expect(currentNetworkNotice()).toBeNull();
    stop();
    client.unmount();
  });

  it('online, a change is no reason for the notice', async () => {
    const client = new QueryClient();
    const stop = watchPausedMutations(client, () => MESSAGE);
    const observer = new MutationObserver(client, { mutationFn: () => Promise.resolve('ok') });
    await observer.mutate(undefined);
    expect(currentNetworkNotice()).toBeNull();
    stop();
  });
});
