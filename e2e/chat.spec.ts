import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, waitForAppOnNavigation, type Browser, type Page, openIn } from './support/test';
import { readStrings } from './support/locales';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { casablancaDate } from './support/time';
import { createUser, type TestPerson } from './support/users';
import { payByApi } from './support/cmi';

/**
 * Chat (issue 26; docs/chat.md): a customer and their professional, each in a browser context of their
 * own, chat live about a paid booking. The customer opens the conversation from the booking details
 * (Message Professional), the professional's /chat gains it without a reload, each sees the other
 * Online and typing, a message arrives and is marked Read on the sender's side, the professional sends
 * a photo and the customer sees it. Then the professional accepts the booking and the customer's
 * dashboard shows it confirmed without a reload. In English (customer 1280 px, professional 390 px) and
 * Arabic (the other way round), with axe checks and screenshots.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
type Namespace = 'chat' | 'booking' | 'root';
/** The Mobile Features page's strings this journey reads (features/native/locales). */
type Section<K extends string> = Record<'title' | K, string>;
type NativeStrings = Record<'camera' | 'status', Section<never>> & {
  haptics: Section<'done' | 'test' | 'unsupported'>;
  location: Section<'denied' | 'failed' | 'get' | 'track' | 'tracking'>;
  notifications: Section<'enabled' | 'scheduled' | 'test'>;
};
const WEB = path.join(process.cwd(), 'apps/web/src');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Catalogue;
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((l) => [
    l,
    { chat: readJson(`features/chat/locales/${l}.json`), booking: readJson(`features/booking/locales/${l}.json`), root: readJson(`locales/${l}.json`) },
  ]),
) as Record<Language, Record<Namespace, Catalogue>>;
function text(lang: Language, ns: Namespace, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang][ns]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}



async function person(browser: Browser, type: 'customer' | 'pro', lang: Language, width: number, name: string) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
  await skipCookieBanner(context);
  const user = await createUser(context, type, { lang, name, city: 'rabat', category: 'gardening' });
  const page = waitForAppOnNavigation(await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, user, page, errors };
}


