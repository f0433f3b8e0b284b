import { expect, startTheApp, test, waitForAppOnNavigation, type Page } from './support/test';
import { readStrings } from './support/locales';
import { expectNoSeriousAxeViolations } from './support/axe';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { skipCookieBanner } from './support/consent';
import { createCustomer, type TestUser } from './support/users';
import { watchErrors } from './support/errors';

/**
 * The web shell (docs/public-site.md): every public route renders inside the layout in English and in Arabic, the
 * language choice made through the UI survives a reload, unknown paths show the 404 page, render
 * failures show the error screen, and the mobile menu works from the keyboard at 390 px.
 */

// The cookie banner has its own journeys (site.spec.ts); here it would cover the page and its fade-in
// would be caught mid-animation by the contrast check.
test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

/** Public routes of docs/public-site.md (no sign-in needed to see them). */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/services',
  '/services/plumbing',
  '/contact',
  '/faq',
  '/pricing',
  '/terms',
  '/privacy',
  '/cookies',
  '/terms-new',
  '/privacy-new',
  '/login',
  '/signup',
  // /become-pro needs an account since issue 24 (a toast and /login); onboarding.spec covers it.
  '/register-professional',
  '/search',
];

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');

/** Collects uncaught page errors and console errors for the whole test. */


async function expectShell(page: Page, route: string) {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page).toHaveTitle(/\| Khedma$/);
  await expectNoSeriousAxeViolations(page, route);
}

function languageButton(page: Page, code: 'EN' | 'FR' | 'AR') {
  return page.getByRole('banner').getByRole('group').getByRole('link', { name: new RegExp(`^${code}\\b`) });
}

