/**
 * Registers /sw.js (src/build/sw.template.js) in production builds once the page has loaded and the
 * browser is idle: installing the worker fetches and stores the app shell (about thirty files), which
 * on a first visit must not compete with the app taking the server-rendered page over (main.tsx).
 * Once active, the worker takes this tab over (clients.claim), so going offline in it already finds
 * what was cached. Updates are silent: a new worker takes over at once (skipWaiting) and the next page
 * load runs the new version; a tab that stays open keeps its loaded code, and a page chunk removed by
 * the deploy is handled by the route error screen's reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No offline support this time (private mode, blocked by policy): the site works without it.
    });
  };
  const whenIdle = () => {
    // Safari has no requestIdleCallback: a short delay instead.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(register, FALLBACK_DELAY_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** The longest the registration waits for an idle moment (a page that keeps the browser busy). */
const IDLE_TIMEOUT_MS = 5_000;
const FALLBACK_DELAY_MS = 2_000;
