import { currentLanguage } from '../../../lib/i18n';
import { LegalDocumentPage } from '../components/legal-document-page';
import { loadLegalDocument } from '../content';

// Start fetching the text as soon as the page's code arrives, in parallel with its UI labels.
loadLegalDocument('cookies', currentLanguage()).catch(() => {});

/** /cookies: the cookie policy, 10 sections, in the three languages. */
export function CookiesPage() {
  return <LegalDocumentPage id="cookies" />;
}
