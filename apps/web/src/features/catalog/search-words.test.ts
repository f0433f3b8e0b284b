import { categoriesMatchingSearch, CATEGORIES } from '@khedma/shared';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';

// The server's search knows a category by the words in packages/shared (categoriesMatchingSearch);
// the labels this app shows for the categories must be among them.
describe('the search knows the category labels', () => {
  it.each([['en', en], ['fr', fr], ['ar', ar]] as const)('%s labels find their category', (_lang, locale) => {
    const labels = locale.category as Record<string, string>;
    for (const c of CATEGORIES) expect(categoriesMatchingSearch(labels[c]!), labels[c]).toContain(c);
  });
});
