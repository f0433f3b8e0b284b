import { expect, test, type Page } from './support/test';
import { skipCookieBanner } from './support/consent';

/**
 * Server-rendered public pages (issue 4, "fast on a phone"): the first response already holds the
 * page in the reader's language with the catalogue it shows, so it paints before any JavaScript and
 * crawlers read it; the app then takes the page over without a visible change or a console error.
 */

interface Service {
  id: string;
  name: Record<'en' | 'fr' | 'ar', string>;
  basePrice: number;
}

async function services(page: Page): Promise<Service[]> {
  const res = await page.request.get('/api/services');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Service[];
}

/** Page errors, console errors and the `[hydration]` warnings main.tsx reports when hydration had to recover from a mismatch. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('[hydration]')) errors.push(message.text());
  });
  return errors;
}

const PHONE = { width: 390, height: 844 };

/** Opens a page on a 390 px phone, cookie choice already made, once the app has taken it over. */
async function openOnPhone(page: Page, path: string): Promise<void> {
  await skipCookieBanner(page);
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}

/** Whether React has taken the element over (it has a fiber), rather than it being the server's HTML still. */
function takenOver(locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, catalogue and a service page arrive complete, in English and in Arabic', async ({ page }) => {
    const all = await services(page);
    const first = all[0]!;

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('fixed price');
    // Popular Services: the first six active services, from the database.
    for (const service of all.slice(0, 6)) await expect(page.getByText(service.name.en, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveTitle(/Khedma/);

    await page.goto('/services?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    for (const service of all.slice(0, 10)) await expect(page.getByText(service.name.ar, { exact: true }).first()).toBeVisible();
    // A language chosen by link is remembered, without JavaScript too: the next page is Arabic.
    await page.goto(`/services/${first.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name.ar);

    await page.goto(`/services/${first.id}?lang=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name.en);
    await expect(page).toHaveTitle(`${first.name.en} | Khedma`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/services/${first.id}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute('href', new RegExp(`/services/${first.id}\\?lang=ar$`));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { name?: string };
    expect(jsonLd.name).toBe(first.name.en);
  });
});

test('the app starts from the catalogue in the page, however long ago the server rendered it, without reading it again', async ({ page }) => {
  await skipCookieBanner(page);
  await page.goto('/services'); // the server renders and keeps the page now
  const catalogueReads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(services|categories|cities)\b/.test(pathname)) catalogueReads.push(pathname);
  });
  // Ten minutes later (longer than the catalogue's freshness), the same kept page is served again.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  await page.goto('/services');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await page.waitForLoadState('networkidle');
  expect(catalogueReads).toEqual([]);
});

