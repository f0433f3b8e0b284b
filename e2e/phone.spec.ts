import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { payByApi } from './support/cmi';
import { skipCookieBanner } from './support/consent';
import { expect, test, waitForAppOnNavigation, type APIRequestContext } from './support/test';
import { casablancaDate } from './support/time';
import { createPerson } from './support/users';

/**
 * Phone-first accounts and WhatsApp (issue 42, docs/accounts.md#phone-sign-in, docs/notifications.md):
 * at 390 px, in English and Arabic, someone signs up with their mobile ("Use my phone"), the code by
 * WhatsApp read from the outbox, books and pays; once the professional accepts, the booking's reminder
 * reaches them on WhatsApp, in their language.
 */

type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
function text(lang: 'en' | 'ar', file: string, key: string): string {
  const catalogue = JSON.parse(readFileSync(path.join(WEB, file.replace('{lang}', lang)), 'utf8')) as Catalogue;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${file}:${key}`);
  return value;
}
const phoneText = (lang: 'en' | 'ar', key: string) => text(lang, 'features/phone/locales/{lang}.json', key);

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
}

async function whatsappTo(request: APIRequestContext, to: string, subject: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      found = list.find((m) => m.channel === 'whatsapp' && m.to === to && m.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

for (const j of [
  { lang: 'en' as const, category: 'plumbing', days: 8, name: 'Yassine Phone', reminder: /^Reminder: / },
  { lang: 'ar' as const, category: 'delivery', days: 9, name: 'ياسين التيليفون', reminder: /^تذكير: / },
]) {
  test(`signs up with a phone and a WhatsApp code, books, and gets the reminder on WhatsApp (${j.lang}, 390 px)`, async ({ browser, request }) => {
    // Sign-up, booking, payment and acceptance in one journey.
    test.setTimeout(240_000);
    // The only professional of this city and category (e2e/support/users.ts PRO_AREAS).
    const pro = await createPerson(request, 'pro', { city: 'meknes', category: j.category, lang: j.lang });
    const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
    const e164 = `+21266${digits}`;
    // The national form, as people type it: 06 6X XX XX XX.
    const national = `06 6${digits[0]} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(context);
    const page = waitForAppOnNavigation(await context.newPage());
    await page.goto(`/signup?lang=${j.lang}`);
    await page.getByRole('link', { name: text(j.lang, 'features/auth/locales/{lang}.json', 'signup.usePhone') }).click();
    await expect(page.getByRole('heading', { level: 1, name: phoneText(j.lang, 'signupTitle') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', j.lang === 'ar' ? 'rtl' : 'ltr');

    // What is wrong shows beside each field.
    await page.getByRole('button', { name: phoneText(j.lang, 'sendCode') }).click();
    await expect(page.getByText(phoneText(j.lang, 'errors.phone'))).toBeVisible();
    await expect(page.getByText(phoneText(j.lang, 'errors.name'))).toBeVisible();

    await page.getByLabel(phoneText(j.lang, 'fields.name')).fill(j.name);
    await page.getByLabel(phoneText(j.lang, 'fields.phone')).fill(national);
    await page.getByRole('button', { name: phoneText(j.lang, 'channels.whatsapp') }).click();
    await expect(page.getByText(phoneText(j.lang, 'whatsappOptIn'))).toBeVisible();
    await page.getByRole('checkbox').nth(0).check();
    await page.getByRole('checkbox').nth(1).check();
    await expectNoSeriousAxeViolations(page, `phone sign-up ${j.lang} 390`);
    await page.getByRole('button', { name: phoneText(j.lang, 'sendCode') }).click();

    const codeMessage = await whatsappTo(request, e164, 'khedma_code');
    const code = /(\d{6})/.exec(codeMessage.text)![1]!;
    // The resend waits its minute, and says so.
    await expect(page.getByRole('button', { name: new RegExp(phoneText(j.lang, 'resendIn').replace('{{seconds}}', '\\d+')) })).toBeDisabled();
    await page.getByLabel(phoneText(j.lang, 'fields.code')).fill(code);
    await page.getByRole('button', { name: phoneText(j.lang, 'createAccount') }).click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });

    // Books and pays as this new account (its session is the page's cookie).
    const made = await context.request.post('/api/bookings', {
      headers: { 'idempotency-key': randomUUID() },
      data: { serviceTypeId: pro.serviceTypeIds![0], cityId: pro.cityId, date: casablancaDate(j.days), startTime: '10:00', endTime: '11:00', location: '12 Rue Ibn Batouta' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const booking = (await made.json()) as { id: string };
    await payByApi(context.request, booking.id);
    // The payment received reaches them on WhatsApp at once (they took WhatsApp at sign-up), in their language.
    const receipt = await whatsappTo(request, e164, 'khedma_payment_received');
    expect(receipt.text).toMatch(j.lang === 'en' ? /^We received your payment of \d[\d\u202f]*\u00a0MAD for / : /^وصلنا الخلاص ديالك ديال /);
    // The professional accepts with their own session (createPerson signed `request` in as them).
    const accepted = await request.post(`/api/bookings/${booking.id}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The evening-before reminder, run now (a journeys-only route), reaches WhatsApp in their language.
    const due = await request.post(`/api/dev/test-bookings/${booking.id}/reminders-due`);
    expect(due.status()).toBe(200);
    const reminder = await whatsappTo(request, e164, 'khedma_booking_reminder');
    expect(reminder.text).toMatch(j.reminder);
    await context.close();
  });
}
