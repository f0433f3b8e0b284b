import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.faq, lazy: page(() => import('./pages/faq-page'), 'FaqPage', ['site']) },
];
