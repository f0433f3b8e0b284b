/**
 * The constants no one capability owns (STYLE.md: each capability's own limits and timings live in its
 * domain file, domain/<capability>.ts): the interface languages, the currency and its display, the
 * country and its phone code, the durable job queue's states, and how long a cookie choice holds (the
 * consent banner and the cookie policy both say it).
 */

/** Interface languages; `ar` is right-to-left. profiles.locale */
export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RTL_LOCALES: readonly Locale[] = ['ar'];
/**
 * The reader's interface language, remembered by the web app in localStorage and mirrored in a
 * first-party cookie of the same name, so the server renders public pages in it.
 */
export const LANGUAGE_COOKIE = 'khedma.lang';
/** All amounts are whole MAD (integers). */
export const CURRENCY = 'MAD';
/** Money display: French-Morocco format, no decimals. */
export const MONEY_LOCALE = 'fr-MA';
export const COUNTRY = 'Morocco';
export const COUNTRIES = [COUNTRY] as const;
export const PHONE_COUNTRY_CODE = '+212';
/** scheduled_jobs.status (durable job queue). */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A cookie choice is asked again after this many months (features/consent, the cookie policy page). */
export const COOKIE_CONSENT_MONTHS = 6;
