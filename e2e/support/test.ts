import { test as base, expect, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Public pages arrive server-rendered (apps/server/src/http/pages.ts): their content is on screen
 * before the app runs, and the app then renders the same page over it. A test that typed into the
 * server's copy of a form would lose it at that moment, as a very quick reader would; so after every
 * navigation the journeys wait until the app has taken over (<html data-app="ready">, set by App).
 */
export function waitForAppOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async () => {
    // Only pages of the app: the offline page, sitemap.xml or an API answer have no #root.
    const isApp = await page.evaluate(() => Boolean(document.getElementById('root'))).catch(() => false);
    if (isApp) await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  };
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await settle();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript the server's page is all there is.
    await use(javaScriptEnabled === false ? page : waitForAppOnNavigation(page));
  },
});

/** Opens `route` in `lang` (?lang=, which the server remembers) and checks the page is in it: lang and direction. */
export async function openIn(page: Page, lang: 'en' | 'fr' | 'ar', route: string): Promise<void> {
  const url = new URL(route, 'http://x');
  url.searchParams.set('lang', lang);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}
