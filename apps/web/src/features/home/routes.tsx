import { page, type FeatureRoute } from '../../lib/routing';

/** The home page (its catalogue strings come too: it shows service cards). */
export const pageRoutes: FeatureRoute[] = [
  { index: true, lazy: page(() => import('./pages/home-page'), 'HomePage', ['home', 'catalog']) },
];
