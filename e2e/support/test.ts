import { test as base, expect, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Public pages arrive server-rendered (apps/server/src/http/pages.ts): their content is on screen
 * before the app runs, and the app starts only at the reader's first sign of use (a pointer moved, a
 * touch, a key, the focus in a field: /boot.js, decision 0031), then renders the same page over it. So
 * after every navigation the journeys show that sign (the pointer moved to the page's top corner, as
 * a reader's mouse or thumb would) and wait until the app has taken over (<html data-app="ready">, set by
 * App); what they do next is then done in the app, as by a reader who looked before acting.
 * e2e/before-the-app.spec.ts and e2e/public-loader.spec.ts act before the app instead.
 */
export async function startTheApp(page: Page): Promise<void> {
  // Only pages of the app: the offline page, sitemap.xml or an API answer have no #root.
  const isApp = await page.evaluate(() => Boolean(document.getElementById('root'))).catch(() => false);
  if (!isApp) return;
  if ((await page.evaluate(() => document.documentElement.dataset.app).catch(() => undefined)) !== 'ready') {
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

export function waitForAppOnNavigation(page: Page): Page {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await startTheApp(page);
      return response;
    };
  }
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
