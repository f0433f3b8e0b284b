import { categoriesMatchingSearch } from '@khedma/shared';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

// The search box suggests "For example: plumber, cleaning, moving": each example must find services
// (the server's search knows a category by the words in packages/shared).
describe('the search box examples', () => {
  it.each([['en', en], ['fr', fr], ['ar', ar]] as const)('%s: each names a category', (_lang, home) => {
    const examples = home.searchPlaceholder.replace(/^[^:]*:\s*/, '').split(/[,،]\s*/);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const example of examples) expect(categoriesMatchingSearch(example), example).not.toEqual([]);
  });
});
