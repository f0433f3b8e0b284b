import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.devMailbox, lazy: page(() => import('./pages/mailbox-page'), 'MailboxPage') },
];
