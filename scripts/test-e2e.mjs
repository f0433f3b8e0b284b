// `npm run test:e2e`: Playwright journeys against the built app, started by playwright.config.ts on a fresh
// data directory, in Debian's headless shell (CHROMIUM_PATH, default
// /usr/lib/chromium/chromium-headless-shell, else /usr/bin/chromium) and, for the journeys tagged
// @full-browser, Debian's full chromium (CHROMIUM_FULL_PATH, default /usr/bin/chromium).
import { existsSync } from 'node:fs';
import { ensureWebBuild, run } from './lib.mjs';

const full = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
const shell = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
if (!existsSync(full)) {
  console.error(`Chromium not found at ${full}. Install it (apt-get install chromium chromium-headless-shell) or set CHROMIUM_FULL_PATH.`);
  process.exit(1);
}
if (process.env.CHROMIUM_PATH && !existsSync(shell)) {
  console.error(`No browser at CHROMIUM_PATH=${shell}.`);
  process.exit(1);
}
if (!existsSync(shell)) {
  console.warn(`No headless shell at ${shell}: every journey runs in ${full}, about twice as slow (apt-get install chromium-headless-shell).`);
}
ensureWebBuild();
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
