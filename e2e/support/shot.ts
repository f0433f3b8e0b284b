import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Where journeys leave their screenshots, for a person to look at (test-results/screenshots). */
export const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');

/** A full-page screenshot named `name`.png in SCREENSHOT_DIR. */
export async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
