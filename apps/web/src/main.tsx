import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { beginTakeover, endTakeover } from './components/deferred';
import { rememberSignedIn } from './app/loader-signals';
import { createQueryClient } from './app/providers';
import { prefetchOnIntent } from './app/prefetch';
import { createAppRouter, routeTree } from './app/router';
import { currentLanguage, initI18n } from './lib/i18n';
import { yieldToMain } from './lib/yield-to-main';
import { errorFromJson, SERVER_STATE_ID, type ServerState } from './ssr-state';

function findContainer(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) throw new Error('#root is missing from index.html');
  return element;
}
const container = findContainer();

/** The catalogue data the server rendered public pages with (src/entry-server.tsx), so the first render matches. */
function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}

const queryClient = createQueryClient();
// The public pages' loader (/boot.js) starts the app at once for a reader signed in (decision 0031).
rememberSignedIn(queryClient);
const serverState = readServerState();
if (serverState) {
  const queries = serverState.queries as DehydratedState;
  // The server renders public pages from its current catalogue, drops the pages it keeps whenever the
  // catalogue changes (apps/server/src/http/pages.ts), and a page is never reused without asking the
  // server: the data in it is as fresh as a fetch made now, so it counts as fetched now (rather than
  // when the page was first rendered) and is not fetched again while the page starts.
  const now = Date.now();
  for (const query of queries.queries) {
    query.state.dataUpdatedAt = now;
    // An API answer the page showed as an error (a service that does not exist) comes as plain JSON.
    const revived = errorFromJson(query.state.error);
    if (revived) Object.assign(query.state, { error: revived, fetchFailureReason: revived, errorUpdatedAt: now });
  }
  hydrate(queryClient, queries);
}

/**
 * Hydration problems (the server's page and the first render disagree) are bugs to fix, but React
 * recovers from them by rendering in the browser; they are reported as warnings, which the journeys
 * check for, rather than as console errors.
 */
function onRecoverableError(error: unknown) {
  console.warn('[hydration]', error instanceof Error ? error.message : error);
}

/**
 * Starts the app. Each step is its own task (yieldToMain), so a slow phone stays responsive while the
 * app takes a server-rendered page over: evaluating the modules, i18n, starting the router (which
 * fetches the page's code), then hydrating.
 */
async function start() {
  await yieldToMain();
  // Render once the remembered language's catalogue is in, so Arabic readers never see English first.
  await initI18n();
  await yieldToMain();
  const router = createAppRouter();
  // The first page's code loads before the first render, so a server-rendered page stays on screen
  // (no blank frame, no skeleton) until React takes it over.
  if (container.hasChildNodes() && !router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  await yieldToMain();
  // React handles presses from now on: /boot.js stops keeping the last button pressed for it to press again.
  document.documentElement.dataset.app = 'starting';
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} formOutcome={serverState?.form} />
    </StrictMode>
  );
  if (serverState && serverState.language === currentLanguage() && container.hasChildNodes()) {
    // The server rendered this page in this language from the same data: React adopts its DOM as it
    // is, in a transition so that it yields to the browser while it works (short tasks on slow phones).
    // Sections below the fold are taken over when they are about to be seen (components/deferred.tsx),
    // on this first page only.
    beginTakeover();
    const stop = router.subscribe(() => {
      stop();
      endTakeover();
    });
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError });
    });
  } else {
    // Otherwise (a page the server did not render, or the reader switched language since) the browser
    // renders it; a transition lets React yield to the browser while it builds the page.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  prefetchOnIntent(routeTree);
}

void start();
