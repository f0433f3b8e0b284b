import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'support' (typed keys for useTranslation('support')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    support: typeof en;
  }
}
