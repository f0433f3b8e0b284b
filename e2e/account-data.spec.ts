import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, openIn, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { shot } from './support/shot';
import { skipCookieBanner } from './support/consent';
import { createUser, emailTo, PASSWORD, uniqueEmail } from './support/users';

/**
 * Issue 41 (docs/accounts.md "Confirmation", docs/retention.md), on a phone (390 px) in English and
 * Arabic: a stranger's pre-claim of someone's address fails (the owner chooses the password on the
 * link's step, the stranger's stops working); the profile leads to one's data and to the closure of the
 * account, which explains what is kept and deleted, signs out, and stops every sign-in.
 */

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;
const WEB = path.join(process.cwd(), 'apps/web/src');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Catalogue;
const catalogues = {
  en: { shell: readJson('locales/en.json'), auth: readJson('features/auth/locales/en.json'), account: readJson('features/account/locales/en.json'), profile: readJson('features/profile/locales/en.json') },
  ar: { shell: readJson('locales/ar.json'), auth: readJson('features/auth/locales/ar.json'), account: readJson('features/account/locales/ar.json'), profile: readJson('features/profile/locales/ar.json') },
};
function text(lang: Language, ns: keyof (typeof catalogues)['en'], key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang][ns]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} ${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const STRANGER = 'Stranger!Pass1';
const OWNER = 'Owner!Pass22';

test.use({ viewport: { width: 390, height: 844 } });
// Each journey hashes passwords several times (sign-up, the link's step, sign-in attempts): slow on shared cores.
test.describe.configure({ timeout: 180_000 });
test.beforeEach(async ({ page }) => skipCookieBanner(page));

async function logIn(page: Page, lang: Language, email: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'shell', 'pages.login.title') })).toBeVisible();
  await page.getByRole('main').getByRole('textbox', { name: text(lang, 'auth', 'fields.email'), exact: true }).fill(email);
  await page.getByRole('main').getByRole('textbox', { name: text(lang, 'auth', 'fields.password'), exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: text(lang, 'auth', 'login.submit'), exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  test(`a stranger's sign-up with someone else's address gives them nothing (${lang})`, async ({ page, browser, request, baseURL }) => {
    const email = uniqueEmail(`preclaim-${lang}`);
    // The stranger signs up with the owner's address and a password of their own.
    const stranger = await request.post('/api/accounts/sign-up', {
      data: { name: 'Mal Lory', email, password: STRANGER, confirmPassword: STRANGER, userType: 'customer', acceptAge: true, acceptTerms: true, locale: lang },
    });
    expect(stranger.status()).toBe(201);

    // The owner opens the link of the email in their inbox: the step asks them to choose the password.
    const mail = await emailTo(request, email);
    const link = new URL(/(https?:\/\/[^\s"<>]+)/.exec(mail.text)![1]!);
    expect(link.origin).toBe(new URL(baseURL!).origin);
    await openIn(page, lang, `${link.pathname}${link.search}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'auth', 'confirm.title') })).toBeVisible();
    await expect(page.getByText(text(lang, 'auth', 'confirm.why'))).toBeVisible();
    await expectNoSeriousAxeViolations(page, `confirm-email ${lang}`);
    await shot(page, (`confirm-email ${lang}`).replace(/[^\w-]+/g, '-'));
    // A weak password is refused next to the field, before anything is sent.
    const password = page.getByRole('main').getByRole('textbox', { name: text(lang, 'auth', 'fields.password'), exact: true });
    await password.fill('weak');
    await page.getByRole('button', { name: text(lang, 'auth', 'confirm.submit') }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill(OWNER);
    await page.getByRole('main').getByRole('textbox', { name: text(lang, 'auth', 'fields.confirmPassword'), exact: true }).fill(OWNER);
    await page.getByRole('button', { name: text(lang, 'auth', 'confirm.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByText(text(lang, 'shell', 'auth.verified'))).toBeVisible();

    // The stranger, on their own phone, tries the password they chose: refused.
    const theirs = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const strangerPage = await theirs.newPage();
    await skipCookieBanner(strangerPage);
    await openIn(strangerPage, lang, '/login');
    await logIn(strangerPage, lang, email, STRANGER);
    await expect(strangerPage.getByRole('alert').filter({ hasText: text(lang, 'auth', 'login.invalidCredentials') })).toBeVisible();
    await expect(strangerPage).toHaveURL(/\/login/);
    // The used link is dead for them too.
    await openIn(strangerPage, lang, `${link.pathname}${link.search}`);
    await strangerPage.getByRole('main').getByRole('textbox', { name: text(lang, 'auth', 'fields.password'), exact: true }).fill(STRANGER);
    await strangerPage.getByRole('main').getByRole('textbox', { name: text(lang, 'auth', 'fields.confirmPassword'), exact: true }).fill(STRANGER);
    await strangerPage.getByRole('button', { name: text(lang, 'auth', 'confirm.submit') }).click();
    await expect(strangerPage.getByText(text(lang, 'auth', 'confirm.invalidLink'))).toBeVisible();
    await theirs.close();
  });

  test(`from the profile: download one's data, close the account, and it signs in no more (${lang})`, async ({ page, context }) => {
    const me = await createUser(context, 'customer', { lang });
    await openIn(page, lang, '/profile');
    await page.getByRole('link', { name: text(lang, 'profile', 'accountData.link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'account', 'title') })).toBeVisible();

    // The export is a JSON download of one's own data.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: text(lang, 'account', 'export.button') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^khedma-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { account: { email: string } };
    expect(data.account.email).toBe(me.email);

    // What is kept, and why; what is deleted.
    await expect(page.getByText(text(lang, 'account', 'close.keptFinancial', { years: 7 }))).toBeVisible();
    await expect(page.getByText(text(lang, 'account', 'close.deleted', { years: 1 }))).toBeVisible();
    await expectNoSeriousAxeViolations(page, `account page ${lang}`);
    await shot(page, (`account page ${lang}`).replace(/[^\w-]+/g, '-'));

    // A wrong address is said next to the field; the right one closes the account.
    const confirm = page.getByRole('textbox', { name: text(lang, 'account', 'close.confirmLabel') });
    const button = page.getByRole('button', { name: text(lang, 'account', 'close.button') });
    await expect(button).toBeEnabled();
    await confirm.fill('someone-else@example.ma');
    await button.click();
    await expect(page.getByText(text(lang, 'account', 'close.mismatch'))).toBeVisible();
    await confirm.fill(me.email);
    await button.click();
    await expect(page.getByText(text(lang, 'account', 'close.done'))).toBeVisible();
    await expect(page).toHaveURL(/\/(\?.*)?$/);

    // Signed out, and the password signs in no more.
    await openIn(page, lang, '/profile');
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, lang, me.email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: text(lang, 'auth', 'login.invalidCredentials') })).toBeVisible();
  });
}
