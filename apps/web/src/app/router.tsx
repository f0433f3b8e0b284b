import { createBrowserRouter, type RouteObject } from 'react-router';
import { isGuarded, type FeatureRoute, type FeatureRoutesModule } from '../lib/routing';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './require-auth';
import { NotFoundPage } from './pages/not-found-page';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error';

/**
 * Every feature's pages (features/<name>/routes.tsx, see lib/routing.ts): collected here, so a new
 * capability registers its pages in its own folder. Eager: the route table itself is small, and each
 * page stays its own lazily loaded chunk.
 */
const featureRoutes = import.meta.glob<FeatureRoutesModule>('../features/*/routes.tsx', { eager: true });

/** A guarded group becomes a path-less layout route whose element is the guard (docs/README.md). */
function toRouteObject(route: FeatureRoute): RouteObject {
  return isGuarded(route) ? { element: <RequireAuth {...route.guard} />, children: route.children } : route;
}

/** Every page of docs/README.md (see config/paths.ts), rendered inside the layout. */
const pageRoutes: RouteObject[] = [
  ...Object.keys(featureRoutes)
    .sort()
    .flatMap((file) => featureRoutes[file]!.pageRoutes.map(toRouteObject)),
  // Any other path (docs/README.md): "Oops! Page not found". Small and eager: the error boundary uses it too.
  { path: '*', Component: NotFoundPage },
];

export const routeTree: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    // The layout itself failed: a full-page error without header and footer.
    ErrorBoundary: RootErrorBoundary,
    // Shown only while the first page's chunk loads on a cold start.
    HydrateFallback: ShellFallback,
    children: [
      {
        // Page failures render inside the layout, so navigation stays available.
        ErrorBoundary: RouteErrorBoundary,
        children: pageRoutes,
      },
    ],
  },
];

function ShellFallback() {
  return <div aria-hidden="true" className="min-h-dvh bg-sand-50" />;
}

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
