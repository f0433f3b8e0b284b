import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'home' (typed keys for useTranslation('home')):
// lib/i18next.ts's FeatureCatalogues is open to each feature, so no central list names it.
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    /** The home page only (kept apart from `site`: it is part of the first load). */
    home: typeof en;
  }
}
