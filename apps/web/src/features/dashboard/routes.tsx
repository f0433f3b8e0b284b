import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({ signedOutMessage: 'auth.guard.dashboard' }, [
    { path: routes.dashboard, lazy: page(() => import('./pages/dashboard-page'), 'DashboardPage', ['dashboard', 'booking']) },
  ]),
];
