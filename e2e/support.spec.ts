import { randomUUID } from 'node:crypto';
import { expect, test, waitForAppOnNavigation, type Browser, openIn } from './support/test';
import { readStrings } from './support/locales';
import { expectNoSeriousAxeViolations } from './support/axe';
import { shot } from './support/shot';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser } from './support/users';
import { payByApi } from './support/cmi';

/**
 * Support tickets (issue 41; docs/support.md), at 390 px in English and Arabic: a customer opens a
 * ticket on one of their bookings from its details ("Get help with this booking"), an admin of the
 * support team finds it in the queue, adds an internal note and answers; the customer sees the answer
 * (never the note), replies (the ticket waits for support again) and marks it resolved.
 */

type Language = 'en' | 'ar';
type Strings = {
  status: Record<'open' | 'waiting_for_user' | 'resolved' | 'closed', string>;
  entry: Record<'booking', string>;
  form: Record<'subject' | 'message' | 'submit', string>;
  category: Record<'label' | 'booking', string>;
  firstAnswer: string;
  thread: Record<'reply' | 'send' | 'resolve' | 'resolved' | 'sent', string>;
  admin: Record<'answer' | 'internal' | 'addNote' | 'sendAnswer' | 'noteAdded' | 'answerSent' | 'internalBadge', string>;
};
const strings = (lang: Language) => readStrings<Strings>(`features/support/locales/${lang}.json`);
const bookingStrings = (lang: Language) => readStrings<{ details: { view: string } }>(`features/booking/locales/${lang}.json`);
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

async function person(browser: Browser, type: 'customer' | 'pro' | 'admin', lang: Language, name: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang, name, city: 'agadir', category: 'electrical', roles: type === 'admin' ? ['super_admin'] : undefined });
  const page = waitForAppOnNavigation(await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, user, page, errors };
}

for (const lang of ['en', 'ar'] as const) {
  test(`a ticket on a booking: opened from its details, answered with an internal note, replied to and resolved (${lang}, 390 px)`, async ({ browser }) => {
    test.slow();
    const s = strings(lang);
    const customer = await person(browser, 'customer', lang, lang === 'en' ? 'Salma Support' : 'سلمى الدعم');
    const pro = await person(browser, 'pro', lang, 'Karim Electricien');
    const admin = await person(browser, 'admin', lang, lang === 'en' ? 'Aicha Support' : 'عائشة الدعم');

    // A paid booking of the customer's with the professional.
    const created = await customer.context.request.post('/api/bookings/hourly', {
      headers: { 'idempotency-key': randomUUID() },
      data: { professionalId: pro.user.professionalId, date: casablancaDate(lang === 'en' ? 4 : 5), time: '10:00', durationHours: 1, location: '3 Avenue Hassan II, Agadir', contactPhone: '0612345678' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const bookingId = ((await created.json()) as { id: string }).id;
    await payByApi(customer.context.request, bookingId);
    await pro.context.close();

    // The customer opens the booking's details and asks for help with it.
    await openIn(customer.page, lang, '/dashboard');
    await customer.page.getByRole('button', { name: bookingStrings(lang).details.view }).first().click();
    await customer.page.getByRole('link', { name: s.entry.booking }).click();
    await expect(customer.page).toHaveURL(new RegExp(`/support/new\\?booking=${bookingId}`));
    await expect(customer.page.getByTestId('support-first-answer')).toHaveText(fill(s.firstAnswer, { hours: 4 }));
    await expect(customer.page.getByLabel(s.category.label)).toHaveValue('booking');
    const subject = lang === 'en' ? 'The light still flickers' : 'الضو مازال كيطفا ويشعل';
    await customer.page.getByLabel(s.form.subject).fill(subject);
    await customer.page.getByLabel(s.form.message).fill(lang === 'en' ? 'The electrician left but the kitchen light still flickers.' : 'الكهربائي مشا ولكن الضو ديال الكوزينة مازال كيطفا.');
    await expectNoSeriousAxeViolations(customer.page, `support new ticket (${lang})`);
    await shot(customer.page, (`support new ticket (${lang})`).replace(/[^\w-]+/g, '-'));
    await customer.page.getByRole('button', { name: s.form.submit }).click();
    await expect(customer.page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
    const ticketId = customer.page.url().split('/').pop()!;
    await expect(customer.page.getByTestId('support-status')).toHaveAttribute('data-status', 'open');
    await expect(customer.page.getByRole('heading', { level: 1 })).toContainText(subject);

    // The admin finds it in the queue, adds an internal note, then answers.
    await openIn(admin.page, lang, '/admin/support');
    await admin.page.getByTestId('support-queue').getByRole('link', { name: new RegExp(subject) }).click();
    await expect(admin.page).toHaveURL(new RegExp(`/admin/support/${ticketId}$`));
    const answerBox = admin.page.getByRole('textbox', { name: s.admin.answer });
    await answerBox.fill('NOTE: checked the booking, the professional confirms.');
    await admin.page.getByRole('checkbox', { name: s.admin.internal }).check();
    await admin.page.getByRole('button', { name: s.admin.addNote }).click();
    await expect(admin.page.getByText(s.admin.noteAdded)).toBeVisible();
    await expect(admin.page.getByTestId('support-note')).toHaveCount(1);
    const answer = lang === 'en' ? 'We are sending the electrician back tomorrow at no cost.' : 'غادي نرجعو الكهربائي غدا بلا فلوس.';
    await answerBox.fill(answer);
    await admin.page.getByRole('button', { name: s.admin.sendAnswer }).click();
    await expect(admin.page.getByText(s.admin.answerSent)).toBeVisible();
    await expect(admin.page.getByTestId('support-status')).toHaveAttribute('data-status', 'waiting_for_user');
    await expectNoSeriousAxeViolations(admin.page, `support admin ticket (${lang})`);
    await shot(admin.page, (`support admin ticket (${lang})`).replace(/[^\w-]+/g, '-'));

    // The customer sees the answer, never the note; replies, then marks the ticket resolved.
    await customer.page.reload();
    await expect(customer.page.getByTestId('support-message-support')).toContainText(answer);
    await expect(customer.page.getByTestId('support-status')).toHaveAttribute('data-status', 'waiting_for_user');
    await expect(customer.page.getByText('NOTE: checked the booking')).toHaveCount(0);
    await customer.page.getByRole('textbox', { name: s.thread.reply }).fill(lang === 'en' ? 'Thank you, tomorrow works.' : 'شكرا، غدا مزيان.');
    await customer.page.getByRole('button', { name: s.thread.send }).click();
    await expect(customer.page.getByText(s.thread.sent)).toBeVisible();
    await expect(customer.page.getByTestId('support-status')).toHaveAttribute('data-status', 'open');
    await customer.page.getByRole('button', { name: s.thread.resolve }).click();
    await expect(customer.page.getByText(s.thread.resolved)).toBeVisible();
    await expect(customer.page.getByTestId('support-status')).toHaveAttribute('data-status', 'resolved');
    await expect(customer.page.getByTestId('support-status')).toContainText(s.status.resolved);
    if (lang === 'ar') await expect(customer.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoSeriousAxeViolations(customer.page, `support ticket (${lang})`);
    await shot(customer.page, (`support ticket (${lang})`).replace(/[^\w-]+/g, '-'));
    // Nothing overflows the 390 px screen.
    expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(customer.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await customer.context.close();
    await admin.context.close();
  });
}