test.describe('shell at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every public route renders in English', async ({ page }) => {
    test.slow(); // visits every public route with an accessibility check on each
    const errors = watchErrors(page);
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expectShell(page, route);
    }
    expect(errors).toEqual([]);
  });

  test('Arabic chosen in the header persists across reloads and on every public route', async ({ page }) => {
    test.slow(); // visits every public route with an accessibility check on each
    const errors = watchErrors(page);
    await page.goto('/');
    await languageButton(page, 'AR').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(languageButton(page, 'AR')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('link', { name: 'احجز خدمة' })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('khedma.lang'))).toBe('ar');

    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectShell(page, route);
    }

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-ar-1280.png'), fullPage: true });

    // And back to English from the footer switch.
    await page.getByRole('contentinfo').getByRole('link', { name: /^EN\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(errors).toEqual([]);
  });

  test('French is remembered too', async ({ page }) => {
    await page.goto('/about');
    await languageButton(page, 'FR').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de Khedma');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de Khedma');
    await expect(page).toHaveTitle('À propos de Khedma | Khedma');
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    const errors = watchErrors(page);
    const response = await page.goto('/this/page/does-not-exist');
    // A real 404 (not a "soft" one), which the browser reports as the one failed load.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expectShell(page, '404');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Book a Service' })).toHaveAttribute('href', '/services#search');
    await expect(page.getByRole('link', { name: 'Become a Professional' })).toHaveAttribute('href', '/become-pro');
    expect(errors).toEqual(['console.error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });

  test('legacy paths redirect', async ({ page }) => {
    await page.goto('/professional/abc-123?from=link');
    await expect(page).toHaveURL(/\/pro\/abc-123\?from=link$/);
    await page.goto('/apply-professional');
    await expect(page).not.toHaveURL(/apply-professional/);
    await expect(page).toHaveURL(/\/(professional-onboarding|login)/);
  });

  test('the page scrolls to the top on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/about');
    await expect(page.locator('h1')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a reload, or a return to a page no longer in the back/forward cache, keeps the reading position', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const position = () => page.evaluate(() => window.scrollY);
    const taken = () => page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await page.goto('/terms');
    await page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
    await expect.poll(position).toBe(2500);

    // The browser puts the page back where the reader was; the app taking over must leave it there.
    await page.reload();
    await expect.poll(position).toBe(2500);
    await page.waitForTimeout(500);
    expect(await position()).toBe(2500);

    // Playwright's Chromium keeps no page in the back/forward cache, so going back loads /terms again.
    await page.goto('/privacy');
    expect(await position()).toBe(0);
    await page.goBack();
    await taken();
    await expect.poll(position).toBe(2500);
    await page.waitForTimeout(500);
    expect(await position()).toBe(2500);
  });

  test("the header does not move when the app takes the server's page over", async ({ browser, page }) => {
    // French: "Connexion" and "Inscription" are the widest account buttons.
    // Every visible link and button of the header (the language switch sits next to the account buttons).
    const positions = async (p: Page) =>
      p.getByRole('banner').locator('a, button').evaluateAll((controls) =>
        controls.map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => Math.round(r.left)),
      );
    const serverOnly = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const server = await serverOnly.newPage();
    await server.goto('/about?lang=fr');
    const before = await positions(server);
    await serverOnly.close();

    await page.goto('/about?lang=fr');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inscription' })).toBeVisible();
    expect(before.length).toBeGreaterThan(2);
    // The server's page holds the account buttons' place (hidden) while the session loads.
    expect(await positions(page)).toEqual(before);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('h1')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the footer offers cookie preferences, legal links, five social links and the app stores', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookies');
    await expect(footer.getByRole('link', { name: /^Khedma on / })).toHaveCount(5);
    await expect(footer.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Google Play/ })).toBeVisible();

    const opened = page.evaluate(
      () => new Promise<boolean>((resolve) => window.addEventListener('khedma:open-cookie-settings', () => resolve(true), { once: true })),
    );
    await footer.getByRole('button', { name: 'Cookie Preferences' }).click();
    expect(await opened).toBe(true);
  });

  test.describe(() => {
    // page.route does not see what a service worker fetches, and the worker takes the page over once
    // it has installed (sw.template.js): without it, the aborted chunk is the page's own request.
    test.use({ serviceWorkers: 'block' });

    test('a page that fails to load shows the error screen', async ({ page }) => {
      await page.goto('/');
      // The About page's code cannot be fetched (as after a deploy removed it).
      await page.route('**/assets/about-page-*.js', (route) => route.abort());
      // A chunk that cannot be fetched makes the app load the page again once (route-error.tsx): a
      // server-rendered About page, which the app takes over when the reader acts (/boot.js).
      const reloaded = page.waitForEvent('load');
      await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
      await reloaded;
      await startTheApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
      await expect(page.getByText('We encountered an unexpected error. Please try refreshing the page.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
      // Header and footer stay usable.
      await expect(page.getByRole('banner')).toBeVisible();

      await page.unroute('**/assets/about-page-*.js');
      await page.getByRole('button', { name: 'Refresh Page' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Khedma');
    });
  });

  test('the development mailbox page renders whatever the API says', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Development mailbox');
    // Outside production it lists messages (or says there are none); in production the route 404s.
    await expect(
      page.getByText(/^(Messages: \d+|The development mailbox is off\. It only runs outside production\.|Could not load the mailbox\.)/).first(),
    ).toBeVisible();
  });
});

test.describe('shell at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  for (const start of ['/services', '/about']) {
    test(`Back within the app puts the reader where they were on a long catalogue, at once (catalogue ${start === '/about' ? 'rendered in the browser' : 'from the server'})`, async ({ page }) => {
      const position = () => page.evaluate(() => window.scrollY);
      await page.goto(start);
      if (start === '/about') {
        await page.getByRole('main').getByRole('link', { name: 'Browse Services' }).click();
        await expect(page).toHaveURL(/\/services$/);
      }
      const cards = page.locator('main article');
      const services = (await (await page.request.get('/api/services')).json()) as unknown[];
      expect(services.length).toBeGreaterThan(20);
      await expect(cards).toHaveCount(services.length);
      // Read down the list, as a reader does, to the thirteenth card.
      for (let y = 0; y < 5000; y += 600) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await page.waitForTimeout(30);
      }
      const card = cards.nth(12);
      await card.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.waitForTimeout(100);
      const before = { y: await position(), top: await card.evaluate((element) => Math.round(element.getBoundingClientRect().top)) };
      expect(before.y).toBeGreaterThan(4000);

      await card.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}$/);
      await expect(page.locator('h1')).toBeVisible();
      await expect.poll(position).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/services$/);
      // At once (not gliding down from the top), and to the same card.
      await page.waitForFunction(() => window.scrollY > 0);
      expect(await position()).toBe(before.y);
      expect(await card.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBe(before.top);
    });
  }

  test('the mobile menu opens and closes with the keyboard', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Open menu' });
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'Home' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // Open with Space, follow a link with Enter: navigates and closes.
    await page.keyboard.press(' ');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'Services' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    expect(errors).toEqual([]);
  });

  test('Arabic shell at 390 px: no horizontal overflow, menu from the inline end (left)', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: /^AR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('h1')).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/ (ar, 390)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-ar-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'حلّ القائمة' }).click();
    const dialog = page.getByRole('dialog', { name: 'القائمة' });
    await expect(dialog).toBeVisible();
    // In right-to-left the sheet hangs from the left edge (the inline end), once it has slid in.
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.x ?? -1)).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-ar-390-menu.png'), animations: 'disabled' });
    expect(errors).toEqual([]);
  });
});

