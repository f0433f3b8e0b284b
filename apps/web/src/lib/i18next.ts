import type en from '../locales/en.json';

/**
 * Typed translation keys: t('nav.home') is checked against the English catalogue at compile time,
 * and useTranslation('booking') against src/features/booking/locales/en.json. A feature that adds a
 * catalogue registers it in its own locales/namespace.ts and names it in its routes.tsx's page() calls.
 */
// Each feature adds its own entry from features/<name>/locales/namespace.ts (declaration merging);
// an interface that is empty here only until those merge in.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureCatalogues {}
export type FeatureNamespace = keyof FeatureCatalogues;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en } & FeatureCatalogues;
    returnNull: false;
  }
}
