import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.pricing, lazy: page(() => import('./pages/pricing-page'), 'PricingPage', ['site', 'catalog']) },
];
