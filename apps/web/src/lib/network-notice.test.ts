import { describe, expect, it, vi } from 'vitest';
import { currentNetworkNotice, dismissNetworkNotice, showNetworkNotice, subscribeNetworkNotice } from './network-notice';

describe('network notice', () => {
  it('shows the newest notice and closes only the one asked for', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeNetworkNotice(listener);
    const first = { retry: () => {} };
    const second = { message: 'Message sent' };
    showNetworkNotice(first);
    showNetworkNotice(second);
    expect(currentNetworkNotice()).toBe(second);

    // A piece that unmounts closes its own notice, never a newer one.
    dismissNetworkNotice(first);
    expect(currentNetworkNotice()).toBe(second);
    dismissNetworkNotice(second);
    expect(currentNetworkNotice()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    showNetworkNotice(first);
    expect(listener).toHaveBeenCalledTimes(3);
    dismissNetworkNotice();
    expect(currentNetworkNotice()).toBeNull();
  });
});
