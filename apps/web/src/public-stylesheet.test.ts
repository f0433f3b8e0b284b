import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isGuarded, type FeatureRoute, type FeatureRoutesModule } from './lib/routing';
import { routeTree } from './app/router';

/**
 * The public pages' stylesheet (src/public.css, decision 0032) holds the classes Tailwind finds in its
 * `@source` entries only. A module a server-rendered public page imports that none of them covers
 * would draw its classes unstyled until the app's stylesheet comes: this walks the public pages'
 * imports and checks each module is covered.
 */
const src = __dirname;
const PUBLIC_PATHS = ['/', '/about', '/services', '/services/plumbing', '/services/some-id', '/contact', '/faq', '/pricing', '/terms', '/privacy', '/cookies'];
/** What every server-rendered page draws besides its own page: the layout, the not-found and error pages. */
const SHELL = ['app/layout/root-layout.tsx', 'app/pages/not-found-page.tsx', 'app/route-error.tsx'];

function sourcesOfPublicStylesheet() {
  const css = readFileSync(path.join(src, 'public.css'), 'utf8');
  const entries = [...css.matchAll(/@source\s+(not\s+)?'([^']+)'/g)].map(([, not, glob]) => ({ not: Boolean(not), glob: glob! }));
  // `{a,b}` alternatives become one entry each.
  const expand = (glob: string): string[] => {
    const braces = /\{([^}]+)\}/.exec(glob);
    return braces ? braces[1]!.split(',').flatMap((choice) => expand(glob.replace(braces[0], choice))) : [path.join(src, glob)];
  };
  const covers = (file: string, target: string) => file === target || file.startsWith(`${target}${path.sep}`);
  const included = entries.filter((e) => !e.not).flatMap((e) => expand(e.glob));
  const excluded = entries.filter((e) => e.not).flatMap((e) => expand(e.glob));
  return (file: string) => included.some((t) => covers(file, t)) && !excluded.some((t) => covers(file, t));
}

/** The feature routes.tsx modules whose pages the public paths land on. */
function publicFeatureRoutes(): string[] {
  const modules = import.meta.glob<FeatureRoutesModule>('./features/*/routes.tsx', { eager: true });
  const flat = (routes: FeatureRoute[]): RouteObject[] => routes.flatMap((r) => (isGuarded(r) ? r.children : [r]));
  const files = new Set<string>();
  for (const pathname of PUBLIC_PATHS) {
    const page = matchRoutes(routeTree, pathname)?.at(-1)?.route;
    const owner = Object.entries(modules).find(([, module]) => flat(module.pageRoutes).some((route) => route.lazy === page?.lazy && page?.lazy));
    expect(owner, pathname).toBeDefined();
    files.add(path.join(src, owner![0]));
  }
  return [...files];
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module of src/ reached from `entries` by relative imports, static or dynamic (JSON and CSS aside). */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, specifier!);
      if (target && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return seen;
}

describe('the public pages\' stylesheet (public.css)', () => {
  it('looks for classes in every module a server-rendered public page imports', () => {
    const covered = sourcesOfPublicStylesheet();
    const files = reachable([...SHELL.map((file) => path.join(src, file)), ...publicFeatureRoutes()]);
    expect(files.size).toBeGreaterThan(50);
    const missing = [...files].filter((file) => !covered(file)).map((file) => path.relative(src, file));
    expect(missing).toEqual([]);
  });

  it('leaves out the app\'s other pages', () => {
    const covered = sourcesOfPublicStylesheet();
    for (const file of ['features/booking/pages/book-service-page.tsx', 'features/admin/routes.tsx', 'components/address-map.tsx']) {
      expect(covered(path.join(src, file)), file).toBe(false);
    }
  });
});
