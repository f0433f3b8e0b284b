import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ribWithKey } from '@khedma/shared/domain/applications';
import { payoutReference } from '@khedma/shared/domain/payout-batches';
import { expect, test, waitForAppOnNavigation, type Browser, type Page, openIn } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { payByApi } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';

/**
 * Invoices (issue 36; docs/payments.md "Invoices"): the customer of the same (paid) booking downloads
 * its invoice from the booking's details; the PDF is the invoice numbered KH-<year>-nnnnnn, and the
 * receipt page lists it.
 *
 * Payout batches (issue 36; docs/admin.md "Payouts"): a professional's payout request (made through the
 * API after a completed, released booking), then a finance admin at 390 px selects it on /admin/payouts,
 * exports one bank transfer batch (the CSV carries the RIB, amount and reference; the PDF downloads),
 * sees it Sent, and marks it paid: in English by importing the bank statement's line, in Arabic one by
 * one. The professional sees it paid.
 */
type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [lang, JSON.parse(readFileSync(path.join(WEB, `features/earnings/locales/${lang}.json`), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;
function text(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} earnings:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

interface Person {
  context: BrowserContext;
  page: Page;
  person: TestPerson;
}
const VIEWPORT = { width: 390, height: 844 };
async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', lang: Language, o: Parameters<typeof createUser>[2] = {}): Promise<Person> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await skipCookieBanner(context);
  const created = await createUser(context, type, { lang, ...o });
  return { context, page: waitForAppOnNavigation(await context.newPage()), person: created };
}

/** Booked, paid, accepted, completed and released through the API; then the professional requests a payout. */
async function requestedPayout(request: APIRequestContext, customer: APIRequestContext, pro: APIRequestContext, admin: APIRequestContext, p: TestPerson) {
  const created = await customer.post('/api/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: { location: '12 Rue Ibnou Sina', serviceTypeId: p.serviceTypeIds![0], cityId: p.cityId, date: casablancaDate(5), startTime: '10:00', endTime: '11:00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; reference: string };
  await payByApi(customer, booking.id);
  expect((await pro.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
  // A booking is completed once it has happened (issue 38 item 3): the development route moves it into the past.
  expect((await customer.post(`/api/dev/test-bookings/${booking.id}/happened`)).status()).toBe(200);
  expect((await admin.post(`/api/admin/bookings/${booking.id}/complete`, { data: {} })).status()).toBe(200);
  expect(await (await request.post(`/api/dev/bookings/${booking.id}/release-escrow`)).json()).toEqual({ result: 'released' });
  const requested = await pro.post('/api/payouts');
  expect(requested.status(), await requested.text()).toBe(201);
  return { ...((await requested.json()) as { payout: { id: string; amount: number } }).payout, booking };
}

/** Booking strings (the details dialog). */
const bookingCatalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [lang, JSON.parse(readFileSync(path.join(WEB, `features/booking/locales/${lang}.json`), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;
const bookingText = (lang: Language, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], bookingCatalogues[lang]) as string;

const JOURNEYS = [
  { lang: 'en' as const, category: 'plumbing', name: 'Nabil Batch', first22: '0117800000009876543210', paidBy: 'statement' as const },
  { lang: 'ar' as const, category: 'handyman', name: 'Hamza Batch', first22: '2308100000001234509876', paidBy: 'one by one' as const },
];

test.describe('payout batches', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const j of JOURNEYS) {
    test(`finance exports a bank transfer batch and marks it paid ${j.paidBy}; the customer downloads the invoice (${j.lang}, 390 px)`, async ({ browser, request }) => {
      const t = (key: string, vars?: Record<string, string | number>) => text(j.lang, key, vars);
      const rib = ribWithKey(j.first22);
      const customer = await person(browser, 'customer', j.lang);
      const pro = await person(browser, 'pro', j.lang, { city: 'fes', category: j.category, name: j.name, bank: { bankName: 'CIH Bank', accountHolder: j.name, account: rib } });
      const admin = await person(browser, 'admin', j.lang);
      const finance = await person(browser, 'admin', j.lang, { roles: ['finance_admin'] });
      const payout = await requestedPayout(request, customer.context.request, pro.context.request, admin.context.request, pro.person);
      const reference = payoutReference(payout.id);
      const page = finance.page;

      await openIn(page, j.lang, '/admin/payouts');
      const row = page.getByTestId(`payout-${payout.id}`);
      await expect(row).toBeVisible();
      // At 390 px the table scrolls sideways in its box, not the page, and a name breaks at most between its words (not letter by letter).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const nameLines = await row.locator('td').nth(1).evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td.firstChild!);
        return range.getClientRects().length;
      });
      expect(nameLines).toBeLessThanOrEqual(j.name.split(' ').length);
      // Nothing selected: the reason is said next to the button.
      await page.getByTestId('export-batch').click();
      await expect(page.getByText(t('admin.batch.selectOne'))).toBeVisible();
      await row.getByRole('checkbox', { name: t('admin.select', { name: j.name }) }).check();
      await expect(page.getByTestId('export-batch')).toHaveText(t('admin.batch.export', { count: 1 }));
      // A double click sends one request's worth: one batch.
      await page.getByTestId('export-batch').dblclick();
      const created = page.getByTestId('created-batch');
      await expect(created).toBeVisible();
      const number = ((await created.textContent()) ?? '').match(/KHV-\d{4}-\d{4}/)?.[0];
      expect(number).toBeTruthy();
      await expectNoSeriousAxeViolations(page, `${j.lang} payout batch`);
      await shot(page, `payout-batch-${j.lang}-390`);

      // The CSV: the bank's bulk transfer file with this transfer.
      const [download] = await Promise.all([page.waitForEvent('download'), created.getByRole('link', { name: t('admin.batches.downloadCsv', { number: number! }) }).click()]);
      expect(download.suggestedFilename()).toBe(`khedma-${number}.csv`);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain(`;${j.name.toUpperCase()};${rib};${payout.amount}.00;MAD;${reference};`);
      // The PDF of the same batch.
      const pdfHref = await created.getByRole('link', { name: t('admin.batches.downloadPdf', { number: number! }) }).getAttribute('href');
      const pdf = await page.context().request.get(pdfHref!);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Sent now, with its reference; the batch is listed once.
      await page.getByRole('button', { name: t('admin.filters.sent'), exact: true }).click();
      await expect(row).toContainText(t('payouts.statuses.sent'));
      await expect(row).toContainText(reference);
      await expect(page.getByTestId(`batch-${number}`)).toHaveCount(1);
      await expect(page.getByTestId(`batch-${number}`)).toContainText(t('admin.batches.paidOf', { paid: 0, count: 1 }));

      if (j.paidBy === 'statement') {
        // The bank's statement: this transfer's line, and a line that matches nothing.
        const statement = `Date valeur;Libellé;Débit\r\n${casablancaDate(0).split('-').reverse().join('/')};VIR ${reference};-${payout.amount},00\r\n${casablancaDate(0)};FRAIS TENUE;-15,00\r\n`;
        await page.getByRole('button', { name: t('admin.statement.import') }).click();
        await expect(page.getByText(t('admin.statement.chooseFile'))).toBeVisible();
        await page.getByLabel(t('admin.statement.file')).setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
        await page.getByRole('button', { name: t('admin.statement.import') }).click();
        const result = page.getByTestId('statement-result');
        await expect(result).toContainText(t('admin.statement.paid_one', { count: 1 }));
        await expect(result).toContainText(t('admin.statement.issues.UNKNOWN_REFERENCE'));
      } else {
        await row.getByRole('button', { name: t('admin.markPaid') }).click();
        await page.getByRole('dialog').getByRole('button', { name: t('admin.confirm') }).click();
        await expect(page.getByText(t('admin.paid')).first()).toBeVisible();
      }
      await expect(page.getByTestId(`batch-${number}`)).toContainText(t('admin.batches.paidOf', { paid: 1, count: 1 }));
      await expectNoSeriousAxeViolations(page, `${j.lang} payout statement`);
      await shot(page, `payout-statement-${j.lang}-390`);

      // The professional sees it paid.
      await openIn(pro.page, j.lang, '/dashboard?tab=earnings');
      await expect(pro.page.getByTestId('payouts-list').getByText(t('payouts.statuses.paid'), { exact: true })).toBeVisible();

      // The customer downloads the booking's invoice from its details; the receipt page lists it too.
      const cpage = customer.page;
      await openIn(cpage, j.lang, '/dashboard');
      await cpage.locator(`article[data-booking-reference="${payout.booking.reference}"]`).getByRole('button', { name: bookingText(j.lang, 'details.view') }).click();
      const invoiceLink = cpage.getByRole('dialog').getByRole('link', { name: bookingText(j.lang, 'details.invoice') });
      await expect(invoiceLink).toBeVisible();
      const [invoiceFile] = await Promise.all([cpage.waitForEvent('download'), invoiceLink.click()]);
      expect(invoiceFile.suggestedFilename()).toMatch(/^khedma-KH-\d{4}-\d{6}\.pdf$/);
      expect(readFileSync((await invoiceFile.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const invoiceNumber = invoiceFile.suggestedFilename().slice('khedma-'.length, -'.pdf'.length);
      await openIn(cpage, j.lang, `/receipts/${payout.booking.id}`);
      await expect(cpage.getByTestId('invoice-links')).toContainText(invoiceNumber);
      await expectNoSeriousAxeViolations(cpage, `${j.lang} receipt with invoice`);
      for (const p of [customer, pro, admin, finance]) await p.context.close();
    });
  }
});
