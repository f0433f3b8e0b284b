/**
 * Issue 38, what a newcomer met on the screen, at 390 px in English and Arabic (screenshots in
 * test-results/screenshots/newcomer-*): step 7 of the application says what is wrong next to each field
 * and keeps the consents across a reload; a double click on Submit application or on an admin's Refund
 * sends once and shows what happened.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { payByApi } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';
import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Browser, type Page } from './support/test';

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
const catalogues = {
  onboarding: { en: readStrings<Catalogue>('features/onboarding/locales/en.json'), ar: readStrings<Catalogue>('features/onboarding/locales/ar.json') },
  admin: { en: readStrings<Catalogue>('features/admin/locales/en.json'), ar: readStrings<Catalogue>('features/admin/locales/ar.json') },
  shell: { en: readStrings<Catalogue>('locales/en.json'), ar: readStrings<Catalogue>('locales/ar.json') },
  dashboard: { en: readStrings<Catalogue>('features/dashboard/locales/en.json'), ar: readStrings<Catalogue>('features/dashboard/locales/ar.json') },
  booking: { en: readStrings<Catalogue>('features/booking/locales/en.json'), ar: readStrings<Catalogue>('features/booking/locales/ar.json') },
  pros: { en: readStrings<Catalogue>('features/pros/locales/en.json'), ar: readStrings<Catalogue>('features/pros/locales/ar.json') },
  site: { en: readStrings<Catalogue>('features/site/locales/en.json'), ar: readStrings<Catalogue>('features/site/locales/ar.json') },
  profile: { en: readStrings<Catalogue>('features/profile/locales/en.json'), ar: readStrings<Catalogue>('features/profile/locales/ar.json') },
  earnings: { en: readStrings<Catalogue>('features/earnings/locales/en.json'), ar: readStrings<Catalogue>('features/earnings/locales/ar.json') },
};

/** The string at a dotted key of a catalogue, with {{variables}} filled in. */
function text(ns: keyof typeof catalogues, lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue)[part], catalogues[ns][lang]);
  if (typeof value !== 'string') throw new Error(`not a string: ${lang} ${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `newcomer-${name}.png`), fullPage: true });

/** A context of its own at 390 px in `lang`, signed in as a new person. */
async function person(
  browser: Browser,
  type: 'customer' | 'pro' | 'admin',
  lang: Language,
  o: { name: string; roles?: Array<'super_admin' | 'application_reviewer' | 'finance_admin'>; city?: string; category?: string } = { name: 'Karim Bennani' },
  /** 'block' where a journey fakes the API's answers (page.route does not see the service worker's requests). */
  serviceWorkers: 'allow' | 'block' = 'allow',
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang, ...o });
  const page = waitForAppOnNavigation(await context.newPage());
  return { context, page, user };
}

/** A mobile number nobody else has: 61 then 7 digits (every 61… is a valid Moroccan mobile; some 68… are not). */
const uniqueDigits = () => `61${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** A valid RIB: 22 digits and the key that makes the 24-digit number divisible by 97. */
function rib(first22 = '0117800000123456789012') {
  let rest = 0;
  for (const c of `${first22}00`) rest = (rest * 10 + Number(c)) % 97;
  return first22 + String((97 - rest) % 97).padStart(2, '0');
}
/** 24 digits whose key is wrong (the example). */
const WRONG_KEY_RIB = '011780000012345678901234';

/** Steps 1 to 6 of an application made through the API, so the wizard opens on step 7. */
async function draftUpToFinal(request: APIRequestContext, final: Record<string, unknown> = {}) {
  const phone = `+212${uniqueDigits()}`;
  // The accounts module (better-auth) answers only requests of its own origin.
  const headers = { origin: `http://127.0.0.1:${process.env.E2E_PORT}` };
  const sent = await request.post('/api/auth/phone-number/send-otp', { data: { phoneNumber: phone }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as Array<{ channel: string; to: string; text: string }>;
      code = /(\d{6})/.exec(list.find((m) => m.channel === 'sms' && m.to === phone)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const verified = await request.post('/api/auth/phone-number/verify', { data: { phoneNumber: phone, code }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  const put = async (step: string, data: unknown) => {
    const res = await request.put(`/api/applications/draft/${step}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  const cities = (await (await request.get('/api/cities')).json()) as Array<{ id: string; slug: string }>;
  const services = (await (await request.get('/api/services')).json()) as Array<{ id: string }>;
  const me = (await (await request.get('/api/auth/get-session')).json()) as { user: { email: string } };
  await put('personal', { firstName: 'Karim', lastName: 'Bennani', email: me.user.email, dateOfBirth: '1990-05-12' });
  await put('area', { cityId: cities.find((c) => c.slug === 'rabat')!.id, boroughIds: [] });
  await put('services', { serviceIds: [services[0]!.id] });
  await put('availability', { availability: { monday: { allDay: true } } });
  const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#2b3fb6' } }).jpeg().toBuffer();
  for (const kind of ['profilePhoto', 'idFront', 'idBack']) {
    const res = await request.post(`/api/applications/draft/documents/${kind}`, { multipart: { file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: jpeg } } });
    expect(res.status(), await res.text()).toBe(200);
  }
  if (Object.keys(final).length) await put('final', final);
}

for (const lang of ['en', 'ar'] as const) {
  test(`step 7 says what is wrong next to each field, on blur and on Submit, and keeps the consents across a reload (${lang}, 390 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await person(browser, 'customer', lang);
    await draftUpToFinal(context.request);
    await page.goto(`/professional-onboarding?lang=${lang}`);
    const main = page.getByRole('main');
    const t = (key: string) => text('onboarding', lang, key);
    await expect(main.getByRole('heading', { level: 2, name: t('wizard.steps.final') })).toBeVisible();

    // Submit is never greyed out: pressed with fields missing, each says so next to it, and the first takes the focus.
    const submit = main.getByRole('button', { name: t('final.submit') });
    await expect(submit).toBeEnabled();
    await submit.click();
    const description = main.getByRole('textbox', { name: t('final.description') });
    await expect(description).toBeFocused();
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    for (const key of ['description', 'bank', 'accountHolder', 'rib', 'acceptTerms', 'acceptPrivacy']) {
      await expect(main.getByText(t(`final.errors.${key}`))).toBeVisible();
    }
    await shot(page, `final-errors-${lang}-390`);

    // A fixed field's message goes at once; a RIB with the right length and a wrong key says so on blur.
    await description.fill('Plumber for ten years: leaks, water heaters, bathrooms.');
    await expect(main.getByText(t('final.errors.description'))).toHaveCount(0);
    await page.reload();
    await expect(main.getByRole('heading', { level: 2, name: t('wizard.steps.final') })).toBeVisible();
    const ribBox = main.getByRole('textbox', { name: t('final.rib'), exact: true });
    await ribBox.fill(WRONG_KEY_RIB);
    await expect(main.getByText(t('final.errors.rib'))).toHaveCount(0);
    await ribBox.press('Tab');
    await expect(main.getByText(t('final.errors.rib'))).toBeVisible();
    await expect(ribBox).toHaveAttribute('aria-invalid', 'true');
    await shot(page, `final-rib-blur-${lang}-390`);

    // The consents are kept in the saved draft: a reload keeps them ticked.
    const terms = main.getByRole('checkbox', { name: new RegExp(t('final.termsLink')) });
    const privacy = main.getByRole('checkbox', { name: new RegExp(t('final.privacyLink')) });
    // The save that carries both ticks (an earlier one, of the RIB's blur, may still be on its way).
    const saved = page.waitForResponse((r) => {
      const body = r.request().postData() ?? '';
      return r.url().endsWith('/api/applications/draft/final') && r.request().method() === 'PUT' && body.includes('"acceptTerms":true') && body.includes('"acceptPrivacy":true');
    });
    await terms.check();
    await privacy.check();
    await saved;
    await page.reload();
    await expect(main.getByRole('checkbox', { name: new RegExp(t('final.termsLink')) })).toBeChecked();
    await expect(main.getByRole('checkbox', { name: new RegExp(t('final.privacyLink')) })).toBeChecked();
    await context.close();
  });

  test(`a double click on Submit application sends it once and says it was submitted (${lang}, 390 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await person(browser, 'customer', lang);
    await draftUpToFinal(context.request, {
      description: 'Plumber for ten years.',
      bankName: 'CIH Bank',
      rib: rib(),
      accountHolder: 'Karim Bennani',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    await page.goto(`/professional-onboarding?lang=${lang}`);
    const t = (key: string) => text('onboarding', lang, key);
    const main = page.getByRole('main');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/applications') posts++;
    });
    await main.getByRole('button', { name: t('final.submit') }).dblclick();
    const dialog = page.getByRole('dialog', { name: t('submit.successTitle') });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(t('submit.exists'))).toHaveCount(0);
    await shot(page, `submit-double-click-${lang}-390`);
    expect(posts).toBe(1);
    await context.close();
  });

  test(`a double click on Refund refunds once and says it was refunded (${lang}, 390 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const pro = await person(browser, 'pro', lang, { name: 'Fouad Plombier', city: 'tanger', category: 'plumbing' });
    const customer = await person(browser, 'customer', lang, { name: 'Khadija Client' });
    const booking = await paidBooking(customer.context.request, pro.user, casablancaDate(14 + Math.floor(Math.random() * 14)), lang === 'en' ? '09:00' : '14:00', lang === 'en' ? '10:00' : '15:00');
    const admin = await person(browser, 'admin', lang, { name: 'Amal Admin', roles: ['super_admin'] });
    const { page } = admin;
    const t = (key: string, vars: Record<string, string> = {}) => text('admin', lang, key, vars);
    await page.goto(`/admin/bookings?lang=${lang}`);
    await page.getByRole('searchbox', { name: t('bookings.filters.search') }).fill(booking.reference);
    await page.getByRole('group', { name: t('bookings.actionsFor', { reference: booking.reference }) }).getByRole('button', { name: t('bookings.refund') }).click();
    const dialog = page.getByRole('dialog', { name: t('bookings.refundTitle', { reference: booking.reference }) });
    await dialog.getByLabel(t('bookings.refundReason')).fill('The customer was away');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/admin/bookings/${booking.id}/refund`)) posts++;
    });
    await dialog.getByRole('button', { name: t('bookings.confirmRefund') }).dblclick();
    await expect(page.getByText(t('bookings.refundedSent'))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t('bookings.refundFailed'))).toHaveCount(0);
    await shot(page, `refund-double-click-${lang}-390`);
    expect(posts).toBe(1);
    for (const x of [pro, customer, admin]) await x.context.close();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`each admin role is told plainly where a page is not theirs, and sees an admin's dashboard (${lang}, 390 px)`, async ({ browser }) => {
    const shell = (key: string) => text('shell', lang, key);
    for (const role of ['application_reviewer', 'finance_admin'] as const) {
      const { context, page } = await person(browser, 'admin', lang, { name: 'Rim Admin', roles: [role] });
      await page.goto(`/professional-onboarding?lang=${lang}`);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(shell('auth.guard.applyNotAllowed'))).toBeVisible();
      await expect(page.getByText(text('onboarding', lang, 'wizard.loadFailed'))).toHaveCount(0);
      if (role === 'application_reviewer') await shot(page, `reviewer-onboarding-${lang}-390`);
      await context.close();
    }
    const { context, page } = await person(browser, 'admin', lang, { name: 'Samira Super', roles: ['super_admin'] });
    await page.goto(`/pro-profile?lang=${lang}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(shell('auth.guard.proOnlyAdmin'))).toBeVisible();
    // The admin's own dashboard: the admin subtitle and tab, no professional's tabs (they answer 403), no customer's figures.
    const main = page.getByRole('main');
    await expect(main.getByText(text('dashboard', lang, 'subtitle.admin'))).toBeVisible();
    await expect(main.getByRole('tab', { name: text('admin', lang, 'tab.label') })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('tab', { name: text('pros', lang, 'settings.tab') })).toHaveCount(0);
    await expect(main.getByRole('tab', { name: text('earnings', lang, 'tab') })).toHaveCount(0);
    await expect(main.getByText(text('dashboard', lang, 'stats.totalSpent'))).toHaveCount(0);
    await shot(page, `super-admin-dashboard-${lang}-390`);
    await context.close();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`the admin bookings filter with From after To says why next to the dates, and the figures do not spin for ever (${lang}, 390 px)`, async ({ browser }) => {
    const { context, page } = await person(browser, 'admin', lang, { name: 'Amal Admin', roles: ['super_admin'] });
    const t = (key: string) => text('admin', lang, key);
    await page.goto(`/admin/bookings?lang=${lang}`);
    const figures = page.getByRole('region', { name: t('bookings.stats.label') });
    await expect(figures.locator('.animate-pulse')).toHaveCount(0);
    await page.getByLabel(t('bookings.filters.to')).fill(casablancaDate(1));
    await page.getByLabel(t('bookings.filters.from')).fill(casablancaDate(5));
    const to = page.getByLabel(t('bookings.filters.to'));
    await expect(page.getByText(t('bookings.filters.dateOrder'))).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(t('bookings.filters.fixDates'))).toBeVisible();
    await expect(figures.locator('.animate-pulse')).toHaveCount(0);
    await page.getByText(t('bookings.filters.dateOrder')).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `newcomer-admin-dates-${lang}-390.png`) });
    // Put right, the list comes back.
    await page.getByLabel(t('bookings.filters.from')).fill(casablancaDate(0));
    await expect(page.getByText(t('bookings.filters.dateOrder'))).toHaveCount(0);
    await context.close();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`the SPEC's messages where their situation happens: signed out, lists that fail, no services, the profile's unexpected error (${lang}, 390 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const b = (key: string) => text('booking', lang, key);
    // Signed out, the booking wizard: "Please login to create a booking".
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(visitor);
    const out = waitForAppOnNavigation(await visitor.newPage());
    await out.goto(`/book-service?lang=${lang}`);
    await expect(out).toHaveURL(/\/login/);
    await expect(out.getByText(text('shell', lang, 'auth.guard.createBooking'))).toBeVisible();
    await shot(out, `login-to-book-${lang}-390`);
    await visitor.close();

    const { context, page } = await person(browser, 'customer', lang, undefined, 'block');
    // The dashboard's bookings cannot be read: "Unable to load bookings. Please try again."
    await page.route(/\/api\/bookings(\?.*)?$/, (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }) : route.fallback()));
    await page.goto(`/dashboard?lang=${lang}`);
    await expect(page.getByText(b('errors.loadBookingsRetry'))).toBeVisible();
    await shot(page, `dashboard-bookings-failed-${lang}-390`);
    await page.unroute(/\/api\/bookings(\?.*)?$/);

    // The search page's lists cannot be read: "Failed to load search data", with Try again.
    // (Opened within the app: a page the server renders arrives with its lists.)
    await page.route('**/api/cities', (route) => route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }));
    await page.evaluate(() => {
      history.pushState(null, '', '/search');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText(text('pros', lang, 'errors.searchData'))).toBeVisible();
    await shot(page, `search-data-failed-${lang}-390`);
    await page.unroute('**/api/cities');

    // No service at all: "No services available. Please contact support."
    await page.route('**/api/services', (route) => route.fulfill({ json: [] }));
    await page.goto(`/book-service?lang=${lang}`);
    await expect(page.getByText(b('errors.noServices'))).toBeVisible();
    await shot(page, `no-services-${lang}-390`);
    await page.unroute('**/api/services');

    // The chosen service's add-ons cannot be read: a toast titled Error, "Failed to fetch add-ons".
    const services = (await (await context.request.get('/api/services')).json()) as Array<{ id: string }>;
    const id = services[0]!.id;
    await page.route(`**/api/services/${id}`, (route) => route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }));
    await page.goto(`/book-service?service=${id}&lang=${lang}`);
    await expect(page.getByText(b('errors.addOns'))).toBeVisible();
    await expect(page.getByText(b('errors.addOnsTitle'), { exact: true })).toBeVisible();
    await shot(page, `add-ons-failed-${lang}-390`);
    await page.unroute(`**/api/services/${id}`);

    // The server fails a profile update: "An unexpected error occurred".
    await page.route('**/api/profile', (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }) : route.fallback()));
    await page.goto(`/profile?lang=${lang}`);
    await page.getByRole('textbox', { name: text('profile', lang, 'form.fullName') }).fill('Karim Bennani');
    await page.getByRole('button', { name: text('profile', lang, 'form.submit') }).click();
    await expect(page.getByText(text('profile', lang, 'form.unexpected'))).toBeVisible();
    await context.close();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`the contact form sent offline says the connection is gone and that it will be sent, and is sent once back online (${lang}, 390 px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(context);
    const page = waitForAppOnNavigation(await context.newPage());
    const c = (key: string) => text('site', lang, `contact.${key}`);
    await page.goto(`/contact?lang=${lang}`);
    await page.getByRole('textbox', { name: c('name') }).fill('Salma Bennani');
    await page.getByRole('textbox', { name: c('email') }).fill('salma@example.ma');
    await page.getByRole('textbox', { name: c('message') }).fill('Do you cover Bouskoura for plumbing?');
    // A reader types (fill does not press keys): the first key press fetches the toasts' code, as in life.
    await page.getByRole('textbox', { name: c('message') }).press('End');
    await page.waitForFunction(() => Boolean(document.querySelector('section[aria-label][tabindex="-1"], [data-sonner-toaster]')));
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact') posts++;
    });
    await context.setOffline(true);
    await page.getByRole('button', { name: c('submit') }).click();
    await expect(page.getByText(text('shell', lang, 'errors.api.offlineQueued'))).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `newcomer-contact-offline-${lang}-390.png`) });
    expect(posts).toBe(0);
    await context.setOffline(false);
    await expect(page.getByText(c('success'))).toBeVisible();
    await expect(page.getByText(text('shell', lang, 'errors.api.offlineQueued'))).toHaveCount(0);
    expect(posts).toBe(1);
    await context.close();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`copy and layout: the city's price from step 1, no floating button over a list, the dashboard's tabs on screen (${lang}, 390 px)`, async ({ browser }) => {
    const { context, page } = await person(browser, 'customer', lang);
    // The city is known (a link's ?city=): each service says its price there, as the confirm step will.
    const cities = (await (await context.request.get('/api/cities')).json()) as Array<{ slug: string; name: Record<Language, string> }>;
    const casablanca = cities.find((c) => c.slug === 'casablanca')!;
    // Services on quote (issue 43) have no price to give: the others each say theirs.
    const services = ((await (await context.request.get('/api/services')).json()) as Array<{ id: string; basePrice: number; onQuote: boolean }>).filter((s) => !s.onQuote);
    const price = (await (await context.request.get(`/api/services/${services[0]!.id}/price?city=casablanca`)).json()) as { price: number };
    await page.goto(`/book-service?city=casablanca&lang=${lang}`);
    const first = page.locator('[data-city-price]').first();
    await expect(first).toContainText(`${casablanca.name[lang]}`);
    await expect(page.locator('[data-city-price]')).toHaveCount(services.length);
    await expect(page.locator('[data-city-price]', { hasText: String(price.price) }).first()).toBeVisible();
    await shot(page, `service-city-price-${lang}-390`);
    // Without a city yet, step 2 gives the chosen service's price in each city.
    await page.goto(`/book-service?lang=${lang}`);
    await page.locator('ul button[aria-pressed]').first().click();
    const casablancaButton = page.getByRole('button', { name: new RegExp(casablanca.name[lang]) });
    await expect(casablancaButton).toContainText('MAD');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `newcomer-city-step-price-${lang}-390.png`) });

    // The floating Become a Professional button is on the home page and the dashboard, not over a list's cards.
    await page.goto(`/search?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-become-pro-fab]')).toHaveCount(0);

    // The dashboard's tab row: every tab on screen at 390 px (wrapping, never clipped at the edge).
    await page.goto(`/dashboard?lang=${lang}`);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.getByRole('tablist').screenshot({ path: path.join(SCREENSHOT_DIR, `newcomer-dashboard-tabs-${lang}-390.png`) });
    await context.close();
  });

  test(`the reviewer's table never breaks a rate inside its amount at 1280 px (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await skipCookieBanner(context);
    await createUser(context, 'admin', { lang, name: 'Rim Reviewer', roles: ['application_reviewer'] });
    const page = waitForAppOnNavigation(await context.newPage());
    // An application with an hourly rate (the demo applicant's may be approved by another journey): one of this journey's own.
    const applicant = await browser.newContext();
    await createUser(applicant, 'customer', { lang, name: 'Rachid Tarif' });
    await draftUpToFinal(applicant.request, { description: 'Painter.', bankName: 'CIH Bank', rib: rib(), accountHolder: 'Rachid Tarif', acceptTerms: true, acceptPrivacy: true });
    const submitted = await applicant.request.post('/api/applications', { data: { experienceYears: 5, description: 'Painter.', bankName: 'CIH Bank', rib: rib(), accountHolder: 'Rachid Tarif', acceptTerms: true, acceptPrivacy: true } });
    expect(submitted.status(), await submitted.text()).toBe(201);
    await applicant.close();
    // Applications made in the wizard have no rate; the demo applicant's (160 MAD) may be approved by another
    // journey: every pending application is shown with that rate.
    await page.route('**/api/admin/applications', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { applications: Array<{ hourlyRate: number | null }> };
      for (const a of body.applications) a.hourlyRate = 160;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/admin/review-professionals?lang=${lang}`);
    const perHour = text('admin', lang, 'review.perHour', { amount: '' }).trim();
    const rates = page.locator('tbody td').filter({ hasText: perHour });
    await expect(rates.first()).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `newcomer-reviewer-rate-${lang}-1280.png`) });
    for (const rate of await rates.all()) {
      // One line: every box of the cell's text at one height (in Arabic the amount is a run of its own).
      const lines = await rate.evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
    }
    await context.close();
  });
}

async function paidBooking(request: APIRequestContext, pro: TestPerson, date: string, startTime: string, endTime: string) {
  const created = await request.post('/api/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: { location: '12 Rue Ibnou Sina', serviceTypeId: pro.serviceTypeIds![0], cityId: pro.cityId, date, startTime, endTime },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; reference: string };
  await payByApi(request, booking.id);
  return booking;
}
