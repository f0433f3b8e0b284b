import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Browser, type Page } from './support/test';
import { payOnHostedPage } from './support/cmi';
import { casablancaDate } from './support/time';
import { choosePasswordOnConfirmation } from './support/users';

/**
 * Issue 20: one booking reads the same local time everywhere a person reads it (the wizard, My
 * Bookings, the booking's details, the email in the outbox, the professional's list), and that time is
 * Morocco's real clock (IANA 2026d+: UTC+0 since 2026-09-20), whatever time-zone data the browser and
 * the server's runtime carry.
 *
 * Not by luck of the browser's data: the customer's browser is made to carry stale rules (an init
 * script maps Africa/Casablanca to UTC+1, as IANA 2025c and Node 20.20 do) and runs in Tokyo's zone;
 * the professional's runs in Los Angeles's. The server runs on Node 20.20 (2025c) itself.
 *
 * The customer is a new account, signed up and confirmed through the API and the emailed link. The
 * professional is the demo's pro@demo.ma: the only plumber in Casablanca, so the real assignment picks
 * them (approving a new professional is another journey).
 */

const PASSWORD = 'Strong!Pass1';
const PRO = 'pro@demo.ma';
const uniqueEmail = () => `e2e-time-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.ma`;

/** In the page: Intl with IANA 2025c's Casablanca (UTC+1), the stale data Node 20.20 carries. */
function staleCasablancaRules() {
  const Original = Intl.DateTimeFormat;
  const stale = (options?: Intl.DateTimeFormatOptions) =>
    options && typeof options.timeZone === 'string' && options.timeZone.toLowerCase() === 'africa/casablanca' ? { ...options, timeZone: 'Etc/GMT-1' } : options;
  const Patched = function (this: unknown, locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    return new Original(locales, stale(options));
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Patched, { supportedLocalesOf: Original.supportedLocalesOf.bind(Original) });
  Object.defineProperty(Patched, 'prototype', { value: Original.prototype });
  Intl.DateTimeFormat = Patched;
  for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const original = Date.prototype[method];
    Date.prototype[method] = function (this: Date, locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      return original.call(this, locales, stale(options));
    };
  }
}

const CONSENT = JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1 });
const withConsent = (value: string) => localStorage.setItem('khedma.cookieConsent', value);

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
}

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
}

/** The newest email to `to` whose subject matches (waits for it). */
async function emailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request)).find((m) => m.channel === 'email' && m.to === to && subject.test(m.subject ?? ''));
      return Boolean(found);
    }, { timeout: 30_000 })
    .toBe(true);
  return found!;
}

