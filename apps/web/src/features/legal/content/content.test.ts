import { ACCOUNT_LIMITS } from '@khedma/shared/domain/accounts';
import { COOKIE_CONSENT_MONTHS } from '@khedma/shared/domain/constants';
import { PRO_COMMISSION_RATE, SERVICE_FEE_RATE } from '@khedma/shared/domain/pricing';
import { REVIEW_LIMITS } from '@khedma/shared/domain/reviews';
import { BOOKING_RULES } from '@khedma/shared/domain/schedule';
import { CANCELLATION_POLICY, REFUND_BUSINESS_DAYS } from '@khedma/shared/domain/cancellation';
import { ESCROW_RELEASE_HOURS } from '@khedma/shared/domain/escrow';
import { describe, expect, it } from 'vitest';
import shellAr from '../../../locales/ar.json';
import shellEn from '../../../locales/en.json';
import shellFr from '../../../locales/fr.json';
import cookiesAr from './cookies.ar';
import cookiesEn from './cookies.en';
import cookiesFr from './cookies.fr';
import privacyAr from './privacy.ar';
import privacyEn from './privacy.en';
import privacyFr from './privacy.fr';
import termsAr from './terms.ar';
import termsEn from './terms.en';
import termsFr from './terms.fr';
import { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentId } from './types';

/**
 * The legal texts (docs/public-site.md Legal, §9; docs/public-site.md): the required number of sections in every language,
 * the same anchors across languages, no empty text, and the product's figures present in each language.
 * The figures are also checked against the business constants, so changing a rate or a delay in
 * packages/shared without updating (and re-dating) the texts fails here.
 */

const LANGUAGES = ['en', 'fr', 'ar'] as const;
type Lang = (typeof LANGUAGES)[number];

const documents: Record<LegalDocumentId, Record<Lang, LegalDocument>> = {
  terms: { en: termsEn, fr: termsFr, ar: termsAr },
  privacy: { en: privacyEn, fr: privacyFr, ar: privacyAr },
  cookies: { en: cookiesEn, fr: cookiesFr, ar: cookiesAr },
};

const SECTION_COUNT: Record<LegalDocumentId, number> = { terms: 15, privacy: 9, cookies: 10 };
const EFFECTIVE_DATE = '2026-11-22';
const shell = { en: shellEn, fr: shellFr, ar: shellAr };

/** Every string of a document, joined (headings, paragraphs, list items). */
function allText(doc: LegalDocument): string {
  return [doc.title, doc.description, ...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? []), ...(s.after ?? [])])].join('\n');
}

