/**
 * Recurring bookings (docs/recurring.md, issue 43), at 390 px in English and Arabic: a customer repeats a
 * paid cleaning booking every week for 4 visits, sees the visits of the next 4 weeks booked with 10% off,
 * and skips one of them; a customer who chooses "Every 2 weeks" in the booking wizard's confirm step,
 * with the recurring discount shown, pays the first booking on the CMI simulator's page and finds the
 * series set up with the payment (the server kept the choice with the booking) on the payment-confirmed
 * screen; and a customer moves a visit not created yet while the professional sees the series' planned
 * visits on their bookings list and declines it there.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, openIn, test } from './support/test';
import { readStrings } from './support/locales';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { payByApi, payOnHostedPage } from './support/cmi';
import { casablancaDate } from './support/time';
import { createPerson, createUser } from './support/users';
import { watchErrors } from './support/errors';

type Strings = {
  every: Record<'1' | '2' | '4', string>;
  new: Record<'endCount' | 'count' | 'submit', string>;
  series: Record<'title', string>;
  visit: Record<'skip' | 'skipped' | 'booked', string>;
};

for (const [lang, day, startTime, endTime] of [
  ['en', 2, '10:00', '12:00'],
  ['ar', 3, '14:00', '16:00'],
] as const) {
  test(`a weekly cleaning series with one visit skipped (${lang}, 390 px)`, async ({ browser, request }) => {
    test.slow();
    const s = readStrings<Strings>(`features/recurring/locales/${lang}.json`);
    // The journey's own cleaner in Tanger (no demo professional cleans there).
    const pro = await createPerson(request, 'pro', { name: lang === 'ar' ? 'نادية المنظفة' : 'Nadia Cleaner', city: 'tanger', category: 'cleaning', lang });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(context);
    await createUser(context, 'customer', { name: lang === 'ar' ? 'سلمى المتكررة' : 'Salma Weekly', lang });
    const created = await context.request.post('/api/bookings', {
      headers: { 'idempotency-key': randomUUID() },
      data: { serviceTypeId: pro.serviceTypeIds![0], cityId: pro.cityId, date: casablancaDate(day), startTime, endTime, location: '12 rue Ibn Battouta, Tanger' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: string };
    await payByApi(context.request, booking.id);

    const page = await context.newPage();
    await openIn(page, lang, `/recurring/new?booking=${booking.id}`);
    await page.getByLabel(s.every['1'], { exact: true }).check();
    await page.getByLabel(s.new.endCount, { exact: true }).check();
    await page.getByLabel(s.new.count, { exact: true }).fill('4');
    await page.getByRole('button', { name: s.new.submit }).click();
    // The series and its first visits are made in that request (three bookings, their emails).
    await expect(page).toHaveURL(/\/recurring\/[0-9a-f-]{36}/, { timeout: 60_000 });
    await expect(page.getByText(s.series.title, { exact: true })).toBeVisible();
    // Visits 0-2 (days +7, +14, +21) are booked already; visit 3 is planned.
    const visit = (seq: number) => page.getByTestId(`visit-${seq}`);
    await expect(visit(0).getByText(s.visit.booked)).toBeVisible();
    await expect(visit(2).getByText(s.visit.booked)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `recurring series (${lang})`);

    await visit(1).getByRole('button', { name: s.visit.skip }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: s.visit.skip }).click();
    await expect(visit(1).getByText(s.visit.skipped)).toBeVisible();
    await expect(visit(1).getByRole('button', { name: s.visit.skip })).toHaveCount(0);
    // Nothing runs off the 390 px screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}

type BookingStrings = {
  actions: Record<'continue', string>;
  wizard: { confirm: Record<'submit', string>; professional: Record<'found', string>; repeat: Record<'title' | 'once' | 'open', string> };
  schedule: Record<'date' | 'startTime', string>;
  address: Record<'street', string>;
  payment: Record<'title' | 'pay', string>;
};

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');


for (const [lang, category, day] of [
  ['en', 'cleaning', 4],
  ['ar', 'gardening', 5],
] as const) {
  test(`a series chosen in the booking wizard, set up once the first booking is paid (${lang}, 390 px)`, async ({ browser, request }) => {
    test.slow();
    const s = readStrings<Strings>(`features/recurring/locales/${lang}.json`);
    const b = readStrings<BookingStrings>(`features/booking/locales/${lang}.json`);
    // The journey's own professional in Meknes (a pair no other journey books).
    await createPerson(request, 'pro', { name: lang === 'ar' ? 'كريم المتكرر' : 'Karim Fortnightly', city: 'meknes', category, lang });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(context);
    await createUser(context, 'customer', { name: lang === 'ar' ? 'هند المتكررة' : 'Hind Fortnightly', lang });
    const page = await context.newPage();
    const errors = watchErrors(page, { ignoreWebSocket: true });
    const services = (await (await page.request.get(`/api/services?category=${category}`)).json()) as Array<{ basePrice: number; name: Record<'en' | 'ar', string> }>;
    const service = [...services].sort((x, y) => x.basePrice - y.basePrice)[0]!;
    const cities = (await (await page.request.get('/api/cities')).json()) as Array<{ slug: string; name: Record<'en' | 'ar', string> }>;
    const meknes = cities.find((c) => c.slug === 'meknes')!;
    const snap = (name: string) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      return page.screenshot({ path: path.join(SCREENSHOT_DIR, `recurring-wizard-${lang}-390-${name}.png`), fullPage: true });
    };

    await openIn(page, lang, '/book-service');
    await page.getByRole('button', { name: new RegExp(escape(service.name[lang])) }).first().click();
    await page.getByRole('button', { name: meknes.name[lang], exact: true }).click();
    await page.getByLabel(b.schedule.date).fill(casablancaDate(day));
    await page.getByLabel(b.schedule.startTime).selectOption('10:00');
    await page.getByRole('button', { name: b.actions.continue, exact: true }).click();
    await expect(page.getByText(b.wizard.professional.found)).toBeVisible();
    await page.getByRole('button', { name: b.actions.continue, exact: true }).click();

    // The confirm step: "Just this once" by default; every 2 weeks for 3 visits shows the visits' discounted price.
    const repeat = page.getByRole('region', { name: b.wizard.repeat.title });
    await expect(repeat.getByLabel(b.wizard.repeat.once, { exact: true })).toBeChecked();
    await expect(page.getByTestId('repeat-discount')).toHaveCount(0);
    await page.getByLabel(b.address.street).fill('7 avenue des FAR, Meknès');
    await repeat.getByLabel(s.every['2'], { exact: true }).check();
    await repeat.getByLabel(s.new.endCount, { exact: true }).check();
    await repeat.getByLabel(s.new.count, { exact: true }).fill('3');
    await expect(page.getByTestId('repeat-discount')).toContainText(/\d/);
    await expectNoSeriousAxeViolations(page, `wizard repeat (${lang})`);
    await snap('1-confirm-repeat');
    await page.getByRole('button', { name: b.wizard.confirm.submit }).click();

    // Paid on the CMI simulator's hosted page; back on the payment-confirmed screen the series is set up.
    await expect(page.getByRole('heading', { name: b.payment.title })).toBeVisible();
    // The choice is kept by the server with the booking: nothing in this tab is needed any more.
    await page.evaluate(() => sessionStorage.clear());
    await page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.replace('{{amount}}', '').trim())}`) }).click();
    await payOnHostedPage(page);
    await expect(page.getByTestId('payment-confirmed')).toBeVisible({ timeout: 30_000 });
    // The series was made with the payment: the customer's list has it whatever page they come back to.
    const mine = (await (await page.request.get('/api/recurring/series')).json()) as Array<{ intervalWeeks: number; end: unknown }>;
    expect(mine.map((x) => [x.intervalWeeks, x.end])).toEqual([[2, { kind: 'count', count: 3 }]]);
    const created = page.getByTestId('repeat-created');
    await expect(created).toContainText(s.every['2'], { timeout: 60_000 });
    await expectNoSeriousAxeViolations(page, `wizard repeat set up (${lang})`);
    await snap('2-paid-series');
    await created.getByRole('link', { name: b.wizard.repeat.open }).click();
    await expect(page).toHaveURL(/\/recurring\/[0-9a-f-]{36}/);
    await expect(page.getByText(s.series.title, { exact: true })).toBeVisible();
    // Visit 0 (two weeks after the first booking) is within the 4-week window: booked; visits 1 and 2 are planned.
    await expect(page.getByTestId('visit-0').getByText(s.visit.booked)).toBeVisible();
    await expect(page.getByTestId('visit-2')).toBeVisible();
    await snap('3-series');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}

type PlannedStrings = Strings & {
  planned: Record<'title' | 'badge' | 'open' | 'declined', string>;
  move: Record<'open' | 'title' | 'date' | 'time' | 'submit' | 'movedFrom', string> & { errors: Record<'date', string> };
  series: Record<'title' | 'decline', string>;
  status: Record<'declined', string>;
};

for (const [lang, category] of [
  ['en', 'cleaning'],
  ['ar', 'gardening'],
] as const) {
  test(`the customer moves a visit not created yet; the professional sees the planned visits on their bookings, a paid one confirmed, and declines the series there (${lang}, 390 px)`, async ({ browser }) => {
    test.slow();
    const s = readStrings<PlannedStrings>(`features/recurring/locales/${lang}.json`);
    const common = readStrings<{ status: Record<'confirmed', string>; pages: { proBookings: { title: string } } }>(`locales/${lang}.json`);
    const bookingStrings = readStrings<{ myBookings: Record<'proLead' | 'lead' | 'bookNew', string> }>(`features/booking/locales/${lang}.json`);
    // The customer repeats a paid booking every week, until cancelled, with the journey's own professional in Kenitra.
    const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(customerContext);
    await createUser(customerContext, 'customer', { name: lang === 'ar' ? 'ليلى الأسبوعية' : 'Laila Weekly', lang });
    const proContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(proContext);
    const pro = await createUser(proContext, 'pro', { name: lang === 'ar' ? 'سعاد المهنية' : 'Souad Kenitra', city: 'kenitra', category, lang });
    const created = await customerContext.request.post('/api/bookings', {
      headers: { 'idempotency-key': randomUUID() },
      data: { serviceTypeId: pro.serviceTypeIds![0], cityId: pro.cityId, date: casablancaDate(2), startTime: '09:00', endTime: '11:00', location: '3 avenue Mohammed V, Kénitra' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: string };
    await payByApi(customerContext.request, booking.id);
    const made = await customerContext.request.post('/api/recurring/series', {
      headers: { 'idempotency-key': randomUUID() },
      data: { bookingId: booking.id, intervalWeeks: 1, end: { kind: 'never' } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const series = (await made.json()) as { id: string; occurrences: Array<{ seq: number; state: string; booking: { id: string } | null }> };
    // Visits 0-2 are bookings already (days +9, +16, +23); the customer pays visit 0: confirmed by the series.
    const visit0 = series.occurrences.find((o) => o.seq === 0)!.booking!.id;
    await payByApi(customerContext.request, visit0);

    // The customer moves visit 4 (day +37, not created yet) to day +39 at 15:00 on the series page.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const customerPage = await customerContext.newPage();
    const customerErrors = watchErrors(customerPage, { ignoreWebSocket: true });
    await openIn(customerPage, lang, `/recurring/${series.id}`);
    const visit4 = customerPage.getByTestId('visit-4');
    await visit4.getByRole('button', { name: s.move.open }).click();
    const moveDialog = customerPage.getByRole('dialog', { name: s.move.title });
    await expect(moveDialog).toBeVisible();
    // Too far from the planned date: said next to the field, nothing sent.
    await moveDialog.getByLabel(s.move.date).fill(casablancaDate(45));
    await moveDialog.getByRole('button', { name: s.move.submit }).click();
    await expect(moveDialog.getByText(s.move.errors.date.replace('{{count}}', '6'))).toBeVisible();
    await moveDialog.getByLabel(s.move.date).fill(casablancaDate(39));
    await moveDialog.getByLabel(s.move.time).selectOption('15:00');
    await customerPage.screenshot({ path: path.join(SCREENSHOT_DIR, `recurring-move-${lang}-390-1-dialog.png`), fullPage: false });
    await moveDialog.getByRole('button', { name: s.move.submit }).click();
    await expect(moveDialog).toHaveCount(0);
    await expect(visit4).toContainText('15:00');
    await expect(visit4).toContainText(s.move.movedFrom.split('{{date}}')[0]!.trim());
    await expectNoSeriousAxeViolations(customerPage, `series with a moved visit (${lang})`);
    await visit4.scrollIntoViewIfNeeded();
    await customerPage.screenshot({ path: path.join(SCREENSHOT_DIR, `recurring-move-${lang}-390-2-moved.png`), fullPage: false });
    expect(customerErrors).toEqual([]);

    const page = await proContext.newPage();
    const errors = watchErrors(page, { ignoreWebSocket: true });
    const snap = (name: string) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      return page.screenshot({ path: path.join(SCREENSHOT_DIR, `recurring-pro-${lang}-390-${name}.png`), fullPage: true });
    };
    await openIn(page, lang, '/dashboard/bookings');
    const planned = page.getByTestId('planned-series-visits');
    await expect(planned.getByRole('heading', { name: s.planned.title })).toBeVisible();
    // Visit 3 (day +30) is not a booking yet: shown as a planned visit of the series, with a link to it.
    const visit3 = planned.getByTestId(`planned-${series.id}-3`);
    await expect(visit3).toBeVisible();
    await expect(visit3.getByText(s.planned.badge)).toBeVisible();
    await expect(visit3.getByRole('link', { name: s.planned.open })).toHaveAttribute('href', `/recurring/${series.id}`);
    // The moved visit is planned at its new time for the professional too.
    await expect(planned.getByTestId(`planned-${series.id}-4`)).toContainText('15:00');
    // Visits 0-2 are bookings, not planned; the paid one is confirmed without an accept.
    await expect(planned.getByTestId(`planned-${series.id}-0`)).toHaveCount(0);
    // The professional's bookings: the first booking (paid, waiting for their accept) and visit 0 (paid: confirmed).
    await expect(page.getByText(common.status.confirmed, { exact: true })).toHaveCount(1);
    // The page speaks to the professional: their jobs, and a way to the requests waiting for them, not "Book New Service".
    await expect(page.getByText(bookingStrings.myBookings.proLead)).toBeVisible();
    await expect(page.getByText(bookingStrings.myBookings.lead)).toHaveCount(0);
    await expect(page.getByRole('link', { name: bookingStrings.myBookings.bookNew })).toHaveCount(0);
    await expect(page.getByRole('link', { name: common.pages.proBookings.title }).first()).toHaveAttribute('href', '/pro-bookings');
    await expectNoSeriousAxeViolations(page, `professional's planned visits (${lang})`);
    await snap('1-planned-visits');
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The decline of the series is there, before its first visit: confirmed in a dialog, sent once.
    await visit3.getByRole('button', { name: s.series.decline }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await snap('2-decline-dialog');
    const declines: string[] = [];
    page.on('request', (r) => (r.method() === 'POST' && r.url().endsWith(`/api/recurring/series/${series.id}/decline`) ? declines.push(r.url()) : undefined));
    await dialog.getByRole('button', { name: s.series.decline }).dblclick();
    await expect(page.getByText(s.planned.declined)).toBeVisible();
    await expect(planned).toHaveCount(0);
    expect(declines).toHaveLength(1);
    await snap('3-declined');
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The customer's series reads declined.
    const after = (await (await customerContext.request.get(`/api/recurring/series/${series.id}`)).json()) as { status: string };
    expect(after.status).toBe('declined');
    expect(errors).toEqual([]);
    await customerContext.close();
    await proContext.close();
  });
}
