import type en from './en.json';

declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    recurring: typeof en;
  }
}
