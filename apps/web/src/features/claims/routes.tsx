import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  // Every admin reaches the page; the server answers 403 to those who may decide nothing (docs/claims.md).
  guarded({ permission: 'admin:access', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    { path: routes.adminClaims, lazy: page(() => import('./pages/admin-claims-page'), 'AdminClaimsPage', ['claims']) },
  ]),
];
