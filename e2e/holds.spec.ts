import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { skipCookieBanner } from './support/consent';
import { expect, test, waitForAppOnNavigation } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createPerson, createUser } from './support/users';
import { casablancaDate } from './support/time';
import { payOnHostedPage } from './support/cmi';

/**
 * Unpaid holds (issue 21 item 2, issue 22 item 5; docs/bookings.md Unpaid holds): a booking left at the
 * payment step shows on My Bookings as a hold, with the time it is held until and Pay now; the dashboard
 * counts it apart; paying it from its own page confirms it. In English at 1280 px and Arabic at 390 px.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const read = (file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Catalogue;
function text(lang: Language, ns: 'booking' | 'dashboard', key: string, vars: Record<string, string | number> = {}): string {
  const catalogue = read(`features/${ns}/locales/${lang}.json`);
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');


for (const j of [
  { lang: 'en' as const, viewport: { width: 1280, height: 900 }, city: 'marrakech', category: 'delivery', days: 6 },
  { lang: 'ar' as const, viewport: { width: 390, height: 844 }, city: 'fes', category: 'delivery', days: 7 },
]) {
  test(`an unpaid booking is a hold with its end and Pay now; paying it confirms it (${j.lang}, ${j.viewport.width} px)`, async ({ browser, request }) => {
    // The only professional of this city and category (e2e/support/users.ts PRO_AREAS): the assignment picks them.
    const pro = await createPerson(request, 'pro', { city: j.city, category: j.category });
    const context = await browser.newContext({ viewport: j.viewport });
    await skipCookieBanner(context);
    await createUser(context, 'customer', { lang: j.lang });
    // Left at the payment step: made, never paid.
    const made = await context.request.post('/api/bookings', {
      headers: { 'idempotency-key': randomUUID() },
      data: { location: '12 Rue Ibnou Sina', serviceTypeId: pro.serviceTypeIds![0], cityId: pro.cityId, date: casablancaDate(j.days), startTime: '10:00', endTime: '11:00' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const booking = (await made.json()) as { id: string; reference: string; holdExpiresAt: string };

    const page = waitForAppOnNavigation(await context.newPage());
    await page.goto(`/dashboard?lang=${j.lang}`);
    // Counted apart: not among the bookings, but said, with the way to them.
    await expect(page.getByRole('link', { name: text(j.lang, 'dashboard', 'stats.awaitingPayment', { count: 1 }) })).toBeVisible();
    await page.goto('/dashboard/bookings');
    const card = page.locator(`[data-booking-reference="${booking.reference}"]`);
    const hold = card.locator('[data-hold]');
    await expect(hold).toBeVisible();
    // Held until its end, on the Casablanca clock (UTC+0 since 2026-09-20).
    const until = new Date(booking.holdExpiresAt).toISOString().slice(11, 16);
    await expect(hold).toContainText(until);
    await expectNoSeriousAxeViolations(page, `my bookings with a hold ${j.lang}`);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `hold-${j.lang}-${j.viewport.width}.png`), fullPage: true });

    await hold.getByRole('link', { name: text(j.lang, 'booking', 'hold.payNow') }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/pay`));
    await expect(page.getByRole('heading', { level: 1, name: text(j.lang, 'booking', 'hold.title') })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `pay page ${j.lang}`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `hold-pay-${j.lang}-${j.viewport.width}.png`), fullPage: true });
    await page.getByRole('button', { name: new RegExp(text(j.lang, 'booking', 'payment.pay', { amount: '' }).trim()) }).click();
    // The CMI simulator's hosted page (a TEST gateway), then back: confirmed once its callback landed.
    await payOnHostedPage(page);
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}/pay\\?payment=confirming`), { timeout: 15_000 });
    await expect(page.getByTestId('payment-confirmed')).toContainText(text(j.lang, 'booking', 'payment.return.confirmed'), { timeout: 15_000 });
    await page.getByRole('link', { name: text(j.lang, 'booking', 'payment.return.toBookings') }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(card.locator('[data-hold]')).toHaveCount(0);

    // Paid: the page says it cannot be paid again.
    await page.goto(`/bookings/${booking.id}/pay`);
    await expect(page.getByText(text(j.lang, 'booking', 'hold.ended'))).toBeVisible();
    await context.close();
  });
}
