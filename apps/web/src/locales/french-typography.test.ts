import { describe, expect, it } from 'vitest';
import cookiesFr from '../features/legal/content/cookies.fr';
import privacyFr from '../features/legal/content/privacy.fr';
import termsFr from '../features/legal/content/terms.fr';

/**
 * French typography in the French copy: a no-break space before the colon and inside guillemets, a
 * narrow no-break space before ? ! ;, and a no-break space between an amount and its unit (50 MAD,
 * 15 %), so that a line never starts with the punctuation or the unit. An ordinary space there is
 * what an editor types; this test catches it.
 */
const catalogues = import.meta.glob<Record<string, unknown>>('../**/fr.json', { eager: true, import: 'default' });

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  return [];
}

const RULES: [string, RegExp][] = [
  ['ordinary space before ? ! ; : or »', /\S [?!;:»]/],
  ['ordinary space after «', /« /],
  ['ordinary space between an amount and MAD or %', /\d (MAD|%)/],
];

function frenchTypographyProblems(texts: [string, string][]): string[] {
  return texts.flatMap(([path, text]) => RULES.filter(([, rule]) => rule.test(text)).map(([name]) => `${path}: ${name}: ${text.slice(0, 80)}`));
}

describe('French typography', () => {
  it('finds the mistakes it is meant to find', () => {
    const found = frenchTypographyProblems([['a', 'Pourquoi ?'], ['b', 'Exemple : x'], ['c', '« Client »'], ['d', '50 MAD']]);
    expect(new Set(found.map((problem) => problem.split(':')[0]))).toEqual(new Set(['a', 'b', 'c', 'd']));
    expect(frenchTypographyProblems([['a', 'Pourquoi\u202f?'], ['b', 'Exemple\u00a0: x'], ['c', '«\u00a0Client\u00a0»'], ['d', '50\u00a0MAD'], ['e', 'https://khedma.ma']])).toEqual([]);
  });

  it('holds in every French catalogue and legal text', () => {
    expect(Object.keys(catalogues).length).toBeGreaterThan(5);
    const texts = [
      ...Object.entries(catalogues).flatMap(([file, catalogue]) => strings(catalogue, file)),
      ...strings(termsFr, 'terms'),
      ...strings(privacyFr, 'privacy'),
      ...strings(cookiesFr, 'cookies'),
    ];
    expect(frenchTypographyProblems(texts)).toEqual([]);
  });
});
