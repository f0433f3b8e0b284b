import type en from './en.json';

// Registers this feature's catalogue as the i18next namespace 'chat' (typed keys for useTranslation('chat')).
declare module '../../../lib/i18next' {
  interface FeatureCatalogues {
    chat: typeof en;
  }
}
