import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { resultCountText, showResultsText } from './result-count';

function tIn(lng: 'en' | 'fr' | 'ar'): TFunction<'pros'> {
  const i18n = i18next.createInstance();
  void i18n.init({ lng, ns: ['pros'], defaultNS: 'pros', resources: { [lng]: { pros: { en, fr, ar }[lng] } }, initAsync: false, showSupportNotice: false });
  return i18n.getFixedT(lng, 'pros') as TFunction<'pros'>;
}

// Issue 40: a text search (or a service with a category) counts up to a cap; beyond, the answer says
// so (totalExact false) and the page says "more than", never the cap as if it were the number.
describe('resultCountText and showResultsText', () => {
  it('say an exact count as it is', () => {
    expect(resultCountText(tIn('en'), { total: 12, totalExact: true })).toBe('12 professionals found');
    expect(resultCountText(tIn('en'), { total: 1, totalExact: true })).toBe('1 professional found');
    expect(resultCountText(tIn('fr'), { total: 12, totalExact: true })).toBe('12 professionnels trouvés');
    expect(showResultsText(tIn('en'), { total: 12, totalExact: true })).toBe('Show 12 professionals');
  });

  it('say "more than" the cap in English, French and Arabic', () => {
    const more = { total: 1000, totalExact: false };
    expect(resultCountText(tIn('en'), more)).toBe('More than 1000 professionals found');
    expect(resultCountText(tIn('fr'), more)).toBe('Plus de 1000 professionnels trouvés');
    expect(resultCountText(tIn('ar'), more)).toBe('كثر من 1000 مهني');
    expect(showResultsText(tIn('en'), more)).toBe('Show more than 1000 professionals');
    expect(showResultsText(tIn('fr'), more)).toBe('Voir plus de 1000 professionnels');
    expect(showResultsText(tIn('ar'), more)).toBe('بيّن كثر من 1000 مهني');
  });

  it('say "Loading…" and "Apply" before the first page', () => {
    expect(resultCountText(tIn('en'), undefined)).toBe('Loading…');
    expect(showResultsText(tIn('fr'), undefined)).toBe('Appliquer');
  });
});
