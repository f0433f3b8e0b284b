import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web import zones of eslint.config.js (docs/adding-a-capability.md), each shown failing: a probe
 * file at a path inside a zone imports real modules of another, and ESLint must name the rule.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const ZONE = 'import-x/no-restricted-paths';

describe('web import zones', { timeout: 180_000 }, () => {
  it('reject a feature importing another feature', async () => {
    expect(await rulesFor('features/catalog/probe.ts', "export { useQuote } from '../booking/api';\n")).toContain(ZONE);
  });

  it('reject a feature importing app/', async () => {
    expect(await rulesFor('features/catalog/probe.ts', "export { routeTree } from '../../app/router';\n")).toContain(ZONE);
  });

  it('reject an entity importing a feature', async () => {
    expect(await rulesFor('entities/booking/probe.ts', "export { useQuote } from '../../features/booking/api';\n")).toContain(ZONE);
  });

  it('reject lib/, components/ and config/ importing a feature or app/', async () => {
    expect(await rulesFor('lib/probe.ts', "export { useQuote } from '../features/booking/api';\n")).toContain(ZONE);
    expect(await rulesFor('components/probe.ts', "export { routeTree } from '../app/router';\n")).toContain(ZONE);
    expect(await rulesFor('config/probe.ts', "export { bookingKeys } from '../entities/booking/api';\n")).toContain(ZONE);
  });

  it('accept a feature importing its own files, entities, lib and config', async () => {
    const code = [
      "export { useQuote } from './api';",
      "export { bookingKeys } from '../../entities/booking/api';",
      "export { api } from '../../lib/api';",
      "export { paths } from '../../config/paths';",
      '',
    ].join('\n');
    expect(await rulesFor('features/booking/probe.ts', code)).toEqual([]);
  });

  // khedma/api-paths (scripts/lint/api-paths.js): an '/api' path is written once, in an <x>ApiPaths object.
  it("reject an '/api' path outside an <x>ApiPaths object, and such an object outside a feature's api.ts", async () => {
    const API_PATHS = 'khedma/api-paths';
    const call = "import { api } from '../../lib/api';\nexport const load = (id: string) => api.get(`/api/things/${id}`);\n";
    expect(await rulesFor('features/booking/api.ts', call)).toEqual([API_PATHS]);
    expect(await rulesFor('features/booking/api.ts', "export const list = () => fetch('/api/things');\n")).toEqual([API_PATHS]);
    const table = "export const thingApiPaths = {\n  list: '/api/things',\n  one: (id: string) => `/api/things/${id}`,\n} as const;\n";
    expect(await rulesFor('features/booking/api.ts', table)).toEqual([]);
    expect(await rulesFor('entities/booking/api.ts', table)).toEqual([]);
    // In a feature's page or component, even in a table: the paths belong to its api.ts.
    expect(await rulesFor('features/booking/pages/probe.tsx', table)).toEqual([API_PATHS, API_PATHS]);
    // lib/ and components/ keep their own table beside the code that calls.
    expect(await rulesFor('lib/probe.ts', table)).toEqual([]);
    expect(await rulesFor('lib/probe.ts', "export const me = '/api/me';\n")).toEqual([API_PATHS]);
    // Pages, not API paths, and paths in comments are none of its business.
    expect(await rulesFor('features/booking/api.ts', "// GET /api/things\nexport const page = '/apiary';\n")).toEqual([]);
  });

  it('reject an import cycle', async () => {
    const fixture = new ESLint({ cwd: root, ignore: false });
    const [result] = await fixture.lintFiles([path.join(root, 'apps/web/src/lib/__lint-fixtures__/cycle-a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
