import { defineConfig, devices } from '@playwright/test';

// Each run gets its own port (and data directory), so that several runs on one machine never collide.
// Set once in the main process; Playwright's workers inherit the environment.
// (3659 is on Chromium's list of unsafe ports: it refuses to open it.)
if (!process.env.E2E_PORT) {
  const candidate = 3100 + (process.pid % 800);
  process.env.E2E_PORT = String(candidate === 3659 ? 3660 : candidate);
}
const port = Number(process.env.E2E_PORT);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Journeys run in Debian's Chromium (never a downloaded browser) against the built app on a fresh database.
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.CI ? 'test-results/e2e' : `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Journeys make their own users and book their own days (e2e/support/users.ts), so they run in any
  // order on several workers against the one server. E2E_WORKERS overrides (2 on a 2-core machine: the
  // browsers and the server share the cores; see docs/ci.md for the figures).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // `@matrix` marks the repeats of a journey in further languages: `--grep-invert @matrix` runs the
  // representative set (one left-to-right and the right-to-left language), E2E_MATRIX=0 does the same.
  ...(process.env.E2E_MATRIX === '0' ? { grepInvert: /@matrix/ } : {}),
  // A retry of a booking journey books other days (see booking.spec.ts), so retries are real attempts.
  retries: process.env.CI ? 2 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
