import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { startTheApp } from './support/test';

/**
 * What a visitor does before the app takes a server-rendered public page over, and without JavaScript
 * (issue 23, docs/public-site.md "work before the script arrives"). These journeys act at once after the
 * page arrives: they import Playwright's own `test`, not the one of support/test.ts that waits for
 * `<html data-app="ready">` after each navigation. To make "before the app" certain rather than a race
 * with a fast machine, the app's scripts are held back (as a slow phone on 4G holds them for seconds)
 * until the journey lets them through. The app starts at the reader's first sign of use (/boot.js):
 * startTheApp gives one where the journey has given none yet.
 */

const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const read = (file: string) => readStrings(`features/${file}`);
const home = { fr: read('home/locales/fr.json') as unknown as Record<string, string> };
const shell = readStrings<{ cookieBanner: Record<string, string> }>('locales/en.json');
const consent = { banner: shell.cookieBanner };

interface OutboxMessage {
  to: string;
  text: string;
}

async function messagesWith(request: APIRequestContext, marker: string): Promise<number> {
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
  return outbox.filter((m) => m.text.includes(marker)).length;
}

/** Holds the app's scripts (the entry and its chunks) until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** Page errors, console errors and main.tsx's `[hydration]` warnings (the server's page and the app's first render disagreed). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('[hydration]')) errors.push(message.text());
  });
  return errors;
}

async function expectNotTakenOver(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
}

async function fillContact(page: Page, marker: string) {
  await page.getByRole('textbox', { name: /Full name/ }).fill('Salma Bennani');
  await page.getByRole('textbox', { name: /Email/ }).fill('salma@example.ma');
  await page.getByRole('textbox', { name: /Message/ }).fill(`Do you cover Ain Diab for a sofa cleaning? ${marker}`);
}

test.describe('at once after the page arrives, before the app takes it over', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the contact form sent in the first second reaches the outbox once, with the success message', async ({ page, request }) => {
    await skipCookieBanner(page);
    const release = await holdTheApp(page);
    const errors = collectErrors(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const marker = `first-second ${Date.now()}`;
    await fillContact(page, marker);
    await expectNotTakenOver(page);
    // Sent while the app's code is still on its way: the page is the server's HTML alone.
    await page.getByRole('button', { name: 'Send Message' }).click();

    // The server answered the form with the page and its message.
    await page.waitForURL('**/contact');
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect.poll(() => messagesWith(request, marker)).toBe(1);
    await expect(page.getByRole('textbox', { name: /Message/ })).toHaveValue('');

    // The app takes the answer over: the message stays, and nothing is sent again.
    release();
    await startTheApp(page);
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await messagesWith(request, marker)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('what was typed before the app took the page over is sent by the app, once', async ({ page, request }) => {
    await skipCookieBanner(page);
    const errors = collectErrors(page);
    const release = await holdTheApp(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const marker = `typed-before ${Date.now()}`;
    await fillContact(page, marker);
    release();
    await startTheApp(page);
    await expect(page.getByRole('textbox', { name: /Full name/ })).toHaveValue('Salma Bennani');
    await expect(page.getByRole('textbox', { name: /Message/ })).toHaveValue(new RegExp(marker));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SUCCESS).first()).toBeVisible();
    await expect.poll(() => messagesWith(request, marker)).toBe(1);
    // A second send of the same message (a double press, a reload of the answer) is the same message.
    const again = await request.post('/api/contact', {
      data: { name: 'Salma Bennani', email: 'salma@example.ma', message: `Do you cover Ain Diab for a sofa cleaning? ${marker}` },
    });
    expect(again.status()).toBe(201);
    await page.waitForTimeout(500);
    expect(await messagesWith(request, marker)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('the language switch pressed at once switches, and the app keeps the language', async ({ page }) => {
    await skipCookieBanner(page);
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expectNotTakenOver(page);
    await page.getByRole('banner').getByRole('link', { name: /^FR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 2, name: home.fr.searchHeading })).toBeVisible();
    release();
    await startTheApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // The next page, reached by a plain link, is French too (the server remembered the choice).
    const next = await page.request.get('/about');
    expect(await next.text()).toContain('<html lang="fr" dir="ltr">');
  });

  test('a category chip followed at once carries the words typed; once the app runs, chips filter without loading the page', async ({ page }) => {
    await skipCookieBanner(page);
    const errors = collectErrors(page);
    const release = await holdTheApp(page);
    await page.goto('/services', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox', { name: 'Search services' }).fill('clean');
    await expectNotTakenOver(page);
    await page.getByRole('group', { name: 'Filter by category' }).getByRole('link', { name: 'Cleaning', exact: true }).click();

    // The server's page for the chip, with what was typed.
    await expect(page).toHaveURL((url) => url.pathname === '/services' && url.searchParams.get('q') === 'clean' && url.searchParams.get('category') === 'cleaning');
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('clean');
    const chips = page.getByRole('group', { name: 'Filter by category' });
    await expect(chips.getByRole('link', { name: 'Cleaning', exact: true })).toHaveAttribute('aria-current', 'true');

    release();
    await startTheApp(page);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('searchbox', { name: 'Search services' }).fill('cleaning');
    // Pressed before the search settles (300 ms): the words go along anyway.
    await chips.getByRole('link', { name: 'All Services', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/services' && url.searchParams.get('q') === 'cleaning' && !url.searchParams.has('category'));
    await expect(chips.getByRole('link', { name: 'All Services', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('cleaning');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the header carries Register as a Professional', async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Register as a Professional' })).toHaveAttribute(
      'href',
      '/professional-onboarding',
    );
  });

  test('the cookie banner is in the page and shows before the app; its buttons work before the app takes over', async ({ page, context }) => {
    const release = await holdTheApp(page);
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('region', { name: consent.banner!.title });
    await expect(banner).toBeVisible({ timeout: 2_000 });
    await expectNotTakenOver(page);
    await banner.getByRole('button', { name: consent.banner!.essentialOnly }).click();
    await expect(banner).toBeHidden();
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)) ?? 'null') as { analytics: boolean } | null;
    expect(stored?.analytics).toBe(false);

    // Another tab of the site: the choice holds there; the app, once in, shows no banner either.
    const other = await context.newPage();
    await other.goto('/about', { waitUntil: 'domcontentloaded' });
    await other.waitForTimeout(300);
    await expect(other.getByRole('region', { name: consent.banner!.title })).toBeHidden();
    release();
    await startTheApp(page);
    await expect(banner).toBeHidden();
  });

  test('a choice withdrawn in another tab brings the banner back; consent dated in the future counts as none', async ({ page, context }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(key, JSON.stringify({ essential: true, version: 1, analytics: true, marketing: true, timestamp: new Date(Date.now() + 86_400_000 * 30).toISOString() }));
      }
    }, CONSENT_STORAGE_KEY);
    await page.goto('/pricing');
    const banner = page.getByRole('region', { name: consent.banner!.title });
    await expect(banner).toBeVisible();
    await startTheApp(page);
    await banner.getByRole('button', { name: consent.banner!.acceptAll }).click();
    await expect(banner).toBeHidden();

    const other = await context.newPage();
    await other.goto('/pricing');
    await startTheApp(other);
    await expect(other.getByRole('region', { name: consent.banner!.title })).toBeHidden();
    await other.evaluate((key) => localStorage.removeItem(key), CONSENT_STORAGE_KEY);
    await expect(banner).toBeVisible();
    await expect(other.getByRole('region', { name: consent.banner!.title })).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the contact form is answered by the server: errors with what was typed, then the success message, into the outbox', async ({ page, request }) => {
    await page.goto('/contact');
    const marker = `no-js ${Date.now()}`;
    await page.getByRole('textbox', { name: /Full name/ }).fill('Salma Bennani');
    await page.getByRole('textbox', { name: /Email/ }).fill('not an email');
    await page.getByRole('textbox', { name: /Message/ }).fill(`Short ${marker}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message. Please try again.' })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Full name/ })).toHaveValue('Salma Bennani');
    expect(await messagesWith(request, marker)).toBe(0);

    await page.getByRole('textbox', { name: /Email/ }).fill('salma@example.ma');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect.poll(() => messagesWith(request, marker)).toBe(1);
  });

  test('the category chips are links the server answers, on /services and on a category page', async ({ page, request }) => {
    const services = (await (await request.get('/api/services')).json()) as Array<{ category: string; name: { en: string } }>;
    const count = (category: string) => services.filter((s) => s.category === category).length;
    const chips = page.getByRole('group', { name: 'Filter by category' });
    const cards = page.getByRole('main').getByRole('article');

    await page.goto('/services');
    await expect(cards).toHaveCount(services.length);
    await chips.getByRole('link', { name: 'Moving', exact: true }).click();
    await expect(page).toHaveURL(/\/services\?category=moving#search$/);
    await expect(cards).toHaveCount(count('moving'));
    await expect(chips.getByRole('link', { name: 'Moving', exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(chips.getByRole('link', { name: 'All Services', exact: true })).not.toHaveAttribute('aria-current');

    // A search within the category, then every category with that search.
    await page.getByRole('searchbox', { name: 'Search services' }).fill('move');
    await page.getByRole('searchbox', { name: 'Search services' }).press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'move' && url.searchParams.get('category') === 'moving');
    await chips.getByRole('link', { name: 'All Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services\?q=move#search$/);
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('move');

    // A category page's chips lead to the other categories' pages.
    await page.goto('/services/cleaning');
    await chips.getByRole('link', { name: 'Plumbing', exact: true }).click();
    await expect(page).toHaveURL(/\/services\/plumbing#search$/);
    await expect(page.locator('h1')).toHaveText('Plumbing services');
    await expect(cards).toHaveCount(count('plumbing'));
    await expect(chips.getByRole('link', { name: 'Plumbing', exact: true })).toHaveAttribute('aria-current', 'true');
  });

  test('the language switch, the home search and Book This Service with its add-on and city', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: /^AR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('contentinfo').getByRole('link', { name: /^EN\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('searchbox').first().fill('leak');
    await page.getByRole('searchbox').first().press('Enter');
    await expect(page).toHaveURL(/\/services\?q=leak#search$/);
    const card = page.getByRole('main').getByRole('article').filter({ hasText: 'Leak Detection & Repair' });
    await expect(card).toBeVisible();

    const services = (await (await request.get('/api/services')).json()) as Array<{ id: string; name: { en: string } }>;
    const leak = services.find((s) => s.name.en === 'Leak Detection & Repair')!;
    const detail = (await (await request.get(`/api/services/${leak.id}`)).json()) as { addOns: Array<{ id: string; name: { en: string } }> };
    await page.goto(`/services/${leak.id}`);
    await page.getByRole('checkbox', { name: detail.addOns[0]!.name.en }).check();
    await page.getByLabel('Price in your city').selectOption('rabat');
    await page.getByRole('button', { name: 'Book This Service' }).last().click();
    await expect(page).toHaveURL((url) => url.pathname === '/book-service');
    const url = new URL(page.url());
    expect(url.searchParams.get('service')).toBe(leak.id);
    expect(url.searchParams.getAll('addons')).toEqual([detail.addOns[0]!.id]);
    expect(url.searchParams.get('city')).toBe('rabat');
  });
});
