import { describe, expect, it } from 'vitest';
import { localizedUrl } from './seo';

describe('localizedUrl (canonical and hreflang, the same URLs as /sitemap.xml)', () => {
  it('keeps English at the bare path', () => {
    expect(localizedUrl('https://khedma.ma', '/services', 'en')).toBe('https://khedma.ma/services');
  });
  it('adds ?lang= for French and Arabic', () => {
    expect(localizedUrl('https://khedma.ma', '/faq', 'fr')).toBe('https://khedma.ma/faq?lang=fr');
    expect(localizedUrl('https://khedma.ma', '/', 'ar')).toBe('https://khedma.ma/?lang=ar');
  });
});
