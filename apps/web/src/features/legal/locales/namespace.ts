import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'legal' (typed keys for useTranslation('legal')):
// lib/i18next.ts's FeatureCatalogues is open to each feature, so no central list names it.
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    legal: typeof en;
  }
}
