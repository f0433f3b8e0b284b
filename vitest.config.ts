import { defineConfig } from 'vitest/config';

// One runner for the whole repository: domain unit tests, API tests (each file on its own
// fresh database), and the web app's unit tests. Playwright journeys live in e2e/ and run apart.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
