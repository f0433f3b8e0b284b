import { AlertTriangle, RefreshCw, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { Seo } from '../components/seo';
import { NotFoundPage } from './pages/not-found-page';

/** A lazily loaded chunk that is gone (usually a new deploy replaced the hashed files). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

const RELOAD_KEY = 'khedma.chunkReloadAt';

/**
 * After a deploy, an open tab may ask for page chunks that no longer exist. Reloading the (already
 * updated) URL picks up the new build; at most once a minute, so a real outage cannot loop.
 */
function reloadOnceForMissingChunk(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** The browser says it has no network (a page's code could not be fetched for that reason). */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The render-failure screen (docs/README.md): "Something went wrong" with Refresh Page and Try Again.
 * Used inside the layout (header and footer stay) and, as `standalone`, when the layout itself failed.
 * A page whose code could not be fetched while offline says so (errors.api.network) and stays in the
 * app, header and Back working, instead of reloading into the offline page.
 */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const missingChunk = isChunkLoadError(error);
  const offline = missingChunk && isOffline();

  useEffect(() => {
    if (isChunkLoadError(error) && !isOffline() && reloadOnceForMissingChunk()) return;
    // Kept in the console for whoever debugs it; the user sees the friendly screen.
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const body = (
    <section role="alert" className="container-page flex flex-col items-center py-20 text-center md:py-28">
      <Seo title={t('errors.boundary.title')} />
      <span className="grid size-16 place-items-center rounded-full bg-cancelled-soft text-cancelled">
        <AlertTriangle aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight md:text-4xl">{t('errors.boundary.title')}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{t(offline ? 'errors.api.network' : 'errors.boundary.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-5" />
          {t('errors.boundary.refresh')}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          // Navigating to the same location clears the boundary and renders the route again. The router
          // keeps a page's failed import for good, so a missing chunk needs the page loaded afresh.
          onClick={() =>
            missingChunk ? window.location.reload() : void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })
          }
        >
          <RotateCcw aria-hidden="true" className="size-5" />
          {t('errors.boundary.retry')}
        </Button>
      </div>
    </section>
  );

  return standalone ? (
    <main id="main" tabIndex={-1} className="min-h-dvh bg-sand-50">
      {body}
    </main>
  ) : (
    body
  );
}

export function RootErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
