import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_CHANGED_EVENT,
  CONSENT_STORAGE_KEY,
  clearConsent,
  consentExpiresAt,
  createConsentRecord,
  hasConsent,
  isConsentExpired,
  parseConsent,
  readConsent,
  saveConsent,
} from './consent';

/** A minimal localStorage and window for the node test environment. */
function installBrowserStubs() {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  const target = new EventTarget();
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('window', {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  });
  return { store, target };
}

describe('consent expiry (6 months, SPEC §9)', () => {
  it('expires on the same day six months later', () => {
    expect(consentExpiresAt(new Date('2025-01-15T10:00:00Z')).toISOString()).toBe('2025-07-15T10:00:00.000Z');
  });

  it('clamps to the end of shorter months', () => {
    expect(consentExpiresAt(new Date('2025-08-31T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('is valid until that moment and void from it', () => {
    const record = { timestamp: '2025-01-15T10:00:00.000Z' };
    expect(isConsentExpired(record, new Date('2025-07-15T09:59:59Z'))).toBe(false);
    expect(isConsentExpired(record, new Date('2025-07-15T10:00:00Z'))).toBe(true);
  });

  it('treats an unreadable timestamp as expired', () => {
    expect(isConsentExpired({ timestamp: 'yesterday' })).toBe(true);
  });

  it('counts a choice dated in the future as no choice (it would otherwise outlive six months)', () => {
    const now = new Date('2025-03-01T00:00:00Z');
    expect(isConsentExpired({ timestamp: '2025-03-01T00:00:01.000Z' }, now)).toBe(true);
    expect(isConsentExpired({ timestamp: '2026-01-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isConsentExpired({ timestamp: '2025-03-01T00:00:00.000Z' }, now)).toBe(false);
    expect(parseConsent(JSON.stringify(createConsentRecord({ analytics: true, marketing: true }, new Date('2025-04-01T00:00:00Z'))), now)).toBeNull();
  });
});

describe('parseConsent', () => {
  const now = new Date('2025-03-01T00:00:00Z');
  const valid = JSON.stringify(createConsentRecord({ analytics: true, marketing: false }, new Date('2025-02-01T00:00:00Z')));

  it('reads a valid record, essential always true', () => {
    expect(parseConsent(valid, now)).toMatchObject({ essential: true, analytics: true, marketing: false });
  });

  it.each([null, '', 'not json', '42', '{"analytics":"yes","marketing":false,"timestamp":"2025-02-01T00:00:00Z"}', '{"analytics":true}'])(
    'rejects %s',
    (raw) => {
      expect(parseConsent(raw, now)).toBeNull();
    },
  );

  it('rejects an expired record', () => {
    expect(parseConsent(valid, new Date('2025-08-02T00:00:00Z'))).toBeNull();
  });
});

describe('stored consent', () => {
  let stubs: ReturnType<typeof installBrowserStubs>;
  beforeEach(() => {
    stubs = installBrowserStubs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('no choice means no optional category', () => {
    expect(readConsent()).toBeNull();
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('marketing')).toBe(false);
  });

  it('saves with a timestamp, announces the change, and answers hasConsent', () => {
    const seen: unknown[] = [];
    stubs.target.addEventListener(CONSENT_CHANGED_EVENT, (e) => seen.push((e as CustomEvent).detail));
    const now = new Date('2025-05-05T12:00:00Z');
    saveConsent({ analytics: true, marketing: false }, now);
    expect(JSON.parse(stubs.store.get(CONSENT_STORAGE_KEY)!)).toMatchObject({ analytics: true, marketing: false, timestamp: now.toISOString() });
    expect(hasConsent('analytics', now)).toBe(true);
    expect(hasConsent('marketing', now)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('an old choice no longer counts', () => {
    saveConsent({ analytics: true, marketing: true }, new Date('2024-01-01T00:00:00Z'));
    expect(hasConsent('analytics', new Date('2024-07-02T00:00:00Z'))).toBe(false);
    expect(readConsent(new Date('2024-07-02T00:00:00Z'))).toBeNull();
  });

  it('clearing forgets the choice', () => {
    saveConsent({ analytics: true, marketing: true });
    clearConsent();
    expect(readConsent()).toBeNull();
  });
});
