/**
 * An address a professional can find (issue 42, docs/bookings.md "Address", docs/professionals.md "Base
 * location"), at 390 px in English and Arabic: a customer books through the wizard with a pin placed by
 * clicking the map and a landmark; the assigned professional opens the booking and sees the street, the
 * landmark and the links that open their maps app at the pin; the professional sets a base location and a
 * service radius on their Services tab (the map and the radius), which the server keeps.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, openIn, test, waitForAppOnNavigation, type Browser, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { payByApi } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { casablancaDate } from './support/time';
import { createUser } from './support/users';
import { watchErrors } from './support/errors';

type Lang = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const catalogues = (lang: Lang) => ({
  booking: readStrings<Catalogue>(`features/booking/locales/${lang}.json`),
  pros: readStrings<Catalogue>(`features/pros/locales/${lang}.json`),
});

function text(catalogue: Catalogue, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`missing ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
}
/** The words of a message before its first {{variable}} ("Pin placed:"). */
const lead = (catalogue: Catalogue, key: string) => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue) as string;
  return value.split('{{')[0]!.trim();
};

const VIEWPORT = { width: 390, height: 844 };
const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}


async function person(browser: Browser, type: 'customer' | 'pro', o: { lang: Lang; name: string; city?: string; category?: string }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang: o.lang, name: o.name, city: o.city, category: o.category });
  const page = waitForAppOnNavigation(await context.newPage());
  return { context, page, user, errors: watchErrors(page, { ignoreWebSocket: true }) };
}

// Meknes is a journeys' city (no demo professional): the professional made here is the only one of the category.
const AREAS: Record<Lang, string> = { en: 'electrical', ar: 'painting' };
const LANDMARK: Record<Lang, string> = { en: 'Opposite the Bab Mansour pharmacy', ar: 'قدام الفرماسيان ديال باب منصور' };
const STREET = '14 Rue Rouamzine';

