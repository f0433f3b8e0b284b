import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({}, [{ path: routes.profile, lazy: page(() => import('./pages/profile-page'), 'ProfilePage', ['profile']) }]),
  // The link to the email a phone account adds (issue 42): opened signed in or not, so not guarded.
  { path: routes.confirmNewEmail, lazy: page(() => import('./pages/confirm-new-email-page'), 'ConfirmNewEmailPage', ['profile']) },
];
