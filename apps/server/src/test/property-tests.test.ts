/**
 * Every fast-check property of the repository is sized by runs (`numRuns`) and given a time limit that
 * grows with them (`propertyTimeout`), never the 60 s default of a test: on a busy machine a property
 * is slower, not failed (issue 38: the reviews property ran past 60 s at load 15 and failed the suite).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('property tests', () => {
  const files = ['apps', 'packages'].flatMap((d) => testFiles(path.join(root, d))).filter((f) => f !== fileURLToPath(import.meta.url) && readFileSync(f, 'utf8').includes('fc.assert('));

  it('are found (the reviews aggregate and the API fuzzer at least)', () => {
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['reviews.test.ts', 'fuzz.test.ts']));
  });

  it('each states numRuns for every fc.assert and a propertyTimeout for its test', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const asserts = text.split('fc.assert(').length - 1;
      expect((text.match(/numRuns\s*:/g) ?? []).length, `${path.relative(root, file)}: numRuns per fc.assert`).toBeGreaterThanOrEqual(asserts);
      expect((text.match(/propertyTimeout\(/g) ?? []).length, `${path.relative(root, file)}: a propertyTimeout per property test`).toBeGreaterThanOrEqual(1);
    }
  });
});
