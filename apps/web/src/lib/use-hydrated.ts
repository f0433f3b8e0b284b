import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates a server-rendered page, true from then on (and at once
 * in a page the browser renders itself). For parts that exist only in the browser (the cookie banner,
 * which depends on localStorage): rendering them only when this is true keeps the server's HTML and
 * the browser's first render identical, so hydration never disagrees.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
