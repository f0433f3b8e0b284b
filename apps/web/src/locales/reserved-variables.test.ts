import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * i18next reads some option names out of the values passed to t(): `lng` is the language, `ns` the
 * namespace... A message with a {{lng}} variable (the booking map's "Pin placed: {{lat}}, {{lng}}", issue
 * 42) made t() take the longitude for a language and throw, and the wizard's confirm step fell into the
 * error page on the first tap on the map. No catalogue names a variable after those options.
 */
const RESERVED = ['lng', 'lngs', 'ns', 'fallbackLng', 'defaultValue', 'replace', 'returnObjects', 'joinArrays', 'postProcess', 'interpolation', 'keySeparator', 'nsSeparator'];
const SRC = path.join(import.meta.dirname, '..');

function catalogueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return catalogueFiles(full);
    return entry.name.endsWith('.json') && path.basename(dir) === 'locales' ? [full] : [];
  });
}

describe('locale catalogues', () => {
  it('name no interpolation variable after an i18next option', () => {
    const files = catalogueFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g)].filter((m) => RESERVED.includes(m[1]!)).map((m) => `${path.relative(SRC, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
