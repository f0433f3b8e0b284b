import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.about, lazy: page(() => import('./pages/about-page'), 'AboutPage', ['site']) },
];
