/**
 * The shape of a legal document (terms, privacy, cookies) in one language.
 *
 * Texts are plain strings with two inline marks, rendered by the legal page:
 *   `code`            -> <code dir="ltr"> (cookie and storage names),
 *   name@example.ma   -> a mailto: link (kept left-to-right inside Arabic text).
 * Figures are written literally: a legal text is dated, so changing a rate or a delay means a new
 * version with a new `updated` date. content.test.ts checks the figures against the business
 * constants, so a change of a constant that the texts no longer match fails the tests.
 */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

export interface LegalSection {
  /** Anchor id, the same in every language (English slug). */
  id: string;
  heading: string;
  paragraphs: string[];
  /** An optional bulleted list shown after the paragraphs. */
  list?: string[];
  /** Optional paragraphs shown after the list. */
  after?: string[];
  /** An optional action rendered at the end of the section. */
  action?: 'cookie-settings';
}

export interface LegalDocument {
  /** The page's h1; equal to the shell's pages.<doc>.title in the same language. */
  title: string;
  /** Meta description of the page. */
  description: string;
  /** Effective / last-updated date, ISO yyyy-mm-dd. */
  updated: string;
  intro: string[];
  sections: LegalSection[];
}
