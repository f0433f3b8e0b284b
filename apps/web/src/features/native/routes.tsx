import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.nativeFeatures, lazy: page(() => import('./pages/native-features-page'), 'NativeFeaturesPage', ['native']) },
];
