import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({ permission: 'admin:access', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    { path: routes.adminProfessionals, lazy: page(() => import('./pages/admin-professionals-page'), 'AdminProfessionalsPage', ['lateness']) },
    { path: routes.adminProfessional, lazy: page(() => import('./pages/admin-professional-page'), 'AdminProfessionalPage', ['lateness']) },
  ]),
];
