import { expect, test, type APIRequestContext, type Page } from './support/test';
import { skipCookieBanner } from './support/consent';
import { createCustomer } from './support/users';
import { readStrings } from './support/locales';

/**
 * Offline after the page loaded (docs/public-site.md: an installable PWA). A piece of UI whose code is fetched
 * on demand (toasts, the cookie settings dialog, a page not yet visited) must never take the page down
 * when that code cannot be fetched: the page stays, the reader is told they seem to be offline and can
 * try again. With the service worker, the pieces every page needs are served from its cache.
 */

type Language = 'en' | 'fr' | 'ar';
const shell = (lang: Language) =>
  readStrings<{
    a11y: Record<string, string>;
    auth: { guard: { checking: string } };
    common: Record<string, string>;
    footer: Record<string, string>;
    nav: Record<string, string>;
    pages: { myBookings: { title: string } } & Record<string, { title: string }>;
    errors: { api: { network: string } & Record<string, string>; boundary: { title: string; retry: string } & Record<string, string> };
  }>(`locales/${lang}.json`);
const consent = (lang: Language) =>
  readStrings<{
    dialog: Record<string, string>;
  }>(`features/consent/locales/${lang}.json`);

const catalog = readStrings<{
  catalogue: { title: string; resultsHeading: string };
}>('features/catalog/locales/en.json');

