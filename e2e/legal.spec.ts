import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { skipCookieBanner } from './support/consent';
import { watchErrors } from './support/errors';

// The banner has its own journeys (site.spec.ts); its fade-in would be caught mid-animation by the
// contrast check here.
test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

/**
 * The legal pages (docs/public-site.md Legal; docs/public-site.md): /terms (15 sections), /privacy (9) and /cookies (10),
 * each in English, French and Arabic, with one h1, numbered h2 sections reachable from the table of
 * contents, right-to-left in Arabic, no horizontal scrolling at 390 px and no serious axe violation.
 */

type Lang = 'en' | 'fr' | 'ar';

const DOCUMENTS = [
  {
    route: '/terms',
    sections: 15,
    titles: { en: 'Terms of Service', fr: 'Conditions d’utilisation', ar: 'شروط الاستخدام' },
    descriptions: { en: 'The rules for using Khedma', fr: 'Les règles d’utilisation de Khedma', ar: 'قواعد استخدام منصة Khedma' },
  },
  {
    route: '/privacy',
    sections: 9,
    titles: { en: 'Privacy Policy', fr: 'Politique de confidentialité', ar: 'سياسة الخصوصية' },
    descriptions: { en: 'How Khedma collects', fr: 'Comment Khedma collecte', ar: 'كيف تجمع Khedma' },
  },
  {
    route: '/cookies',
    sections: 10,
    titles: { en: 'Cookie Policy', fr: 'Politique relative aux cookies', ar: 'سياسة الكوكيز' },
    descriptions: { en: 'Which cookies', fr: 'Les cookies et le stockage local', ar: 'ملفات تعريف الارتباط والتخزين المحلي' },
  },
] as const;

const TOC_LABEL: Record<Lang, string> = { en: 'On this page', fr: 'Sur cette page', ar: 'فهاد الصفحة' };

const FIRST_TERMS_HEADING: Record<Lang, string> = {
  en: 'About Khedma and acceptance of these Terms',
  fr: 'À propos de Khedma et acceptation des conditions',
  ar: 'التعريف بمنصة Khedma وقبول الشروط',
};

const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');

/** Chooses the interface language the way a returning visitor has it: remembered in localStorage. */
async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem('khedma.lang', value);
    } catch {
      // about:blank has no storage; the next document does.
    }
  }, lang);
}



async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The numbered section headings of the document (the footer's column titles are outside <main>). */
const sectionHeadings = (page: Page) => page.locator('main h2');

for (const lang of ['en', 'fr', 'ar'] as const) {
  test.describe(`legal pages in ${lang} at 390 px`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    // French is a left-to-right repeat of English: in the browser only with the whole matrix (@matrix).
    test(`terms, privacy and cookies render in ${lang}`, { tag: lang === 'fr' ? ['@matrix'] : [] }, async ({ page }) => {
      const errors = watchErrors(page);
      await useLanguage(page, lang);
      for (const doc of DOCUMENTS) {
        await page.goto(doc.route);
        const html = page.locator('html');
        await expect(html).toHaveAttribute('lang', lang);
        await expect(html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(doc.titles[lang]);
        await expect(page).toHaveTitle(`${doc.titles[lang]} | Khedma`);
        await expect(sectionHeadings(page)).toHaveCount(doc.sections);
        await expect(sectionHeadings(page).first()).toHaveText(/^1\.\s*\S/);
        await expect(sectionHeadings(page).last()).toHaveText(new RegExp(`^${doc.sections}\\.\\s*\\S`));
        await expect(page.locator('main time[datetime="2026-11-22"]')).toBeVisible();

        // The meta description is the document's own, in the reader's language.
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.startsWith(doc.descriptions[lang])).toBe(true);

        // Table of contents: collapsed on phones, one link per section, each pointing at a section heading.
        const toc = page.getByRole('navigation', { name: TOC_LABEL[lang] });
        const toggle = toc.getByRole('button');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(toc.locator('a')).toHaveCount(doc.sections);
        await expect(toc.locator('a').first()).toBeHidden();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(toc.getByRole('link')).toHaveCount(doc.sections);
        const hrefs = await toc.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        const ids = await sectionHeadings(page).evaluateAll((headings) => headings.map((h) => `#${h.id}`));
        expect(hrefs).toEqual(ids);

        await expectNoHorizontalOverflow(page);
        await expectNoSeriousAxeViolations(page, `${doc.route} (${lang})`);
      }

      if (lang === 'ar') {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.goto('/terms');
        await expect(sectionHeadings(page)).toHaveCount(15);
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-terms-ar-390.png') });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-terms-ar-390-full.png'), fullPage: true });
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe('legal pages at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the table of contents is a sticky column and its links reach the sections', async ({ page }) => {
    await page.goto('/terms');
    await expect(sectionHeadings(page)).toHaveCount(15);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('button')).toBeHidden();
    await expect(toc.getByRole('link')).toHaveCount(15);
    expect(await toc.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');

    await toc.getByRole('link', { name: /Cancellation and rescheduling/ }).click();
    await expect(page).toHaveURL(/\/terms#cancellation$/);
    await expect(page.locator('h2#cancellation')).toBeInViewport();
    // Still in view after scrolling down: the column sticks.
    await expect(toc).toBeInViewport();
    await expect(toc.getByRole('link', { name: /Cancellation and rescheduling/ })).toHaveAttribute('aria-current', 'location');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-terms-en-1280.png') });
    await expectNoSeriousAxeViolations(page, '/terms (en, 1280 px)');
    await expectNoHorizontalOverflow(page);
  });

  test('a link to a section opens the page at that section', async ({ page }) => {
    await page.goto('/privacy#retention');
    await expect(page.locator('h2#retention')).toBeInViewport();
  });

  test('switching language reloads the text in the new language, in place', async ({ page }) => {
    await page.goto('/terms');
    await expect(sectionHeadings(page).first()).toContainText(FIRST_TERMS_HEADING.en);
    const group = page.getByRole('banner').getByRole('group');

    await group.getByRole('link', { name: /^FR\b/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions d’utilisation');
    await expect(sectionHeadings(page).first()).toContainText(FIRST_TERMS_HEADING.fr);
    await expect(page.getByRole('navigation', { name: 'Sur cette page' })).toBeVisible();

    await group.getByRole('link', { name: /^AR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(sectionHeadings(page).first()).toContainText(FIRST_TERMS_HEADING.ar);
    await expect(sectionHeadings(page)).toHaveCount(15);
    await expect(page.getByRole('navigation', { name: 'فهاد الصفحة' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page, '/terms (ar, 1280 px)');
  });

  test('the onboarding wizard links /terms-new and /privacy-new show the same documents', async ({ page }) => {
    await page.goto('/terms-new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(sectionHeadings(page)).toHaveCount(15);
    await page.goto('/privacy-new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(sectionHeadings(page)).toHaveCount(9);
  });

  test('the cookie policy offers the Cookie Preferences button and the session cookie name', async ({ page }) => {
    await page.goto('/cookies');
    await expect(page.locator('main code', { hasText: 'khedma.session_token' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open Cookie Preferences' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@khedma.ma' }).first()).toHaveAttribute('href', 'mailto:support@khedma.ma');
  });
});
