import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'site' (typed keys for useTranslation('site')):
// lib/i18next.ts's FeatureCatalogues is open to each feature, so no central list names it.
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    /** About, pricing, FAQ and contact pages. */
    site: typeof en;
  }
}
