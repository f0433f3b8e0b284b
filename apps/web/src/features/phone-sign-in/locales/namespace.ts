import type en from './en.json';

// The i18next namespace 'phoneSignIn' (typed keys for useTranslation('phoneSignIn')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    phoneSignIn: typeof en;
  }
}
