import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForAppOnNavigation, type Browser, type Page, openIn } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import type { BrowserContext } from '@playwright/test';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';
import { payByApi, payOnHostedPage } from './support/cmi';

/**
 * Promo codes and referrals (issue 43; docs/promos.md), in English and Arabic at 390 px:
 * - a promo code at checkout on the /booking/{professionalId} page: the discount line and the new total,
 *   paid on the CMI simulator's hosted page, and the receipt shows the discount;
 * - a referral: a new customer follows the referrer's /r/CODE link, completes a first booking (paid,
 *   completed by an admin), and both see 50 MAD of credit on the dashboard's "Invite friends" tab.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Catalogue;
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [lang, { promos: readJson(`features/promos/locales/${lang}.json`), booking: readJson(`features/booking/locales/${lang}.json`) }]),
) as Record<Language, Record<'promos' | 'booking', Catalogue>>;
function text(lang: Language, ns: 'promos' | 'booking', key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang][ns]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${ns}:${key}`);
  return value;
}
const VIEWPORT = { width: 390, height: 844 };

interface Person {
  context: BrowserContext;
  page: Page;
  person: TestPerson;
}
async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', lang: Language, o: Parameters<typeof createUser>[2] = {}): Promise<Person> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await skipCookieBanner(context);
  const created = await createUser(context, type, { lang, ...o });
  return { context, page: waitForAppOnNavigation(await context.newPage()), person: created };
}

const JOURNEYS = [
  { lang: 'en' as const, city: 'tanger', category: 'delivery', day: 3 },
  { lang: 'ar' as const, city: 'meknes', category: 'handyman', day: 4 },
];

test.describe('promo codes and referrals', () => {
  // Several people, a hosted payment and a completion each: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  for (const j of JOURNEYS) {
    test(`a promo code at checkout: the discount, paid on the hosted page, on the receipt (${j.lang}, 390 px)`, async ({ browser }) => {
      const admin = await person(browser, 'admin', j.lang);
      const pro = await person(browser, 'pro', j.lang, { city: j.city, category: j.category });
      const customer = await person(browser, 'customer', j.lang);
      const code = `E2E${randomUUID().slice(0, 8).toUpperCase()}`;
      const made = await admin.context.request.post('/api/admin/promo-codes', { data: { code, kind: 'amount', value: 30 } });
      expect(made.status(), await made.text()).toBe(201);

      const page = customer.page;
      await openIn(page, j.lang, `/booking/${pro.person.professionalId}?date=${casablancaDate(j.day)}&time=10:00`);
      await page.getByLabel(new RegExp(`^${text(j.lang, 'booking', 'bookingForm.address')}`)).fill('12 Rue Ibn Batouta');
      await page.getByLabel(new RegExp(`^${text(j.lang, 'booking', 'bookingForm.phone')}`)).fill('+212 612 345 678');
      // A wrong code first: its message under the field.
      const field = page.getByLabel(text(j.lang, 'promos', 'field.label'));
      await field.fill('NOPE-NOT-A-CODE');
      await page.getByRole('button', { name: text(j.lang, 'promos', 'field.apply') }).click();
      await expect(page.getByText(text(j.lang, 'promos', 'refusal.unknown'))).toBeVisible();
      await field.fill(code.toLowerCase());
      await page.getByRole('button', { name: text(j.lang, 'promos', 'field.apply') }).click();
      await expect(page.getByTestId('promo-discounts')).toContainText('30');
      await expectNoSeriousAxeViolations(page, `${j.lang} booking page with a promo code`);
      await page.getByRole('button', { name: text(j.lang, 'booking', 'bookingForm.submit') }).click();
      await expect(page.getByRole('heading', { name: text(j.lang, 'booking', 'payment.title') })).toBeVisible();
      await page.getByRole('button', { name: /^(Pay|خلّص) / }).click();
      await payOnHostedPage(page);
      await expect(page.getByTestId('payment-confirmed')).toBeVisible({ timeout: 15_000 });

      const list = (await (await customer.context.request.get('/api/bookings')).json()) as unknown;
      const bookings = (Array.isArray(list) ? list : ((list as { items?: unknown[]; bookings?: unknown[] }).items ?? (list as { bookings?: unknown[] }).bookings ?? [])) as Array<{ id: string; amounts: { total: number; discount?: number } }>;
      const booking = bookings[0]!;
      expect(booking.amounts.discount).toBe(30);
      await openIn(page, j.lang, `/receipts/${booking.id}`);
      await expect(page.getByTestId('receipt-discount')).toContainText(code);
      await expect(page.getByTestId('receipt-total')).toContainText(String(booking.amounts.total));
      await expectNoSeriousAxeViolations(page, `${j.lang} receipt with a discount`);
      for (const p of [admin, pro, customer]) await p.context.close();
    });
  }

  test('a referral: the friend follows the link, completes a first booking, both see 50 MAD of credit (en and ar, 390 px)', async ({ browser }) => {
    const j = JOURNEYS[0]!;
    const admin = await person(browser, 'admin', 'en');
    const pro = await person(browser, 'pro', 'en', { city: j.city, category: j.category });
    const referrer = await person(browser, 'customer', 'en');
    const friend = await person(browser, 'customer', 'ar');
    const { code } = (await (await referrer.context.request.get('/api/referrals/me')).json()) as { code: string };

    await openIn(friend.page, 'ar', `/r/${code}`);
    await expect(friend.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(friend.page.getByText(text('ar', 'promos', 'referral.claimed'))).toBeVisible();

    const created = await friend.context.request.post('/api/bookings', {
      headers: { 'idempotency-key': randomUUID() },
      // This journey's professional by name: the promo journeys' professional of the same pair may run meanwhile.
      data: { serviceTypeId: pro.person.serviceTypeIds![0], cityId: pro.person.cityId, professionalId: pro.person.professionalId, date: casablancaDate(6), startTime: '10:00', endTime: '11:00', location: '12 Rue Ibn Batouta' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: string };
    await payByApi(friend.context.request, booking.id);
    expect((await pro.context.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
    expect((await friend.context.request.post(`/api/dev/test-bookings/${booking.id}/happened`)).status()).toBe(200);
    const done = await admin.context.request.post(`/api/admin/bookings/${booking.id}/complete`, { data: {} });
    expect(done.status(), await done.text()).toBe(200);

    for (const [p, lang] of [
      [referrer, 'en'],
      [friend, 'ar'],
    ] as const) {
      await expect(async () => {
        await openIn(p.page, lang, '/dashboard?tab=referrals');
        await expect(p.page.getByTestId('referral-balance')).toContainText('50', { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expectNoSeriousAxeViolations(p.page, `${lang} referral tab`);
    }
    await expect(referrer.page.getByRole('link', { name: text('en', 'promos', 'referral.whatsapp') })).toHaveAttribute('href', /wa\.me/);
    for (const p of [admin, pro, referrer, friend]) await p.context.close();
  });
});
