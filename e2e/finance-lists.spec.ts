/**
 * Issue 36, finance's side of card refunds at 390 px in English and Arabic (screenshots in
 * test-results/screenshots/finance-*): a refund the CMI simulator refuses for this customer lands in
 * the refused refunds list of /admin/payouts with the provider's reason; once the cause is gone,
 * Retry (double clicked: sent once) sends it, the provider accepts it and it leaves the list. The
 * reconciliation's differences are listed below (or its empty state).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { payByApi } from './support/cmi';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';
import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Browser } from './support/test';

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
const earnings = { en: readStrings<Catalogue>('features/earnings/locales/en.json'), ar: readStrings<Catalogue>('features/earnings/locales/ar.json') };

/** The string at a dotted key of the earnings catalogue, with {{variables}} filled in. */
function text(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue)[part], earnings[lang]);
  if (typeof value !== 'string') throw new Error(`not a string: ${lang} earnings:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A context of its own at 390 px in `lang`, signed in as a new person. */
async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', lang: Language, o: Parameters<typeof createUser>[2]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang, ...o });
  const page = waitForAppOnNavigation(await context.newPage());
  return { context, page, user };
}

async function paidBooking(request: APIRequestContext, pro: TestPerson, date: string, startTime: string, endTime: string) {
  const created = await request.post('/api/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: { location: '12 Rue Ibnou Sina', serviceTypeId: pro.serviceTypeIds![0], cityId: pro.cityId, date, startTime, endTime },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; reference: string; amounts: { total: number } };
  await payByApi(request, booking.id);
  return booking;
}

/** The simulator refuses (or, with null, accepts again) the refunds of this customer's orders only. */
async function refuseRefundsOf(request: APIRequestContext, email: string, reason: string | null) {
  const res = await request.post('/__cmi/control', { data: { email, refuseCredits: reason } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of ['en', 'ar'] as const) {
  test(`a refund the provider refuses is listed for finance with its reason; Retry sends it once and it leaves the list (${lang}, 390 px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const t = (key: string, vars: Record<string, string | number> = {}) => text(lang, key, vars);
    const pro = await person(browser, 'pro', lang, { name: 'Hamid Jardinier', city: 'tanger', category: 'gardening' });
    const customer = await person(browser, 'customer', lang, { name: 'Leila Remboursement' });
    const booking = await paidBooking(
      customer.context.request,
      pro.user,
      casablancaDate(14 + Math.floor(Math.random() * 14)),
      lang === 'en' ? '09:00' : '14:00',
      lang === 'en' ? '11:00' : '16:00',
    );
    const finance = await person(browser, 'admin', lang, { name: 'Fatima Finance', roles: ['finance_admin'] });
    const reason = `Card account closed ${randomUUID().slice(0, 6)}`;

    // The bank refuses this customer's refunds; finance refunds the booking; the refund job hears the refusal.
    await refuseRefundsOf(customer.context.request, customer.user.email, reason);
    const refunded = await finance.context.request.post(`/api/admin/bookings/${booking.id}/refund`, { data: { reason: 'Duplicate booking' } });
    expect(refunded.status(), await refunded.text()).toBe(200);

    const { page } = finance;
    await page.goto(`/admin/payouts?lang=${lang}`);
    const section = page.getByRole('region', { name: t('admin.refunds.title') });
    const row = section.getByTestId(`failed-refund-${booking.reference}`);
    // The job runs in the server's loop: the list shows it once the provider has answered.
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText(reason);
    await expect(row).toContainText(customer.user.name);
    await expect(row.getByRole('cell').nth(0)).toHaveText(booking.reference);
    await expect(page.getByRole('region', { name: t('admin.reconciliation.title') })).toBeVisible();
    // The tables scroll inside their boxes: the page itself is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `finance-refused-refund-${lang}-390.png`), fullPage: true });
    await expectNoSeriousAxeViolations(page, `finance lists (${lang})`);

    // The cause is gone; Retry, double clicked, is sent once; the provider accepts and the row leaves.
    await refuseRefundsOf(customer.context.request, customer.user.email, null);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/admin\/payments\/refunds\/[^/]+\/retry$/.test(r.url())) posts++;
    });
    const retry = row.getByRole('button');
    await expect(retry).toHaveText(t('admin.refunds.retry'));
    // Named for the refund it retries (amount, customer, booking), not just "Retry".
    await expect(retry).toHaveAccessibleName(new RegExp(`${customer.user.name}.*${booking.reference}`));
    // On a phone the table scrolls sideways to the reason and Retry.
    await retry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `finance-retry-in-view-${lang}-390.png`) });
    await retry.dblclick();
    await expect(page.getByText(t('admin.refunds.sent'))).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(posts).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `finance-refund-retried-${lang}-390.png`), fullPage: true });

    // The customer's card got it back: the booking says so.
    const seen = (await (await customer.context.request.get(`/api/bookings/${booking.id}`)).json()) as { refund: { toCard: number; pending: number } };
    expect(seen.refund).toMatchObject({ toCard: booking.amounts.total, pending: 0 });
    for (const x of [pro, customer, finance]) await x.context.close();
  });
}
