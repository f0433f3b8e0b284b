/**
 * Recurring bookings (docs/recurring.md, issue 43), at 390 px in English and Arabic: a customer repeats a
 * paid cleaning booking every week for 4 visits, sees the visits of the next 4 weeks booked with 10% off,
 * and skips one of them.
 */
import { randomUUID } from 'node:crypto';
import { expect, openIn, test } from './support/test';
import { readStrings } from './support/locales';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { payByApi } from './support/cmi';
import { casablancaDate } from './support/time';
import { createPerson, createUser } from './support/users';

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
