import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { expect, test, waitForAppOnNavigation, type APIRequestContext } from './support/test';
import { emailTo, linkPath, uniqueEmail } from './support/users';
import { watchErrors } from './support/errors';

/**
 * A phone account adds its email (issue 42, docs/accounts.md#email-of-a-phone-account): at 390 px, in
 * English and Arabic, someone who signed up with their mobile opens their profile, adds an email
 * address ("Confirmation sent to x", resent once), opens the link from the outbox, and the profile then
 * shows that email as the account's.
 */

type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
/** A string of a feature's catalogue (apps/web/src/features/<feature>/locales/<lang>.json), by its dotted key. */
function featureText(feature: 'profile' | 'auth', lang: 'en' | 'ar', key: string): string {
  const catalogue = JSON.parse(readFileSync(path.join(WEB, `features/${feature}/locales/${lang}.json`), 'utf8')) as Catalogue;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${feature}:${key}`);
  return value;
}
const profileText = (lang: 'en' | 'ar', key: string) => featureText('profile', lang, key);
const authText = (lang: 'en' | 'ar', key: string) => featureText('auth', lang, key);

/** A phone account of its own, signed up with an SMS code through the API: its session lands in `request`'s jar. */
async function signUpWithPhone(request: APIRequestContext, lang: 'en' | 'ar', name: string): Promise<string> {
  const phone = `+21266${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const sent = await request.post('/api/accounts/phone/code', { data: { phoneNumber: phone, channel: 'sms', locale: lang } });
  expect(sent.status(), await sent.text()).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as Array<{ channel: string; to: string; text: string }>;
      code = /(\d{6})/.exec(list.find((m) => m.channel === 'sms' && m.to === phone)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const up = await request.post('/api/accounts/phone/sign-in', {
    data: { phoneNumber: phone, code, signUp: { name, acceptAge: true, acceptTerms: true, locale: lang } },
  });
  expect(up.status(), await up.text()).toBe(201);
  return phone;
}

for (const j of [
  { lang: 'en' as const, name: 'Hamza Phone' },
  { lang: 'ar' as const, name: 'حمزة التيليفون' },
]) {
  test(`a phone account adds its email, confirms it from the outbox, and the profile shows it (${j.lang}, 390 px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await skipCookieBanner(context);
    await signUpWithPhone(context.request, j.lang, j.name);
    const page = waitForAppOnNavigation(await context.newPage());
    const errors = watchErrors(page);
    const t = (key: string) => profileText(j.lang, key);

    await page.goto(`/profile?lang=${j.lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', j.lang === 'ar' ? 'rtl' : 'ltr');
    const section = page.locator('#email');
    await expect(section.getByRole('heading', { name: t('email.title') })).toBeVisible();
    // The stand-in address of a phone account is shown nowhere.
    await expect(page.getByText('phone.khedma.invalid')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `add email ${j.lang} 390`);

    // A wrong address is said beside the field, before asking the server.
    await section.getByLabel(t('email.label')).fill('not-an-email');
    await section.getByRole('button', { name: t('email.send') }).click();
    await expect(section.getByText(t('email.invalid'))).toBeVisible();

    const email = uniqueEmail(`phone-${j.lang}`);
    await section.getByLabel(t('email.label')).fill(email);
    await section.getByRole('button', { name: t('email.send') }).click();
    await expect(section.getByTestId('email-pending')).toContainText(t('email.pendingBefore'));
    await expect(section.getByTestId('email-pending')).toContainText(email);
    await emailTo(request, email);

    // Resend: a new link, the older one dies; the newest is the one to open.
    const before = ((await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string }>).filter((m) => m.to === email).length;
    await section.getByRole('button', { name: t('email.resend') }).click();
    await expect
      .poll(async () => ((await (await request.get('/api/dev/outbox')).json()) as Array<{ to: string }>).filter((m) => m.to === email).length)
      .toBe(before + 1);
    await expectNoSeriousAxeViolations(page, `email pending ${j.lang} 390`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `phone-email-pending-${j.lang}-390.png`), fullPage: true });

    const mail = await emailTo(request, email);
    expect(linkPath(mail)).toMatch(/^\/confirm-new-email\?token=/);
    await page.goto(linkPath(mail));
    await expect(page.getByText(authText(j.lang, 'confirmNewEmail.done'))).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `email confirmed ${j.lang} 390`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `phone-email-confirmed-${j.lang}-390.png`), fullPage: true });

    await page.getByRole('link', { name: authText(j.lang, 'confirmNewEmail.toProfile') }).click();
    await expect(page).toHaveURL(/\/profile$/);
    // The email is now the account's: shown in the account information, and no "Add an email address".
    await expect(page.getByRole('main').getByRole('term').filter({ hasText: t('info.email') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('definition').filter({ hasText: email })).toBeVisible();
    await expect(page.locator('#email')).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `phone-email-profile-${j.lang}-390.png`), fullPage: true });

    expect(errors).toEqual([]);
    await context.close();
  });
}
