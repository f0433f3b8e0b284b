import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@khedma/shared';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

// Issue 22 item 8: the hint under the avatar names the same formats as the error for a wrong one.
describe('avatar hint', () => {
  const formats = PROFILE_MESSAGES.avatarType.match(/\b[A-Z]{3,4}[a-zA-Z]?\b|WebP/g) ?? [];
  it('the error lists the formats the server takes', () => {
    expect(formats).toEqual(expect.arrayContaining(['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF', 'HEIC']));
  });
  for (const [lang, catalogue] of Object.entries({ en, fr, ar })) {
    it(`${lang}: names every one of them`, () => {
      for (const format of formats) expect(catalogue.avatar.hint).toContain(format);
    });
  }
});
