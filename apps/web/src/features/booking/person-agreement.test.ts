import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import fr from './locales/fr.json';

/**
 * Issue 22 item 8: copy that names a person agrees with them. The product does not know a professional's
 * gender, so a sentence naming one ({{name}}) is built without a gendered verb, pronoun or adjective
 * (Darija marks them on verbs: يتاصل / تتاصل); these are the forms that had crept in.
 */
const GENDERED = {
  ar: ['يتاصل', 'يأكّد', 'يأكد', 'عندو', '{{name}} خاوي', 'المهني ('],
  fr: ['Même professionnel', ' il ', 'Il '],
} as const;

function strings(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) strings(v, out);
  return out;
}

describe('copy naming a person', () => {
  for (const [lang, catalogue] of Object.entries({ ar, fr }) as Array<['ar' | 'fr', unknown]>) {
    it(`${lang}: no gendered form in a sentence with {{name}}`, () => {
      const named = strings(catalogue).filter((s) => s.includes('{{name}}'));
      expect(named.length).toBeGreaterThan(0);
      const offending = named.filter((s) => GENDERED[lang].some((form) => s.includes(form)));
      expect(offending).toEqual([]);
    });
  }
});
