// `npm run test:e2e`: Playwright journeys in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
// against the built app, started by playwright.config.ts on a fresh data directory.
import { existsSync } from 'node:fs';
import { ensureWebBuild, run } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
ensureWebBuild();
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