async function newPage(browser: Browser, timezoneId: string, stale: boolean): Promise<Page> {
  const context = await browser.newContext({ timezoneId, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(withConsent, CONSENT);
  if (stale) await context.addInitScript(staleCasablancaRules);
  return waitForAppOnNavigation(await context.newPage());
}

test('one booking reads the same Casablanca time in the wizard, My Bookings, the email and the professional\'s list', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  // A retry books another day: the first attempt's booking still holds its slot with the only plumber.
  const date = casablancaDate(21 + testInfo.retry);
  const [start, end] = ['10:00', '11:30'];

  // The customer: a new account, confirmed through the emailed link (which signs them in).
  const page = await newPage(browser, 'Asia/Tokyo', true);
  const email = uniqueEmail();
  const signUp = await page.request.post('/api/accounts/sign-up', {
    data: { name: 'Amina Tazi', email, password: PASSWORD, confirmPassword: PASSWORD, userType: 'customer', acceptAge: true, acceptTerms: true, locale: 'en' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const confirmation = await emailTo(page.request, email, /./);
  const link = new URL(/(https?:\/\/[^\s"<>]+)/.exec(confirmation.text)![1]!);
  expect(link.origin).toBe(new URL(baseURL!).origin);
  await page.goto(`${link.pathname}${link.search}`);
  await choosePasswordOnConfirmation(page, 'en', PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // This browser's own rules are the stale ones: 10:00 UTC on 24 Nov 2026 would read 11:00.
  expect(
    await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Casablanca', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date('2026-11-24T10:00:00Z'))),
  ).toBe('11:00');

  // The wizard: plumbing in Casablanca, the date and times chosen, the same times on the confirm step.
  const services = (await (await page.request.get('/api/services?category=plumbing')).json()) as Array<{ name: { en: string }; basePrice: number }>;
  const plumbing = [...services].sort((a, b) => a.basePrice - b.basePrice)[0]!;
  await page.goto('/book-service?lang=en');
  const progress = page.getByRole('progressbar', { name: 'Booking progress' });
  await page.getByRole('button', { name: new RegExp(plumbing.name.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await expect(progress).toHaveAttribute('aria-valuenow', '2');
  await page.getByRole('button', { name: 'Casablanca', exact: true }).click();
  await page.getByRole('button', { name: 'Anywhere in Casablanca' }).click();
  await expect(progress).toHaveAttribute('aria-valuenow', '3');
  await page.getByLabel('Date').fill(date);
  // The start times offered are Casablanca's wall clock: 10:00 is one of them.
  await expect(page.getByLabel('Start time').locator('option[value="10:00"]')).toHaveCount(1);
  await page.getByLabel('Start time').selectOption(start);
  await page.getByLabel('End time').selectOption(end);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(progress).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByText('Youssef', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(progress).toHaveAttribute('aria-valuenow', '5');
  await expect(page.getByText(`${start} – ${end}`)).toBeVisible();
  // The street address is required (issue 42).
  await page.getByLabel('Street address').fill('12 Rue Ibn Batouta, Maarif');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  const booking = (await (await created).json()) as { id: string; reference: string; scheduledStart: string; scheduledEnd: string; local: unknown };

  // The server's clock: Morocco is on UTC+0, so 10:00 there is 10:00 UTC (Node 20.20's rules gave 09:00).
  expect(booking.scheduledStart).toBe(`${date}T${start}:00.000Z`);
  expect(booking.scheduledEnd).toBe(`${date}T${end}:00.000Z`);
  expect(booking.local).toEqual({ date, startTime: start, endTime: end });

  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: /^Pay/ }).click();
  // CMI's hosted page (the simulator), then back: confirmed once its signed callback has landed.
  await payOnHostedPage(page);
  await expect(page.getByTestId('payment-confirmed')).toBeVisible({ timeout: 20_000 });

  // My Bookings: the card shows the same times, and the details too (with the day in words).
  await page.getByRole('link', { name: 'Go to My Bookings' }).click();
  const card = page.locator(`article[data-booking-reference="${booking.reference}"]`);
  await expect(card).toContainText(`${start} – ${end}`);
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long' }).format(new Date(`${date}T12:00:00Z`));
  await expect(card).toContainText(weekday);
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${start} – ${end}`);
  // "Booked on": today's Casablanca date, formatted in this browser from the shipped rules.
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
  await expect(dialog).toContainText(today);

  // The emails in the outbox: the customer's and the professional's say 10:00 as well.
  const customerMail = await emailTo(page.request, email, new RegExp(booking.reference));
  expect(customerMail.text).toContain(`at ${start}`);
  expect(customerMail.text).not.toContain('at 09:00');
  // (In the professional's language: the demo professional reads French, "… à 10:00".)
  const proMail = await emailTo(page.request, PRO, new RegExp(booking.reference));
  expect(proMail.text).toContain(` ${start}`);
  expect(proMail.text).not.toContain(' 09:00');

  // The professional's list, in a browser in Los Angeles: the same times.
  const pro = await newPage(browser, 'America/Los_Angeles', false);
  const signIn = await pro.request.post('/api/auth/sign-in/email', { data: { email: PRO, password: 'Demo!2345' } });
  expect(signIn.status()).toBe(200);
  await pro.goto('/pro-bookings?lang=en');
  const proCard = pro.locator(`article[data-booking-reference="${booking.reference}"]`);
  await expect(proCard).toContainText(`${start} – ${end}`, { timeout: 30_000 });
  await expect(proCard).toContainText(weekday);

  // Tidy: the customer cancels (free: within 15 minutes of booking) so the slot is free for other journeys.
  const cancel = await page.request.post(`/api/bookings/${booking.id}/cancel`, { data: {} });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await pro.context().close();
  await page.context().close();
});
