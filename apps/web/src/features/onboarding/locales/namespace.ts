import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'onboarding' (typed keys for useTranslation('onboarding')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    onboarding: typeof en;
  }
}
