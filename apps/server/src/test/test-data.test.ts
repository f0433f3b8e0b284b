/**
 * Server tests make the people, professionals and bookings they need with the factories (./factories.ts);
 * none leans on the demo seed's people (issue 39). The demo seed's own tests (db/seed/) are the exception:
 * they test that seed. This fails when a test file or a test helper names a demo person again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

/** Test files, test helpers and the test set-up of the server. */
function testSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testSources(full));
    else if (/\.test(-helpers)?\.tsx?$/.test(entry.name) || path.dirname(full) === path.join(src, 'test')) out.push(full);
  }
  return out;
}

/** The demo seed's people: their addresses, their password, their seeded ids. */
const DEMO_MARKERS: Array<[RegExp, string]> = [
  [/@demo\.ma/i, 'a demo account (@demo.ma)'],
  [/\bDEMO_(PASSWORD|ACCOUNTS)\b/, 'the demo password or accounts'],
  [/seedId\(\s*['"`](professional|user|application|booking|review|conversation|payout):/, 'a seeded id of a person or their records'],
];

describe('test data', () => {
  const files = testSources(src).filter((f) => f !== self && !f.startsWith(path.join(src, 'db', 'seed') + path.sep));

  it('the server tests are found (bookings.test.ts and the factories at least)', () => {
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['bookings.test.ts', 'factories.ts', 'auth.test.ts']));
  });

  it('no server test outside db/seed/ uses a demo person: each makes its own with the factories', () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [marker, what] of DEMO_MARKERS) if (marker.test(line)) found.push(`${path.relative(src, file)}:${i + 1}: ${what}`);
      });
    }
    expect(found, 'use createCustomer / createPro / createAdmin / createPaidBooking (src/test/factories.ts)').toEqual([]);
  });
});
