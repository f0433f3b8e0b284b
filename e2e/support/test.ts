import { test as base, expect, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Public pages arrive server-rendered (apps/server/src/http/pages.ts): their content is on screen
 * before the app runs, and the app starts at the reader's first sign of use (a pointer moved, a
 * touch, a key, the focus in a field), or by itself 5 s after the load when the reader does nothing
 * (/boot.js, decision 0031), then renders the same page over it. The journeys are readers whose mouse
 * moves as the page appears: after every navigation they show that sign (the pointer moved to the
 * page's top corner) as soon as the page's HTML is in (DOMContentLoaded, when the loader listens), so
 * the app loads while the page's images and fonts do, as it did before the loader; then they wait for
 * the navigation's own load state and until the app has taken over (<html data-app="ready">, set by
 * App). What they do next is done in the app, as by a reader who looked before acting.
 * e2e/before-the-app.spec.ts and e2e/public-loader.spec.ts act before the app instead.
 */
export async function showIntent(page: Page): Promise<boolean> {
  // Only pages of the app: the offline page, sitemap.xml or an API answer have no #root.
  const state = await page
    .evaluate(() => (document.getElementById('root') ? (document.documentElement.dataset.app ?? 'waiting') : null))
    .catch(() => null);
  if (state === null) return false;
  if (state === 'waiting') {
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  return true;
}

/** Shows the reader's sign of use (if the app has not started) and waits until the app has taken the page over. */
export async function startTheApp(page: Page): Promise<void> {
  if (await showIntent(page)) await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle' | 'commit';

export function waitForAppOnNavigation(page: Page): Page {
  // goto(url, options); reload, goBack and goForward (options).
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    const optionsAt = name === 'goto' ? 1 : 0;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const options = (args[optionsAt] ?? {}) as { waitUntil?: WaitUntil };
      const waitUntil = options.waitUntil ?? 'load';
      if (waitUntil === 'commit') {
        const response = await navigate(...args);
        await startTheApp(page);
        return response;
      }
      const early = [...args];
      early[optionsAt] = { ...options, waitUntil: 'domcontentloaded' };
      const response = await navigate(...early);
      await showIntent(page);
      if (waitUntil !== 'domcontentloaded') await page.waitForLoadState(waitUntil);
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
