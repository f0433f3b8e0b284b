import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForAppOnNavigation, type Browser, type Page, openIn } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';
import { payByApi } from './support/cmi';

/**
 * Reviews, earnings and receipts (issue 27; docs/reviews-and-earnings.md). Each journey makes its own
 * customer, professional (in a city and category nobody else covers, so the real assignment picks
 * them) and admin. The booking is made and paid through the API; the admin completes it through
 * POST /api/admin/bookings/{id}/complete (the completion email invites the review). Then:
 * - the customer reviews it (from the booking's details, or the email's link) and the professional's
 *   page and search card show the new rating, with its badge colour;
 * - the professional's escrow is released (dev shortcut for the 48 h job), they request a payout from
 *   the dashboard's Earnings tab and see it pending; a finance admin marks it paid;
 * - the customer opens the receipt in Arabic: right to left, and the PDF downloads.
 * English at 1280 px and Arabic at 390 px, with axe checks and screenshots.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
type Namespace = 'reviews' | 'earnings' | 'booking' | 'pros';
const WEB = path.join(process.cwd(), 'apps/web/src');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Catalogue;
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [lang, Object.fromEntries((['reviews', 'earnings', 'booking', 'pros'] as const).map((ns) => [ns, readJson(`features/${ns}/locales/${lang}.json`)]))]),
) as Record<Language, Record<Namespace, Catalogue>>;
function text(lang: Language, ns: Namespace, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang][ns]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${ns}:${key}`);
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
async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', lang: Language, viewport: { width: number; height: number }, o: Parameters<typeof createUser>[2] = {}): Promise<Person> {
  const context = await browser.newContext({ viewport });
  await skipCookieBanner(context);
  const created = await createUser(context, type, { lang, ...o });
  return { context, page: waitForAppOnNavigation(await context.newPage()), person: created };
}

/** Booked and paid by the customer, accepted by the professional, completed by the admin: all through the API. */
async function completedBooking(customer: APIRequestContext, pro: APIRequestContext, admin: APIRequestContext, p: TestPerson, days: number) {
  const created = await customer.post('/api/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: { location: '12 Rue Ibnou Sina', serviceTypeId: p.serviceTypeIds![0], cityId: p.cityId, date: casablancaDate(days), startTime: '10:00', endTime: '11:00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; reference: string };
  // Paid on the CMI simulator's hosted page, confirmed by its callback (support/cmi.ts).
  await payByApi(customer, booking.id);
  expect((await pro.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
  // An admin completes a booking only once it has started (issue 38): moved into the past first.
  expect((await customer.post(`/api/dev/test-bookings/${booking.id}/happened`)).status()).toBe(200);
  const done = await admin.post(`/api/admin/bookings/${booking.id}/complete`, { data: {} });
  expect(done.status(), await done.text()).toBe(200);
  return booking;
}

const JOURNEYS = [
  { lang: 'en' as const, viewport: { width: 1280, height: 900 }, city: 'tanger', category: 'electrical', cityName: 'Tanger' },
  { lang: 'ar' as const, viewport: { width: 390, height: 844 }, city: 'marrakech', category: 'painting', cityName: 'مراكش' },
];

test.describe('reviews, earnings and receipts', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const j of JOURNEYS) {
    const tag = `${j.lang}-${j.viewport.width}`;
    const t = (ns: Namespace, key: string, vars?: Record<string, string | number>) => text(j.lang, ns, key, vars);

    test(`after an admin completes a booking, the customer reviews it; the professional's page and search card show the rating (${tag})`, async ({ browser, request }) => {
      const customer = await person(browser, 'customer', j.lang, j.viewport, { name: 'Nadia Tazi' });
      const pro = await person(browser, 'pro', j.lang, j.viewport, { city: j.city, category: j.category, name: `Karim ${j.lang === 'en' ? 'Review' : 'Tqyim'}` });
      const admin = await person(browser, 'admin', j.lang, j.viewport);
      const booking = await completedBooking(customer.context.request, pro.context.request, admin.context.request, pro.person, 3);
      const { page } = customer;
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      if (j.lang === 'en') {
        // From the booking's details on the dashboard.
        await openIn(page, j.lang, '/dashboard');
        await page.getByRole('button', { name: t('booking', 'details.view') }).first().click();
        await page.getByRole('dialog').getByRole('link', { name: t('booking', 'details.leaveReview') }).click();
      } else {
        // From the completion email's link.
        const outbox = (await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
        const mail = outbox.find((m) => m.to === customer.person.email && m.text.includes(`/review/${booking.id}`));
        expect(mail, 'completion email with the review link').toBeTruthy();
        await openIn(page, j.lang, `/review/${booking.id}`);
      }
      await expect(page).toHaveURL(new RegExp(`/review/${booking.id}`));
      await expect(page.getByRole('heading', { level: 1, name: t('reviews', 'page.title') })).toBeVisible();
      // Submitting empty: the rating and title messages.
      await page.getByRole('button', { name: t('reviews', 'page.submit') }).click();
      await expect(page.getByText(t('reviews', 'errors.rating'))).toBeVisible();
      // The star is the radio's label (the input itself is visually hidden).
      const four = page.getByRole('radio', { name: text(j.lang, 'reviews', `page.star_${j.lang === 'en' ? 'other' : 'few'}`, { count: 4 }) });
      await page.locator('label', { has: four }).click();
      await expect(four).toBeChecked();
      await page.getByLabel(t('reviews', 'page.titleLabel')).fill(j.lang === 'en' ? 'Quick and tidy' : 'خدمة نقية وسريعة');
      await page.getByLabel(t('reviews', 'page.comment')).fill(j.lang === 'en' ? 'Fixed the sockets in an hour.' : 'صلّح كلشي فساعة.');
      await expectNoSeriousAxeViolations(page, `${tag} review form`);
      await shot(page, `reviews-${tag}-form`);
      await page.getByRole('button', { name: t('reviews', 'page.submit') }).click();
      await expect(page.getByRole('heading', { name: t('reviews', 'page.yourReview') })).toBeVisible();
      await shot(page, `reviews-${tag}-done`);

      // The professional's page: 4.0 with the green badge, one review with its text; helpful once.
      await page.getByRole('link', { name: t('reviews', 'page.viewPro', { name: 'Karim' }) }).click();
      await expect(page).toHaveURL(new RegExp(`/pro/${pro.person.professionalId}`));
      const summary = page.getByTestId('rating-summary');
      await expect(summary.locator('[data-rating-tone="good"]')).toHaveText(j.lang === 'en' ? '4.0' : '4,0');
      await expect(page.getByText(j.lang === 'en' ? 'Quick and tidy' : 'خدمة نقية وسريعة')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `${tag} pro page`);
      await shot(page, `reviews-${tag}-pro-page`);

      // Another signed-in person finds it helpful, once.
      const reader = await person(browser, 'customer', j.lang, j.viewport);
      await openIn(reader.page, j.lang, `/pro/${pro.person.professionalId}`);
      await reader.page.getByRole('button', { name: t('reviews', 'helpful.yes') }).click();
      await expect(reader.page.getByText(t('reviews', 'helpful.recorded')).first()).toBeVisible();
      await expect(reader.page.getByRole('button', { name: t('reviews', 'helpful.thanks') })).toBeDisabled();
      await reader.page.reload();
      await expect(reader.page.getByRole('button', { name: t('reviews', 'helpful.thanks') })).toBeDisabled();

      // The professional answers once, publicly.
      await openIn(pro.page, j.lang, `/pro/${pro.person.professionalId}`);
      await pro.page.getByRole('button', { name: t('reviews', 'reply.open') }).click();
      await pro.page.getByLabel(t('reviews', 'reply.label')).fill(j.lang === 'en' ? 'Thank you, see you soon!' : 'شكرا، نتلاقاو قريب!');
      await pro.page.getByRole('button', { name: t('reviews', 'reply.submit') }).click();
      await expect(pro.page.getByText(t('reviews', 'reply.from', { name: 'Karim' }))).toBeVisible();
      await expect(pro.page.getByRole('button', { name: t('reviews', 'reply.open') })).toHaveCount(0);

      // The search card carries the same rating.
      await openIn(page, j.lang, `/search?city=${j.city}`);
      const card = page.getByTestId('pro-card').filter({ hasText: 'Karim' });
      await expect(card.getByTestId('card-rating').locator('[data-rating-tone="good"]')).toHaveText(j.lang === 'en' ? '4.0' : '4,0');
      await shot(page, `reviews-${tag}-search-card`);
      expect(errors).toEqual([]);
      for (const p of [customer, pro, admin, reader]) await p.context.close();
    });

    test(`the professional requests a payout and sees it pending; a finance admin marks it paid (${tag})`, async ({ browser, request }) => {
      const customer = await person(browser, 'customer', j.lang, j.viewport);
      // A name of each journey's own: the two run side by side, and /admin/payouts lists every pending payout.
      const payoutName = j.lang === 'en' ? 'Omar Payout' : 'Othmane Payout';
      // Paid to the RIB of the professional's approved application.
      const rib = j.lang === 'en' ? '011780000012345678901111' : '230810000098765432102222';
      const pro = await person(browser, 'pro', j.lang, j.viewport, {
        city: j.city,
        category: j.category === 'electrical' ? 'moving' : 'electrical',
        name: payoutName,
        bank: { bankName: 'CIH Bank', accountHolder: payoutName, account: rib },
      });
      const admin = await person(browser, 'admin', j.lang, j.viewport);
      const finance = await person(browser, 'admin', j.lang, j.viewport, { roles: ['finance_admin'] });
      const booking = await completedBooking(customer.context.request, pro.context.request, admin.context.request, pro.person, 4);
      const { page } = pro;

      await openIn(page, j.lang, '/dashboard?tab=earnings');
      await expect(page.getByRole('tab', { name: t('earnings', 'tab') })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByTestId('earnings-panel');
      await expect(panel).toBeVisible();
      // Held in escrow until 48 h after completion: nothing to request yet.
      await expect(page.getByRole('button', { name: t('earnings', 'request.button') })).toBeDisabled();
      // The 48 h release, now (development shortcut running the real release for this booking).
      const released = await request.post(`/api/dev/bookings/${booking.id}/release-escrow`);
      expect(await released.json()).toEqual({ result: 'released' });
      const summary = (await (await page.context().request.get('/api/earnings')).json()) as { requestable: number };
      expect(summary.requestable).toBeGreaterThan(0);
      await page.reload();
      // The month's amount above its bar wraps between the number and MAD, never inside a word (at 390 px
      // "390 MAD" read "390 MA" over "D"): the real answer, with amounts of several widths in its months.
      await page.route('**/api/earnings', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { monthly: Array<{ month: string; amount: number }> };
        const widths = [390, 1250, 12345, 88, 4560, 700];
        await route.fulfill({ response, json: { ...body, monthly: body.monthly.map((m, i) => ({ ...m, amount: widths[i % widths.length]! })) } });
      });
      await page.reload();
      const amounts = panel.locator('[data-chart-amount]').filter({ hasText: 'MAD' });
      await expect(amounts).toHaveCount(6);
      const brokenWords = await amounts.evaluateAll((labels) =>
        labels.filter((label) => {
          const node = label.firstChild!;
          const at = node.textContent!.indexOf('MAD');
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 3);
          return range.getClientRects().length !== 1;
        }).length,
      );
      expect(brokenWords).toBe(0);
      await page.unroute('**/api/earnings');
      await page.reload();
      await page.getByRole('button', { name: t('earnings', 'request.button') }).click();
      await expect(page.getByText(t('earnings', 'request.success')).first()).toBeVisible();
      const list = page.getByTestId('payouts-list');
      await expect(list.getByText(t('earnings', 'payouts.statuses.pending'), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t('earnings', 'request.button') })).toBeDisabled();
      await expectNoSeriousAxeViolations(page, `${tag} earnings`);
      await shot(page, `earnings-${tag}-tab`);

      // A finance admin pays it from /admin/payouts; the professional sees it paid.
      await openIn(finance.page, j.lang, '/admin/payouts');
      const row = finance.page.getByRole('row').filter({ hasText: payoutName });
      await expect(row).toBeVisible();
      // Where to send it: bank and holder, the RIB masked (last 4 digits) until revealed (a logged request).
      await expect(row).toContainText('CIH Bank');
      const account = row.getByTestId(/^payout-account-/);
      await expect(account).toHaveText(`${rib.slice(0, 4)}${'•'.repeat(16)}${rib.slice(-4)}`);
      await expect(row).not.toContainText(rib);
      await expectNoSeriousAxeViolations(finance.page, `${tag} admin payouts`);
      await row.getByRole('button', { name: t('earnings', 'admin.revealLabel', { name: payoutName }) }).click();
      await expect(account).toHaveText(rib);
      await expect(row.getByRole('button', { name: t('earnings', 'admin.revealLabel', { name: payoutName }) })).toHaveCount(0);
      await shot(finance.page, `earnings-${tag}-admin-payouts`);
      await row.getByRole('button', { name: t('earnings', 'admin.markPaid') }).click();
      await finance.page.getByRole('dialog').getByRole('button', { name: t('earnings', 'admin.confirm') }).click();
      await expect(finance.page.getByText(t('earnings', 'admin.paid')).first()).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('payouts-list').getByText(t('earnings', 'payouts.statuses.paid'), { exact: true })).toBeVisible();
      // A customer cannot open the admins' page.
      await customer.page.goto('/admin/payouts');
      await expect(customer.page).not.toHaveURL(/\/admin\/payouts/);
      for (const p of [customer, pro, admin, finance]) await p.context.close();
    });
  }

  test('the customer opens the receipt in Arabic: right to left, and its PDF', async ({ browser }) => {
    const customer = await person(browser, 'customer', 'ar', { width: 390, height: 844 }, { name: 'سلمى بناني' });
    const pro = await person(browser, 'pro', 'ar', { width: 390, height: 844 }, { city: 'tanger', category: 'painting', name: 'Youssef Reçu' });
    const admin = await person(browser, 'admin', 'ar', { width: 390, height: 844 });
    const booking = await completedBooking(customer.context.request, pro.context.request, admin.context.request, pro.person, 5);
    const { page } = customer;
    await openIn(page, 'ar', `/receipts/${booking.id}`);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { level: 1, name: text('ar', 'earnings', 'receipt.title') })).toBeVisible();
    await expect(receipt).toContainText(booking.reference);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Right to left: the heading block sits at the end (left) and the company at the start (right).
    const box = await receipt.boundingBox();
    const title = await receipt.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.x - box!.x).toBeLessThan(box!.width / 2);
    await expectNoSeriousAxeViolations(page, 'ar receipt');
    await shot(page, 'receipt-ar-390');
    // Printed: the receipt alone, without the site's header and footer.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('footer').last()).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(receipt.locator('header')).toBeVisible();
    await expect(page.locator('[data-become-pro-fab]')).toBeHidden();
    await shot(page, 'receipt-ar-390-print');
    await page.emulateMedia({ media: 'screen' });
    const pdf = await page.context().request.get(`/api/receipts/${booking.id}/pdf?lang=ar`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, 'receipt-ar.pdf'), body);
    // Someone else's receipt: not found.
    expect((await admin.context.request.get(`/api/receipts/${booking.id}`)).status()).toBe(200);
    expect((await pro.context.request.get(`/api/receipts/${booking.id}`)).status()).toBe(404);
    for (const p of [customer, pro, admin]) await p.context.close();
  });
});
