/**
 * Issue 24, the apply half: a new user (signed up and confirmed through the API and the emailed link)
 * goes from /become-pro through the seven steps of /professional-onboarding with the SMS code read
 * from the outbox, uploads documents, submits, and sees the pending card; in English and in Arabic
 * (at 390 px, with a screenshot of every step). A reload in the middle resumes from the server's draft.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { skipCookieBanner } from './support/consent';
import { PASSWORD, choosePasswordOnConfirmation, createUser, emailTo, linkPath, uniqueEmail } from './support/users';
import { readStrings } from './support/locales';
import { expect, test, waitForAppOnNavigation, type APIRequestContext, type Page } from './support/test';

const admin = readStrings<{ review: Record<'reject' | 'rejectTitle' | 'confirmReject' | 'reasonRequired' | 'reason' | 'rejected', string> }>('features/admin/locales/en.json');
const dashboardStrings = { en: readStrings('features/dashboard/locales/en.json'), ar: readStrings('features/dashboard/locales/ar.json') };
const shellStrings = { en: readStrings('locales/en.json'), ar: readStrings('locales/ar.json') };
const servicesTab = { en: readStrings('features/pros/locales/en.json').settings!.tab!, ar: readStrings('features/pros/locales/ar.json').settings!.tab! };
const earningsTab = { en: readStrings<Record<string, string>>('features/earnings/locales/en.json').tab!, ar: readStrings<Record<string, string>>('features/earnings/locales/ar.json').tab! };

type Language = 'en' | 'ar';
type Catalogue = Record<string, unknown>;

const WEB = path.join(process.cwd(), 'apps/web/src');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(WEB, file), 'utf8')) as Catalogue;
const catalogues = { en: readJson('features/onboarding/locales/en.json'), ar: readJson('features/onboarding/locales/ar.json') };

/** The string at a dotted key of the onboarding catalogue, with {{variables}} filled in. */
function text(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[lang]);
  if (typeof value !== 'string') throw new Error(`missing ${lang} onboarding:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');
/** A mobile number nobody else in this database has (a verified number belongs to one account). */
const uniqueDigits = () => `61${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`; // 61…: always a valid mobile (some 68… are not)
/** A valid RIB: 22 digits and the key that makes the 24-digit number divisible by 97. */
function rib(first22 = '0117800000123456789012') {
  let rest = 0;
  for (const c of `${first22}00`) rest = (rest * 10 + Number(c)) % 97;
  return first22 + String((97 - rest) % 97).padStart(2, '0');
}

interface OutboxMessage {
  channel: string;
  to: string;
  text: string;
}

async function newest(request: APIRequestContext, channel: string, to: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      found = list.find((m) => m.channel === channel && m.to === to);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** A new customer of their own (e2e/support/users.ts), signed in in the page's context, on the dashboard. */
async function newUser(page: Page, lang: Language) {
  const person = await createUser(page.context(), 'customer', { lang, name: 'Karim Bennani' });
  await page.goto(`/login?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  return person.email;
}

const photo = (colour: string) => sharp({ create: { width: 120, height: 90, channels: 3, background: colour } }).jpeg().toBuffer();

async function expectStep(page: Page, lang: Language, n: number, name: string) {
  await expect(page.getByText(text(lang, 'wizard.stepOf', { step: n, total: 7 }), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text(lang, `wizard.steps.${name}`) })).toBeVisible();
}

async function shot(page: Page, lang: Language, n: number) {
  if (lang !== 'ar') return;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `onboarding-ar-390-step-${n}.png`), fullPage: true });
}

test.beforeEach(async ({ page }) => skipCookieBanner(page));

