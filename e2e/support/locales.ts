import { readFileSync } from 'node:fs';
import path from 'node:path';

const WEB_SRC = path.join(process.cwd(), 'apps/web/src');

/**
 * A locale file of the web app (`file` relative to apps/web/src), whose keys throw when missing instead
 * of reading undefined. A journey that looked for `getByRole('button', { name: strings.a11y.accountMenu })`
 * with no such key asked for any button at all, and passed on the wrong one (the offline journey's check
 * that the session had loaded, which let it go offline before it had).
 */
export function readStrings<T = Record<string, Record<string, string>>>(file: string): T {
  return strict(JSON.parse(readFileSync(path.join(WEB_SRC, file), 'utf8')) as object, file) as T;
}

function strict<T extends object>(node: T, where: string): T {
  return new Proxy(node, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      // Symbols and the properties libraries probe for (a thenable, JSON) are not keys of the file.
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return value;
      if (value === undefined) throw new Error(`no key "${key}" in ${where}`);
      return value !== null && typeof value === 'object' ? strict(value as object, `${where} ${key}`) : value;
    },
  });
}
