import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({}, [{ path: routes.profile, lazy: page(() => import('./pages/profile-page'), 'ProfilePage', ['profile']) }]),
];
