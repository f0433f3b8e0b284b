import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForAppOnNavigation, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { createUser } from './support/users';

/**
 * Notification preferences (issue 26; docs/chat.md#notification-preferences): a customer opens the
 * profile's Notifications section, sees email and push on and SMS off (no phone yet: the SMS switch
 * says to add one), turns email off (saved, still off after a reload, and the API agrees), reads that
 * account and security emails are always sent, adds a phone and turns SMS on. In English at 1280 px
 * and Arabic at 390 px, with axe and screenshots.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const catalogues = Object.fromEntries(
  (['en', 'ar'] as const).map((l) => [l, JSON.parse(readFileSync(path.join(WEB, `features/profile/locales/${l}.json`), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;
function text(lang: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} profile:${key}`);
  return value;
}

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}


for (const [lang, width] of [
  ['en', 1280],
  ['ar', 390],
] as const) {
  test(`a customer turns email notifications off and SMS on in the profile (${lang}, ${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
    await skipCookieBanner(context);
    await createUser(context, 'customer', { lang, name: lang === 'ar' ? 'سلمى بناني' : 'Salma Bennani' });
    const page = waitForAppOnNavigation(await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`/profile?lang=${lang}#notifications`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    // The section (the toasts' live region is also named Notifications).
    const section = page.locator('section#notifications');
    await expect(section.getByRole('heading', { name: text(lang, 'notifications.title') })).toBeVisible();
    const email = section.getByRole('switch', { name: text(lang, 'notifications.email.label') });
    const sms = section.getByRole('switch', { name: text(lang, 'notifications.sms.label') });
    const push = section.getByRole('switch', { name: text(lang, 'notifications.push.label') });
    await expect(email).toHaveAttribute('aria-checked', 'true');
    await expect(push).toHaveAttribute('aria-checked', 'true');
    await expect(sms).toHaveAttribute('aria-checked', 'false');
    // No phone yet: SMS cannot reach them, and the switch says how to fix it.
    await expect(sms).toBeDisabled();
    await expect(section.getByText(text(lang, 'notifications.sms.noPhone'))).toBeVisible();
    await expect(section.getByText(text(lang, 'notifications.alwaysSent'))).toBeVisible();

    // Email off, by keyboard as much as by tap.
    await email.focus();
    await page.keyboard.press('Space');
    await expect(email).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText(text(lang, 'notifications.saved')).first()).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, `${lang} notifications`, { include: '#notifications' });
    await shot(page, `notifications-${lang}-${width}`);

    await page.reload();
    await expect(section.getByRole('switch', { name: text(lang, 'notifications.email.label') })).toHaveAttribute('aria-checked', 'false');
    const saved = await (await context.request.get('/api/profile/notifications')).json();
    expect(saved).toMatchObject({ email: false, sms: false, push: true, smsReachable: false });

    // A phone in the profile: SMS can be turned on.
    const phone = await context.request.patch('/api/profile', { data: { phone: '+212612345678' } });
    expect(phone.status()).toBe(200);
    await page.reload();
    await expect(sms).toBeEnabled();
    await sms.click();
    await expect(sms).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await (await context.request.get('/api/profile/notifications')).json()).sms).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
}