test('on a phone, sections below the fold are taken over when they come near the screen, and then work as the app', async ({ page }) => {
  await openOnPhone(page, '/');
  const popular = page.locator('section[aria-labelledby="popular-heading"]');
  // The hero and the search are the app's at once; Popular Services, far below, is still the server's HTML.
  await expect(page.getByRole('search').getByRole('button')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await takenOver(popular)).toBe(false);
  await expect(popular.locator('article')).toHaveCount(6);
  // Scrolled near: taken over, and its links navigate inside the app (no new document).
  await popular.scrollIntoViewIfNeeded();
  await expect.poll(() => takenOver(popular)).toBe(true);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await popular.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/services/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('on a phone, the catalogue\'s cards and the footer wait until needed; a button pressed before that works, and navigating takes the rest over', async ({ page }) => {
  const errors = collectErrors(page);
  await openOnPhone(page, '/services');
  // (By tag: while the cookie dialog is open, the page behind it is out of the accessibility tree.)
  const footer = page.locator('footer');
  const cards = page.locator('main article');
  await page.waitForTimeout(500);
  // Every card is on the page (server HTML); the ones far below and the footer are not the app's yet.
  expect(await cards.count()).toBe((await services(page)).length);
  expect(await takenOver(cards.last())).toBe(false);
  expect(await takenOver(footer)).toBe(false);
  expect(await takenOver(page.getByRole('searchbox'))).toBe(true);

  // A click on a footer button that was never scrolled to (no pointer moved over it): handled.
  await footer.getByRole('button', { name: 'Cookie Preferences' }).dispatchEvent('click');
  const dialog = page.getByRole('dialog', { name: 'Cookie Settings' });
  await expect(dialog).toBeVisible();
  expect(await takenOver(footer)).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await takenOver(cards.last())).toBe(false);

  // Searching navigates (the query is in the URL): the cards still waiting are taken over, not held.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('searchbox').fill('paint');
  await expect(page).toHaveURL(/q=paint/);
  await expect(cards).not.toHaveCount((await services(page)).length);
  await expect(cards.first()).toContainText(/paint/i);
  expect(await takenOver(cards.last())).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('on a phone, the browser lays out the catalogue\'s cards far below only as they near the screen; the end of the page is where it says', async ({ page }) => {
  const errors = collectErrors(page);
  await openOnPhone(page, '/services');
  const cards = page.locator('main article');
  // checkVisibility with contentVisibilityAuto: false for content the browser is skipping (skip-offscreen).
  const rendered = (locator: typeof cards) => locator.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered(cards.first())).toBe(true);
  expect(await rendered(cards.last())).toBe(false);
  // The footer is never skipped: jumping to the end lands on its last line at once.
  expect(await rendered(page.locator('footer'))).toBe(true);

  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => rendered(cards.last())).toBe(true);
  const box = (await cards.last().boundingBox())!;
  expect(box.height).toBeGreaterThan(300);
  await expect(cards.last().getByRole('link')).toBeVisible();

  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  const last = await page.locator('footer p').last().boundingBox();
  expect(last!.y + last!.height).toBeLessThanOrEqual(PHONE.height);
  expect(errors).toEqual([]);
});

test('on a phone, switching language before the sections below are needed renders them in the new language, without a hydration error', async ({ page }) => {
  const errors = collectErrors(page);
  const all = await services(page);
  await openOnPhone(page, '/services?lang=fr');
  const cards = page.locator('main article');
  await expect(cards.last()).toContainText(all.at(-1)!.name.fr);
  expect(await takenOver(cards.last())).toBe(false);
  // English is in the bundle, so the switch is immediate: the waiting cards still hold the French HTML.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: /^EN/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(cards.last()).toContainText(all.at(-1)!.name.en);
  await expect(page.locator('footer')).toContainText('Cookie Preferences');
  expect(await takenOver(cards.last())).toBe(true);
  expect(errors).toEqual([]);
});

test('the app takes a server-rendered page over without a change or an error, and the chosen language is rendered next time', async ({ page }) => {
  await skipCookieBanner(page);
  const errors = collectErrors(page);
  const all = await services(page);

  await page.goto('/');
  // Taken over (the fixture waited for it): the page is the app's now and still shows the same content.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByText(all[0]!.name.en, { exact: true }).first()).toBeVisible();
  // A client-side navigation works: the app is in charge.
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Choosing Arabic is remembered in a cookie, so the server renders the next page in Arabic.
  await page.getByRole('contentinfo').getByRole('link', { name: /^AR/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const html = await (await page.request.get('/services')).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  await page.goto('/services');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(all[0]!.name.ar, { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a reader who came by a ?lang=ar link and went on before the app started keeps Arabic when the app takes over', async ({ page, baseURL }) => {
  await skipCookieBanner(page);
  const errors = collectErrors(page);
  const all = await services(page);
  // What a ?lang=ar page leaves when its reader clicks on before the app starts: the server's cookie,
  // nothing in localStorage (the app never ran to store it).
  await page.context().addCookies([{ name: 'khedma.lang', value: 'ar', url: baseURL! }]);
  await page.goto('/services');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  expect(await page.evaluate(() => localStorage.getItem('khedma.lang'))).toBeNull();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(all[0]!.name.ar, { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a link prefetches its page when pointed at or focused, so the page is in by the click', async ({ page }) => {
  await skipCookieBanner(page);
  const pageChunks: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (/^(faq|pricing)-page-[\w-]+\.js$/.test(name)) pageChunks.push(name);
  });
  await page.goto('/');
  expect(pageChunks).toEqual([]);

  // Pointer over the footer's FAQ link: its page's code is fetched before any click.
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'FAQ' }).hover();
  await expect.poll(() => pageChunks.filter((name) => name.startsWith('faq-page-')).length).toBe(1);
  // Keyboard focus does the same for another link.
  await footer.getByRole('link', { name: 'Pricing' }).focus();
  await expect.poll(() => pageChunks.filter((name) => name.startsWith('pricing-page-')).length).toBe(1);

  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Following the link fetched nothing more of that page.
  expect(pageChunks.filter((name) => name.startsWith('faq-page-'))).toHaveLength(1);
});

test('every server-rendered page hydrates without a mismatch, in English, French and Arabic', async ({ page }) => {
  // 33 page loads, each with the app started by the pointer as the page appears (decision 0031): minutes on a busy two-core machine.
  test.setTimeout(300_000);
  await skipCookieBanner(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('[hydration]')) problems.push(`${page.url()}: ${message.text()}`);
  });
  // Marks the server's <h1> before the app runs: hydration keeps that node, a re-render would replace it.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('h1')?.setAttribute('data-server-node', ''));
  });
  const all = await services(page);
  const pages = ['/', '/about', '/services', '/services/plumbing', `/services/${all[0]!.id}`, '/contact', '/faq', '/pricing', '/terms', '/privacy', '/cookies'];
  for (const lang of ['en', 'fr', 'ar']) {
    for (const path of pages) {
      await page.goto(`${path}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // Hydrated, not re-rendered: the server's <h1> is still the one on screen.
      await expect(page.locator('h1[data-server-node]'), `${path} in ${lang}`).toBeVisible();
    }
  }
  expect(problems).toEqual([]);
});

test('a page that does not exist answers 404 with its not-found page, and the app takes it over as it is', async ({ page }) => {
  await skipCookieBanner(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    // The browser reports the page's own 404 answer as a failed load; nothing else may fail.
    if (message.text().includes('status of 404')) return;
    if (message.type() === 'error' || message.text().includes('[hydration]')) problems.push(`${page.url()}: ${message.text()}`);
  });
  const serviceReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/services/')) serviceReads.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('h1')?.setAttribute('data-server-node', ''));
  });

  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.locator('h1[data-server-node]')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  // A service id no service has: "Service Not Found" from the first response on, not asked for again.
  const service = await page.goto('/services/11111111-2222-4333-8444-555555555555');
  expect(service?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
  await expect(page.locator('h1[data-server-node]')).toBeVisible();
  await page.getByRole('link', { name: /Back to Services/i }).click();
  await expect(page).toHaveURL(/\/services$/);
  // Any other value is no service either: the same page (rendered once, its data under each value).
  for (const path of ['/services/made-up-id', '/services/caf%C3%A9']) {
    const other = await page.goto(path);
    expect(other?.status(), path).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
    await expect(page.locator('h1[data-server-node]'), path).toBeVisible();
  }
  expect(serviceReads).toEqual([]);

  // In Arabic (`?lang=ar`, which the app then remembers), right to left, kept out of search results.
  const arabic = await page.goto('/no-such-page?lang=ar');
  expect(arabic?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.locator('h1[data-server-node]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(problems).toEqual([]);
});

test('a campaign link (utm_*, click ids) gets the server-rendered page, and the app takes it over without a mismatch', async ({ page }) => {
  await skipCookieBanner(page);
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('h1')?.setAttribute('data-server-node', ''));
  });
  const all = await services(page);
  for (const path of ['/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', '/services?gclid=abc123', `/services/${all[0]!.id}?fbclid=xyz&lang=fr`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    // The server's page (its title, not the app shell's generic one), named by its bare URL.
    const html = await res!.text();
    expect(html, path).not.toContain('<div id="root"></div>');
    await expect(page.locator('link[rel="canonical"]')).not.toHaveAttribute('href', /[?&](utm_|gclid|fbclid)/);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    // Hydrated, not re-rendered, and the parameters stay in the address for analytics.
    await expect(page.locator('h1[data-server-node]'), path).toBeVisible();
    expect(page.url()).toContain(path.split('?')[1]!.split('&')[0]!);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(all[0]!.name.fr);
  expect(errors).toEqual([]);
});
