import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  // A person's tickets (customers and professionals; the answer email links to /support/:id).
  guarded({ permission: 'support:use', deniedTo: 'dashboard', signedOutMessage: 'auth.guard.continue' }, [
    { path: routes.support, lazy: page(() => import('./pages/support-page'), 'SupportPage', ['support']) },
    { path: routes.supportNew, lazy: page(() => import('./pages/new-ticket-page'), 'NewTicketPage', ['support']) },
    { path: routes.supportTicket, lazy: page(() => import('./pages/ticket-page'), 'TicketPage', ['support']) },
  ]),
  // The team's queue: support:manage (super_admin; docs/support.md).
  guarded({ permission: 'support:manage', deniedTo: 'home', signedOutMessage: 'auth.guard.continue', deniedMessage: 'auth.guard.adminOnly' }, [
    { path: routes.adminSupport, lazy: page(() => import('./pages/admin-queue-page'), 'AdminQueuePage', ['support']) },
    { path: routes.adminSupportTicket, lazy: page(() => import('./pages/admin-ticket-page'), 'AdminTicketPage', ['support']) },
  ]),
];
