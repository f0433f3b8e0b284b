import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({}, [{ path: routes.accountData, lazy: page(() => import('./pages/account-page'), 'AccountPage', ['account']) }]),
];
