import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  // The completion email's link: signed-out visitors sign in and come back.
  guarded({ signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.review, lazy: page(() => import('./pages/review-page'), 'ReviewPage', ['reviews']) },
  ]),
  guarded({ permission: 'admin:access', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    { path: routes.adminFlaggedProfessionals, lazy: page(() => import('./pages/flagged-professionals-page'), 'FlaggedProfessionalsPage', ['reviews']) },
  ]),
];
