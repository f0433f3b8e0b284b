import { guarded, page, redirectRoute, type FeatureRoute } from '../../lib/routing';
import { paths, routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.becomePro, lazy: page(() => import('./pages/become-pro-page'), 'BecomeProPage', ['onboarding']) },
  { path: routes.registerProfessional, lazy: page(() => import('./pages/register-professional-page'), 'RegisterProfessionalPage', ['onboarding']) },
  // Applying is for customers (and pro accounts not approved yet); an admin account is told so (issue 38).
  guarded({ userTypes: ['customer', 'pro'], deniedTo: 'dashboard', signedOutMessage: 'auth.guard.loginRequired', deniedMessage: 'auth.guard.applyNotAllowed' }, [
    {
      path: routes.professionalOnboarding,
      lazy: page(() => import('./pages/professional-onboarding-page'), 'ProfessionalOnboardingPage', ['onboarding']),
    },
  ]),
  redirectRoute(routes.applyProfessional, () => paths.professionalOnboarding()),
];
