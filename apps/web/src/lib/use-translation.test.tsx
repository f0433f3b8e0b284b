import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, Trans } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { subscribeTranslations, translationSnapshot, useTranslation } from './use-translation';

const catalogues: Record<string, Record<string, Record<string, unknown>>> = {
  en: { translation: { hello: 'Hello', nested: { deep: 'Deep' }, greet: 'Hi {{name}}', both: 'Hello and $t(nested.deep)', onlyEn: 'English only' } },
  fr: { translation: { hello: 'Bonjour', nested: { deep: 'Profond' }, greet: 'Salut {{name}}', both: 'Bonjour et $t(nested.deep)' } },
};
const features: Record<string, Record<string, Record<string, unknown>>> = {
  en: { extra: { sentTo: 'We sent a link to <email>{{email}}</email>.', title: 'Extra', count_one: '{{count}} item', count_other: '{{count}} items' } },
  fr: { extra: { title: 'Supplément', count_one: '{{count}} article', count_other: '{{count}} articles' } },
};

async function instance(): Promise<{ i18n: I18n; reads: string[] }> {
  const reads: string[] = [];
  const i18n = i18next.createInstance();
  await i18n
    .use({
      type: 'backend' as const,
      init() {},
      read(language: string, namespace: string, callback: (err: unknown, data: unknown) => void) {
        reads.push(`${language}/${namespace}`);
        setTimeout(() => callback(null, features[language]?.[namespace] ?? {}), 1);
      },
    })
    .init({
      resources: { en: catalogues.en!, fr: catalogues.fr! },
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    });
  return { i18n, reads };
}

describe('useTranslation (lib/use-translation)', () => {
  it('gives the same strings as i18next: plain, nested, interpolated, nested references, fallbacks, missing keys, plurals', async () => {
    const { i18n } = await instance();
    await i18n.changeLanguage('fr');
    const t = translationSnapshot(i18n, 'translation').t as unknown as (key: string, options?: object) => string;
    for (const [key, options] of [['hello'], ['nested.deep'], ['greet', { name: 'Sara' }], ['both'], ['onlyEn'], ['missing.key'], ['nested']] as const) {
      expect(t(key, options as object)).toEqual((i18n.t as unknown as (key: string, options?: object) => string)(key, options as object));
    }
    expect(t('hello')).toBe('Bonjour');
    expect(t('hello')).toBe('Bonjour'); // remembered
    expect(t('onlyEn')).toBe('English only');
    expect(t('both')).toBe('Bonjour et Profond');
    expect(t('greet', { name: 'Sara' })).toBe('Salut Sara');
  });

  it('keeps one result until the language changes, then gives the new language', async () => {
    const { i18n } = await instance();
    const first = translationSnapshot(i18n, 'translation');
    expect(translationSnapshot(i18n, 'translation')).toBe(first);
    const listener = vi.fn();
    const unsubscribe = subscribeTranslations(i18n, listener);
    await i18n.changeLanguage('fr');
    expect(listener).toHaveBeenCalled();
    const second = translationSnapshot(i18n, 'translation');
    expect(second).not.toBe(first);
    expect((second.t as unknown as (key: string) => string)('hello')).toBe('Bonjour');
    unsubscribe();
  });

  it('is not ready for a namespace that is not loaded, and becomes ready when it arrives', async () => {
    const { i18n, reads } = await instance();
    const waiting = translationSnapshot(i18n, 'extra');
    expect(waiting.ready).toBe(false);
    const listener = vi.fn();
    subscribeTranslations(i18n, listener);
    await i18n.loadNamespaces('extra');
    expect(reads).toContain('en/extra');
    expect(listener).toHaveBeenCalled();
    const loaded = translationSnapshot(i18n, 'extra');
    expect(loaded.ready).toBe(true);
    const t = loaded.t as unknown as (key: string, options?: object) => string;
    expect(t('title')).toBe('Extra');
    expect(t('count', { count: 2 })).toBe('2 items');
    // Other namespaces keep their result (their components do not re-render).
    const shell = translationSnapshot(i18n, 'translation');
    await i18n.loadNamespaces('other');
    expect(translationSnapshot(i18n, 'translation')).toBe(shell);
  });

  it('forgets remembered strings when strings are added to the namespace', async () => {
    const { i18n } = await instance();
    const before = translationSnapshot(i18n, 'translation');
    expect((before.t as unknown as (key: string) => string)('hello')).toBe('Hello');
    i18n.addResource('en', 'translation', 'hello', 'Hello again');
    const after = translationSnapshot(i18n, 'translation');
    expect(after).not.toBe(before);
    expect((after.t as unknown as (key: string) => string)('hello')).toBe('Hello again');
  });

  it('renders with the instance of the nearest provider (the server renders each language with its own)', async () => {
    const { i18n } = await instance();
    const { i18n: french } = await instance();
    await french.changeLanguage('fr');
    function Greeting() {
      const { t, ready } = useTranslation();
      return <p data-ready={ready}>{(t as unknown as (key: string) => string)('hello')}</p>;
    }
    expect(renderToString(<I18nextProvider i18n={i18n}><Greeting /></I18nextProvider>)).toContain('Hello');
    expect(renderToString(<I18nextProvider i18n={french}><Greeting /></I18nextProvider>)).toContain('Bonjour');
    expect(renderToString(<I18nextProvider i18n={i18n}><Greeting /></I18nextProvider>)).toContain('data-ready="true"');
  });

  it('works with Trans, which reads the namespace from t', async () => {
    const { i18n } = await instance();
    await i18n.loadNamespaces('extra');
    function SentTo() {
      const { t } = useTranslation('extra' as 'translation');
      return <Trans t={t} i18nKey={'sentTo' as never} values={{ email: 'sara@example.ma' }} components={{ email: <strong /> }} />;
    }
    expect(renderToString(<I18nextProvider i18n={i18n}><SentTo /></I18nextProvider>)).toBe('We sent a link to <strong>sara@example.ma</strong>.');
  });
});
