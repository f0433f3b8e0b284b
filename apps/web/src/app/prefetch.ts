import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code and strings of the page a link points to as soon as the reader shows they may follow
 * it (pointer over it, keyboard focus on it, finger down on it), so the page is usually in by the click.
 * Page chunks are fetched on demand without preloading their shared pieces up front (vite.config.ts): that
 * keeps the start-up of a server-rendered page short on a slow phone, and this keeps navigation quick.
 */
export function prefetchOnIntent(routes: RouteObject[]): () => void {
  const done = new Set<string>();
  const onIntent = (event: Event) => {
    const target = event.target;
    const anchor = target instanceof Element ? target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if (anchor.origin !== window.location.origin || anchor.hasAttribute('download')) return;
    if (anchor.target && anchor.target !== '_self') return;
    prefetchRoute(routes, anchor.pathname, done);
  };
  const options = { capture: true, passive: true } as const;
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) document.addEventListener(type, onIntent, options);
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent, options);
  };
}

/**
 * Starts the lazy loads of the routes that match `pathname` (once per path). The router calls the same
 * functions when the reader navigates there; the module and strings are then already loaded. Errors are
 * left to that navigation (it retries and shows the route's error screen if it fails again).
 */
export function prefetchRoute(routes: RouteObject[], pathname: string, done: Set<string>): void {
  if (done.has(pathname)) return;
  done.add(pathname);
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy !== 'function') continue;
    Promise.resolve()
      .then(() => lazy())
      .catch(() => {
        done.delete(pathname);
      });
  }
}
