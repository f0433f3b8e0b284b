import type { BrowserContext, Page } from '@playwright/test';

/** localStorage key and shape of the cookie choice (apps/web/src/features/consent/consent.ts). */
export const CONSENT_STORAGE_KEY = 'khedma.cookieConsent';

/**
 * Stores a cookie choice before any page script runs, so the consent banner (fixed at the bottom of
 * the viewport) does not cover the page under test. Use it in journeys that are not about consent,
 * especially on phones where the banner spans the width:
 *
 *   await skipCookieBanner(page);            // or (context)
 */
export async function skipCookieBanner(target: Page | BrowserContext, choice: { analytics: boolean; marketing: boolean } = { analytics: false, marketing: false }) {
  await target.addInitScript(
    ({ key, record }) => {
      try {
        if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ ...record, timestamp: new Date().toISOString() }));
      } catch {
        // storage blocked: the banner will show
      }
    },
    { key: CONSENT_STORAGE_KEY, record: { essential: true, version: 1, ...choice } },
  );
}
