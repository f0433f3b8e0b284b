import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * Writes dist/sw.js from src/build/sw.template.js at build time, with:
 * - the precache list: every /assets/ file index.html loads (entry script, modulepreloads, CSS), the
 *   chunks the first visit of / also fetches (the home page, its strings, the cookie banner) and the
 *   pieces any page can open on a tap (toaster, cookie settings dialog), each with its static imports,
 *   and a few public files (offline page, manifest, icons);
 * - the catalogue cache's rules (sw-catalog-policy.ts), types stripped and inlined;
 * - a version: a hash of that list, of the public files and of the worker's source, so any change to
 *   the shell installs a new worker (and clears the old caches, the catalogue's included).
 * The dev server has no service worker (main.tsx registers it in production builds only).
 */

/** Source modules whose chunks the first load of / fetches after index.html. */
const FIRST_LOAD_MODULES = [
  /features\/home\/pages\/home-page\.tsx$/,
  /features\/consent\/components\/cookie-consent\.tsx$/,
  /features\/(home|catalog|consent)\/locales\/en\.json$/,
];
/**
 * Lazy pieces of the shell that any page can need on a tap, precached too so they open offline: the
 * toaster (sonner; the first tap loads it) and the cookie settings dialog (Radix; the footer's Cookie
 * Preferences). About 25 KB compressed; page chunks are not precached, only cached once fetched.
 */
const SHELL_PIECES = [/app\/toaster\.tsx$/, /features\/consent\/components\/cookie-settings-dialog\.tsx$/];
const PUBLIC_FILES = ['/offline.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/apple-touch-icon.png'];

const here = path.dirname(fileURLToPath(import.meta.url));

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  facadeModuleId?: string | null;
}

export function serviceWorker(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  return {
    name: 'khedma-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    async writeBundle(_options, bundle) {
      const files = new Set<string>();
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) files.add(match[1]!);

      const chunks = Object.values(bundle as Record<string, ChunkLike>).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const visited = new Set<string>();
      const addWithImports = (fileName: string) => {
        if (visited.has(fileName)) return;
        visited.add(fileName);
        files.add(`/${fileName}`);
        for (const imported of byFile.get(fileName)?.imports ?? []) addWithImports(imported);
      };
      for (const chunk of chunks) {
        if (chunk.facadeModuleId && [...FIRST_LOAD_MODULES, ...SHELL_PIECES].some((pattern) => pattern.test(chunk.facadeModuleId!))) addWithImports(chunk.fileName);
      }
      for (const pattern of SHELL_PIECES) {
        if (!chunks.some((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId))) throw new Error(`service worker: no chunk for ${pattern}`);
      }

      const precache = [...[...files].sort(), ...PUBLIC_FILES];
      const version = createHash('sha256');
      version.update(precache.join('\n'));
      for (const file of PUBLIC_FILES) version.update(readFileSync(path.join(publicDir, file)));
      const template = readFileSync(path.join(here, 'sw.template.js'), 'utf8');
      version.update(template);
      const policy = await catalogueCachePolicy();
      version.update(policy);

      const source = template
        .replace("const VERSION = '__KHEDMA_SW_VERSION__';", `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 12))};`)
        .replace('const PRECACHE_URLS = __KHEDMA_PRECACHE__;', `const PRECACHE_URLS = ${JSON.stringify(precache, null, 2)};`)
        .replace('// __KHEDMA_CATALOGUE_POLICY__', () => policy);
      if (source.includes('__KHEDMA_')) throw new Error('sw.template.js: a placeholder was not filled in');
      new Function(source); // parses only: a syntax error fails the build instead of the install
      writeFileSync(path.join(outDir, 'sw.js'), source);
    },
  };
}

/**
 * sw-catalog-policy.ts as plain script for the worker: types stripped, `export` dropped (the file
 * imports nothing; a leftover import or export fails the build's parse check in writeBundle).
 */
async function catalogueCachePolicy(): Promise<string> {
  const file = path.join(here, 'sw-catalog-policy.ts');
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  return code.replace(/^export (?=(const|function|async function) )/gm, '').trim();
}
