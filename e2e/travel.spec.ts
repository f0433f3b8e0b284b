/**
 * Reassignment candidates show their distance (issue 42, docs/bookings.md "Travel"), at 390 px in English
 * and Arabic: two professionals of this journey's own (Oujda, a journeys' city: nobody else works there)
 * set a base location 3 km north and 3 km south of the city's centre; a customer books with a pin on the
 * centre and pays; an admin reaches Reassign and the dialog with the keyboard alone, reads the other
 * professional's distance in their language ("3.0 km away", "على بعد 3,0 كم"), never the pin, and
 * reassigns with the keyboard. Axe on the open dialog; a screenshot of it in each language.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, test, waitForAppOnNavigation, type Browser, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { payByApi } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { casablancaDate } from './support/time';
import { createUser, emailTo } from './support/users';
import { watchErrors } from './support/errors';

type Lang = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
const VIEWPORT = { width: 390, height: 844 };

function text(catalogue: Catalogue, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`missing admin:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
}

async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', lang: Lang, o: { name: string; category?: string }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang, name: o.name, city: type === 'pro' ? 'oujda' : undefined, category: o.category, roles: type === 'admin' ? ['super_admin'] : undefined });
  const page = waitForAppOnNavigation(await context.newPage());
  return { context, page, user };
}

/** Presses Tab until `target` has the focus (at most `max` times): it is reachable with the keyboard. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el: Element) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

// Oujda's centre (JOURNEY_CITIES); 0.027 degrees of latitude is 3.0 km (haversine, 6371 km).
const CENTRE = { lat: 34.6814, lng: -1.9086 };
const NORTH = { lat: 34.7084, lng: -1.9086 };
const SOUTH = { lat: 34.6544, lng: -1.9086 };
// formatDistance(3.0, lang) (apps/web/src/lib/format.ts; format.test.ts): the tenth, the reader's decimal sign, U+00A0.
const THREE_KM: Record<Lang, string> = { en: '3.0\u00a0km', ar: '3,0\u00a0كم' };
const CATEGORY: Record<Lang, string> = { en: 'gardening', ar: 'cleaning' };
const NAMES: Record<Lang, [string, string, string, string]> = {
  en: ['Nabil North', 'Samir South', 'Zineb Client', 'Amine Admin'],
  ar: ['نبيل الشمالي', 'سمير الجنوبي', 'زينب الزبونة', 'أمين المسؤول'],
};

for (const lang of ['en', 'ar'] as const) {
  test(`reassignment candidates show their distance to the pin, reached with the keyboard (${lang}, 390 px)`, async ({ browser }) => {
    test.slow();
    const catalogue = readStrings<Catalogue>(`features/admin/locales/${lang}.json`);
    const [northName, southName, customerName, adminName] = NAMES[lang];
    const north = await person(browser, 'pro', lang, { name: northName, category: CATEGORY[lang] });
    const south = await person(browser, 'pro', lang, { name: southName, category: CATEGORY[lang] });
    for (const [pro, base] of [[north, NORTH], [south, SOUTH]] as const) {
      const set = await pro.context.request.put('/api/pros/me/service-area', { data: { base, radiusKm: 10 } });
      expect(set.status(), await set.text()).toBe(200);
    }
    const customer = await person(browser, 'customer', lang, { name: customerName });
    const created = await customer.context.request.post('/api/bookings', {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        location: '7 Boulevard Mohammed V',
        serviceTypeId: north.user.serviceTypeIds![0],
        cityId: north.user.cityId,
        date: casablancaDate(lang === 'en' ? 9 : 10),
        startTime: '10:00',
        endTime: '11:00',
        pin: CENTRE,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: string; reference: string; professional: { id: string } };
    await payByApi(customer.context.request, booking.id);
    const assigned = booking.professional.id === north.user.professionalId ? north : south;
    const other = assigned === north ? south : north;

    const admin = await person(browser, 'admin', lang, { name: adminName });
    const { page } = admin;
    const errors = watchErrors(page, { ignoreWebSocket: true });
    await page.goto(`/admin/bookings?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const search = page.getByRole('searchbox', { name: text(catalogue, 'bookings.filters.search') });
    await search.fill(booking.reference);
    const card = page.locator(`li[data-booking="${booking.id}"]`);
    await expect(card).toBeVisible();

    // From the search box to the card's Reassign with Tab alone, then Enter opens the dialog.
    const button = card.getByRole('group', { name: text(catalogue, 'bookings.actionsFor', { reference: booking.reference }) }).getByRole('button', { name: text(catalogue, 'bookings.reassign') });
    await search.focus();
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text(catalogue, 'bookings.reassignTitle', { reference: booking.reference }) });
    await expect(dialog).toBeVisible();
    // The other professional only (the assigned one is not a candidate), with their distance to the pin.
    const radio = dialog.getByRole('radio', { name: new RegExp(other.user.name.split(' ')[0]!) });
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await expect(radio).toBeVisible();
    await expect(dialog.getByTestId('candidate-distance')).toHaveText(text(catalogue, 'bookings.candidateDistance', { distance: THREE_KM[lang] }));
    // A distance, never the pin.
    await expect(dialog).not.toContainText(String(CENTRE.lat));
    await expect(dialog).not.toContainText(String(other === north ? NORTH.lat : SOUTH.lat));
    await expectNoSeriousAxeViolations(page, `reassign dialog ${lang} 390`);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `travel-reassign-distance-${lang}-390.png`) });

    // The keyboard chooses and confirms: Tab to the candidate (focus stays in the dialog), Space, then the button.
    await tabTo(page, radio, 10);
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: text(catalogue, 'bookings.confirmReassign') }), 10);
    await page.keyboard.press('Enter');
    await expect(page.getByText(text(catalogue, 'bookings.reassigned'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const moved = (await (await customer.context.request.get(`/api/bookings/${booking.id}`)).json()) as { professional: { id: string } };
    expect(moved.professional.id).toBe(other.user.professionalId);
    await emailTo(admin.context.request, other.user.email);
    expect(errors).toEqual([]);
    for (const x of [admin, customer, north, south]) await x.context.close();
  });
}
