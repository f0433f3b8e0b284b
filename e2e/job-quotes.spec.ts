import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForAppOnNavigation, openIn, type Browser, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import type { BrowserContext } from '@playwright/test';
import { payOnHostedPage } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';

/**
 * Quotes for jobs without a fixed price (issue 43; docs/job-quotes.md), at 390 px in English and Arabic:
 * a customer requests quotes for a whole-home move (with a photo); two movers of the city answer (one
 * through the quote form, one through the API); the customer compares them, accepts the cheaper, and
 * pays the booking on the CMI simulator's hosted page. The other mover's quote reads "Not chosen".
 */
type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [lang, JSON.parse(readFileSync(path.join(WEB, `features/quotes/locales/${lang}.json`), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;
function text(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} quotes:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const VIEWPORT = { width: 390, height: 844 };
interface Person {
  context: BrowserContext;
  page: Page;
  person: TestPerson;
}
async function person(browser: Browser, type: 'customer' | 'pro', lang: Language, o: Parameters<typeof createUser>[2] = {}): Promise<Person> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await skipCookieBanner(context);
  const created = await createUser(context, type, { lang, ...o });
  return { context, page: waitForAppOnNavigation(await context.newPage()), person: created };
}

const JOURNEYS = [
  { lang: 'en' as const, city: 'agadir', cityName: 'Agadir', movers: ['Omar Quotes', 'Rachid Quotes'] },
  { lang: 'ar' as const, city: 'meknes', cityName: 'مكناس', movers: ['Samir Quotes', 'Adil Quotes'] },
];

test.describe('job quotes', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const j of JOURNEYS) {
    test(`a moving request gets two quotes; the customer accepts one and pays (${j.lang}, 390 px)`, async ({ browser }) => {
      const t = (key: string, vars?: Record<string, string | number>) => text(j.lang, key, vars);
      const customer = await person(browser, 'customer', j.lang, { name: 'Leila Demande' });
      const first = await person(browser, 'pro', j.lang, { city: j.city, category: 'moving', name: j.movers[0] });
      const second = await person(browser, 'pro', j.lang, { city: j.city, category: 'moving', name: j.movers[1] });
      const services = (await (await customer.context.request.get('/api/services?category=moving')).json()) as Array<{ id: string; onQuote: boolean }>;
      const move = services.find((s) => s.onQuote)!;
      const page = customer.page;

      // The request: job, city, what moves, the address, a photo.
      await openIn(page, j.lang, `/quotes/new?service=${move.id}`);
      await expect(page.getByRole('heading', { name: t('new.title') })).toBeVisible();
      await page.getByRole('button', { name: t('new.submit') }).click();
      await expect(page.getByText(t('errors.city'))).toBeVisible();
      await expect(page.getByText(t('errors.description'))).toBeVisible();
      await page.getByLabel(t('new.city')).selectOption({ label: j.cityName });
      await page.getByLabel(t('new.description')).fill('Two-bedroom flat, second floor without a lift, 30 boxes, a sofa and a fridge.');
      await page.getByLabel(t('new.address')).fill('14 Rue Moulay Ismail, near the pharmacy');
      await page.getByLabel(t('new.date', { n: 1 })).fill(casablancaDate(6));
      await page.getByLabel(t('new.photos')).setInputFiles({ name: 'boxes.png', mimeType: 'image/png', buffer: PNG });
      await expectNoSeriousAxeViolations(page, `${j.lang} new quote request`);
      await shot(page, `job-quotes-${j.lang}-1-request`);
      await page.getByRole('button', { name: t('new.submit') }).click();
      await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
      const requestId = /\/quotes\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      await expect(page.getByText(t('request.waiting'))).toBeVisible();
      await expect(page.getByRole('img', { name: t('request.photo', { n: 1 }) })).toBeVisible();

      // The first mover answers through the form (no street address before they are chosen).
      const proPage = first.page;
      await openIn(proPage, j.lang, `/dashboard/job-requests/${requestId}`);
      await expect(proPage.getByText(t('pro.addressHidden'))).toBeVisible();
      await proPage.getByLabel(t('pro.lineLabel', { n: 1 })).fill('Truck and three movers');
      await proPage.getByLabel(t('pro.lineAmount', { n: 1 })).fill('1200');
      await proPage.getByRole('button', { name: t('pro.addLine') }).click();
      await proPage.getByLabel(t('pro.lineLabel', { n: 2 })).fill('Packing boxes');
      await proPage.getByLabel(t('pro.lineAmount', { n: 2 })).fill('100');
      await proPage.getByLabel(t('pro.visitDate')).fill(casablancaDate(7));
      await expectNoSeriousAxeViolations(proPage, `${j.lang} quote form`);
      await shot(proPage, `job-quotes-${j.lang}-2-quote-form`);
      await proPage.getByRole('button', { name: t('pro.send') }).click();
      await expect(proPage.getByText(t('pro.sent'))).toBeVisible();
      await expect(proPage.getByRole('button', { name: t('pro.withdraw') })).toBeVisible();

      // The second mover, cheaper, through the API.
      const quoted = await second.context.request.post(`/api/job-requests/${requestId}/quotes`, {
        data: { lines: [{ label: 'Move', amount: 1000 }], validUntil: casablancaDate(4), date: casablancaDate(8), startTime: '14:00', endTime: '18:00' },
      });
      expect(quoted.status(), await quoted.text()).toBe(201);

      // The customer compares: cheapest first, totals with the fee; accepts the cheaper one and pays.
      await page.reload();
      const cards = page.locator('[data-quote]');
      await expect(cards).toHaveCount(2);
      await expect(cards.first()).toContainText(j.movers[1]!.split(' ')[0]!);
      await expect(cards.first()).toContainText(t('quote.cheapest'));
      await expect(cards.first().getByTestId('quote-total')).toContainText('1');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousAxeViolations(page, `${j.lang} compare quotes`);
      await shot(page, `job-quotes-${j.lang}-3-compare`);
      await cards.first().getByRole('button', { name: t('quote.accept') }).click();
      await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}\/pay/);
      const bookingId = /\/bookings\/([0-9a-f-]{36})\/pay/.exec(page.url())![1]!;
      const booking = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as { amounts: { total: number }; local: { date: string } };
      expect(booking.amounts.total).toBe(1150);
      expect(booking.local.date).toBe(casablancaDate(8));
      const pay = (JSON.parse(readFileSync(path.join(WEB, `features/booking/locales/${j.lang}.json`), 'utf8')) as { payment: { pay: string } }).payment.pay.replace('{{amount}}', '').trim();
      await page.getByRole('button', { name: new RegExp(`^${pay}`) }).click();
      await payOnHostedPage(page);
      await expect(page.getByTestId('payment-confirmed')).toBeVisible({ timeout: 20_000 });
      await shot(page, `job-quotes-${j.lang}-4-paid`);

      // The other mover's quote was not chosen; the chosen mover now reads the address.
      await proPage.reload();
      await expect(proPage.getByText(t('status.declined'))).toBeVisible();
      const chosen = (await (await second.context.request.get(`/api/job-requests/${requestId}`)).json()) as { address: string | null };
      expect(chosen.address).toBe('14 Rue Moulay Ismail, near the pharmacy');
      for (const p of [customer, first, second]) await p.context.close();
    });
  }
});

// A 2x2 PNG (re-encoded by the server, like every photo).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM48P/dgf/vGCAUAEpCCrUfhX7ZAAAAAElFTkSuQmCC',
  'base64',
);
