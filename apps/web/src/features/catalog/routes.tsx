import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.services, lazy: page(() => import('./pages/services-page'), 'ServicesPage', ['catalog']) },
  {
    path: routes.serviceOrCategory,
    lazy: page(() => import('./pages/service-or-category-page'), 'ServiceOrCategoryPage', ['catalog']),
  },
];
