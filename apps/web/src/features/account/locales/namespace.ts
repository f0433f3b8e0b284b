import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'account' (typed keys for useTranslation('account')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    account: typeof en;
  }
}
