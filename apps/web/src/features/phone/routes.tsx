import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.phoneSignIn, lazy: page(() => import('./pages/phone-sign-in-page'), 'PhoneSignInPage', ['phone']) },
];
