/**
 * The server's lint zones (eslint.config.js, docs/adding-a-capability.md) fail on what they forbid:
 * platform/, db/ or context.ts importing a module (or its store), a module reaching into another's files, an import cycle,
 * a file named against the file-name rule.
 * Zones are checked on code given a path (lintText), the cycle on the two files of cycle/.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root, ignore: false });

async function errorsOf(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint loads typescript-eslint and import-x: slow on a busy machine, so a generous timeout.
describe('server lint zones', { timeout: 300_000 }, () => {
  it('platform/, db/ and context.ts never import a module, nor its store', async () => {
    const code = "import { catalogModule } from '../modules/catalog/catalog.module';\nexport const m = catalogModule;\n";
    expect(await errorsOf(code, 'apps/server/src/platform/fixture.ts')).toEqual([expect.stringContaining('no-restricted-imports: ')]);
    const fromDb = "import { CATALOG_CHANNEL } from '../modules/catalog';\nexport const c = CATALOG_CHANNEL;\n";
    expect(await errorsOf(fromDb, 'apps/server/src/db/fixture.ts')).toEqual([expect.stringContaining('no-restricted-imports: ')]);
    // Nor a module's store (SQL on the module's tables): app.ts hands it over (context.ts ContextStores).
    const store = "import { NotificationPreferencesStore } from '../modules/profile';\nexport const s = NotificationPreferencesStore;\n";
    expect(await errorsOf(store, 'apps/server/src/platform/fixture.ts')).toEqual([expect.stringContaining('no-restricted-imports: ')]);
    const storeInContext = "import { OutboxRepository } from './modules/dev';\nexport const o = OutboxRepository;\n";
    expect(await errorsOf(storeInContext, 'apps/server/src/context.ts')).toEqual([expect.stringContaining('no-restricted-imports: ')]);
    // A module may use another's index.
    const fromModule = "import { CATALOG_CHANNEL } from '../catalog';\nexport const c = CATALOG_CHANNEL;\n";
    expect(await errorsOf(fromModule, 'apps/server/src/modules/bookings/fixture.ts')).toEqual([]);
  });

  it('a module imports another only through its index.ts', async () => {
    const deep = "import { CatalogService } from '../catalog/catalog.service';\nexport type C = CatalogService;\n";
    expect(await errorsOf(deep, 'apps/server/src/modules/bookings/fixture.ts')).toEqual([expect.stringContaining('through its index.ts')]);
    const viaIndex = "import type { CatalogService } from '../catalog';\nimport { AppError } from '../../http/errors';\nimport { x } from './x';\nexport type C = CatalogService;\nexport const e = [AppError, x];\n";
    expect(await errorsOf(viaIndex, 'apps/server/src/modules/bookings/fixture.ts')).toEqual([]);
  });

  // The file-name rule (khedma/file-names, scripts/lint/file-names.js) reads the path: the same code passes or fails by its name.
  it('file names: kebab-case, a known role, a module named one way, one spelling of catalog', async () => {
    const code = 'export const x = 1;\n';
    const named = async (path: string) => (await errorsOf(code, path)).filter((m) => m.startsWith('khedma/file-names: '));
    for (const bad of [
      'apps/server/src/modules/bookings/booking-sql.ts', // the module's noun, singular, as a prefix
      'apps/server/src/modules/bookings/booking.repository.ts', // the module-wide file spelled another way
      'apps/server/src/modules/bookings/bookings-race.test.ts', // the noun as a prefix of a test
      'apps/server/src/modules/bookings/quote.handler.ts', // a role not in the list
      'apps/server/src/db/schema/_columns.ts', // not kebab-case
      'apps/web/src/features/pros/components/ProCard.tsx',
      'apps/web/src/entities/catalogue/api.ts', // the other spelling
    ]) {
      expect(await named(bad), bad).toEqual([expect.stringContaining('khedma/file-names: ')]);
    }
    for (const good of [
      'apps/server/src/modules/bookings/sql.ts',
      'apps/server/src/modules/bookings/bookings.repository.ts',
      'apps/server/src/modules/bookings/bookings.emails.test.ts',
      'apps/server/src/modules/claims/ledger.property.test.ts',
      'apps/server/src/modules/admin/bookings.routes.ts', // another module's noun is a topic
      'apps/web/src/features/legal/content/terms.fr.ts',
      'apps/web/src/entities/catalog/api.ts',
      'e2e/chat.spec.ts',
    ]) {
      expect(await named(good), good).toEqual([]);
    }
  });

  it('no import cycles', async () => {
    const results = await eslint.lintFiles(['apps/server/src/lint-fixtures/cycle/a.ts']);
    expect(results[0]!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  // import-x/no-cycle skips `import type`: `npm run lint:cycles` (dependency-cruiser, .dependency-cruiser.cjs)
  // counts them, so a loop of type imports (platform/ importing AppContext back from context.ts) fails check.
  it('no import loops of type imports either (npm run lint:cycles)', () => {
    const cruise = (dir: string) =>
      spawnSync(process.execPath, ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', dir, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
        cwd: root,
        encoding: 'utf8',
      });
    const loop = cruise('apps/server/src/lint-fixtures/type-cycle');
    expect(loop.status).not.toBe(0);
    expect(loop.stdout).toContain('no-import-loop: apps/server/src/lint-fixtures/type-cycle/a.ts');
    // A folder without a loop passes (db/schema had one, index.ts <-> types.ts, until 2026-11-28).
    const clean = cruise('apps/server/src/db/schema');
    expect(clean.stdout).toContain('no dependency violations found');
    expect(clean.status).toBe(0);
  });
});
