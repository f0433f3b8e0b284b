import { CATEGORIES, CATEGORY_INFO, type Category } from './catalog';

/**
 * Service search (docs/catalog.md): what "the same text" means, and the words people type for a category.
 *
 * The server stores every service's text folded by the SQL function search_normalize() (migration
 * 0003), which mirrors normalizeSearchText() step for step; a server test feeds both the same strings.
 */

/** Characters replaced by another before comparing: apostrophe look-alikes, spaces, Arabic letter variants. */
export const SEARCH_FOLDED_CHARACTERS: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘ left single quotation mark
  '\u2019': "'", // ’ right single quotation mark (French typography: l’, d’)
  '\u201B': "'", // ‛
  '\u0060': "'", // ` grave accent typed for an apostrophe
  '\u00B4': "'", // ´ acute accent typed for an apostrophe
  '\u02BC': "'", // ʼ modifier letter apostrophe
  '\u2032': "'", // ′ prime
  '\u00A0': ' ', // no-break space
  '\u202F': ' ', // narrow no-break space (French: before ? ! : ;)
  '\u2009': ' ', // thin space
  '\u0671': '\u0627', // ٱ alef wasla -> ا
  '\u0649': '\u064A', // ى alef maqsura -> ي
  '\u06CC': '\u064A', // ی Farsi yeh -> ي
  '\u0629': '\u0647', // ة teh marbuta -> ه
};

/**
 * Marks dropped after canonical decomposition (NFD): Latin accents (é -> e), and in Arabic the
 * tashkeel, Quranic marks, the hamza written above or below alef (أ إ آ -> ا) and the tatweel.
 */
export const SEARCH_DROPPED_MARKS = /[\u0300-\u036F\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

const FOLDED = new RegExp(`[${Object.keys(SEARCH_FOLDED_CHARACTERS).join('')}]`, 'g');

/**
 * Folds text for comparison: lower case, no accents or tashkeel, one apostrophe, one space, one
 * alef, ه for ة and ي for ى. "Électricité" and "electricite", "d’arbres" and "d'arbres", "إصلاح" and
 * "اصلاح" fold to the same text. Length may change (œ -> oe); nothing is trimmed.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(SEARCH_DROPPED_MARKS, '')
    .replace(FOLDED, (c) => SEARCH_FOLDED_CHARACTERS[c] ?? c)
    .replaceAll('œ', 'oe')
    .replaceAll('æ', 'ae');
}

/**
 * Words for each category beyond its names (CATEGORY_INFO, which the categories table holds): the
 * web's own labels where they differ, the trade ("plumber"), and how people say it in Morocco,
 * including Darija borrowed from French (بلومبي, plombi, تريسيان). Written as people write them;
 * they are folded before use. A query containing one of these words, or part of one, finds the
 * category's services.
 */
export const CATEGORY_SEARCH_WORDS: Readonly<Record<Category, readonly string[]>> = {
  plumbing: ['plumber', 'plombier', 'plombi', 'سباك', 'رصاص', 'بلومبي', 'ترصيص'],
  cleaning: [
    'cleaner',
    'cleaning lady',
    'housekeeper',
    'maid',
    'nettoyage',
    'femme de ménage',
    'aide ménagère',
    'تنظيف',
    'منظفة',
    'عاملة نظافة',
  ],
  moving: ['mover', 'removal', 'déménageur', 'déménager', 'الرحيل', 'رحيل', 'نقل الأثاث'],
  electrical: ['electrician', 'electricity', 'électricien', 'كهربائي', 'تريسيان'],
  handyman: ['odd jobs', 'bricoleur', 'bricolage', 'homme à tout faire', 'إصلاحات عامة', 'بريكولاج'],
  painting: ['painter', 'paint', 'peintre', 'صباغ', 'دهان', 'طلاء'],
  gardening: ['garden', 'gardener', 'jardinier', 'jardin', 'بستاني', 'جنان', 'حديقة', 'جردة'],
  delivery: ['courier', 'errand', 'livreur', 'coursier', 'توصيل', 'ليفرور'],
};

/** A query's words for matching whole words: folded, punctuation as spaces, single-spaced. */
const words = (text: string) =>
  normalizeSearchText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The Arabic article: "السباك" is "سباك" with it. */
const withoutArticle = (text: string) => text.replace(/(^| )ال(?=\p{L})/gu, '$1');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CategoryTerms {
  category: Category;
  /** Folded names and words: the query may be a part of one ("plom" while typing). */
  folded: string[];
  /** The same as whole words at a word start: the query may contain one ("un plombier pas cher", "plombiers"). */
  starts: RegExp[];
}

const TERMS: readonly CategoryTerms[] = CATEGORIES.map((category) => {
  const all = [category, ...Object.values(CATEGORY_INFO[category].name), ...CATEGORY_SEARCH_WORDS[category]];
  const terms = [...new Set(all.map(words).filter(Boolean))];
  return {
    category,
    folded: [...new Set(all.map((t) => normalizeSearchText(t).trim()))],
    starts: [...new Set(terms.map(withoutArticle))].map((t) => new RegExp(`(?:^| )${escapeRegExp(t)}`, 'u')),
  };
});

/**
 * The categories a search names, in catalogue order: the query is part of a category's name or
 * word ("plomb", "Ménage", "menage"), or contains one as a word ("femme de ménage à Rabat",
 * "السباك"). The search then returns those categories' services as well as the text matches.
 */
export function categoriesMatchingSearch(query: string): Category[] {
  const q = normalizeSearchText(query).trim();
  if (!q) return [];
  const w = words(query);
  const bare = withoutArticle(w);
  return TERMS.filter(
    (t) => t.folded.some((term) => term.includes(q)) || (w !== '' && t.starts.some((re) => re.test(w) || re.test(bare))),
  ).map((t) => t.category);
}
