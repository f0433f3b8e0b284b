import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'admin' (typed keys for useTranslation('admin')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    admin: typeof en;
  }
}
