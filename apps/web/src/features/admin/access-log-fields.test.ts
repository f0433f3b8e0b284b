/**
 * Every field name the server writes to the sensitive access log is said in words in en, fr and ar (the
 * admin's log once read "Revealed batch_rib"): the literal names in the server's log.record calls and
 * review.service's FIELD_COLUMNS each have a label, and each label is in the three catalogues.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_DOCUMENT_KINDS, ACCESS_LOG_FIELD_KEYS } from './access-log-fields';

const modules = path.resolve(__dirname, '../../../../server/src/modules');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

function loggedFieldNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(modules)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/log\.record\(\{[^}]*fields: \[([^\]]*)\]/g)) {
      for (const lit of m[1]!.matchAll(/'([^']+)'/g)) names.add(lit[1]!);
    }
    const columns = /const FIELD_COLUMNS[^=]*= \{([^}]*)\}/.exec(text);
    if (columns) for (const v of columns[1]!.matchAll(/:\s*'([^']+)'/g)) names.add(v[1]!);
  }
  return names;
}

const catalogue = (lng: string) => JSON.parse(readFileSync(path.join(__dirname, 'locales', `${lng}.json`), 'utf8')) as Record<string, Record<string, string>>;

describe('the access log says every field it records', () => {
  it('finds the names the server logs (the scan still works)', () => {
    expect([...loggedFieldNames()]).toEqual(expect.arrayContaining(['bankAccountIban', 'batch_rib']));
  });

  it.each(['en', 'fr', 'ar'])('%s: each logged field name has a label in the catalogue', (lng) => {
    const fields = catalogue(lng).fields!;
    const unsaid = [...loggedFieldNames()].filter((name) => {
      if ((ACCESS_LOG_DOCUMENT_KINDS as readonly string[]).includes(name)) return false;
      const key = (ACCESS_LOG_FIELD_KEYS as Record<string, string | undefined>)[name];
      return !key || !fields[key.slice('fields.'.length)]?.trim();
    });
    expect(unsaid).toEqual([]);
  });
});
