import type en from './en.json';

// The i18next namespace 'phone' (typed keys for useTranslation('phone')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    phone: typeof en;
  }
}
