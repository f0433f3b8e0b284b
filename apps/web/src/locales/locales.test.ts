import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import ar from './ar.json';

type Catalogue = Record<string, unknown>;

/** Flattens a nested catalogue into dotted keys -> string values (non-strings kept as they are, to be reported). */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Catalogue, path)) entries.set(k, v);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
}

const catalogues = { en: flatten(en), fr: flatten(fr), ar: flatten(ar) };
const reference = catalogues.en;

describe('locale catalogues', () => {
  it.each(['fr', 'ar'] as const)('%s has exactly the keys of en', (language) => {
    const keys = [...catalogues[language].keys()].sort();
    const expected = [...reference.keys()].sort();
    const missing = expected.filter((k) => !catalogues[language].has(k));
    const extra = keys.filter((k) => !reference.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(['en', 'fr', 'ar'] as const)('%s has only non-empty string values', (language) => {
    const bad = [...catalogues[language]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it.each(['fr', 'ar'] as const)('%s uses the same {{variables}} as en in every key', (language) => {
    const mismatched = [...reference]
      .filter(([key, value]) => {
        const other = catalogues[language].get(key);
        return typeof value === 'string' && typeof other === 'string' && variables(value).join() !== variables(other).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('keeps the exact English messages of SPEC §8', () => {
    expect(en.errors.boundary.title).toBe('Something went wrong');
    expect(en.errors.boundary.body).toBe('We encountered an unexpected error. Please try refreshing the page.');
    expect(en.errors.notFound.title).toBe('Oops! Page not found');
    expect(en.auth.logoutSuccess).toBe('Logged out successfully');
    expect(en.auth.logoutFailure).toBe('Logout failed');
  });
});

// Feature catalogues (src/features/<feature>/locales/<lang>.json) follow the same rules.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const featuresDir = path.resolve(__dirname, '../features');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (cat: Map<string, unknown>) => new Set([...cat.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));
const features = readdirSync(featuresDir).filter((f) => existsSync(path.join(featuresDir, f, 'locales', 'en.json')));

describe.each(features)('feature catalogue %s', (feature) => {
  const load = (lng: string) => flatten(JSON.parse(readFileSync(path.join(featuresDir, feature, 'locales', `${lng}.json`), 'utf8')));
  const [fen, ffr, far] = [load('en'), load('fr'), load('ar')];
  it.each([['fr', ffr] as const, ['ar', far] as const])('%s has exactly the keys of en', (lng, other) => {
    // Plurals follow each language's own CLDR forms (Arabic has zero, one, two, few, many, other):
    // compare the keys without their plural suffix, then require every form the language has.
    const missing = [...baseKeys(fen)].filter((k) => !baseKeys(other).has(k));
    const extra = [...baseKeys(other)].filter((k) => !baseKeys(fen).has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    // French's `many` (1 000 000 de ...) falls back to `other`, which reads right; Arabic's forms all differ.
    const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((f) => lng === 'ar' || f !== 'many');
    const plural = [...fen.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
    const missingForms = plural.flatMap((base) => forms.filter((f) => !other.has(`${base}_${f}`)).map((f) => `${base}_${f}`));
    expect(missingForms).toEqual([]);
  });
  it('en counts with plural forms: "{{count}} transfers" is a plural key, so one reads "1 transfer"', () => {
    // Counts that are never 1 by the domain's rules: a warranty of 30 or 90 days, a threshold of reviews, the
    // days a series visit may move (RECURRING_MOVE_MAX_DAYS).
    const neverOne = new Set(['detail.warrantyDays', 'flagged.lead', 'move.lead', 'move.errors.date']);
    const singularKeys = [...fen]
      .filter(([k, v]) => typeof v === 'string' && /\{\{count\}\} [a-z]+s\b/.test(v) && !PLURAL_SUFFIX.test(k) && !neverOne.has(k))
      .map(([k]) => k);
    expect(singularKeys).toEqual([]);
  });
  it.each([['en', fen] as const, ['fr', ffr] as const, ['ar', far] as const])('%s has only non-empty strings with the same variables', (_lng, cat) => {
    const bad = [...cat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
    // A plural form may leave the number out where the language names it in words (Arabic's one and two).
    const withoutCount = (k: string, names: string[]) => (PLURAL_SUFFIX.test(k) ? names.filter((n) => n !== 'count') : names).join();
    const mismatched = [...fen]
      .filter(([k, v]) => typeof v === 'string' && typeof cat.get(k) === 'string' && withoutCount(k, variables(v)) !== withoutCount(k, variables(cat.get(k) as string)))
      .map(([k]) => k);
    expect(mismatched).toEqual([]);
  });
});
