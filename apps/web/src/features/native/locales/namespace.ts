import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'native' (typed keys for useTranslation('native')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    native: typeof en;
  }
}
