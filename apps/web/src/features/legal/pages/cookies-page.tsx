import { currentLanguage } from '../../../lib/i18n';
import { LegalDocumentPage } from '../components/legal-document-page';
import { loadLegalDocument } from '../content';

// Fetch the text as soon as the page's code arrives, in parallel with its UI labels.
/** Awaited by the route (router.tsx), so the page renders with its text: a server-rendered page hydrates as it was sent. */
export const documentReady: Promise<unknown> = loadLegalDocument('cookies', currentLanguage()).catch(() => {});

/** /cookies: the cookie policy, 10 sections, in the three languages. */
export function CookiesPage() {
  return <LegalDocumentPage id="cookies" />;
}
