import { describe, expect, it } from 'vitest';
import { pickLocalized } from './localized';

describe('pickLocalized', () => {
  const text = { en: 'Plumbing', fr: 'Plomberie', ar: 'الترصيص' };

  it('picks the current language', () => {
    expect(pickLocalized(text, 'fr')).toBe('Plomberie');
    expect(pickLocalized(text, 'ar')).toBe('الترصيص');
  });

  it('falls back to English when a translation is empty', () => {
    expect(pickLocalized({ ...text, ar: '  ' }, 'ar')).toBe('Plumbing');
  });

  it('is empty for a missing text', () => {
    expect(pickLocalized(null, 'en')).toBe('');
  });
});
