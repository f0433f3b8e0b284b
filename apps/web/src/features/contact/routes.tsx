import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.contact, lazy: page(() => import('./pages/contact-page'), 'ContactPage', ['site']) },
];
