import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../config/paths';
import en from './locales/en.json';
import fr from './locales/fr.json';
import ar from './locales/ar.json';

// The category pages' titles and descriptions are written out per category: a "{{category}} services"
// template gave "Services de Électricité" in French and "Fixed-price Electrical services" in English.
describe('category page copy', () => {
  it.each([['en', en], ['fr', fr], ['ar', ar]] as const)('%s has a title and a description for every category', (_lang, catalogue) => {
    const pages = catalogue.catalogue.categoryPages as Record<string, { title: string; description: string }>;
    expect(Object.keys(pages).sort()).toEqual([...SERVICE_CATEGORIES].sort());
    for (const slug of SERVICE_CATEGORIES) {
      expect(pages[slug]!.title.trim()).not.toBe('');
      expect(pages[slug]!.description.trim()).not.toBe('');
    }
  });

  it('writes French titles with elision and a lower-case noun', () => {
    for (const { title } of Object.values(fr.catalogue.categoryPages)) {
      expect(title).toMatch(/^Services (de [a-zç]|d’[aeiouéèêh])/);
    }
  });

  it('keeps English category nouns lower case inside the description', () => {
    for (const { description } of Object.values(en.catalogue.categoryPages)) {
      expect(description).toMatch(/^Fixed-price [a-z]+ services in Morocco/);
    }
  });
});
