/**
 * Registers /sw.js (src/build/sw.template.js) in production builds once the page has loaded and the
 * browser is idle: installing the worker fetches and stores the app shell (about thirty files), which
 * on a first visit must not compete with the app taking the server-rendered page over (main.tsx).
 * Once active, the first worker takes this tab over (clients.claim), so going offline in it already
 * finds what was cached. A later version installs and waits: the page then tells the reader ("A new
 * version is available", Reload: app/update-notice.tsx) instead of switching under them; Reload lets
 * the new worker take over and loads the page again on it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchForUpdates)
      .catch(() => {
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

/** Fired on window when a new version of the worker is installed and waiting (detail: ServiceWorker). */
export const UPDATE_AVAILABLE_EVENT = 'khedma:update-available';

let waitingWorker: ServiceWorker | null = null;

/** The waiting version, if any (for a notice mounted after the event). */
export function waitingUpdate(): ServiceWorker | null {
  return waitingWorker;
}

function announce(worker: ServiceWorker) {
  // Only an update: with no controller, this is the first worker, which takes over by itself.
  if (!navigator.serviceWorker.controller) return;
  waitingWorker = worker;
  window.dispatchEvent(new CustomEvent(UPDATE_AVAILABLE_EVENT, { detail: worker }));
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  if (registration.waiting) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce(installing);
    });
  });
  // A tab left open for long still hears of a new version: the browser checks on navigations, this every hour.
  window.setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
}

/** Reload: the waiting version takes over, then the page loads again on it. */
export function applyUpdate(): void {
  const worker = waitingWorker;
  if (!worker) {
    window.location.reload();
    return;
  }
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** The longest the registration waits for an idle moment (a page that keeps the browser busy). */
const IDLE_TIMEOUT_MS = 5_000;
const FALLBACK_DELAY_MS = 2_000;
const UPDATE_CHECK_MS = 60 * 60 * 1000;
