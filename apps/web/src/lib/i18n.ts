import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '@khedma/shared/domain/constants';
import en from '../locales/en.json';

/**
 * Interface languages (docs/public-site.md): English (default), French, Moroccan Arabic (right-to-left).
 *
 * English is bundled (it is also the fallback); French and Arabic are separate chunks fetched on demand,
 * so each reader downloads at most two catalogues. The choice is remembered in localStorage, and
 * <html lang dir> follows it. A `?lang=xx` query parameter (the hreflang alternates of every page)
 * switches to that language on load and is remembered too.
 */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'khedma.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  fr: () => import('../locales/fr.json'),
  ar: () => import('../locales/ar.json'),
};

export const i18n: I18n = i18next.createInstance();

/**
 * Feature catalogues: each feature keeps its own strings in src/features/<feature>/locales/<lang>.json,
 * loaded as the i18next namespace <feature> together with the page that uses it (see page() in
 * router.tsx), so the first load of / carries only the shell's strings.
 */
const featureCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json');

const featureBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (err: unknown, data: Record<string, unknown> | null) => void) {
    const load = featureCatalogues[`../features/${namespace}/locales/${language}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err) => callback(err, null),
    );
  },
};

/** Loads the catalogues of some features in the current language (and English, the fallback). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

/**
 * The language cookie, as the server read it to render this page (apps/server/src/http/pages.ts): the
 * switch writes it with localStorage, and the server sets it alone when a `?lang=` page is served. A reader
 * who followed a `?lang=ar` link and clicked on before the app started has it, not localStorage; the app
 * must take the page over in the language it was rendered in.
 */
function readCookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}

function readStoredLanguage(): Language {
  const fromCookie = readCookieLanguage();
  if (fromCookie) return fromCookie;
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // storage can throw (privacy modes); fall back silently
  }
}

/** Whether the reader chose a language on this device (the switch, or a `?lang=` link), rather than reading the default. */
export function hasChosenLanguage(): boolean {
  try {
    return isLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** `?lang=xx` in the address (hreflang alternates, shared links): it wins over the remembered choice. */
function readUrlLanguage(): Language | null {
  try {
    const value = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** After an explicit switch, a `?lang=` left in the address would undo it on reload: keep it in step. */
function syncUrlLanguage(language: Language) {
  if (typeof window === 'undefined' || readUrlLanguage() === null) return;
  const url = new URL(window.location.href);
  if (language === DEFAULT_LANGUAGE) url.searchParams.delete('lang');
  else url.searchParams.set('lang', language);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The language also goes into a first-party cookie of the same name, so the server renders public
 * pages in it (apps/server/src/http/pages.ts). A preference the reader set, needed to show the site in
 * their language: essential, like the consent record itself.
 */
function writeLanguageCookie(language: Language) {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function storeLanguage(language: Language) {
  writeLanguageCookie(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the switch still works for this visit.
  }
}

function applyToDocument(language: Language) {
  if (typeof document === 'undefined') return;
  // Only when it changes: writing <html lang dir>, even the same value, makes the browser recompute the
  // style of the whole page (the rtl: rules depend on it), which on a server-rendered page is wasted work.
  const root = document.documentElement;
  if (root.lang !== language) root.lang = language;
  if (root.dir !== directionOf(language)) root.dir = directionOf(language);
}

async function ensureLoaded(language: Language) {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const catalogue = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', catalogue.default, true, true);
}

let ready: Promise<I18n> | undefined;

/** Initialises i18n with the remembered language; resolves once its catalogue is loaded. Call before rendering. */
export function initI18n(): Promise<I18n> {
  ready ??= (async () => {
    const fromUrl = readUrlLanguage();
    if (fromUrl) storeLanguage(fromUrl);
    const language = fromUrl ?? readStoredLanguage();
    await i18n.use(featureBackend).use(initReactI18next).init({
      resources: { en: { translation: en } },
      // The shell's catalogue is bundled; feature namespaces come from the backend above.
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
      // No promotional console message in visitors' consoles.
      showSupportNotice: false,
    });
    i18n.on('languageChanged', (lng) => {
      if (isLanguage(lng)) applyToDocument(lng);
    });
    try {
      await ensureLoaded(language);
      await i18n.changeLanguage(language);
    } catch {
      // The catalogue chunk failed to load (offline, stale deploy): stay in English rather than fail.
    }
    applyToDocument(currentLanguage());
    if (typeof document !== 'undefined' && !document.cookie.includes(`${LANGUAGE_COOKIE}=${currentLanguage()}`)) writeLanguageCookie(currentLanguage());
    return i18n;
  })();
  return ready;
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Switches the interface language, loading its catalogue first, and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  storeLanguage(language);
  syncUrlLanguage(language);
}