function sectionText(doc: LegalDocument, id: string): string {
  const section = doc.sections.find((s) => s.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return [section.heading, ...section.paragraphs, ...(section.list ?? []), ...(section.after ?? [])].join('\n');
}

/** A whole number not glued to other digits ("24" matches "24 hours" and "24-48", not "2024"). */
const num = (n: number) => new RegExp(`(?<![\\d.,])${n}(?!\\d)(?![.,]\\d)`);
/** A percentage, with or without a (no-break) space before the sign. */
const percent = (n: number) => new RegExp(`(?<![\\d.,])${n}[\\s\\u00a0\\u202f]?%`);

const pct = (rate: number) => Math.round(rate * 100);

describe.each(LEGAL_DOCUMENTS)('legal document %s', (id) => {
  it.each(LANGUAGES)(`has ${SECTION_COUNT[id]} sections in %s`, (lang) => {
    expect(documents[id][lang].sections).toHaveLength(SECTION_COUNT[id]);
  });

  it('has the same section ids, in the same order, in every language', () => {
    const ids = (lang: Lang) => documents[id][lang].sections.map((s) => s.id);
    expect(ids('fr')).toEqual(ids('en'));
    expect(ids('ar')).toEqual(ids('en'));
    expect(new Set(ids('en')).size).toBe(SECTION_COUNT[id]);
    for (const sectionId of ids('en')) expect(sectionId).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it.each(LANGUAGES)('has no empty text in %s', (lang) => {
    const doc = documents[id][lang];
    const texts = [doc.title, doc.description, ...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? []), ...(s.after ?? [])])];
    expect(doc.intro.length).toBeGreaterThan(0);
    for (const section of doc.sections) {
      expect(section.paragraphs.length, `${lang} ${section.id}`).toBeGreaterThan(0);
      if (section.list) expect(section.list.length, `${lang} ${section.id}`).toBeGreaterThan(0);
    }
    expect(texts.filter((text) => text.trim() === '')).toEqual([]);
    // Inline code marks are balanced, so the renderer never shows a stray backtick.
    for (const text of texts) expect((text.match(/`/g) ?? []).length % 2, text).toBe(0);
  });

  it.each(LANGUAGES)(`is dated ${EFFECTIVE_DATE} and titled as the shell names the page, in %s`, (lang) => {
    const doc = documents[id][lang];
    expect(doc.updated).toBe(EFFECTIVE_DATE);
    expect(doc.title).toBe(shell[lang].pages[id].title);
  });

  it('keeps the same lists and actions across languages', () => {
    const shape = (lang: Lang) =>
      documents[id][lang].sections.map((s) => ({ id: s.id, list: s.list?.length ?? 0, after: s.after?.length ?? 0, action: s.action ?? null }));
    expect(shape('fr')).toEqual(shape('en'));
    expect(shape('ar')).toEqual(shape('en'));
  });

  it.each(LANGUAGES)('names the support address in %s', (lang) => {
    expect(allText(documents[id][lang])).toContain('support@khedma.ma');
  });
});

describe('figures match the business constants', () => {
  it('uses the constants the texts were written for', () => {
    // If one of these changes, update the three languages of the texts and their date, then this list.
    expect(pct(SERVICE_FEE_RATE)).toBe(15);
    expect(pct(PRO_COMMISSION_RATE)).toBe(0);
    expect(ESCROW_RELEASE_HOURS).toBe(48);
    expect(REFUND_BUSINESS_DAYS).toBe(10);
    expect(BOOKING_RULES.horizonDays).toBe(30);
    expect(BOOKING_RULES.sameDayMinLeadHours).toBe(2);
    expect(CANCELLATION_POLICY).toMatchObject({
      freeWindowAfterBookingMinutes: 15,
      freeBeforeStartHours: 24,
      lateFeeRate: 0.25,
      veryLateThresholdHours: 2,
      veryLateFeeRate: 0.5,
      proNoCancelHours: 2,
    });
    expect(ACCOUNT_LIMITS.minimumAge).toBe(18);
    expect(REVIEW_LIMITS.suspensionRatingThreshold).toBe(3);
    expect(REVIEW_LIMITS.ratingMin).toBe(1);
    expect(REVIEW_LIMITS.ratingMax).toBe(5);
    expect(COOKIE_CONSENT_MONTHS).toBe(6);
  });
});

describe.each(LANGUAGES)('key figures in %s', (lang) => {
  const terms = documents.terms[lang];
  const privacy = documents.privacy[lang];
  const cookies = documents.cookies[lang];

  it('terms: intermediary, fees, escrow, bookings, cancellation, refunds, ratings, law', () => {
    expect(sectionText(terms, 'accounts')).toMatch(num(ACCOUNT_LIMITS.minimumAge));
    expect(sectionText(terms, 'professionals')).toContain('24-48');
    expect(sectionText(terms, 'professionals')).toContain(`${REVIEW_LIMITS.suspensionRatingThreshold}/5`);
    expect(sectionText(terms, 'suspension')).toContain(`${REVIEW_LIMITS.suspensionRatingThreshold}/5`);
    expect(sectionText(terms, 'bookings')).toMatch(num(BOOKING_RULES.horizonDays));
    expect(sectionText(terms, 'bookings')).toContain('MAD');
    expect(sectionText(terms, 'prices-fees')).toMatch(percent(pct(SERVICE_FEE_RATE)));
    expect(sectionText(terms, 'prices-fees')).toMatch(percent(pct(PRO_COMMISSION_RATE)));
    expect(sectionText(terms, 'payment-escrow')).toMatch(num(ESCROW_RELEASE_HOURS));
    const cancellation = sectionText(terms, 'cancellation');
    expect(cancellation).toMatch(num(CANCELLATION_POLICY.freeBeforeStartHours));
    expect(cancellation).toMatch(num(CANCELLATION_POLICY.freeWindowAfterBookingMinutes));
    expect(cancellation).toMatch(num(CANCELLATION_POLICY.veryLateThresholdHours));
    expect(cancellation).toMatch(percent(pct(CANCELLATION_POLICY.lateFeeRate)));
    expect(cancellation).toMatch(percent(pct(CANCELLATION_POLICY.veryLateFeeRate)));
    expect(sectionText(terms, 'refunds')).toMatch(num(REFUND_BUSINESS_DAYS));
    expect(sectionText(terms, 'liability')).toMatch(num(ESCROW_RELEASE_HOURS));
    expect(sectionText(terms, 'law-contact')).toContain('09-08');
    expect(sectionText(terms, 'law-contact')).toMatch({ en: /Casablanca/, fr: /Casablanca/, ar: /الدار البيضاء/ }[lang]);
  });

  it('terms: Khedma is an intermediary, not the employer of the professionals', () => {
    const role = sectionText(terms, 'intermediary');
    expect(role).toMatch({ en: /intermediary/, fr: /intermédiation/, ar: /وساطة/ }[lang]);
    expect(role).toMatch({ en: /not their employer/, fr: /n’est pas leur employeur/, ar: /ليست مشغّلتهم/ }[lang]);
    // The English prototype said Khedma employs the professionals; docs/public-site.md chose the intermediary reading.
    expect(allText(terms)).not.toMatch(/\b(our|Khedma's) (employees|staff professionals)\b/i);
  });

  it('terms: online payment only, no cash', () => {
    expect(sectionText(terms, 'payment-escrow')).toMatch({ en: /Cash is not accepted/, fr: /espèces ne sont pas acceptées/, ar: /لا يُقبل الدفع نقداً/ }[lang]);
  });

  it('privacy: retention periods, age, Law 09-08 and the CNDP', () => {
    const retention = sectionText(privacy, 'retention');
    expect(retention).toMatch({ en: /\b7 years\b/, fr: /\b7 ans\b/, ar: /7 سنوات/ }[lang]);
    expect(retention).toMatch({ en: /up to 10 years/, fr: /jusqu’à 10 ans/, ar: /10 سنوات/ }[lang]);
    expect(retention).toMatch({ en: /anonymised after 2 years/, fr: /anonymisé après 2 ans/, ar: /بعد سنتين \(2\)/ }[lang]);
    expect(retention).toMatch({ en: /one year after/, fr: /un an après/, ar: /سنة واحدة بعد/ }[lang]);
    expect(sectionText(privacy, 'minors')).toMatch(num(ACCOUNT_LIMITS.minimumAge));
    expect(sectionText(privacy, 'rights')).toContain('09-08');
    expect(sectionText(privacy, 'rights')).toContain('CNDP');
    expect(sectionText(privacy, 'data-collected')).toContain('RIB');
    expect(sectionText(privacy, 'sharing')).toMatch({ en: /first name/, fr: /prénom/, ar: /اسمكم الشخصي/ }[lang]);
    expect(sectionText(privacy, 'security')).toMatch({ en: /signed links/, fr: /liens signés/, ar: /روابط موقّعة/ }[lang]);
  });

  it('cookies: names, consent duration, categories', () => {
    expect(sectionText(cookies, 'essential')).toContain('`khedma.session_token`');
    expect(sectionText(cookies, 'essential')).toContain('`khedma.lang`');
    expect(sectionText(cookies, 'consent-duration')).toMatch(num(COOKIE_CONSENT_MONTHS));
    expect(cookies.sections.find((s) => s.id === 'change-choice')?.action).toBe('cookie-settings');
  });
});
