/**
 * Registers /sw.js (src/build/sw.template.js) in production builds, once the page has loaded so it never competes
 * with the first render. Updates are silent: a new worker takes over at once (skipWaiting) and the
 * next page load runs the new version; a tab that stays open keeps its loaded code, and a page chunk
 * removed by the deploy is handled by the route error screen's reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No offline support this time (private mode, blocked by policy): the site works without it.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