/**
 * The floating "Become a Professional" button (docs/public-site.md shell): for signed-in customers who never
 * applied, off the onboarding and admin pages, at the bottom inline-end corner, dismissible for good.
 */
const DEMO_PASSWORD = 'Demo!2345';

/**
 * Signs in through the API: the session cookie lands in the page's browser context (the Origin lets it
 * replace another session). Customers are made by each journey (their choices, such as hiding the
 * button, are their own); the demo professional, applicant and admin are only looked at.
 */
async function signIn(page: Page, user: TestUser | string) {
  const origin = test.info().project.use.baseURL!;
  const { email, password } = typeof user === 'string' ? { email: user, password: DEMO_PASSWORD } : user;
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('account menu at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('opens from the keyboard; Tab and Shift+Tab close it and move on, Escape returns to the button', async ({ page, request }) => {
    await signIn(page, await createCustomer(request));
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Account menu' });
    const menu = page.getByRole('menu');
    // (By attribute: while the menu is open, the rest of the page is hidden from the accessibility tree.)
    const relation = () =>
      page.locator('button[aria-label="Account menu"]').evaluate((trigger) => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'body';
        if (active === trigger) return 'button';
        if (active.closest('[role="menu"]')) return 'menu';
        return trigger.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
      });

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect.poll(relation).toBe('menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect.poll(relation).toBe('button');

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect.poll(relation).toBe('after');

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeHidden();
    await expect.poll(relation).toBe('before');
  });
});

test.describe('logging out at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('from My Bookings: home, signed out, and the bookings are not asked for again', async ({ page, request }) => {
    await signIn(page, await createCustomer(request));
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401 && new URL(response.url()).pathname.startsWith('/api/bookings')) refused.push(response.url());
    });
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/bookings' && response.ok());
    await page.goto('/dashboard/bookings');
    await listed;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
});

