import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, createConsentRecord, parseConsent } from './consent';

/**
 * /boot.js shows the cookie banner before the app runs (features/consent/components/cookie-banner.tsx), with its own copy of
 * features/consent/consent.ts's rules (it loads before any module): both must agree on every stored record.
 */
const bootSource = readFileSync(path.join(__dirname, '../../../public/boot.js'), 'utf8');

function runBoot(stored: string | null) {
  const attributes = new Map<string, string>();
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const listeners: Record<string, Array<(event: unknown) => void>> = {};
  const store = new Map<string, string>(stored === null ? [] : [[CONSENT_STORAGE_KEY, stored]]);
  const context = {
    document: {
      currentScript: { getAttribute: (name: string) => (name === 'data-entry' ? '/assets/index.js' : '') },
      documentElement: { getAttribute: (n: string) => attributes.get(n) ?? null, setAttribute: (n: string, v: string) => attributes.set(n, v) },
      head: { appendChild: () => {} },
      createElement: () => ({}),
      // A server-rendered page (the loader then waits for the reader before starting the app).
      getElementById: () => ({ firstElementChild: {} }),
      addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] ??= []).push(fn),
    },
    window: { addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] ??= []).push(fn), removeEventListener: () => {} },
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    // Never reports a paint: the app is not started here.
    PerformanceObserver: class {
      observe() {}
    },
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    Date,
    JSON,
    Math,
    isNaN,
  };
  vm.runInNewContext(bootSource, context);
  for (const timer of timers.filter((t) => t.ms === 100)) timer.fn();
  return { consent: attributes.get('data-consent'), listeners, store };
}

describe('/boot.js and features/consent/consent.ts agree on the stored choice', () => {
  const now = new Date();
  const monthsAgo = (n: number) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d;
  };
  const records: Array<[string, string | null]> = [
    ['none', null],
    ['just made', JSON.stringify(createConsentRecord({ analytics: false, marketing: false }, now))],
    ['five months old', JSON.stringify(createConsentRecord({ analytics: true, marketing: true }, monthsAgo(5)))],
    ['seven months old', JSON.stringify(createConsentRecord({ analytics: true, marketing: true }, monthsAgo(7)))],
    ['dated tomorrow', JSON.stringify(createConsentRecord({ analytics: true, marketing: true }, new Date(now.getTime() + 86_400_000)))],
    ['not JSON', '{oops'],
    ['no date', JSON.stringify({ analytics: true, marketing: true })],
    ['a string for a choice', JSON.stringify({ analytics: 'yes', marketing: true, timestamp: now.toISOString() })],
  ];
  for (const [name, raw] of records) {
    it(name, () => {
      expect(runBoot(raw).consent).toBe(parseConsent(raw) ? 'given' : 'ask');
    });
  }

  it('stores what the banner\'s buttons choose before the app runs, and hides it', () => {
    const boot = runBoot(null);
    expect(boot.consent).toBe('ask');
    const button = { getAttribute: () => 'essential' };
    for (const onClick of boot.listeners.click ?? []) onClick({ target: { closest: (selector: string) => (selector === '[data-consent-choice]' ? button : null) }, defaultPrevented: false });
    const saved = parseConsent(boot.store.get(CONSENT_STORAGE_KEY));
    expect(saved).toMatchObject({ analytics: false, marketing: false });
  });
});
