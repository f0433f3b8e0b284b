import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  // The emails link to a series: signed-out visitors sign in and come back.
  guarded({ signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.recurringNew, lazy: page(() => import('./pages/new-series-page'), 'NewSeriesPage', ['recurring']) },
    { path: routes.recurringSeries, lazy: page(() => import('./pages/series-page'), 'SeriesPage', ['recurring']) },
  ]),
];
