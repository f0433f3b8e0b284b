import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, measureFirstLoad } from '/work/main/bench/page.bench';
import { startServer } from '/work/main/bench/lib';
const server = await startServer(3311);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
const r = await measureFirstLoad(browser, server.url, process.argv[2] ?? '/');
console.log(JSON.stringify({ ...r, scripts: r.scripts }, null, 1));
await browser.close(); await server.stop();
