import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.referral, lazy: page(() => import('./pages/referral-landing-page'), 'ReferralLandingPage', ['promos']) },
  guarded({ permission: 'promo:manage', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    { path: routes.adminPromoCodes, lazy: page(() => import('./pages/admin-promo-codes-page'), 'AdminPromoCodesPage', ['promos']) },
  ]),
];
