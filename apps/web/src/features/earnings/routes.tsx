import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({ permission: 'earnings:read:own', userTypes: ['pro'], deniedTo: 'dashboard', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.proOnly', adminMessage: 'auth.guard.proOnlyAdmin' }, [
    { path: routes.earnings, lazy: page(() => import('./pages/earnings-page'), 'EarningsPage', ['earnings']) },
  ]),
  guarded({ signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.receipt, lazy: page(() => import('./pages/receipt-page'), 'ReceiptPage', ['earnings', 'promos']) },
  ]),
  guarded({ permission: 'payout:manage', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    { path: routes.adminPayouts, lazy: page(() => import('./pages/admin-payouts-page'), 'AdminPayoutsPage', ['earnings']) },
  ]),
];
