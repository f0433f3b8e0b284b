import { page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

/** A legal page resolves with its text in the current language (see documentReady in each page). */
const withDocument = async <M extends { documentReady: Promise<unknown> }>(module: M) => {
  await module.documentReady;
  return module;
};
const terms = page(() => import('./pages/terms-page').then(withDocument), 'TermsPage', ['legal']);
const privacy = page(() => import('./pages/privacy-page').then(withDocument), 'PrivacyPage', ['legal']);

export const pageRoutes: FeatureRoute[] = [
  { path: routes.terms, lazy: terms },
  { path: routes.termsNew, lazy: terms },
  { path: routes.privacy, lazy: privacy },
  { path: routes.privacyNew, lazy: privacy },
  { path: routes.cookies, lazy: page(() => import('./pages/cookies-page').then(withDocument), 'CookiesPage', ['legal']) },
];