/** Uncaught errors (a failed lazy import that nothing caught shows up here). */
function watchPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page in a language, taken over by the app, with the chunks it fetches after load (cookie consent) in. */
async function open(page: Page, route: string, lang: Language) {
  await page.goto(lang === 'en' ? route : `${route}?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.waitForLoadState('networkidle');
}

/** Watches page errors, skips the cookie banner and opens `/` in `lang`, settled: each journey's start. */
async function openHome(page: Page, lang: Language) {
  const errors = watchPageErrors(page);
  await skipCookieBanner(page);
  await open(page, '/', lang);
  return { errors, strings: shell(lang) };
}

/** A new customer, signed in, on the English home page once the service worker controls it. */
async function openHomeSignedIn(page: Page, request: APIRequestContext) {
  const customer = await createCustomer(request);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: customer.email, password: customer.password },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const opened = await openHome(page, 'en');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  return opened;
}

/** The page is still there: header, a heading, and #root not emptied. */
async function expectPageStillThere(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('h1').first()).toBeVisible();
  expect(await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBeGreaterThan(0);
}

/** An in-app navigation (what a link does), to an address with no link on screen. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((route) => {
    window.history.pushState(window.history.state, '', route);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
}

/** The shell's notice that something could not be fetched. */
function offlineNotice(page: Page, lang: Language) {
  return page.getByRole('alert').filter({ hasText: shell(lang).errors.api.network });
}

test.describe('offline at 390 px without the service worker', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

  test('tapping the menu offline keeps the page and opens the menu; Cookie Preferences says it is offline and opens once back online', async ({
    page,
    context,
  }) => {
    const { errors, strings: fr } = await openHome(page, 'fr');

    await context.setOffline(true);
    // The first tap also fetches the toast library, which fails offline: that must not take the page down.
    await page.getByRole('button', { name: fr.a11y.openMenu }).tap();
    const menu = page.getByRole('dialog', { name: fr.a11y.menu });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: fr.a11y.closeMenu }).tap();
    await expect(menu).toBeHidden();
    await expectPageStillThere(page);

    // The cookie settings dialog is fetched when opened: offline, the page stays and the reader is told.
    const preferences = page.getByRole('contentinfo').getByRole('button', { name: fr.footer.cookiePreferences });
    await preferences.scrollIntoViewIfNeeded();
    await preferences.tap();
    const notice = offlineNotice(page, 'fr');
    await expect(notice).toBeVisible();
    await expectPageStillThere(page);
    await expect(page.getByRole('dialog', { name: consent('fr').dialog.title })).toHaveCount(0);

    // Still offline, Try again fails again and says so again.
    await notice.getByRole('button', { name: fr.common.retry }).tap();
    await expect(notice).toBeVisible();

    await context.setOffline(false);
    await notice.getByRole('button', { name: fr.common.retry }).tap();
    await expect(page.getByRole('dialog', { name: consent('fr').dialog.title })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await page.keyboard.press('Escape');

    // And the menu still works, with the toast library now fetched.
    await page.getByRole('button', { name: fr.a11y.openMenu }).tap();
    await expect(menu).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a page not loaded yet, opened offline, shows the error screen inside the layout with Try Again', async ({ page, context }) => {
    const { errors, strings: fr } = await openHome(page, 'fr');

    await context.setOffline(true);
    await page.getByRole('button', { name: fr.a11y.openMenu }).tap();
    await page.getByRole('dialog', { name: fr.a11y.menu }).getByRole('link', { name: fr.nav.faq }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.errors.boundary.title);
    await expect(page.getByRole('main').getByText(fr.errors.api.network)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    // Not reloaded into the offline page: still the app, at the page's address.
    await expect(page).toHaveURL(/\/faq/);
    expect(await page.evaluate(() => document.getElementById('root') !== null)).toBe(true);

    await context.setOffline(false);
    await page.getByRole('main').getByRole('button', { name: fr.errors.boundary.retry }).tap();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(fr.errors.boundary.title);
    await expect(page.getByRole('main').getByText(fr.errors.api.network)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('offline on a desktop without the service worker', () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

  test('Cookie Preferences offline keeps the page and says so, in Arabic', async ({ page, context }) => {
    const { errors, strings: ar } = await openHome(page, 'ar');

    await context.setOffline(true);
    await page.getByRole('contentinfo').getByRole('button', { name: ar.footer.cookiePreferences }).click();
    const notice = offlineNotice(page, 'ar');
    await expect(notice).toBeVisible();
    await expectPageStillThere(page);

    // Closing the notice leaves the page as it was; asking again (still offline) tells again.
    await notice.getByRole('button', { name: ar.common.close }).click();
    await expect(notice).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: ar.footer.cookiePreferences }).click();
    await expect(notice).toBeVisible();

    await context.setOffline(false);
    await notice.getByRole('button', { name: ar.common.retry }).click();
    await expect(page.getByRole('dialog', { name: consent('ar').dialog.title })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('offline at 390 px with the service worker', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('on the first visit, once the worker controls the page, the menu and the cookie settings open offline', async ({ page, context }) => {
    const { errors, strings: fr } = await openHome(page, 'fr');
    // The worker installs when the page is idle and takes this tab over (no reload needed).
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    // A page visited while online: its chunk goes through the worker, which keeps it.
    await page.getByRole('button', { name: fr.a11y.openMenu }).tap();
    await page.getByRole('dialog', { name: fr.a11y.menu }).getByRole('link', { name: fr.nav.faq }).tap();
    await expect(page).toHaveURL(/\/faq/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?lang=fr$|\/$/);

    await context.setOffline(true);
    await page.getByRole('button', { name: fr.a11y.openMenu }).tap();
    const menu = page.getByRole('dialog', { name: fr.a11y.menu });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: fr.a11y.closeMenu }).tap();
    await expectPageStillThere(page);

    const preferences = page.getByRole('contentinfo').getByRole('button', { name: fr.footer.cookiePreferences });
    await preferences.scrollIntoViewIfNeeded();
    await preferences.tap();
    await expect(page.getByRole('dialog', { name: consent('fr').dialog.title })).toBeVisible();
    await expect(offlineNotice(page, 'fr')).toHaveCount(0);

    // Scripts and styles are cached; user data from the API never is.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.some((url) => /^\/assets\/toaster-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached.some((url) => /^\/assets\/cookie-settings-dialog-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached.some((url) => /^\/assets\/faq-page-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/')).every((url) => /^\/api\/(categories|services|cities)/.test(url))).toBe(true);
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });
  // The first visit of My Bookings waits for its code: a chain of four chunk requests through the worker
  // (page, then card list, then dialog and summary, then three string bundles) before the page renders.
  // Measured (trace) with the machine's two cores shared by six sessions: 13.5 s to the heading, 13 s to
  // the list, 9 s for the heading offline, 10 s for the list back online, while every other step of the
  // journey took under 4 s; the 10 s default failed it under load though nothing was wrong (it passed
  // on its branch): these waits get 30 s.
  test('signed in, pages visited earlier and opened again offline in the app: the catalogue from the worker, the bookings say they are offline and load once back online', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const slow = { timeout: 30_000 };
    const { errors, strings: en } = await openHomeSignedIn(page, request);
    // The catalogue's own cards (its "Services" region under its heading), never the home page's Popular
    // Services, which are articles in <main> too: checking any article passed while the home page was still
    // on screen, the journey went on to My Bookings, that navigation replaced the catalogue's before its
    // page had asked for the plumbing services, and the worker had nothing to answer offline (the failure
    // since 7114d33, whose larger chunks only moved the race: the trace shows no catalogue request online).
    const catalogue = page.getByRole('main').getByRole('region', { name: catalog.catalogue.resultsHeading });
    const cards = catalogue.getByRole('article');
    const bookingsSkeleton = page.getByRole('main').getByRole('list', { name: en.common.loading });

    // Both pages visited online (their code and the public catalogue answer go through the worker).
    await navigateInApp(page, '/services?category=plumbing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog.catalogue.title, slow);
    await expect(cards.first()).toContainText('Plumbing', slow);
    await navigateInApp(page, '/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shell('en').pages.myBookings.title, slow);
    await expect(bookingsSkeleton).toHaveCount(0, slow);
    // A new start of the app on a page that brings no catalogue with it: only what the worker stored.
    await page.goto('/about');
    // Signed in on this new start before going offline: the mobile menu has the account's Log out.
    // (This check once asked the banner for a button named by a key the strings do not have, so it
    // matched the menu button at once and the journey could go offline before the session had loaded:
    // the flaky "Checking your session…" failure. The strings now throw on a missing key.)
    await page.getByRole('button', { name: en.a11y.openMenu }).tap();
    const menu = page.getByRole('dialog', { name: en.a11y.menu });
    await expect(menu.getByRole('button', { name: en.nav.logout })).toBeVisible(slow);
    await menu.getByRole('button', { name: en.a11y.closeMenu }).tap();
    await expect(menu).toBeHidden();

    await context.setOffline(true);
    await navigateInApp(page, '/services?category=plumbing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog.catalogue.title, slow);
    await expect(cards.first()).toContainText('Plumbing');
    await expect(offlineNotice(page, 'en')).toHaveCount(0);

    // The bookings are the customer's own, never stored: the page says it is offline instead of loading forever.
    await navigateInApp(page, '/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shell('en').pages.myBookings.title, slow);
    await expect(offlineNotice(page, 'en')).toBeVisible();

    await context.setOffline(false);
    await expect(bookingsSkeleton).toHaveCount(0, slow);
    await expect(offlineNotice(page, 'en')).toHaveCount(0);

    expect(errors).toEqual([]);
  });

  test('signed in, the connection drops while a new start of the app asks who is signed in: an account page says it is offline, then shows once back online', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const slow = { timeout: 30_000 };
    const { errors, strings: en } = await openHomeSignedIn(page, request);
    // My Bookings visited online once, so its code is in the worker's cache.
    await navigateInApp(page, '/dashboard/bookings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shell('en').pages.myBookings.title, slow);

    // A new start whose first session check is cut off by the connection dropping: the check waits
    // (TanStack pauses it offline) rather than failing, so the customer is neither sent to log in nor
    // shown an account page without an account.
    let releaseSession: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseSession = resolve));
    await context.route('**/api/auth/get-session', async (route) => {
      await held;
      // Going offline may already have failed the held request.
      await route.abort('internetdisconnected').catch(() => {});
    });
    await page.goto('/about');
    await context.setOffline(true);
    releaseSession();
    await context.unroute('**/api/auth/get-session');
    await navigateInApp(page, '/dashboard/bookings');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(en.auth.guard.checking);
    await expect(offlineNotice(page, 'en')).toBeVisible(slow);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shell('en').pages.myBookings.title, slow);
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(offlineNotice(page, 'en')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
