import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md rule 11: direction-aware styling only. Physical Tailwind utilities (ml-, pr-, left-,
 * text-right, rounded-l ...) would not mirror in Arabic; use ms-/me-/ps-/pe-/start-/end-/text-start.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const PHYSICAL = new RegExp(
  [
    // ml-4, -mr-2, md:pl-6, left-0, rounded-tl-lg, border-r-2, scroll-ml-4 ...
    String.raw`(?<![\w-])(?:[\w-]+:)*-?(?:ml|mr|pl|pr|left|right|border-[lr]|rounded-(?:[lr]|[tb][lr])|scroll-[mp][lr])-[\w./\[\]%-]+`,
    // text-left, float-right, border-l, rounded-r (no value)
    String.raw`(?<![\w-])(?:[\w-]+:)*(?:text-(?:left|right)|float-(?:left|right)|border-[lr]|rounded-[lr])(?![\w-])`,
    // physical CSS properties in stylesheets
    String.raw`(?:margin|padding|border)-(?:left|right)\s*:|(?<![\w-])(?:left|right)\s*:\s*[\d-]|text-align\s*:\s*(?:left|right)`,
  ].join('|'),
  'g',
);

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('direction-aware styling', () => {
  it('uses logical properties only (no left/right utilities)', () => {
    const offenders = sourceFiles(root).flatMap((file) =>
      [...stripComments(readFileSync(file, 'utf8')).matchAll(PHYSICAL)].map((m) => `${path.relative(root, file)}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it('catches what it should', () => {
    const sample = 'className="ml-2 md:pr-4 -left-1 text-right rounded-tl-lg border-l" margin-left: 0; left: 0;';
    expect(sample.match(PHYSICAL)).toHaveLength(8);
    expect("position={'top-left'} ms-2 pe-4 start-0 text-start rounded-s-lg inset-x-0".match(PHYSICAL)).toBeNull();
  });
});