for (const lang of ['en', 'ar'] as const) {
  test(`a new user applies through the seven steps and sees the pending card (${lang})${lang === 'en' ? '; a reviewer rejects it with a reason that reaches them' : ''}`, async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    if (lang === 'ar') await page.setViewportSize({ width: 390, height: 844 });
    const email = await newUser(page, lang);
    const main = page.getByRole('main');
    const next = () => main.getByRole('button', { name: text(lang, 'wizard.next'), exact: true }).click();

    // /become-pro: no application yet, so the start button.
    await page.goto('/become-pro');
    await expect(main.getByRole('heading', { level: 2, name: text(lang, 'becomePro.requirementsTitle') })).toBeVisible();
    await main.getByRole('link', { name: text(lang, 'becomePro.start') }).first().click();
    await expect(page).toHaveURL(/\/professional-onboarding$/);

    // 1. Phone, with the code read from the outbox.
    await expectStep(page, lang, 1, 'phone');
    await shot(page, lang, 1);
    const digits = uniqueDigits();
    await main.getByRole('textbox', { name: text(lang, 'phone.label') }).fill(`${digits.slice(0, 1)} ${digits.slice(1, 3)} ${digits.slice(3)}`);
    await main.getByRole('button', { name: text(lang, 'phone.send') }).click();
    const sms = await newest(request, 'sms', `+212${digits}`);
    const code = /(\d{6})/.exec(sms.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    await main.getByRole('textbox', { name: text(lang, 'phone.codeLabel') }).fill(wrong);
    await main.getByRole('button', { name: text(lang, 'phone.verify'), exact: true }).click();
    await expect(main.getByText(text(lang, 'phone.invalidCode'))).toBeVisible();
    await main.getByRole('textbox', { name: text(lang, 'phone.codeLabel') }).fill(code);
    await main.getByRole('button', { name: text(lang, 'phone.verify'), exact: true }).click();

    // 2. Personal info: an underage date is refused, then a real one.
    await expectStep(page, lang, 2, 'personal');
    await main.getByRole('textbox', { name: text(lang, 'personal.firstName') }).fill('Karim');
    // A last name of its own: the reviewer below finds this application among the journeys' others.
    const lastName = `Bennani${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const fullName = `Karim ${lastName}`;
    await main.getByRole('textbox', { name: text(lang, 'personal.lastName') }).fill(lastName);
    await expect(main.getByRole('textbox', { name: text(lang, 'personal.email') })).toHaveValue(email);
    const dob = main.getByLabel(text(lang, 'personal.dateOfBirth'));
    const underage = new Date();
    underage.setUTCFullYear(underage.getUTCFullYear() - 16);
    await dob.fill(underage.toISOString().slice(0, 10));
    await next();
    await expect(main.getByText(text(lang, 'personal.errors.underage'))).toBeVisible();
    await dob.fill('1990-05-12');
    await shot(page, lang, 2);
    await next();

    // 3. Area: Casablanca needs a borough.
    await expectStep(page, lang, 3, 'area');
    const cities = (await (await request.get('/api/cities')).json()) as Array<{ id: string; slug: string }>;
    await main.getByRole('combobox', { name: text(lang, 'area.city') }).selectOption(cities.find((c) => c.slug === 'casablanca')!.id);
    await next();
    await expect(main.getByText(text(lang, 'area.errors.boroughs'))).toBeVisible();
    await main.locator('fieldset input[type=checkbox]').first().check();
    await shot(page, lang, 3);
    await next();

    // A reload (or another device) continues from the server's draft: step 4.
    await expectStep(page, lang, 4, 'services');
    await page.reload();
    await expectStep(page, lang, 4, 'services');

    // 4. Services.
    await main.locator('fieldset input[type=checkbox]').first().check();
    await shot(page, lang, 4);
    await next();

    // 5. Availability: All day on Monday clears the other slots of the day.
    await expectStep(page, lang, 5, 'availability');
    const monday = main.getByRole('group', { name: text(lang, 'availability.days.monday') });
    await monday.getByRole('checkbox', { name: new RegExp(text(lang, 'availability.slots.morning')) }).check();
    await monday.getByRole('checkbox', { name: new RegExp(text(lang, 'availability.slots.allDay')) }).check();
    await expect(monday.getByRole('checkbox', { name: new RegExp(text(lang, 'availability.slots.morning')) })).not.toBeChecked();
    await shot(page, lang, 5);
    await next();

    // 6. Documents: a text file named .jpg is refused by its bytes; real images are kept.
    await expectStep(page, lang, 6, 'documents');
    await page.locator('#document-idFront').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all\n'.repeat(20)) });
    await expect(main.getByText(text(lang, 'documents.errors.type'))).toBeVisible();
    for (const [kind, colour] of [['profilePhoto', '#2b3fb6'], ['idFront', '#c0392b'], ['idBack', '#27ae60']] as const) {
      await page.locator(`#document-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colour) });
      await expect(page.locator(`[data-document=${kind}]`).getByText(text(lang, 'documents.uploaded', { name: `${kind}.jpg` }))).toBeVisible();
    }
    await shot(page, lang, 6);
    await next();

    // 7. Final steps: Submit is never greyed out; pressed too early, it says what is missing; a wrong RIB key says so.
    await expectStep(page, lang, 7, 'final');
    const submit = main.getByRole('button', { name: text(lang, 'final.submit') });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(main.getByText(text(lang, 'final.errors.description'))).toBeVisible();
    await main.getByRole('textbox', { name: text(lang, 'final.description') }).fill('Plumber for ten years: leaks, water heaters, bathrooms.');
    await main.getByRole('combobox', { name: text(lang, 'final.bank') }).selectOption('CIH Bank');
    const good = rib();
    await main.getByRole('textbox', { name: text(lang, 'final.rib'), exact: true }).fill(`${good.slice(0, 22)}${good[22] === '9' ? '0' : '9'}${good[23]}`);
    await main.getByRole('textbox', { name: text(lang, 'final.accountHolder'), exact: true }).fill('Karim Bennani');
    await main.getByRole('checkbox', { name: new RegExp(text(lang, 'final.termsLink')) }).check();
    await main.getByRole('checkbox', { name: new RegExp(text(lang, 'final.privacyLink')) }).check();
    await expect(main.getByText(text(lang, 'final.errors.rib'))).toBeVisible();
    await main.getByRole('textbox', { name: text(lang, 'final.rib'), exact: true }).fill(good);
    await expect(main.getByText(text(lang, 'final.errors.rib'))).toHaveCount(0);
    await expect(main.getByRole('link', { name: new RegExp(text(lang, 'final.termsLink')) })).toHaveAttribute('target', '_blank');
    await shot(page, lang, 7);
    await submit.click();

    const dialog = page.getByRole('dialog', { name: text(lang, 'submit.successTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(text(lang, 'submit.successText'))).toBeVisible();
    await dialog.getByRole('link', { name: text(lang, 'submit.home') }).click();
    await expect(page).toHaveURL(/\/$/);

    // The status card on /become-pro: pending, and no start button.
    await page.goto('/become-pro');
    const card = page.locator('[data-application-status=pending]');
    await expect(card).toBeVisible();
    await expect(card.getByText(text(lang, 'becomePro.status.pending'))).toBeVisible();
    await expect(main.getByRole('link', { name: text(lang, 'becomePro.start') })).toHaveCount(0);
    if (lang === 'ar') await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'onboarding-ar-390-pending.png'), fullPage: true });

    // The wizard itself now says an application is under review.
    await page.goto('/professional-onboarding');
    await expect(main.getByText(text(lang, 'wizard.pendingTitle'))).toBeVisible();
    if (lang !== 'en') return;

    // A reviewer rejects it: the reason is required, and it reaches the applicant by email.
    const reviewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await skipCookieBanner(reviewerContext);
    await createUser(reviewerContext, 'admin', { name: 'Rachid Reviewer', roles: ['application_reviewer'] });
    const reviewer = waitForAppOnNavigation(await reviewerContext.newPage());
    await reviewer.goto('/admin/review-professionals');
    await reviewer.getByRole('button', { name: `${admin.review.reject} ${fullName}` }).click();
    const reject = reviewer.getByRole('dialog', { name: admin.review.rejectTitle.replace('{{name}}', fullName) });
    await reject.getByRole('button', { name: admin.review.confirmReject }).click();
    await expect(reject.getByText(admin.review.reasonRequired)).toBeVisible();
    await reviewer.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-reject-dialog-en-1280.png') });
    await reject.getByLabel(admin.review.reason).fill('The photo of the ID card cannot be read');
    await reject.getByRole('button', { name: admin.review.confirmReject }).click();
    await expect(reviewer.getByText(admin.review.rejected)).toBeVisible();
    await expect(reject).toBeHidden();
    await expect(reviewer.getByRole('button', { name: `${admin.review.reject} ${fullName}` })).toHaveCount(0);
    const mail = await emailTo(request, email, 'Your Khedma application');
    expect(mail.text).toContain('The photo of the ID card cannot be read');
    await reviewerContext.close();
    await page.goto('/become-pro');
    const rejected = page.locator('[data-application-status=rejected]');
    await expect(rejected.getByText(text(lang, 'becomePro.status.rejected'), { exact: true })).toBeVisible();
    await expect(rejected).toContainText('The photo of the ID card cannot be read');
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`signed up as a professional and not approved yet: the customer's dashboard with the way to apply, no professional tools (${lang})`, async ({ page, request }) => {
    if (lang === 'ar') await page.setViewportSize({ width: 390, height: 844 });
    // Sign-up's "Offer my services", then the emailed link (which signs the browser in).
    const email = uniqueEmail('pro-signup');
    const signUp = await request.post('/api/accounts/sign-up', {
      data: { name: 'Youssef Amrani', email, password: PASSWORD, confirmPassword: PASSWORD, userType: 'pro', acceptAge: true, acceptTerms: true, locale: lang },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await page.goto(`/login?lang=${lang}`);
    await page.goto(linkPath(await emailTo(request, email)));
    await choosePasswordOnConfirmation(page, lang);
    await expect(page).toHaveURL(/\/dashboard/);
    const main = page.getByRole('main');
    const d = dashboardStrings[lang];
    // Before: the professional's dashboard, whose Pending requests, Services and Earnings all failed (403: no professional record yet).
    await expect(main.getByText(d.subtitle!.customer!)).toBeVisible();
    await expect(main.getByRole('link', { name: d.links!.pendingRequests! })).toHaveCount(0);
    await expect(main.getByRole('link', { name: d.links!.bookService! }).first()).toBeVisible();
    await expect(main.getByRole('tab', { name: d.tabs!.bookings! })).toBeVisible();
    await expect(main.getByRole('tab', { name: servicesTab[lang] })).toHaveCount(0);
    await expect(main.getByRole('tab', { name: earningsTab[lang] })).toHaveCount(0);
    // The way to apply: the floating Become a Professional button (it steps aside while the empty
    // dashboard's Book a Service lies under it, as at 390 px: at the page's end it is clear).
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect(page.locator('[data-become-pro-fab]').getByRole('link', { name: shellStrings[lang].becomeProFab!.label! })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `onboarding-pro-signup-dashboard-${lang}.png`), fullPage: true });
    // A professional's page sends them back with the message that says how to become one.
    await page.goto('/pro-bookings');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText((shellStrings[lang].auth as unknown as Record<string, Record<string, string>>).guard!.proOnly!)).toBeVisible();
  });
}

test('/become-pro asks a signed-out visitor to log in', async ({ page }) => {
  await page.goto('/become-pro');
  await expect(page).toHaveURL(/\/login\?next=%2Fbecome-pro/);
});

test('the earnings calculator of /register-professional reads the constants', async ({ page }) => {
  await page.goto('/register-professional');
  // Defaults: 20 h x 150 MAD x 4.3 weeks = 12 900 MAD a month, x 12 a year (commission 0 %).
  await expect(page.locator('[data-calc=take-home]')).toHaveText(/12\s?900/);
  await expect(page.locator('[data-calc=yearly]')).toHaveText(/154\s?800/);
  await page.getByLabel(text('en', 'register.hoursPerWeek')).fill('40');
  await expect(page.locator('[data-calc=take-home]')).toHaveText(/25\s?800/);
});
