import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, waitForAppOnNavigation, type Browser, type Page, openIn } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { shot } from './support/shot';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';
import { payByApi } from './support/cmi';

/**
 * Guarantee claims (issue 41; docs/claims.md), from report to refund, at 390 px in English and Arabic:
 * the customer of a completed booking reports a problem from its details with a photo and asks for a
 * partial refund; the professional disputes it from theirs; a super admin decides a partial refund on
 * /admin/claims (reached from the admin panel); the refund goes back through the CMI simulator and the
 * customer reads "Refunded to your card on ...". Each journey makes its own people; the professional
 * works in Agadir (the journeys' own city), in a category no other journey uses there.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
type Namespace = 'claims' | 'booking' | 'admin';
const WEB = path.join(process.cwd(), 'apps/web/src');
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((lang) => [lang, Object.fromEntries((['claims', 'booking', 'admin'] as const).map((ns) => [ns, JSON.parse(readFileSync(path.join(WEB, `features/${ns}/locales/${lang}.json`), 'utf8'))]))]),
) as Record<Language, Record<Namespace, Catalogue>>;
function text(lang: Language, ns: Namespace, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang][ns]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
/** The part of a message before its first variable (dates and amounts are formatted by the page). */
const lead = (s: string) => s.split('{{')[0]!;
function rawText(lang: Language, ns: Namespace, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang][ns]) as string;
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

