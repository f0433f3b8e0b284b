import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { REACT_DOM_SENTINELS, rewriteReactDomSentinels } from './react-sentinels-plugin';

// The installed React DOM's production client, the file the build transforms.
const require = createRequire(import.meta.url);
const reactDomDir = dirname(require.resolve('react-dom/package.json', { paths: [join(import.meta.dirname, '..', '..')] }));
const source = readFileSync(join(reactDomDir, 'cjs', 'react-dom-client.production.js'), 'utf8');

describe('React DOM sentinels (decision 0008)', () => {
  it('rewrites exactly the module-level sentinels of the installed React DOM', () => {
    const { code, count } = rewriteReactDomSentinels(source);
    expect(count).toBe(REACT_DOM_SENTINELS.length);
    for (const name of REACT_DOM_SENTINELS) {
      expect(code).toContain(`${name} = Object.assign(Object.create(Error.prototype), { message: formatProdErrorMessage(`);
      expect(code).not.toMatch(new RegExp(`\\b${name} = Error\\(`));
    }
    // Errors made inside React's functions, which React reports, stay real errors.
    expect(code).toContain('Error(formatProdErrorMessage(419))');
    expect(code.length - source.length).toBeGreaterThan(0);
  });

  it('keeps what React relies on: one object per sentinel, instanceof Error, the message', () => {
    const { code } = rewriteReactDomSentinels('var SuspenseException = Error(formatProdErrorMessage(460));');
    const context = { formatProdErrorMessage: (n: number) => `Minified React error #${n}`, Error, Object };
    const sentinel = runInNewContext(`${code}; SuspenseException`, context) as Error;
    expect(sentinel).toBeInstanceOf(Error);
    expect(sentinel.message).toBe('Minified React error #460');
    expect(String(sentinel)).toBe('Error: Minified React error #460');
    expect(Object.hasOwn(sentinel, 'stack')).toBe(false);
  });

  it('changes nothing in other code', () => {
    const other = 'var e = Error(formatProdErrorMessage(1)); throw Error("x");';
    expect(rewriteReactDomSentinels(other)).toEqual({ code: other, count: 0 });
  });
});
