import type { ReactNode } from 'react';
import type { Language } from '../../../lib/i18n';

/** `code` spans and email addresses: the two inline marks of the legal texts (see content/types.ts). */
const TOKEN = /(`[^`]+`|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/**
 * French typography: a no-break space before ; : ! ? % » and after «, so the sign never starts a
 * line on its own. The source texts use ordinary spaces, which keeps them easy to edit and search.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([;:!?%»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

/** Renders one paragraph or list item of a legal text with its inline marks. */
export function RichText({ text, language }: { text: string; language: Language }): ReactNode {
  const parts = text.split(TOKEN);
  return parts.map((part, index) => {
    // split() with a capturing group puts the tokens at the odd indexes.
    if (index % 2 === 0) return language === 'fr' ? frenchSpacing(part) : part;
    if (part.startsWith('`')) {
      return (
        <code
          key={index}
          dir="ltr"
          className="rounded bg-sand-100 px-1 py-0.5 font-mono text-[0.875em] text-ink [overflow-wrap:anywhere]"
        >
          {part.slice(1, -1)}
        </code>
      );
    }
    return (
      <a key={index} href={`mailto:${part}`} dir="ltr" className="font-medium text-primary-700 underline hover:text-primary-800">
        {part}
      </a>
    );
  });
}
