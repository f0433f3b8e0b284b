import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({ permission: 'admin:access', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    {
      path: routes.adminReviewProfessionals,
      lazy: page(() => import('./pages/review-professionals-page'), 'ReviewProfessionalsPage', ['admin']),
    },
    { path: routes.adminBookings, lazy: page(() => import('./pages/admin-bookings-page'), 'AdminBookingsPage', ['admin']) },
  ]),
];