/** Booked and paid (CMI simulator), accepted, moved into the past and completed: all through the API. */
async function completedBooking(customer: APIRequestContext, pro: APIRequestContext, admin: APIRequestContext, p: TestPerson) {
  const created = await customer.post('/api/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: { serviceTypeId: p.serviceTypeIds![0], cityId: p.cityId, date: casablancaDate(3), startTime: '10:00', endTime: '11:00', location: '12 Rue Ibn Batouta' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; reference: string; amounts: { total: number } };
  await payByApi(customer, booking.id);
  expect((await pro.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
  expect((await customer.post(`/api/dev/test-bookings/${booking.id}/happened`)).status()).toBe(200);
  const done = await admin.post(`/api/admin/bookings/${booking.id}/complete`, { data: {} });
  expect(done.status(), await done.text()).toBe(200);
  return booking;
}

/** The booking's details dialog from My Bookings. */
async function openDetails(page: Page, lang: Language) {
  await openIn(page, lang, '/dashboard/bookings');
  await page.getByRole('button', { name: text(lang, 'booking', 'details.view') }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('claim-section')).toBeVisible();
  return dialog;
}

const JOURNEYS = [
  { lang: 'en' as const, category: 'plumbing' },
  { lang: 'ar' as const, category: 'cleaning' },
];

test.describe('guarantee claims', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const j of JOURNEYS) {
    const t = (ns: Namespace, key: string, vars?: Record<string, string | number>) => text(j.lang, ns, key, vars);

    test(`a claim from report to a partial refund (${j.lang}, 390 px)`, async ({ browser }) => {
      const customer = await person(browser, 'customer', j.lang, { name: 'Salma Claim' });
      const pro = await person(browser, 'pro', j.lang, { city: 'agadir', category: j.category, name: `Youssef ${j.lang}` });
      const admin = await person(browser, 'admin', j.lang);
      const booking = await completedBooking(customer.context.request, pro.context.request, admin.context.request, pro.person);
      const errors: string[] = [];
      customer.page.on('pageerror', (e) => errors.push(e.message));

      // The customer: the deadline, then Report a problem with a photo, asking for a partial refund.
      let dialog = await openDetails(customer.page, j.lang);
      await expect(dialog.getByText(lead(rawText(j.lang, 'claims', 'section.until')))).toBeVisible();
      await dialog.getByRole('button', { name: t('claims', 'section.report') }).click();
      // Sending it empty says what is wrong next to the field.
      await dialog.getByRole('button', { name: t('claims', 'form.send') }).click();
      await expect(dialog.getByText(t('claims', 'form.descriptionHint')).first()).toBeVisible();
      await dialog.getByLabel(t('claims', 'form.description')).fill(j.lang === 'en' ? 'The sink still leaks under the cabinet.' : 'البالوعة باقا كتقطر تحت الخزانة.');
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
      await dialog.getByLabel(t('claims', 'form.photos')).setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: photo });
      await dialog.getByLabel(t('claims', 'form.requests.partial_refund')).check();
      await dialog.getByLabel(t('claims', 'form.amount')).fill('100');
      await expectNoSeriousAxeViolations(customer.page, `claims ${j.lang} report form`);
      await shot(customer.page, (`claims ${j.lang} report form`).replace(/[^\w-]+/g, '-'));
      await dialog.getByRole('button', { name: t('claims', 'form.send') }).click();
      await expect(customer.page.getByText(t('claims', 'form.sent')).first()).toBeVisible();
      const thread = dialog.getByTestId('claim-thread');
      await expect(thread.getByText(t('claims', 'status.open'))).toBeVisible();
      await expect(thread.getByRole('img', { name: t('claims', 'thread.photoAlt', { n: 1 }) })).toBeVisible();

      // The professional disputes it from the booking's details.
      dialog = await openDetails(pro.page, j.lang);
      await dialog.getByRole('button', { name: t('claims', 'pro.dispute') }).click();
      await dialog.getByLabel(t('claims', 'pro.disputeReason')).fill(j.lang === 'en' ? 'The leak comes from an old pipe I did not touch.' : 'التقطار جاي من قادوس قديم ما قستوش.');
      await dialog.getByRole('button', { name: t('claims', 'pro.sendDispute') }).click();
      await expect(pro.page.getByText(t('claims', 'pro.disputedDone')).first()).toBeVisible();
      await expect(dialog.getByText(t('claims', 'status.needs_decision'))).toBeVisible();

      // The admin: from the admin panel to /admin/claims, a partial refund of 100 MAD with a reason.
      await openIn(admin.page, j.lang, '/dashboard?tab=admin');
      await admin.page.getByRole('link', { name: t('admin', 'tab.links.claims') }).click();
      await expect(admin.page).toHaveURL(/\/admin\/claims/);
      const card = admin.page.getByTestId('admin-claim').filter({ hasText: booking.reference });
      await expect(card).toBeVisible();
      await card.getByRole('combobox', { name: t('claims', 'admin.decision') }).selectOption('partial_refund');
      await card.getByLabel(t('claims', 'admin.amount')).fill('100');
      await card.getByLabel(t('claims', 'admin.reason')).fill(j.lang === 'en' ? 'Shared fault: the pipe was old.' : 'الخطأ مشترك: القادوس قديم.');
      await expectNoSeriousAxeViolations(admin.page, `claims ${j.lang} admin`);
      await shot(admin.page, (`claims ${j.lang} admin`).replace(/[^\w-]+/g, '-'));
      await card.getByRole('button', { name: t('claims', 'admin.decide') }).click();
      await expect(admin.page.getByText(t('claims', 'admin.decided')).first()).toBeVisible();

      // The customer: the refund reaches the card through the simulator (the payment.refund job).
      await expect
        .poll(
          async () => {
            const res = await customer.context.request.get(`/api/bookings/${booking.id}/claim`);
            return ((await res.json()) as { claims: Array<{ refundedAt: string | null }> }).claims[0]?.refundedAt ?? null;
          },
          { timeout: 60_000 },
        )
        .not.toBeNull();
      dialog = await openDetails(customer.page, j.lang);
      const refund = dialog.getByTestId('claim-refund');
      await expect(refund).toContainText(lead(rawText(j.lang, 'claims', 'thread.refundedOn')));
      await expect(refund).toContainText('100');
      await expect(dialog.getByText(t('claims', 'outcome.partial_refund')).first()).toBeVisible();
      await shot(customer.page, `claims-${j.lang}-refunded`);
      expect(errors).toEqual([]);
      for (const p of [customer, pro, admin]) await p.context.close();
    });
  }
});
