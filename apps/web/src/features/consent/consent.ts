/**
 * Cookie consent (docs/public-site.md): essential cookies are always on; analytics and marketing only
 * with the visitor's consent, stored in localStorage with a timestamp and asked again after 6 months.
 *
 * THE RULE: no analytics or marketing script may run, load or set a cookie unless
 * `hasConsent('analytics')` / `hasConsent('marketing')` is true at that moment. Khedma ships none
 * today; whoever adds one loads it behind this check, and subscribes with `onConsentChange` to start
 * it when the visitor accepts later (and to stop it when they withdraw). See docs/decisions.
 *
 * Pure helpers (parse, expiry) take `now` so they can be tested without a clock.
 */
import { COOKIE_CONSENT_MONTHS } from '@khedma/shared/domain/constants';

export type ConsentCategory = 'analytics' | 'marketing';

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export interface ConsentRecord extends ConsentChoice {
  /** Always true: essential cookies (session, language, this record) cannot be refused. */
  essential: true;
  /** When the choice was made, ISO 8601. */
  timestamp: string;
  version: 1;
}

export const CONSENT_STORAGE_KEY = 'khedma.cookieConsent';
/** A choice older than this is void and the banner shows again (docs/public-site.md); the cookie policy says the same figure. */
export const CONSENT_MAX_AGE_MONTHS = COOKIE_CONSENT_MONTHS;
/** Fired on window whenever the stored choice changes (detail: ConsentRecord | null). */
export const CONSENT_CHANGED_EVENT = 'khedma:consent-changed';

/** The moment a choice made at `timestamp` expires: the same day-of-month 6 months later (clamped). */
export function consentExpiresAt(timestamp: Date, months = CONSENT_MAX_AGE_MONTHS): Date {
  const expires = new Date(timestamp.getTime());
  const day = expires.getUTCDate();
  expires.setUTCDate(1);
  expires.setUTCMonth(expires.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(expires.getUTCFullYear(), expires.getUTCMonth() + 1, 0)).getUTCDate();
  expires.setUTCDate(Math.min(day, lastDay));
  return expires;
}

/**
 * Whether a choice no longer counts: made 6 months ago or more, undated, or dated in the future (a clock
 * set wrong, or a record written by hand: it would otherwise hold for longer than 6 months, so it counts
 * as no choice and the banner asks).
 */
export function isConsentExpired(record: Pick<ConsentRecord, 'timestamp'>, now: Date = new Date()): boolean {
  const made = new Date(record.timestamp);
  if (Number.isNaN(made.getTime())) return true;
  if (made.getTime() > now.getTime()) return true;
  return now.getTime() >= consentExpiresAt(made).getTime();
}

/** A stored record, or null when absent, malformed or expired. */
export function parseConsent(raw: string | null | undefined, now: Date = new Date()): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.analytics !== 'boolean' || typeof v.marketing !== 'boolean' || typeof v.timestamp !== 'string') return null;
  const record: ConsentRecord = { essential: true, analytics: v.analytics, marketing: v.marketing, timestamp: v.timestamp, version: 1 };
  return isConsentExpired(record, now) ? null : record;
}

export function createConsentRecord(choice: ConsentChoice, now: Date = new Date()): ConsentRecord {
  return { essential: true, analytics: choice.analytics, marketing: choice.marketing, timestamp: now.toISOString(), version: 1 };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // privacy modes can throw on access
  }
}

/** The visitor's current, unexpired choice, or null (the banner should show). */
export function readConsent(now: Date = new Date()): ConsentRecord | null {
  try {
    return parseConsent(storage()?.getItem(CONSENT_STORAGE_KEY), now);
  } catch {
    return null;
  }
}

function announce(record: ConsentRecord | null) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<ConsentRecord | null>(CONSENT_CHANGED_EVENT, { detail: record }));
}

/** Stores a choice with the current time and tells listeners. */
export function saveConsent(choice: ConsentChoice, now: Date = new Date()): ConsentRecord {
  const record = createConsentRecord(choice, now);
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Not remembered (storage full or blocked): the choice still holds for this visit via the event.
  }
  announce(record);
  return record;
}

/** Forgets the choice: the banner shows again, and nothing optional may run. */
export function clearConsent(): void {
  try {
    storage()?.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  announce(null);
}

/** True only when the visitor has accepted this category and the choice has not expired. */
export function hasConsent(category: ConsentCategory, now: Date = new Date()): boolean {
  return readConsent(now)?.[category] === true;
}

/**
 * Calls `listener` whenever the choice changes, in this tab or in another tab of the site (the storage
 * event: a choice made, changed or withdrawn there holds here too); returns the unsubscribe function.
 */
export function onConsentChange(listener: (record: ConsentRecord | null) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ConsentRecord | null>).detail);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener(readConsent());
  };
  window.addEventListener(CONSENT_CHANGED_EVENT, handler);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(CONSENT_CHANGED_EVENT, handler);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/**
 * The banner's visibility, on <html data-consent>: "ask" shows it (styles/site.css), "given" keeps it hidden.
 * The banner is in the server's page (features/consent/components/cookie-banner.tsx); /boot.js sets this before the app
 * runs, and the app keeps it in step afterwards.
 */
export const CONSENT_ATTRIBUTE = 'consent';
/** On <html>: the banner's Cookie Settings was pressed before the app ran; the app opens the dialog. */
export const CONSENT_SETTINGS_ATTRIBUTE = 'consentSettings';

export function showConsentState(record: ConsentRecord | null): void {
  if (typeof document === 'undefined') return;
  const value = record ? 'given' : 'ask';
  if (document.documentElement.dataset[CONSENT_ATTRIBUTE] !== value) document.documentElement.dataset[CONSENT_ATTRIBUTE] = value;
}
