/**
 * Running late and suspension (issue 41, docs/lateness.md), at 390 px in English and Arabic: the
 * professional's delay notice reaches the customer's open booking without a reload; a super_admin
 * suspends a professional, who then disappears from search, and reinstates them.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Browser } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { shot } from './support/shot';
import { payByApi } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { readStrings } from './support/locales';
import { casablancaDate } from './support/time';
import { createUser, emailTo, type TestPerson } from './support/users';

type Lang = 'en' | 'ar';
type Catalogue = Record<string, Record<string, unknown>>;
const strings = (lang: Lang) => readStrings<Catalogue>(`features/lateness/locales/${lang}.json`);
const bookingStrings = (lang: Lang) => readStrings<Catalogue>(`features/booking/locales/${lang}.json`);

function text(catalogue: Catalogue, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`missing ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
}

async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', o: { lang: Lang; name: string; city?: string; category?: string }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang: o.lang, name: o.name, city: o.city, category: o.category, roles: type === 'admin' ? ['super_admin'] : undefined });
  const page = waitForAppOnNavigation(await context.newPage());
  return { context, page, user };
}

async function confirmedBooking(customer: APIRequestContext, pro: { request: APIRequestContext; user: TestPerson }) {
  const created = await customer.post('/api/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: { serviceTypeId: pro.user.serviceTypeIds![0], cityId: pro.user.cityId, date: casablancaDate(5 + Math.floor(Math.random() * 10)), startTime: '10:00', endTime: '11:00', location: '12 Rue Ibn Batouta' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; reference: string };
  await payByApi(customer, booking.id);
  const accepted = await pro.request.post(`/api/bookings/${booking.id}/accept`, { headers: { 'idempotency-key': randomUUID() } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return booking;
}

const AREAS: Record<Lang, { late: string; suspension: string }> = {
  en: { late: 'handyman', suspension: 'gardening' },
  ar: { late: 'painting', suspension: 'delivery' },
};

for (const lang of ['en', 'ar'] as const) {
  test(`running late reaches the customer's open booking live (${lang}, 390 px)`, async ({ browser, request }) => {
    test.slow();
    const t = strings(lang);
    const pro = await person(browser, 'pro', { lang, name: 'Rachid Retard', city: 'agadir', category: AREAS[lang].late });
    const customer = await person(browser, 'customer', { lang, name: 'Nadia Client' });
    const booking = await confirmedBooking(customer.context.request, { request: pro.context.request, user: pro.user });
    // The booking starts in 10 minutes (a development route): a delay may be announced from 1 h before.
    expect((await request.post(`/api/dev/test-bookings/${booking.id}/starts-in`, { data: { minutes: 10 } })).status()).toBe(200);

    // The customer has the booking open.
    await customer.page.goto(`/dashboard/bookings?lang=${lang}`);
    await expect(customer.page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const card = customer.page.locator(`[data-booking-reference="${booking.reference}"]`);
    await card.getByRole('button', { name: text(bookingStrings(lang), 'details.view') }).click();
    const dialog = customer.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('expected-arrival')).toHaveCount(0);

    // The professional announces a delay of 40 minutes.
    const res = await pro.context.request.post(`/api/bookings/${booking.id}/delay`, { data: { delayMinutes: 40 } });
    expect(res.status(), await res.text()).toBe(200);
    const time = ((await res.json()) as { attendance: { expectedArrivalLocalTime: string } }).attendance.expectedArrivalLocalTime;

    // Without a reload: the new time, and the free cancellation it opens.
    await expect(dialog.getByTestId('expected-arrival')).toHaveText(text(t, 'panel.arrivesAt', { time }));
    await expect(dialog.getByText(text(t, 'panel.freeCancel'))).toBeVisible();
    await expectNoSeriousAxeViolations(customer.page, `running late dialog (${lang})`);
    await shot(customer.page, (`running late dialog (${lang})`).replace(/[^\w-]+/g, '-'));
    // Told by email too (a job written with the notice).
    await emailTo(request, customer.user.email);

    // The professional's own view says the same time.
    const proSees = (await (await pro.context.request.get(`/api/bookings/${booking.id}`)).json()) as { attendance: { expectedArrivalLocalTime: string; canMarkArrived: boolean } };
    expect(proSees.attendance).toMatchObject({ expectedArrivalLocalTime: time, canMarkArrived: true });
    await pro.context.close();
    await customer.context.close();
  });

  test(`a super_admin suspends a professional, who disappears from search, then reinstates them (${lang}, 390 px)`, async ({ browser, request }) => {
    test.slow();
    const t = strings(lang);
    // A first name of its own: search matches it whatever the other journeys' professionals are called.
    const first = `Souad${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;
    const name = `${first} Suspendue`;
    const pro = await person(browser, 'pro', { lang, name, city: 'agadir', category: AREAS[lang].suspension });
    const admin = await person(browser, 'admin', { lang, name: 'Samira Admin' });
    const found = async () => JSON.stringify(await (await request.get(`/api/pros?q=${encodeURIComponent(first)}`)).json()).includes(pro.user.professionalId!);
    await expect.poll(found).toBe(true);

    await admin.page.goto(`/admin/professionals?lang=${lang}`);
    await expect(admin.page.getByRole('heading', { level: 1, name: text(t, 'admin.listTitle') })).toBeVisible();
    await admin.page.getByRole('searchbox', { name: text(t, 'admin.search') }).fill(name);
    await admin.page.getByRole('link', { name: `${text(t, 'admin.open')} ${name}` }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await admin.page.getByRole('button', { name: text(t, 'admin.suspend') }).click();
    const dialog = admin.page.getByRole('dialog');
    // The reason is required: the error shows next to the field.
    await dialog.getByRole('button', { name: text(t, 'admin.suspend') }).click();
    await expect(dialog.getByText(text(t, 'admin.reasonRequired'))).toBeVisible();
    await dialog.getByRole('textbox', { name: text(t, 'admin.reasonLabel') }).fill('Repeated no-shows');
    await dialog.getByRole('button', { name: text(t, 'admin.suspend') }).click();
    await expect(admin.page.getByText(text(t, 'admin.suspended', { name }))).toBeVisible();
    await expect(admin.page.getByText('Repeated no-shows')).toBeVisible();
    await expectNoSeriousAxeViolations(admin.page, `suspended professional (${lang})`);
    await shot(admin.page, (`suspended professional (${lang})`).replace(/[^\w-]+/g, '-'));

    // Gone from search and from its page; told by email.
    expect(await found()).toBe(false);
    expect((await request.get(`/api/pros/${pro.user.professionalId}`)).status()).toBe(404);
    await emailTo(request, pro.user.email);

    await admin.page.getByRole('button', { name: text(t, 'admin.reinstate') }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: text(t, 'admin.reinstate') }).click();
    await expect(admin.page.getByText(text(t, 'admin.reinstated', { name }))).toBeVisible();
    expect(await found()).toBe(true);
    await pro.context.close();
    await admin.context.close();
  });
}
