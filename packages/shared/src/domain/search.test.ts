import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_INFO } from './catalog';
import { categoriesMatchingSearch, CATEGORY_SEARCH_WORDS, normalizeSearchText } from './search';

describe('normalizeSearchText', () => {
  it('folds case and French accents', () => {
    expect(normalizeSearchText('Électricité')).toBe('electricite');
    expect(normalizeSearchText('DÉMÉNAGEMENT')).toBe('demenagement');
    expect(normalizeSearchText('Ménage à Fès, garçon')).toBe('menage a fes, garcon');
    expect(normalizeSearchText('main-d’Œuvre, Æ')).toBe("main-d'oeuvre, ae");
  });

  it('writes every apostrophe look-alike as an ASCII apostrophe', () => {
    for (const a of ['\u2019', '\u2018', '`', '\u00B4', '\u02BC', '\u201B', '\u2032']) expect(normalizeSearchText(`d${a}arbres`)).toBe("d'arbres");
  });

  it('writes no-break and thin spaces as a space', () => {
    expect(normalizeSearchText('bouché\u202F?')).toBe('bouche ?');
    expect(normalizeSearchText('50\u00A0MAD')).toBe('50 mad');
  });

  it('folds Arabic: tashkeel and tatweel dropped, one alef, ه for ة, ي for ى', () => {
    expect(normalizeSearchText('الكَهْرَبَاءُ')).toBe('الكهرباء');
    expect(normalizeSearchText('إصلاح أنابيب آمن ٱلماء')).toBe('اصلاح انابيب امن الماء');
    expect(normalizeSearchText('صباغة')).toBe('صباغه');
    expect(normalizeSearchText('مستشفى')).toBe('مستشفي');
    expect(normalizeSearchText('كـهـربـاء')).toBe('كهرباء');
  });

  it('leaves the characters LIKE and HTML care about alone (the server escapes them)', () => {
    expect(normalizeSearchText("50% d_x \\ <script>'")).toBe("50% d_x \\ <script>'");
  });

  it('is idempotent', () => {
    for (const s of ['Électricité', 'd’arbres', 'الكَهْرَبَاء', 'Œuf']) expect(normalizeSearchText(normalizeSearchText(s))).toBe(normalizeSearchText(s));
  });
});

describe('categoriesMatchingSearch', () => {
  it.each([
    ['plumber', 'plumbing'],
    ['Plombier', 'plumbing'],
    ['plombi', 'plumbing'],
    ['بلومبي', 'plumbing'],
    ['السباك', 'plumbing'],
    ['سباكة', 'plumbing'],
    ['menage', 'cleaning'],
    ['Femme de ménage', 'cleaning'],
    ['cleaning lady', 'cleaning'],
    ['منظفة', 'cleaning'],
    ['demenagement', 'moving'],
    ['déménageur', 'moving'],
    ['movers', 'moving'],
    ['الرحيل', 'moving'],
    ['electricite', 'electrical'],
    ['Électricien', 'electrical'],
    ['electrician', 'electrical'],
    ['كهربائي', 'electrical'],
    ['handyman', 'handyman'],
    ['bricoleur', 'handyman'],
    ['homme a tout faire', 'handyman'],
    ['painter', 'painting'],
    ['peintre', 'painting'],
    ['صباغ', 'painting'],
    ['gardener', 'gardening'],
    ['jardinier', 'gardening'],
    ['جنان', 'gardening'],
    ['courier', 'delivery'],
    ['livreur', 'delivery'],
  ])('"%s" names %s', (q, category) => {
    expect(categoriesMatchingSearch(q)).toContain(category);
  });

  it('finds the category from part of a word while the user types', () => {
    expect(categoriesMatchingSearch('plomb')).toEqual(['plumbing']);
    expect(categoriesMatchingSearch('ÉLECTRI')).toEqual(['electrical']);
  });

  it('finds a category word inside a longer query, at a word start (plurals, the Arabic article)', () => {
    expect(categoriesMatchingSearch('un plombier pas cher à Rabat')).toEqual(['plumbing']);
    expect(categoriesMatchingSearch('plombiers')).toEqual(['plumbing']);
    expect(categoriesMatchingSearch('بغيت السباك دابا')).toEqual(['plumbing']);
    expect(categoriesMatchingSearch('femme de ménage, Casablanca')).toEqual(['cleaning']);
    // Not inside another word.
    expect(categoriesMatchingSearch('remover of stains')).toEqual([]);
  });

  it('every category is found by its slug and its names in the three languages', () => {
    for (const c of CATEGORIES) {
      for (const name of [c, ...Object.values(CATEGORY_INFO[c].name)]) expect(categoriesMatchingSearch(name)).toContain(c);
    }
  });

  it('each word names only its own category', () => {
    for (const c of CATEGORIES) for (const w of CATEGORY_SEARCH_WORDS[c]) expect(categoriesMatchingSearch(w)).toEqual([c]);
  });

  it('names nothing for blank text, unrelated text or special characters', () => {
    for (const q of ['', '   ', 'leak', 'zzqqxx', '%', '_', "'", '<script>', '\\']) expect(categoriesMatchingSearch(q)).toEqual([]);
  });
});