test.describe('Become a Professional button', () => {
  const shellAr = readStrings<{ becomeProFab: { label: string; dismiss: string } }>('locales/ar.json');
  const fabOf = (page: Page) => page.locator('[data-become-pro-fab]');

  /** Opens a page and waits until the session is known and nothing more loads (the button's code is lazy). */
  async function openSettled(page: Page, route: string, signedIn = true) {
    const me = signedIn ? page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me') : null;
    await page.goto(route);
    await me;
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('a customer who never applied sees it at the bottom end; it leads to the onboarding, and is not on the onboarding pages', async ({ page, request }) => {
      const errors = watchErrors(page);
      await signIn(page, await createCustomer(request));
      await openSettled(page, '/');
      const fab = fabOf(page);
      const link = fab.getByRole('link', { name: 'Become a Professional' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', '/professional-onboarding');
      await expect(fab.getByRole('button', { name: 'Hide “Become a Professional”' })).toBeVisible();
      // Bottom right in English, 16 px from the edges.
      const box = (await fab.boundingBox())!;
      expect(Math.round(1280 - (box.x + box.width))).toBe(16);
      expect(Math.round(800 - (box.y + box.height))).toBe(16);
      await expectNoSeriousAxeViolations(page, '/ (with the Become a Professional button)');

      // A visible focus ring from the keyboard.
      await page.keyboard.press('Tab');
      await link.focus();
      expect(await link.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'become-pro-fab-en-1280-focus.png') });

      // To the onboarding wizard, where it is not shown.
      await link.click();
      await expect(page).toHaveURL(/\/professional-onboarding$/);
      await expect(page.locator('h1')).toBeVisible();
      await expect(fab).toBeHidden();

      // Loaded directly, the onboarding pages do not show it either; back home (client-side) it shows again.
      for (const route of ['/become-pro', '/register-professional', '/professional-onboarding', '/apply-professional']) {
        await openSettled(page, route);
        await expect(fab, route).toBeHidden();
      }
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
      await expect(link).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Become a Pro', exact: true }).click();
      await expect(page).toHaveURL(/\/become-pro$/);
      await expect(fab).toBeHidden();
      expect(errors).toEqual([]);
    });

    test('dismissed, it stays hidden after a reload, for this user only', async ({ page, request }) => {
      await signIn(page, await createCustomer(request));
      await openSettled(page, '/');
      const fab = fabOf(page);
      await fab.getByRole('button', { name: 'Hide “Become a Professional”' }).click();
      await expect(fab).toBeHidden();
      await expect(page.locator('main#main')).toBeFocused();

      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expect(fab).toBeHidden();
      await openSettled(page, '/services');
      await expect(fab).toBeHidden();

      // Another customer on the same browser still sees it.
      await signIn(page, await createCustomer(request, { lang: 'fr' }));
      await openSettled(page, '/');
      await expect(fab.getByRole('link', { name: /Become a Professional|Devenir professionnel/ })).toBeVisible();
    });

    for (const email of ['pro@demo.ma', 'applicant@demo.ma', 'admin@demo.ma']) {
      test(`${email} does not see it`, async ({ page }) => {
        await signIn(page, email);
        await openSettled(page, '/?lang=en');
        await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
        await expect(fabOf(page)).toHaveCount(0);
      });
    }

    test('visitors do not see it', async ({ page }) => {
      await openSettled(page, '/', false);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(fabOf(page)).toHaveCount(0);
    });

    test('it waits for the cookie choice (the banner has the bottom of the screen until then)', async ({ browser, request }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = waitForAppOnNavigation(await context.newPage());
      await signIn(page, await createCustomer(request));
      await openSettled(page, '/');
      const banner = page.getByRole('region', { name: 'We use cookies' });
      await expect(banner).toBeVisible();
      await expect(fabOf(page)).toHaveCount(0);
      await banner.getByRole('button', { name: 'Essential Only' }).click();
      await expect(fabOf(page).getByRole('link', { name: 'Become a Professional' })).toBeVisible();
      await context.close();
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('English and Arabic (mirrored to the left), never over a page’s action bar', async ({ page, request }) => {
      const errors = watchErrors(page);
      await signIn(page, await createCustomer(request));
      await openSettled(page, '/');
      const fab = fabOf(page);
      await expect(fab.getByRole('link', { name: 'Become a Professional' })).toBeVisible();
      let box = (await fab.boundingBox())!;
      expect(Math.round(390 - (box.x + box.width))).toBe(16);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'become-pro-fab-en-390.png') });

      // Not on a page with a main action bar (here the service page's Book bar).
      const services = (await (await request.get('/api/services?category=plumbing')).json()) as Array<{ id: string }>;
      await openSettled(page, `/services/${services[0]!.id}`);
      await expect(page.locator('[data-action-bar]')).toBeVisible();
      await expect(fab).toBeHidden();

      await openSettled(page, '/?lang=ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const link = fab.getByRole('link', { name: shellAr.becomeProFab.label });
      await expect(link).toBeVisible();
      await expect(fab.getByRole('button', { name: shellAr.becomeProFab.dismiss })).toBeVisible();
      box = (await fab.boundingBox())!;
      expect(Math.round(box.x)).toBe(16);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await expectNoSeriousAxeViolations(page, '/ (ar, 390, with the Become a Professional button)');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'become-pro-fab-ar-390.png') });
      // Scrolled to the end, the footer's last line clears the button.
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      const lastLine = page.getByRole('contentinfo').locator('p').last();
      await expect.poll(async () => (await lastLine.boundingBox())!.y + (await lastLine.boundingBox())!.height).toBeLessThanOrEqual((await fab.boundingBox())!.y);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'become-pro-fab-ar-390-bottom.png') });
      expect(errors).toEqual([]);
    });

    test('it steps aside from the empty dashboard’s Book a Service, and comes back once scrolled on', async ({ page, request }) => {
      const errors = watchErrors(page);
      await signIn(page, await createCustomer(request));
      await openSettled(page, '/dashboard');
      const fab = fabOf(page);
      const book = page.locator('main').getByRole('link', { name: 'Book a Service' }).last();
      await expect(page.getByText('You have no bookings yet.')).toBeVisible();
      await book.scrollIntoViewIfNeeded();
      // Put the empty state's button where the button floats: the bottom of the screen.
      await page.evaluate(() => {
        const links = [...document.querySelectorAll('main [data-keep-clear]')];
        const last = links[links.length - 1]!;
        window.scrollBy({ top: last.getBoundingClientRect().bottom - (window.innerHeight - 24), behavior: 'instant' });
      });
      await expect(fab).toBeHidden();
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'become-pro-fab-en-390-empty-dashboard.png') });
      // Nothing over it: a tap reaches it (Playwright refuses a click an element above would take).
      await book.click({ trial: true, timeout: 5_000 });
      // Scrolled on, the button is clear of it, and the floating button is back.
      await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }));
      await expect(fab.getByRole('link', { name: 'Become a Professional' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
});

/**
 * After an in-app navigation the tab title and the route announcer (a polite live region) follow the
 * page's final state: a page that first shows "Loading service…" is announced by the title it settles
 * on (the service's name, Service Not Found, Professional not found), once.
 */
test.describe('route announcements follow the settled page', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** Everything the live region said, in order (each change of its text). */
  async function recordAnnouncements(page: Page) {
    await page.evaluate(() => {
      const region = document.querySelector('[aria-live="polite"][aria-atomic="true"].sr-only');
      const said: string[] = [];
      (window as unknown as { announced: string[] }).announced = said;
      new MutationObserver(() => {
        const text = region?.textContent ?? '';
        if (text && said.at(-1) !== text) said.push(text);
      }).observe(region!, { childList: true, subtree: true, characterData: true });
    });
    return () => page.evaluate(() => (window as unknown as { announced: string[] }).announced);
  }

  /** An in-app navigation (as a link would do), without a link to the address on screen. */
  async function navigateInApp(page: Page, to: string) {
    await page.evaluate((path) => {
      window.history.pushState(window.history.state, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, to);
  }

  test('a service, a missing service and a missing professional are announced and titled by what they show', async ({ page }) => {
    // Answers come late, so the loading state is on screen for a while.
    await page.route(/\/api\/(services\/[^/?]+|pros\/[^/?]+)(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/about');
    const announced = await recordAnnouncements(page);
    const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: string; name: { en: string } }>;
    const service = services[0]!;

    await navigateInApp(page, `/services/${service.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.name.en);
    await expect(page).toHaveTitle(`${service.name.en} | Khedma`);
    await expect.poll(announced).toEqual([`${service.name.en} | Khedma`]);

    await navigateInApp(page, '/services/garbage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
    await expect(page).toHaveTitle('Service Not Found | Khedma');
    await expect.poll(announced).toEqual([`${service.name.en} | Khedma`, 'Service Not Found | Khedma']);

    await navigateInApp(page, '/pro/xyz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Professional not found');
    await expect(page).toHaveTitle('Professional not found | Khedma');
    await expect.poll(announced).toEqual([`${service.name.en} | Khedma`, 'Service Not Found | Khedma', 'Professional not found | Khedma']);
    // Nothing more comes later (no second announcement of the same page).
    await page.waitForTimeout(1500);
    expect(await announced()).toHaveLength(3);
  });
});
