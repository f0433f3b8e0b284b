import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({ permission: 'booking:create', deniedTo: 'dashboard', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.bookingNotAllowed' }, [
    { path: routes.newJobRequest, lazy: page(() => import('./pages/new-job-request-page'), 'NewJobRequestPage', ['quotes']) },
    { path: routes.jobRequests, lazy: page(() => import('./pages/my-job-requests-page'), 'MyJobRequestsPage', ['quotes']) },
    { path: routes.jobRequest, lazy: page(() => import('./pages/job-request-page'), 'JobRequestPage', ['quotes']) },
  ]),
  guarded({ permission: 'booking:accept:own', userTypes: ['pro'], deniedTo: 'dashboard', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.proOnly', adminMessage: 'auth.guard.proOnlyAdmin' }, [
    { path: routes.proJobRequests, lazy: page(() => import('./pages/pro-job-requests-page'), 'ProJobRequestsPage', ['quotes']) },
    { path: routes.proJobRequest, lazy: page(() => import('./pages/pro-job-request-page'), 'ProJobRequestPage', ['quotes']) },
  ]),
];
