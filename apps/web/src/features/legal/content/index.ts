import type { Language } from '../../../lib/i18n';
import type { LegalDocument, LegalDocumentId } from './types';

export type { LegalDocument, LegalDocumentId, LegalSection } from './types';

type Loader = () => Promise<{ default: LegalDocument }>;

/**
 * One chunk per document and language: a reader downloads only the text they read, and the texts
 * weigh on no other page. (Vite needs a literal import() per module to split it.)
 */
const loaders: Record<LegalDocumentId, Record<Language, Loader>> = {
  terms: { en: () => import('./terms.en'), fr: () => import('./terms.fr'), ar: () => import('./terms.ar') },
  privacy: { en: () => import('./privacy.en'), fr: () => import('./privacy.fr'), ar: () => import('./privacy.ar') },
  cookies: { en: () => import('./cookies.en'), fr: () => import('./cookies.fr'), ar: () => import('./cookies.ar') },
};

const loaded = new Map<string, LegalDocument>();
const key = (id: LegalDocumentId, language: Language) => `${id}.${language}`;

/** The document if it has already been loaded in this visit (no flash of the skeleton on a revisit). */
export function peekLegalDocument(id: LegalDocumentId, language: Language): LegalDocument | undefined {
  return loaded.get(key(id, language));
}

/** Loads one document in one language. A failed chunk is not cached, so a retry fetches it again. */
export async function loadLegalDocument(id: LegalDocumentId, language: Language): Promise<LegalDocument> {
  const cached = loaded.get(key(id, language));
  if (cached) return cached;
  const module = await loaders[id][language]();
  loaded.set(key(id, language), module.default);
  return module.default;
}
