import type en from '../locales/en.json';
import type auth from '../features/auth/locales/en.json';
import type booking from '../features/booking/locales/en.json';
import type catalog from '../features/catalog/locales/en.json';
import type consent from '../features/consent/locales/en.json';
import type dashboard from '../features/dashboard/locales/en.json';
import type home from '../features/home/locales/en.json';
import type legal from '../features/legal/locales/en.json';
import type onboarding from '../features/onboarding/locales/en.json';
import type profile from '../features/profile/locales/en.json';
import type pros from '../features/pros/locales/en.json';
import type site from '../features/site/locales/en.json';

/**
 * Typed translation keys: t('nav.home') is checked against the English catalogue at compile time,
 * and useTranslation('booking') against src/features/booking/locales/en.json. A feature that adds a
 * catalogue adds one line here and passes its namespace to page() in router.tsx.
 */
export interface FeatureCatalogues {
  auth: typeof auth;
  booking: typeof booking;
  catalog: typeof catalog;
  consent: typeof consent;
  dashboard: typeof dashboard;
  /** The home page only (kept apart from `site`: it is part of the first load). */
  home: typeof home;
  legal: typeof legal;
  onboarding: typeof onboarding;
  profile: typeof profile;
  pros: typeof pros;
  /** About, pricing, FAQ and contact pages. */
  site: typeof site;
}
export type FeatureNamespace = keyof FeatureCatalogues;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en } & FeatureCatalogues;
    returnNull: false;
  }
}
