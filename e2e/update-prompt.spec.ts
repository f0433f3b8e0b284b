import { expect, startTheApp, test } from './support/test';
import { skipCookieBanner } from './support/consent';

/**
 * A new version of the service worker (docs/public-site.md Offline and install): the page says "A new
 * version is available" with Reload instead of switching silently, and Reload lets the new version take
 * over and loads the page on it. The new version is the server's test-only POST
 * /api/dev/service-worker-version (apps/server/src/http/test-service-worker.ts, never in production),
 * which changes /sw.js as a deploy would.
 */
test('a new version of the service worker shows "A new version is available"; Reload switches to it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await skipCookieBanner(page);
  await page.goto('/about');
  // The first worker installs when the page is idle and takes this tab over by itself (no prompt).
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  const versions = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('khedma-shell-')));
  await expect.poll(versions).toHaveLength(1);
  const [first] = await versions();
  const notice = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(notice).toHaveCount(0);

  const bumped = await request.post('/api/dev/service-worker-version');
  expect(bumped.status()).toBe(200);
  // The browser checks for a new worker on navigations (and the app every hour): ask now.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect(notice).toBeVisible({ timeout: 30_000 });
  // It waits: the page still runs on the first version.
  expect(await versions()).toContain(first);

  await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
  // The page loads again on the new version: a server-rendered page, which the app takes over when the
  // reader acts (/boot.js).
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await notice.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await startTheApp(page);
  await page.waitForFunction(() => !(window as unknown as { before?: boolean }).before && document.documentElement.dataset.app === 'ready', undefined, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/about$/);
  // The new version controls the page and removed the old one's caches; no prompt any more.
  await expect.poll(versions, { timeout: 20_000 }).toEqual([`${first}-test1`]);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(notice).toHaveCount(0);
});
