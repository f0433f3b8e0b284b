import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: on the 2-core CI machine that is one worker and an
// idle core. Test files wait (servers they start, timers, the PostgreSQL server), so as many workers as
// cores (at least 2) is faster; VITEST_WORKERS overrides (docs/ci.md).
const workers = Number(process.env.VITEST_WORKERS) || Math.max(2, os.availableParallelism());

// One runner for the whole repository: domain unit tests, API tests (each file on its own
// fresh database), and the web app's unit tests. Playwright journeys live in e2e/ and run apart.
// No project isolates its files (`isolate: false`): a worker loads the packages (fastify, drizzle, PGlite,
// zod, React...) once and each file evaluates the repository's own modules afresh, so module state stays per
// file; what lives on globalThis or in a package (zod's registry, timers, stubbed globals) is the file's to
// restore (docs/ci.md).
export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          isolate: false,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node', isolate: false } },
    ],
  },
});
