import { guarded, page, redirectRoute, type FeatureRoute } from '../../lib/routing';
import { paths, routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.becomePro, lazy: page(() => import('./pages/become-pro-page'), 'BecomeProPage', ['onboarding']) },
  { path: routes.registerProfessional, lazy: page(() => import('./pages/register-professional-page'), 'RegisterProfessionalPage', ['onboarding']) },
  guarded({ signedOutMessage: 'auth.guard.loginRequired' }, [
    {
      path: routes.professionalOnboarding,
      lazy: page(() => import('./pages/professional-onboarding-page'), 'ProfessionalOnboardingPage', ['onboarding']),
    },
  ]),
  redirectRoute(routes.applyProfessional, () => paths.professionalOnboarding()),
];
