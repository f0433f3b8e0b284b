import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import khedma from './scripts/lint/plugin.js';

// ---- Web zones (house-web): the features, read from the folder, so a new one needs no edit here.
const web = './apps/web/src';
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['apps/server/src/lint-fixtures/cycle/**', '**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', '.data-e2e/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // File names (STYLE.md rule 9, docs/adding-a-capability.md "File names"): kebab-case, a role suffix from a
    // fixed list, a module's files named one way, one spelling of catalog. The rule reads the path, not the code.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { khedma },
    rules: { 'khedma/file-names': 'error' },
  },
  {
    // The web app's '/api' paths live in <x>ApiPaths objects, a feature's or entity's in its api.ts
    // (docs/adding-a-capability.md "API paths"); tests may write a path out.
    files: ['apps/web/src/**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { khedma },
    rules: { 'khedma/api-paths': 'error' },
  },
  {
    // Plain scripts the browser loads as they are (the boot loader of server-rendered pages).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // ---- Web zones (house-web; docs/adding-a-capability.md). Imports flow
  // lib, components, config -> entities -> features -> app (bulletproof-react's import zones).
  { ignores: ['apps/web/src/**/__lint-fixtures__/**'] },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // A test may read what it checks from anywhere (another feature's strings, an entity's keys).
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature does not import another feature: what several show is an entity.
            ...webFeatures.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to entities/ (or lib/, components/).',
            })),
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'Features do not import app/: paths and site settings are in config/, route guards in lib/routing.ts.',
            },
            {
              target: [`${web}/entities`, `${web}/lib`, `${web}/components`, `${web}/config`],
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared folders (entities, lib, components, config) do not import features or app/.',
            },
            {
              target: [`${web}/lib`, `${web}/components`, `${web}/config`],
              from: `${web}/entities`,
              message: 'lib/, components/ and config/ sit below the entities: they do not import them.',
            },
          ],
        },
      ],
      // No import cycles in the web app (tests may import what they test from anywhere).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Features do not import each other (STYLE.md rule 1): shared -> features -> app.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '@/features/**'], message: 'Features do not import each other; move shared code to components/ or lib/.' }] }],
    },
  },
  // ---- Server zones (house-server; docs/adding-a-capability.md). Tests and their helpers may reach anywhere.
  {
    // platform/, db/ and context.ts (which builds the adapters) are below every module: they never import
    // one, not even a module's store; app.ts hands an adapter the store it needs (context.ts ContextStores).
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/db/**/*.ts', 'apps/server/src/context.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**', '**/modules'], message: "platform/, db/ and context.ts never import a module (nor its store): move the code down, or have app.ts hand it over typed by the adapter's own interface." }] }],
    },
  },
  {
    // A module reaches another only through its public index.ts (`../catalog`, not `../catalog/catalog.service`).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/.+', message: "Import another module through its index.ts ('../<module>'), never its files." }] }],
    },
  },
  {
    // No import cycles on the server (a cycle of modules is two capabilities that cannot be told apart).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.js'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Ids are checked as PostgreSQL's uuid type takes them (any 128 bits): zod's uuid() also demands RFC 9562
    // version and variant bits, and an answer holding an id of the database's own then failed with a 500
    // (issue 40: the bench's md5 ids).
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='uuid'][callee.object.name='z'], CallExpression[callee.property.name='uuid'][callee.object.callee.property.name='string']",
          message: 'Use z.guid(): any id PostgreSQL uuid accepts (z.uuid() refuses ids without RFC version bits).',
        },
      ],
    },
  },
);
