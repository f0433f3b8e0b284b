import { guarded, page, redirectRoute, type FeatureRoute } from '../../lib/routing';
import { paths, routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  // A super_admin holds the permission but is no professional: told so rather than shown a page that cannot load.
  guarded({ permission: 'services:manage:own', userTypes: ['pro'], deniedTo: 'dashboard', deniedMessage: 'auth.guard.proOnly', adminMessage: 'auth.guard.proOnlyAdmin' }, [
    { path: routes.proProfile, lazy: page(() => import('./pages/my-pro-profile-page'), 'MyProProfilePage', ['pros', 'catalog']) },
  ]),
  // The Professionals finder: login required (docs/professionals.md).
  guarded({ signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.professionals, lazy: page(() => import('./pages/professionals-page'), 'ProfessionalsPage', ['pros', 'catalog']) },
  ]),
  { path: routes.pro, lazy: page(() => import('./pages/pro-page'), 'ProPage', ['pros', 'reviews']) },
  redirectRoute(routes.professional, ({ params }) => paths.pro(params.id ?? '')),
  { path: routes.search, lazy: page(() => import('./pages/search-page'), 'SearchPage', ['pros', 'catalog']) },
];