/** A paid booking of `customer` with `pro` (from the professional's page: that professional, no assignment). */
async function paidBooking(customer: { context: import('@playwright/test').BrowserContext }, pro: TestPerson, days: number) {
  const request = customer.context.request;
  const created = await request.post('/api/bookings/hourly', {
    headers: { 'idempotency-key': randomUUID() },
    data: { professionalId: pro.professionalId, date: casablancaDate(days), time: '10:00', durationHours: 1, location: '12 Rue de la Liberté', contactPhone: '0612345678' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string };
  // Paid on the CMI simulator's hosted page, confirmed by its callback (support/cmi.ts).
  await payByApi(request, booking.id);
  return booking.id;
}

for (const [lang, customerWidth, proWidth] of [
  ['en', 1280, 390],
  ['ar', 390, 1280],
] as const) {
  test(`a customer and their professional chat live: conversation, typing, Online, Read, a photo, then an accepted booking (${lang})`, async ({ browser }) => {
    test.slow();
    const t = (ns: Namespace, key: string, vars?: Record<string, string | number>) => text(lang, ns, key, vars);
    const customer = await person(browser, 'customer', lang, customerWidth, 'Salma Bennani');
    const pro = await person(browser, 'pro', lang, proWidth, 'Youssef Jardinier');
    const bookingId = await paidBooking(customer, pro.user, lang === 'en' ? 5 : 6);

    // The professional waits on /chat: nothing yet.
    await openIn(pro.page, lang, '/chat');
    await expect(pro.page.getByText(t('chat', 'list.empty'))).toBeVisible();

    // The customer opens the booking details and messages the professional.
    await openIn(customer.page, lang, '/dashboard');
    await customer.page.getByRole('button', { name: t('booking', 'details.view') }).first().click();
    await customer.page.getByRole('button', { name: t('booking', 'details.messagePro') }).click();
    await expect(customer.page.getByText(t('booking', 'toasts.conversationCreated'))).toBeVisible();
    await expect(customer.page).toHaveURL(/\/chat\?conversation=[0-9a-f-]{36}/);
    const conversationId = new URL(customer.page.url()).searchParams.get('conversation')!;
    // The header names the booking in the reader's language (the server stores "1 hour with <name>" in English).
    const opened = await customer.page.request.get(`/api/chat/conversations/${conversationId}`);
    const proName = ((await opened.json()) as { professional: { name: string } }).professional.name;
    const hourlyTitle = t('chat', 'list.hourlyBooking', { duration: lang === 'en' ? '1h' : '1\u00a0س', name: proName });
    // In the conversation list and in the open conversation's header.
    await expect(customer.page.locator('bdi', { hasText: hourlyTitle })).toHaveCount(2);

    // The professional's list gains it without a reload; opening it, each sees the other Online.
    const row = pro.page.getByTestId('conversation-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Salma Bennani');
    await row.click();
    await expect(pro.page).toHaveURL(new RegExp(`conversation=${conversationId}`));
    await expect(pro.page.getByTestId('presence')).toHaveText(t('chat', 'pane.online'));
    await expect(customer.page.getByTestId('presence')).toHaveText(t('chat', 'pane.online'));

    // Typing: the professional sees it, and it turns off about 1 s after the customer stops.
    const box = customer.page.getByRole('textbox', { name: t('chat', 'composer.label') });
    await box.pressSequentially('Bonjour, vous venez', { delay: 40 });
    await expect(pro.page.getByTestId('typing')).toHaveText(t('chat', 'pane.typing', { name: 'Salma Bennani' }));
    await expect(pro.page.getByTestId('typing')).toHaveText('', { timeout: 3_000 });

    // A message arrives live; the professional has it on screen, so the customer's copy says Read.
    await box.pressSequentially(' à 10h ?');
    await customer.page.getByRole('button', { name: t('chat', 'composer.send') }).click();
    await expect(pro.page.getByTestId('message').filter({ hasText: 'Bonjour, vous venez à 10h ?' })).toBeVisible();
    await expect(customer.page.getByTestId('receipt')).toHaveText(t('chat', 'pane.read'));

    // The professional answers with text and a photo.
    const answer = pro.page.getByRole('textbox', { name: t('chat', 'composer.label') });
    await answer.fill('Oui, à 10h.');
    await answer.press('Enter');
    await expect(customer.page.getByTestId('message').filter({ hasText: 'Oui, à 10h.' })).toBeVisible();
    const photo = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#2b3fb6' } }).jpeg().toBuffer();
    await pro.page.getByTestId('chat-file').setInputFiles({ name: 'jardin.jpg', mimeType: 'image/jpeg', buffer: photo });
    const image = customer.page.getByRole('img', { name: t('chat', 'pane.image', { name: 'Youssef' }) });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    // A file over 10 MB is refused before it is sent, with §5's message.
    await pro.page.getByTestId('chat-file').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    await expect(pro.page.getByText(t('chat', 'errors.tooLarge'))).toBeVisible();

    await shot(customer.page, `chat-customer-${lang}-${customerWidth}`);
    await shot(pro.page, `chat-pro-${lang}-${proWidth}`);
    await expectNoSeriousAxeViolations(customer.page, `chat customer ${lang}`);
    await expectNoSeriousAxeViolations(pro.page, `chat pro ${lang}`);

    // On a phone the list and the conversation are one at a time: back to the list, with no unread left.
    const phone = customerWidth < 768 ? customer : pro;
    await phone.page.getByRole('link', { name: t('chat', 'pane.back') }).click();
    await expect(phone.page.getByTestId('conversation-row')).toBeVisible();
    await expect(phone.page.getByTestId('unread-badge')).toHaveCount(0);
    await shot(phone.page, `chat-list-${lang}-390`);

    // A booking accepted in one context updates the other without reload.
    await openIn(customer.page, lang, '/dashboard');
    await expect(customer.page.getByText(t('root', 'status.pending')).first()).toBeVisible();
    const accepted = await pro.context.request.post(`/api/bookings/${bookingId}/accept`, { headers: { 'idempotency-key': randomUUID() } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(customer.page.getByText(t('root', 'status.confirmed')).first()).toBeVisible();

    // The dashboard's messages tab lists the conversation.
    await customer.page.getByRole('tab', { name: t('chat', 'tab.label') }).click();
    await expect(customer.page.getByRole('heading', { name: t('chat', 'tab.title') })).toBeVisible();
    await expect(customer.page.getByTestId('conversation-row')).toContainText('Youssef');
    await shot(customer.page, `chat-dashboard-tab-${lang}-${customerWidth}`);

    expect(customer.errors).toEqual([]);
    expect(pro.errors).toEqual([]);
    await customer.context.close();
    await pro.context.close();
  });
}

// @full-browser: the headless shell answers Notification.permission 'denied' whatever the context grants.
test('Mobile Features: the four cards and the integration status, haptics answers, location refused with §8\'s message; allowed: the position and a test notification 5 s later', { tag: '@full-browser' }, async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await skipCookieBanner(context);
  const page = waitForAppOnNavigation(await context.newPage());
  await page.goto('/native-features');
  const en = readStrings<NativeStrings>('features/native/locales/en.json');
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile Features' })).toBeVisible();
  for (const key of ['camera', 'location', 'notifications', 'haptics', 'status'] as const) {
    await expect(page.getByRole('heading', { level: 2, name: en[key].title })).toBeVisible();
  }
  await expect(page.getByTestId('integration-status').getByRole('listitem')).toHaveCount(7);
  await expectNoSeriousAxeViolations(page, 'native features');
  await page.getByRole('button', { name: en.haptics.test }).click();
  await expect(page.getByText(new RegExp(`${en.haptics.done}|${en.haptics.unsupported}`))).toBeVisible();
  // No permission granted to this context: the browser refuses the position.
  await page.getByRole('button', { name: en.location.get }).click();
  await expect(page.getByText(new RegExp(`${en.location.denied}|${en.location.failed}`))).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: en.location.track }).click();
  await expect(page.getByText(new RegExp(`${en.location.denied}|${en.location.tracking}`)).first()).toBeVisible({ timeout: 15_000 });
  // Refused: following stops by itself.
  await expect(page.getByRole('button', { name: en.location.track })).toHaveAttribute('aria-pressed', 'false');
  await shot(page, 'native-features-en-390');
  // In Arabic, right to left.
  const ar = readStrings<NativeStrings>('features/native/locales/ar.json');
  await openIn(page, 'ar', '/native-features');
  await expect(page.getByRole('heading', { level: 2, name: ar.location.title })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'native features ar');
  await shot(page, 'native-features-ar-390');
  await context.close();

  // Allowed: the position with its accuracy, and a test notification scheduled for 5 s later.
  const allowed = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['geolocation', 'notifications'],
    geolocation: { latitude: 33.5731, longitude: -7.5898, accuracy: 25 },
  });
  await skipCookieBanner(allowed);
  const page2 = waitForAppOnNavigation(await allowed.newPage());
  await page2.goto('/native-features');
  await page2.getByRole('button', { name: en.location.get }).click();
  await expect(page2.getByTestId('location')).toContainText('33.573100');
  await expect(page2.getByTestId('location')).toContainText('-7.589800');
  await expect(page2.getByTestId('location')).toContainText('25 m');
  await expect(page2.getByTestId('notification-badges')).toContainText(en.notifications.enabled);
  await page2.getByRole('button', { name: en.notifications.test }).click();
  await expect(page2.getByText(en.notifications.scheduled)).toBeVisible();
  const scheduledAt = Date.now();
  await expect(page2.getByText(en.notifications.scheduled)).toBeHidden({ timeout: 10_000 });
  expect(Date.now() - scheduledAt).toBeGreaterThan(3_500);
  await shot(page2, 'native-features-en-1280');
  await allowed.close();
});
