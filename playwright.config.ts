import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Each run gets its own port (and data directory), so that several runs on one machine never collide.
// Set once in the main process; Playwright's workers inherit the environment.
// (3659 is on Chromium's list of unsafe ports: it refuses to open it.)
if (!process.env.E2E_PORT) {
  const candidate = 3100 + (process.pid % 800);
  process.env.E2E_PORT = String(candidate === 3659 ? 3660 : candidate);
}
const port = Number(process.env.E2E_PORT);
// Journeys run in Debian's headless shell (package chromium-headless-shell): the same Chromium without the
// full browser's window, top-chrome renderer and GPU process, which on two cores made the suite about twice
// as long (11.8 min against 5.8 min, docs/ci.md). The few journeys that need what only the full browser has (granted
// notification permission) are tagged @full-browser and run in Debian's full chromium.
const FULL_BROWSER = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// `@matrix` marks the repeats of a journey in further languages: `--grep-invert @matrix` runs the
// representative set (one left-to-right and the right-to-left language), E2E_MATRIX=0 does the same.
const matrix = process.env.E2E_MATRIX === '0' ? [/@matrix/] : [];

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
  // A retry of a booking journey books other days (see booking.spec.ts), so retries are real attempts.
  retries: process.env.CI ? 2 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace (with its screenshots) only of a retry: recording one for every journey and throwing it away
    // when it passes cost CPU on every step. A first failure keeps its screenshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', grepInvert: [/@full-browser/, ...matrix], use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args } } },
    {
      name: 'chromium-full',
      grep: /@full-browser/,
      grepInvert: matrix.length ? matrix : undefined,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: FULL_BROWSER, args } },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
