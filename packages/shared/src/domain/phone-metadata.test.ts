import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MOROCCO_PHONE_METADATA } from './phone-metadata';

describe('Morocco phone metadata', () => {
  it('is the installed libphonenumber-js full metadata for +212 (refresh it as its comment says when this fails)', () => {
    const full = createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as {
      version: number;
      country_calling_codes: Record<string, string[]>;
      countries: Record<string, unknown>;
    };
    expect(MOROCCO_PHONE_METADATA).toEqual({
      version: full.version,
      country_calling_codes: { '212': full.country_calling_codes['212'] },
      countries: { MA: full.countries.MA, EH: full.countries.EH },
      nonGeographic: {},
    });
  });
});
