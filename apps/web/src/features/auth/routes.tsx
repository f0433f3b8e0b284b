import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  { path: routes.login, lazy: page(() => import('./pages/login-page'), 'LoginPage', ['auth']) },
  { path: routes.signup, lazy: page(() => import('./pages/signup-page'), 'SignupPage', ['auth']) },
  { path: routes.forgotPassword, lazy: page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage', ['auth']) },
  { path: routes.confirmEmail, lazy: page(() => import('./pages/confirm-email-page'), 'ConfirmEmailPage', ['auth']) },
  { path: routes.resetPassword, lazy: page(() => import('./pages/reset-password-page'), 'ResetPasswordPage', ['auth']) },
  // The link to the email a phone account adds (issue 42): opened signed in or not, so not guarded.
  { path: routes.confirmNewEmail, lazy: page(() => import('./pages/confirm-new-email-page'), 'ConfirmNewEmailPage', ['auth']) },
];
