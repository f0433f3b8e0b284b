import { expect, test, type Page } from '@playwright/test';
import { skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { shot } from './support/shot';

/**
 * The public pages' first load carries no more JavaScript than the loader (/boot.js, decision 0031,
 * issue 40): the app starts at the reader's first sign of use (or by itself 5 s after the load), what
 * was typed before it ran stays, and a button pressed before it ran does its work once it has taken over. On a phone (390 px), in English
 * and in Arabic. Playwright's own `test`: support/test.ts would start the app after each navigation.
 */

const shell = { en: readStrings<{ a11y: Record<string, string> }>('locales/en.json'), ar: readStrings<{ a11y: Record<string, string> }>('locales/ar.json') };
const home = { en: readStrings<Record<string, string>>('features/home/locales/en.json'), ar: readStrings<Record<string, string>>('features/home/locales/ar.json') };

/** Every script the page fetched, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Holds the app's scripts until the returned function is called (a slow phone's 4G). */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

const appState = (page: Page) => page.evaluate(() => document.documentElement.dataset.app ?? null);
const ready = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.app === 'ready');

test.describe('public pages load the loader alone, and the app when the reader acts', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const lang of ['en', 'ar'] as const) {
    test(`first load fetches only /boot.js; typed words stay and the menu pressed before the app opens (${lang})`, async ({ page, request }) => {
      // Five first loads with their quiet second, then two takeovers: long on a loaded two-core host.
      test.setTimeout(240_000);
      await skipCookieBanner(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.text().includes('[hydration]')) errors.push(message.text());
      });
      const scripts = scriptsOf(page);

      // A first load, left alone: the page is complete and only the loader came.
      const services = (await (await request.get('/api/services')).json()) as Array<{ id: string }>;
      for (const path of ['/', '/services', `/services/${services[0]!.id}`, '/services/plumbing']) {
        await page.goto(`${path}?lang=${lang}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1000);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        expect(await appState(page), path).toBeNull();
      }
      expect([...new Set(scripts)]).toEqual(['/boot.js']);
      await shot(page, `public-loader-category-before-app-${lang}`);

      // Words typed into the home search before the app has run: focusing the box starts it, and its
      // code is still on its way while the reader types.
      const release = await holdTheApp(page);
      await page.goto(`/?lang=${lang}`);
      const box = page.getByRole('searchbox', { name: home[lang].searchLabel });
      await box.tap();
      await box.pressSequentially('plomb');
      expect(await appState(page)).toBeNull();
      expect(scripts.filter((s) => s.startsWith('/assets/')).length).toBeGreaterThan(0);
      release();
      await ready(page);
      await expect(box).toHaveValue('plomb');
      await box.pressSequentially('ier');
      await expect(box).toHaveValue('plombier');
      // The app has the page: its search goes to the catalogue without loading a page.
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await box.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === '/services' && url.searchParams.get('q') === 'plombier');
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      await page.unroute(/\/assets\/[^/]+\.js$/);

      // The menu pressed on a fresh page before the app ran opens once the app has taken over.
      const fresh = await page.context().newPage();
      const releaseFresh = await holdTheApp(fresh);
      await fresh.goto(`/about?lang=${lang}`);
      expect(await appState(fresh)).toBeNull();
      const menuButton = fresh.getByRole('button', { name: shell[lang].a11y.openMenu });
      await menuButton.tap();
      await expect(fresh.getByRole('dialog', { name: shell[lang].a11y.menu })).toBeHidden();
      releaseFresh();
      await ready(fresh);
      await expect(fresh.getByRole('dialog', { name: shell[lang].a11y.menu })).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await shot(fresh, `public-loader-menu-after-app-${lang}`);
      expect(errors).toEqual([]);
    });
  }

  test('a reader who does not act gets the app once the load is over, and with it the service worker (offline, updates)', async ({ page }) => {
    test.setTimeout(120_000);
    await skipCookieBanner(page);
    const scripts = scriptsOf(page);
    await page.goto('/about');
    const loadedAt = await page.evaluate(() => performance.timing.loadEventEnd);
    await page.waitForTimeout(1000);
    expect(await appState(page)).toBeNull();
    expect([...new Set(scripts)]).toEqual(['/boot.js']);
    // Nothing touched: 5 s after the load, at an idle moment, the loader starts the app by itself.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 60_000 });
    expect(scripts.some((s) => s.startsWith('/assets/'))).toBe(true);
    // Not before the load was over: the first of the app's scripts was asked for at least 5 s after it.
    const firstAppScript = await page.evaluate(
      () => performance.timing.navigationStart + Math.min(...performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/') && e.name.endsWith('.js')).map((e) => e.startTime)),
    );
    expect(firstAppScript - loadedAt).toBeGreaterThanOrEqual(4900);
    // The app registers the service worker, which takes the tab over: the offline page is there.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  });

  test('a reader the app saw signed in gets the app without acting (their header is the app\'s)', async ({ page }) => {
    await skipCookieBanner(page);
    await page.addInitScript(() => localStorage.setItem('khedma.signedIn', '1'));
    await page.goto('/services');
    await ready(page);
    // Nobody is signed in here: the app found so and forgot the mark, so the next page waits again.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('khedma.signedIn'))).toBeNull();
  });
});

test.describe('the page looks the same before and after the app takes it over (decision 0032)', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  /** The stylesheets in the page, by path. */
  const stylesheets = (page: Page) =>
    page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));

  for (const lang of ['en', 'ar'] as const) {
    test(`the public pages' stylesheet, then the app's: the first screen is the same (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      await skipCookieBanner(page);
      await page.goto(`/?lang=${lang}`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      expect(await stylesheets(page)).toEqual([expect.stringMatching(/^\/assets\/public-[\w-]+\.css$/)]);
      const before = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      // Nothing touched: the loader starts the app 5 s after the load, with the app's stylesheet.
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      expect(await stylesheets(page)).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
      const after = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      expect(after.equals(before), 'the first screen before and after the takeover').toBe(true);
    });
  }
});