for (const lang of ['en', 'ar'] as const) {
  test(`a pin on the map and a landmark reach the professional, who sets their base location (${lang}, 390 px)`, async ({ browser }) => {
    test.slow();
    const { booking: tb, pros: tp } = catalogues(lang);
    const pro = await person(browser, 'pro', { lang, name: lang === 'en' ? 'Hamza Electricien' : 'حمزة الصباغ', city: 'meknes', category: AREAS[lang] });
    const customer = await person(browser, 'customer', { lang, name: lang === 'en' ? 'Imane Client' : 'إيمان الزبونة' });

    // The wizard from the professional (their service): the schedule first.
    await openIn(customer.page, lang, `/book-service?pro=${pro.user.professionalId}&service=${pro.user.serviceTypeIds![0]}`);
    await customer.page.getByLabel(text(tb, 'schedule.date')).fill(casablancaDate(3));
    await customer.page.getByLabel(text(tb, 'schedule.startTime')).selectOption('10:00');
    const street = customer.page.getByLabel(text(tb, 'address.street'));
    // Continue until the confirm step (the professional step shows when the wizard asks it).
    for (let i = 0; i < 3 && !(await street.isVisible()); i++) {
      await customer.page.getByRole('button', { name: text(tb, 'actions.continue'), exact: true }).click();
      await customer.page.waitForTimeout(300);
    }
    await expect(street).toBeVisible();
    await street.fill(STREET);

    // The map of Meknes: a click places the pin (inside the city's area: the map opens on its centre).
    const map = customer.page.getByTestId('address-map');
    await expect(map).toBeVisible();
    await expect(map.locator('img.leaflet-tile').first()).toBeVisible();
    const status = customer.page.getByTestId('pin-status');
    await expect(status).toHaveText(text(tb, 'address.noPin'));
    await map.click({ position: { x: 150, y: 120 } });
    await expect(status).toContainText(lead(tb, 'address.pinPlaced'));
    await expect(customer.page.locator('.leaflet-marker-icon')).toHaveCount(1);
    await customer.page.getByLabel(text(tb, 'address.landmark')).fill(LANDMARK[lang]);
    await customer.page.getByLabel(text(tb, 'address.floor')).fill('2');
    await expectNoSeriousAxeViolations(customer.page, `address ${lang} confirm step with a pin`);
    await shot(customer.page, `address-${lang}-390-confirm-pin`);
    const created = customer.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST');
    await customer.page.getByRole('button', { name: text(tb, 'wizard.confirm.submit') }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    const bookingId = ((await answer.json()) as { id: string }).id;
    await expect(customer.page.getByRole('heading', { name: text(tb, 'payment.title') })).toBeVisible();

    // Stored with the pin, inside Meknes (centre 33.8935, -5.5473, 15 km).
    const mine = (await (await customer.context.request.get(`/api/bookings/${bookingId}`)).json()) as {
      professional: { id: string };
      address: { landmark: string; pin: { lat: number; lng: number } | null; links: { geo: string; web: string } | null };
    };
    expect(mine.professional.id).toBe(pro.user.professionalId);
    expect(mine.address.landmark).toBe(LANDMARK[lang]);
    expect(mine.address.pin).not.toBeNull();
    expect(Math.abs(mine.address.pin!.lat - 33.8935)).toBeLessThan(0.1);
    expect(Math.abs(mine.address.pin!.lng + 5.5473)).toBeLessThan(0.1);
    await payByApi(customer.context.request, bookingId);
    const accepted = await pro.context.request.post(`/api/bookings/${bookingId}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The professional opens the booking: the street, the landmark and the maps links at the pin.
    await openIn(pro.page, lang, '/dashboard/bookings');
    await pro.page.getByRole('button', { name: text(tb, 'details.view') }).first().click();
    const dialog = pro.page.getByRole('dialog');
    await expect(dialog.getByText(STREET, { exact: false })).toBeVisible();
    await expect(dialog.getByText(LANDMARK[lang])).toBeVisible();
    const maps = dialog.getByRole('link', { name: text(tb, 'address.openInMaps'), exact: true });
    await expect(maps).toHaveAttribute('href', mine.address.links!.web);
    await expect(maps).toHaveAttribute('href', new RegExp(`q=${mine.address.pin!.lat},${mine.address.pin!.lng}$`));
    await expect(dialog.getByRole('link', { name: text(tb, 'address.openInMapsApp') })).toHaveAttribute('href', /^geo:/);
    await expectNoSeriousAxeViolations(pro.page, `address ${lang} professional's booking details`);
    await shot(pro.page, `address-${lang}-390-pro-details`);
    await dialog.press('Escape');

    // The professional's base location and radius, on the Services tab beside their cities.
    await openIn(pro.page, lang, '/pro-profile');
    const section = pro.page.getByTestId('service-area');
    await expect(section.getByRole('heading', { name: text(tp, 'settings.base.title') })).toBeVisible();
    await expect(section.getByTestId('base-status')).toHaveText(text(tp, 'settings.base.none'));
    const baseMap = section.getByTestId('address-map');
    await baseMap.scrollIntoViewIfNeeded();
    await expect(baseMap.locator('img.leaflet-tile').first()).toBeVisible();
    await baseMap.click({ position: { x: 180, y: 130 } });
    await expect(section.getByTestId('base-status')).toContainText(lead(tp, 'settings.base.placed'));
    await section.getByLabel(text(tp, 'settings.base.radius')).fill('8');
    // The radius drawn around the pin.
    await expect(section.locator('path.leaflet-interactive, .leaflet-overlay-pane path')).toHaveCount(1);
    await section.getByRole('button', { name: text(tp, 'settings.base.save') }).click();
    await expect(pro.page.getByText(text(tp, 'settings.base.saved')).first()).toBeVisible();
    await expect(section.getByRole('button', { name: text(tp, 'settings.base.remove') })).toBeVisible();
    const settings = (await (await pro.context.request.get('/api/pros/me/settings')).json()) as { serviceArea: { base: { lat: number; lng: number } | null; radiusKm: number | null } };
    expect(settings.serviceArea.radiusKm).toBe(8);
    expect(Math.abs(settings.serviceArea.base!.lat - 33.8935)).toBeLessThan(0.1);
    await expectNoSeriousAxeViolations(pro.page, `address ${lang} base location`);
    // The section itself, legible (the full page is six screens long), before the full page: Playwright's
    // full-page capture resizes the viewport, and Leaflet redraws its overlay after the capture.
    await section.screenshot({ path: path.join(SCREENSHOT_DIR, `address-${lang}-390-base-location-section.png`) });
    await shot(pro.page, `address-${lang}-390-base-location`);

    // A reload shows the saved base; a too large radius is refused with the limits' message.
    await pro.page.reload();
    await expect(section.getByTestId('base-status')).toContainText(lead(tp, 'settings.base.placed'));
    await section.getByLabel(text(tp, 'settings.base.radius')).fill('500');
    await section.getByRole('button', { name: text(tp, 'settings.base.save') }).click();
    await expect(section.getByRole('alert')).toHaveText(text(tp, 'settings.base.errors.radius', { min: 1, max: 100 }));

    expect(customer.errors).toEqual([]);
    expect(pro.errors).toEqual([]);
    await pro.context.close();
    await customer.context.close();
  });
}
